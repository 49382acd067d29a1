package archipelago

import (
	"slices"
	"strings"
	"testing"

	"github.com/pbem-games/pbem/rules"
)

// crisisFixture is actionsFixture turned into the start of a round's
// balance phase on card k: p, first in turn order, has 5 citizens on F5
// and q 5 on F7.
func crisisFixture(t *testing.T, k int) (s *state, p, q int) {
	t.Helper()
	s, p, q = actionsFixture(t)
	f5, f7 := s.grid[cell(t, "F5")], s.grid[cell(t, "F7")]
	s.units[f5][p].cit = 5
	s.units[f7][q].cit = 5
	s.order[0], s.order[1] = int8(p), int8(q)
	s.rebellion, s.excess = 0, 4
	s.pile = append(cloneInt8(s.pile), int8(k))
	s.queue = nil
	s.after = phActions
	return s, p, q
}

func TestDomesticCrisis(t *testing.T) {
	k := cardIndex(t, "Fishing Nets") // fish, a cube stands up 6 citizens
	s, p, q := crisisFixture(t, k)
	s.home[fish] = 1
	s.players[p].cubes[fish] = 2
	s.balance()
	if s.phase != phCrisis || s.crisis.kind != qHome || s.actor() != p {
		t.Fatalf("phase %s, crisis %d, giver %d; want a domestic crisis with %d to give", phaseNames[s.phase], s.crisis.kind, s.actor(), p)
	}
	if s.crisis.lying[p] != 5 || s.crisis.lying[q] != 5 {
		t.Fatalf("lying %v, want 5 and 5", s.crisis.lying)
	}
	refuse(t, s, p, "FEED 2 MARKET", "holds only 1 cube")
	refuse(t, s, p, "FEED 3 OWN", "only 2 cubes")
	refuse(t, s, p, "EXPORT 1 OWN", "write FEED")
	refuse(t, s, q, "FEED NONE", "not your turn")
	bank := s.bankCubes[fish]
	s = play(t, s, p, "FEED 1 MARKET")
	// Six stand up: the giver's five first, then one of the next player's.
	if s.crisis.lying[p] != 0 || s.crisis.lying[q] != 4 || s.home[fish] != 0 || s.bankCubes[fish] != bank+1 {
		t.Fatalf("lying %v, market %d, bank %d after feeding 1", s.crisis.lying, s.home[fish], s.bankCubes[fish])
	}
	s = play(t, s, q, "pass")
	f7 := s.grid[cell(t, "F7")]
	rebels := s.units[f7][q]
	for s.phase == phCrisis {
		s = play(t, s, s.actor(), "EXPORT NONE")
	}
	if rebels.rebels != 4 || rebels.cit != 1 {
		t.Errorf("units of %d on F7 = %+v, want 4 rebels", q, rebels)
	}
	if s.rebellion < 4 {
		t.Errorf("rebellion = %d, want at least 4 for the rebels", s.rebellion)
	}
	if s.phase != phActions && !s.over {
		t.Errorf("after the crises the phase is %s, want actions", phaseNames[s.phase])
	}
}

func TestDomesticCrisisSpares(t *testing.T) {
	k := cardIndex(t, "Fishing Nets")
	t.Run("Housed", func(t *testing.T) {
		s, p, q := crisisFixture(t, k)
		f5 := s.grid[cell(t, "F5")]
		s.units[f5][p] = units{cit: 1, housed: 2}
		s.balance()
		if s.crisis.lying[p] != 1 || s.crisis.lying[q] != 5 {
			t.Errorf("lying %v: citizens living in buildings must not lie down", s.crisis.lying)
		}
	})
	t.Run("Tokens", func(t *testing.T) {
		s, p, q := crisisFixture(t, k)
		s.players[p].tokens = 1
		s.balance()
		s = play(t, s, p, "FEED 1 TOKEN")
		if s.players[p].tokens != 0 || s.crisis.lying[q] != 4 {
			t.Errorf("tokens %d, lying %v after an explorer token", s.players[p].tokens, s.crisis.lying)
		}
	})
	t.Run("EveryoneFed", func(t *testing.T) {
		s, p, q := crisisFixture(t, k)
		s.players[p].cubes[fish] = 3
		s.balance()
		refuse(t, s, p, "FEED 3 OWN", "only 2 cubes can still help")
		s = play(t, s, p, "FEED 2 OWN")
		if s.crisis.kind == qHome && s.phase == phCrisis {
			t.Fatalf("the crisis goes on after everyone stood up")
		}
		_ = q
	})
	t.Run("FeedCard", func(t *testing.T) {
		s, p, q := crisisFixture(t, k)
		s.players[p].cards |= 1 << cardIndex(t, "Doctor") // +2 citizens a cube
		s.players[p].cubes[fish] = 1
		s.units[s.grid[cell(t, "F7")]][q].cit = 3 // 8 in all
		s.balance()
		s = play(t, s, p, "FEED 1 OWN")
		if s.phase == phCrisis && s.crisis.kind == qHome {
			t.Errorf("one cube with the Doctor should stand up 8: lying %v", s.crisis.lying)
		}
		_ = q
	})
}

func TestExportCrisis(t *testing.T) {
	k := cardIndex(t, "Animal Husbandry") // export: 2 fish, one fewer with two players
	base, p, q := crisisFixture(t, k)
	base.players[p].cubes[fish] = 1
	base.export[fish] = 0
	base.home[cattle] = 8 // feed everyone at home
	base.balance()
	base = play(t, base, p, "FEED 2 MARKET") // 10 citizens, 6 a cube
	if base.phase != phCrisis || base.crisis.kind != qExport || base.crisis.need != 1 {
		t.Fatalf("want the export crisis of 1 fish, got phase %s kind %d need %d", phaseNames[base.phase], base.crisis.kind, base.crisis.need)
	}
	before := base.rebellion
	s := play(t, base, p, "EXPORT 1 OWN")
	if s.phase == phCrisis || s.rebellion != before || s.players[p].cubes[fish] != 0 {
		t.Errorf("Europe's demand met: phase %s, rebellion %d (was %d)", phaseNames[s.phase], s.rebellion, before)
	}
	s = play(t, play(t, base, p, "EXPORT NONE"), q, "EXPORT NONE")
	if s.rebellion != before+1 {
		t.Errorf("rebellion %d, want %d: one cube was missing", s.rebellion, before+1)
	}
	three := edit(base)
	three.seats = 3
	if three.exportDemand(2) != 2 || base.exportDemand(1) != 1 {
		t.Errorf("export demand: %d with three players for 2, %d with two for 1", three.exportDemand(2), base.exportDemand(1))
	}
}

func TestEvents(t *testing.T) {
	cases := []struct {
		event, arg int
		setup      func(s *state)
		check      func(s *state) string
	}{
		{evTemples, 2, func(s *state) { s.rebellion = 10; s.builds[1][bTemple].owner = 0; s.builds[2][bTemple].owner = 1 },
			func(s *state) string { return want(s.rebellion, 6, "rebellion") }},
		{evMarkets, 1, func(s *state) { s.rebellion = 3; s.builds[1][bMarket].owner = 0 },
			func(s *state) string { return want(s.rebellion, 2, "rebellion") }},
		{evCities, 1, func(s *state) { s.rebellion = 3; s.builds[1][bCity].owner = 0; s.builds[2][bCity].owner = 0 },
			func(s *state) string { return want(s.rebellion, 5, "rebellion") }},
		{evImmigrants, 2, func(s *state) { s.excess = 3 }, func(s *state) string { return want(s.excess, 5, "excess workers") }},
		{evEmigrants, 2, func(s *state) { s.excess = 1 }, func(s *state) string { return want(s.excess, 0, "excess workers") }},
		{evHarvest, fruit, func(s *state) { s.home[fruit] = 7 }, func(s *state) string { return want(int(s.home[fruit]), 8, "fruit at home") }},
		{evDemand, wood, func(s *state) { s.export[wood] = 3 }, func(s *state) string { return want(int(s.export[wood]), 1, "wood for export") }},
		{evUnrest, 2, func(s *state) { s.rebellion = 0 }, func(s *state) string { return want(s.rebellion, 2, "rebellion") }},
		{evFestival, 2, func(s *state) { s.rebellion = 1 }, func(s *state) string { return want(s.rebellion, 0, "rebellion") }},
	}
	base, _, _ := actionsFixture(t)
	for _, c := range cases {
		found := false
		for k, cd := range cards {
			if cd.back.event != c.event || cd.back.eventArg != c.arg {
				continue
			}
			found = true
			s := edit(base)
			c.setup(s)
			s.event(k)
			if msg := c.check(s); msg != "" {
				t.Errorf("event %q of %s: %s", eventText(c.event, c.arg), cd.name, msg)
			}
			break
		}
		if !found {
			t.Errorf("no card has the event %q", eventText(c.event, c.arg))
		}
	}
}

func want(got, want int, what string) string {
	if got != want {
		return what + " = " + itoa(got) + ", want " + itoa(want)
	}
	return ""
}

// TestRedRevealed is the red zones of phase 6: "If a newly revealed card
// has a red zone on the back, the corresponding crisis or event must be
// resolved immediately". The card newly revealed is the new top of the
// pile, whose back now shows; a card drawn from the pile onto the track
// hides its back, and a turn that draws nothing reveals nothing.
func TestRedRevealed(t *testing.T) {
	base, _, _ := actionsFixture(t)
	base = edit(firstMoves(t, base, func(s *state) bool { return s.phase == phEvolution }))
	p := base.actor()
	arch, works := cardIndex(t, "Architecture"), cardIndex(t, "Harbour Works") // 3 → 2 → skull; 4 → 3 → 2 → skull
	red := int8(cardIndex(t, "Shipyard"))                                      // a red domestic crisis of fish
	var calm []int8                                                            // cards with no red zone
	for k := range cards {
		b := cards[k].back
		if !b.homeRed && !b.exportRed && !(b.event != evNone && b.eventRed) && k != arch && k != works {
			calm = append(calm, int8(k))
		}
	}
	base.track[0] = slot{card: int8(arch)}
	base.track[1] = slot{card: int8(works)}
	base.players[p].florins = 10
	for _, c := range []struct {
		name   string
		pile   []int8 // the top of the pile, top last
		turns  int8   // quarter turns of Architecture in place 1
		move   string
		top    int8 // the pile's top afterwards
		crisis bool
	}{
		{"AfterPurchase", []int8{calm[0], red, calm[1]}, 0, "BUY 1 ROTATE 2", red, true},
		{"AfterRotation", []int8{calm[0], red, calm[1]}, 1, "ROTATE 1 2", red, true}, // Architecture reaches the skull
		{"TwoPlacesFilled", []int8{calm[0], red, calm[1], calm[2]}, 1, "BUY 2 ROTATE 1", red, true},
		{"RotationDrawsNothing", []int8{calm[0], red}, 0, "ROTATE 1 2", red, false},
		{"RedCardToTheTrack", []int8{calm[0], calm[1], red}, 0, "BUY 1 ROTATE 2", calm[1], false},
		{"RedCardPassedToTheTrack", []int8{calm[0], calm[1], red, calm[2]}, 1, "BUY 2 ROTATE 1", calm[1], false},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := edit(base)
			s.pile = append(cloneInt8(s.pile), c.pile...)
			s.track[0].turns = c.turns
			s = play(t, s, p, c.move)
			if got := s.pile[len(s.pile)-1]; got != c.top {
				t.Fatalf("%s: the pile's top is %s, want %s", c.move, cards[got].name, cards[c.top].name)
			}
			fired := s.phase == phCrisis && s.crisis.red && s.crisis.kind == qHome && s.crisis.card == red
			if fired != c.crisis {
				t.Fatalf("%s: a red crisis = %v (phase %s), want %v", c.move, fired, phaseNames[s.phase], c.crisis)
			}
			if !c.crisis {
				return
			}
			for s.phase == phCrisis {
				s = play(t, s, s.actor(), "FEED NONE")
			}
			if !s.over && (s.phase != phEvolution || s.actor() != 1-p) {
				t.Errorf("after the red crisis: phase %s, actor %d; want evolution with %d", phaseNames[s.phase], s.actor(), 1-p)
			}
		})
	}
	// At the start the five cards are laid out by the setup, which is not
	// phase 6, and the first round skips phase 4: a red top is not
	// resolved, and phase 4 ignores red zones later.
	t.Run("AtTheStart", func(t *testing.T) {
		for seed := uint64(1); seed < 500; seed++ {
			st, err := Game.Start(rules.Setup{Seats: 3, Seed: rules.SeedFromInt(seed)})
			if err != nil {
				t.Fatal(err)
			}
			s := st.(*state)
			s = firstMoves(t, s, func(s *state) bool { return s.round >= 1 })
			if b := cards[s.pile[len(s.pile)-1]].back; !b.homeRed && !b.exportRed {
				continue
			}
			for s.phase != phActions {
				if s.phase == phCrisis {
					t.Fatalf("seed %d: a crisis in round 1 before the actions; the red top of the setup is not resolved", seed)
				}
				s = firstMoves(t, s, func(x *state) bool { return x != s })
			}
			return
		}
		t.Fatal("no seed below 500 starts with a red top")
	})
}

func TestPopulationEffects(t *testing.T) {
	s, _, _ := actionsFixture(t)
	s.home = [nRes]int8{0, 1, 3, 5, 7, 2}   // rebellion 0, 0, -1, -1, 0 (and +1 excess), 0
	s.export = [nRes]int8{0, 2, 3, 5, 0, 0} // excess 0, 0, -1, -1
	s.rebellion, s.excess = 10, 19
	pop := s.population() // 3 citizens: the lowest band
	if pop >= populationTrack[1].from {
		t.Fatalf("population %d is not in the first band", pop)
	}
	s.populationEffects()
	// Excess: 19 +1 (home) -2 (export) = 18, whose band moves rebellion -1.
	if s.excess != 18 || s.rebellion != 10-2-1 {
		t.Errorf("excess %d, rebellion %d; want 18 and 7", s.excess, s.rebellion)
	}
	if !strings.Contains(strings.Join(s.lastLines(), " "), "Population effects") {
		t.Errorf("no report of the population effects in %q", s.lastLines())
	}
}

// TestEvolution is phase 6: buying a card and turning another, turning
// two, a card turned to the skull discarded, and the track refilled from
// the pile.
func TestEvolution(t *testing.T) {
	base, _, _ := actionsFixture(t)
	base = edit(firstMoves(t, base, func(s *state) bool { return s.phase == phEvolution }))
	p := base.actor()
	calm := func(k int) bool {
		b := cards[k].back
		return !b.homeRed && !b.exportRed && !(b.event != evNone && b.eventRed)
	}
	arch, works := cardIndex(t, "Architecture"), cardIndex(t, "Harbour Works") // 3 → 2 → skull; 4 → 3 → 2 → skull
	var fresh []int8                                                           // cards with no red zone, to refill the track quietly
	for k := range cards {
		if calm(k) && k != arch && k != works && len(fresh) < 2 {
			fresh = append(fresh, int8(k))
		}
	}
	base.pile = append(cloneInt8(base.pile), fresh...)
	base.track[0] = slot{card: int8(arch)}
	base.track[1] = slot{card: int8(works), turns: 1}
	base.players[p].florins = 5
	base.players[p].cards = 0

	t.Run("BuyAndRotate", func(t *testing.T) {
		bank := base.bankFlorins
		s := play(t, base, p, "BUY 1 ROTATE 2")
		if s.players[p].cards != 1<<arch || s.players[p].florins != 2 || s.bankFlorins != bank+3 {
			t.Errorf("after buying Architecture for 3: cards %b, florins %d, bank %d (was %d)", s.players[p].cards, s.players[p].florins, s.bankFlorins, bank)
		}
		if s.track[0].card != fresh[1] || s.track[1].card != int8(works) || s.cardCost(1) != 2 {
			t.Errorf("track %v: want place 1 refilled from the pile's top and Harbour Works turned to cost 2", s.track)
		}
		if len(s.pile) != len(base.pile)-1 {
			t.Errorf("the pile has %d cards, want %d", len(s.pile), len(base.pile)-1)
		}
		if s.phase == phEvolution && s.actor() == p {
			t.Errorf("the player keeps the turn after buying")
		}
	})
	t.Run("RotateToSkull", func(t *testing.T) {
		s := edit(base)
		s.track[0].turns = 1 // Architecture costs 2; one more turn reaches the skull
		s = play(t, s, p, "ROTATE 1 2")
		if s.track[0].card != fresh[1] || s.players[p].cards != 0 || s.players[p].florins != 5 {
			t.Errorf("place 1 holds %d, want Architecture discarded at the skull and %d revealed", s.track[0].card, fresh[1])
		}
		if !strings.Contains(strings.Join(s.lastLines(), " "), "Architecture turned to the skull and was discarded.") {
			t.Errorf("the log does not tell of the discard: %q", s.lastLines())
		}
	})
	for _, c := range []struct {
		text    string
		florins int
		want    string
	}{
		{"BUY 2 ROTATE 1", 2, "costs 3 florins and you have 2 florins"}, // Harbour Works, turned once
		{"BUY 1 ROTATE 1", 5, "turn another card"},
		{"BUY 1", 5, "after buying, turn one of the other cards"},
		{"ROTATE 1", 5, "turn two different cards"},
	} {
		t.Run("Err"+c.text, func(t *testing.T) {
			s := edit(base)
			s.players[p].florins = c.florins
			refuse(t, s, p, c.text, c.want)
		})
	}
	refuse(t, base, 1-p, "ROTATE 1 2", "not your turn")
}

// TestFeedNoneForced: a giver with nothing to give has FEED NONE as the
// one choice, though it may still offer deals; rules.Forced finds it, so
// pbem plays it rather than asking.
func TestFeedNoneForced(t *testing.T) {
	k := cardIndex(t, "Fishing Nets") // fish
	s, p, _ := crisisFixture(t, k)
	s.home[fish] = 0
	s.players[p].cubes[wood] = 1 // a cube to offer, and no fish to give
	s.balance()
	if s.phase != phCrisis || s.actor() != p {
		t.Fatalf("phase %s, giver %d; want a domestic crisis with %d to give", phaseNames[s.phase], s.actor(), p)
	}
	if !slices.ContainsFunc(legalText(s, p), func(m string) bool { return strings.HasPrefix(m, "OFFER") }) {
		t.Fatalf("no offer among %v: the test proves nothing", legalText(s, p))
	}
	m, one := rules.Forced(s, rules.Seat(p))
	if !one || m.String() != "FEED NONE" {
		t.Errorf("rules.Forced = %v, %v; want FEED NONE, true", m, one)
	}
	s.players[p].cubes[fish] = 1
	if m, one := rules.Forced(s, rules.Seat(p)); one {
		t.Errorf("with a fish to give, rules.Forced = %v, true; want a choice", m)
	}
}
