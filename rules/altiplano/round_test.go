package altiplano

import (
	"slices"
	"strings"
	"testing"

	"github.com/pbem-games/pbem/rules"
)

// play applies moves of the given seats in order; text "" for a seat means
// DONE, DRAW or PASS as the phase asks.
func play(t *testing.T, st rules.State, moves ...any) rules.State {
	t.Helper()
	for i := 0; i < len(moves); i += 2 {
		seat, text := moves[i].(rules.Seat), moves[i+1].(string)
		if text == "" {
			text = "PASS"
			if s := st.(*state); s.phase == phasePlan {
				text = map[stage]string{stageDraw: "DRAW", stagePlan: "DONE"}[s.players[seat].stage]
			}
		}
		m, err := st.Parse(seat, text)
		if err == nil {
			st, err = st.Apply(seat, m)
		}
		if err != nil {
			t.Fatalf("seat %d %s: %v", seat, text, err)
		}
	}
	return st
}

// endRound passes or finishes planning for every seat until the round
// number changes or the game ends.
func endRound(t *testing.T, st rules.State) rules.State {
	t.Helper()
	round := st.(*state).round
	for st.(*state).round == round && len(st.ToAct()) > 0 {
		st = play(t, st, st.ToAct()[0], "")
	}
	return st
}

// endCases are actions that take the last of a supply, with and without
// the variant shortage. The default is the rulebook's: the end comes when
// a location has nothing left ("Port without fish and boats, or Road
// without corn"); the variant's is the public facts' "any supply".
var endCases = []struct {
	name     string
	shortage bool
	edit     func(s *state, p *player)
	move     string
	endBy    string // "": the end is not triggered
}{
	{"last wool, the Farm keeps alpaca and fabric", false, func(s *state, p *player) {
		s.supply[Wool] = 1
		at(p, Farm, Alpaca, Food)
	}, "FARM WOOL", ""},
	{"last wool, the Farm's last good", false, func(s *state, p *player) {
		s.supply[Wool], s.supply[Alpaca], s.supply[Fabric] = 1, 0, 0
		at(p, Farm, Alpaca, Food)
	}, "FARM WOOL", "the Farm has nothing left"},
	{"last cart, the Village keeps houses", false, func(s *state, p *player) {
		s.carts, p.pawn, p.coins = 1, Village, 1
	}, "VILLAGE CART", ""},
	{"last cart of a bare Village", false, func(s *state, p *player) {
		s.carts, s.houses, p.pawn, p.coins = 1, nil, Village, 1
	}, "VILLAGE CART", "the Village has nothing left"},
	{"last house, the Village keeps carts", false, func(s *state, p *player) {
		s.houses, p.pawn = []Good{Ore}, Village
		at(p, Village, Stone, Stone)
	}, "VILLAGE HOUSE ORE", ""},
	{"last contract, the Market keeps glass", false, func(s *state, p *player) {
		s.contracts, p.pawn, p.coins = []int{4}, Market, 1
	}, "MARKET CONTRACT 5", ""},
	{"last boat, the Port keeps fish", false, func(s *state, p *player) {
		s.boats, p.pawn = []Good{Ore}, Port
		at(p, Port, Wood, Wood)
	}, "PORT BOAT ORE", ""},
	{"Port without fish and boats", false, func(s *state, p *player) {
		s.boats, s.supply[Fish], p.pawn = []Good{Ore}, 0, Port
		at(p, Port, Wood, Wood)
	}, "PORT BOAT ORE", "the Port has nothing left"},
	{"Road without corn", false, func(s *state, p *player) {
		s.supply[Corn], p.pawn, p.road = 1, Road, 1
		at(p, Road, Stone, Wood)
	}, "ROAD BUILD", "the Road has nothing left"},
	{"the centre's last food is no location's", false, func(s *state, p *player) {
		s.supply[Food] = 1
		at(p, Farm, Alpaca)
	}, "FARM FOOD", ""},
	{"shortage: last wool", true, func(s *state, p *player) {
		s.supply[Wool] = 1
		at(p, Farm, Alpaca, Food)
	}, "FARM WOOL", "the Farm has no wool left"},
	{"shortage: last cart", true, func(s *state, p *player) {
		s.carts, p.pawn, p.coins = 1, Village, 1
	}, "VILLAGE CART", "the Village has no carts left"},
	{"shortage: last contract", true, func(s *state, p *player) {
		s.contracts, p.pawn, p.coins = []int{4}, Market, 1
	}, "MARKET CONTRACT 5", "the Market has no contracts left"},
	{"shortage: the Farm keeps every supply", true, func(s *state, p *player) {
		s.supply[Wool] = 2
		at(p, Farm, Alpaca, Food)
	}, "FARM WOOL", ""},
}

func TestEndBySupply(t *testing.T) {
	for _, tc := range endCases {
		t.Run(strings.ReplaceAll(tc.name, " ", "_"), func(t *testing.T) {
			s := actState(t, func(s *state, p *player) {
				s.shortage = tc.shortage
				tc.edit(s, p)
			})
			st := play(t, s, rules.Seat(0), tc.move)
			ns := st.(*state)
			want := 0
			if tc.endBy != "" {
				want = 2
			}
			if ns.final != want || ns.endBy != tc.endBy {
				t.Errorf("%s: final round %d, ended by %q; want %d, %q", tc.move, ns.final, ns.endBy, want, tc.endBy)
			}
		})
	}
}

// TestLastRound plays the end: the round in progress, then one more.
func TestLastRound(t *testing.T) {
	s := actState(t, func(s *state, p *player) {
		s.supply[Wool], s.supply[Alpaca], s.supply[Fabric] = 1, 0, 0
		at(p, Farm, Alpaca, Food)
	})
	st := play(t, s, rules.Seat(0), "FARM WOOL")
	if got := st.(*state).final; got != 2 {
		t.Fatalf("after the Farm's last good the final round is %d, want 2", got)
	}
	if !strings.Contains(st.View(0).Text(), "The Farm has nothing left: round 2 is the last.") {
		t.Errorf("the view does not say round 2 is the last and why:\n%s", st.View(0).Text())
	}
	st = endRound(t, st) // the rest of round 1
	if s := st.(*state); s.phase == phaseOver || s.round != 2 {
		t.Fatalf("after round 1: phase %d round %d, want round 2 played", s.phase, s.round)
	}
	if !strings.Contains(st.View(0).Text(), "The Farm has nothing left: this is the last round.") {
		t.Errorf("the view does not say round 2 is the last")
	}
	st = endRound(t, endRound(t, st))
	if _, over := st.Result(); !over {
		t.Fatalf("the game goes on after the last round")
	}
}

// TestTwoCartsEach is the two-player game of issue 18: each player buys
// two carts, which empties the Village's carts. Only with the variant
// shortage does that end the game.
func TestTwoCartsEach(t *testing.T) {
	for _, shortage := range []bool{false, true} {
		s := actState(t, func(s *state, p *player) {
			s.shortage = shortage
			for i := range s.players {
				s.players[i].carts, s.players[i].coins, s.players[i].pawn = 2, 1, Village
			}
		})
		if s.carts != 4 {
			t.Fatalf("the Village holds %d carts in a 2-player game, want 4", s.carts)
		}
		s.carts = 2 // each player has bought one
		st := play(t, s, rules.Seat(0), "VILLAGE CART", rules.Seat(1), "VILLAGE CART")
		ns := st.(*state)
		if ns.carts != 0 || (ns.final != 0) != shortage {
			t.Errorf("shortage %v: carts left %d, final round %d; want 0 and the end triggered only with shortage", shortage, ns.carts, ns.final)
		}
	}
}

func TestEndByDisplay(t *testing.T) {
	s := actState(t, func(s *state, p *player) { s.pile = nil })
	st := endRound(t, s)
	ns := st.(*state)
	if ns.display[4] != -1 || ns.display[0] != s.display[1] {
		t.Errorf("display %v after a round without purchase from %v, want the lowest card gone and the rest moved down", ns.display, s.display)
	}
	if ns.final != 2 {
		t.Errorf("the final round is %d with a space that cannot be refilled, want 2", ns.final)
	}
}

func TestDisplayAfterPurchase(t *testing.T) {
	s := actState(t, func(s *state, p *player) {
		p.pawn, p.coins = Market, 9
		s.display = [5]int{7, 8, 1, 9, 10}
		s.pile = []int{20, 21}
	})
	st := endRound(t, play(t, s, rules.Seat(0), "MARKET BUY SAWMILL"))
	if got := st.(*state).display; got != [5]int{7, 8, 9, 10, 21} {
		t.Errorf("display after buying the third card = %v, want [7 8 9 10 21]", got)
	}
	st = endRound(t, s)
	if got := st.(*state).display; got != [5]int{8, 1, 9, 10, 21} {
		t.Errorf("display after a round without purchase = %v, want [8 1 9 10 21]", got)
	}
}

func TestNewRound(t *testing.T) {
	s := actState(t, func(s *state, p *player) {
		p.freeUsed, p.carts, p.cartsUsed, p.boughtCart = true, 3, 2, true
		give(p, dGlassworks, 1)
		p.coins = 1
		p.crate = of(Fish, Fish, Ore, Ore, Ore, Ore)
		p.planning = of(Food)
	})
	st := endRound(t, s)
	ns := st.(*state)
	p := &ns.players[0]
	switch {
	case ns.start != 1:
		t.Errorf("the starting player is %d, want 1, left of 0", ns.start)
	case p.freeUsed || p.cartsUsed != 0 || p.boughtCart:
		t.Errorf("the carts are not back: free used %v, bought used %d", p.freeUsed, p.cartsUsed)
	case p.coins != 2 || p.cards[1].coins != 0:
		t.Errorf("coins %d in hand and %d on the glassworks, want the coin back", p.coins, p.cards[1].coins)
	case p.planning.Total() != 4 || p.planning[Food] != 1 || len(p.bag) != 3 || p.crate.Total() != 0:
		t.Errorf("planning %s, bag %d, crate %s: want the food kept, 3 drawn from the crate's 6 and 3 left in the bag",
			p.planning.Phrase(), len(p.bag), p.crate.Phrase())
	}
}

func TestFinalStorage(t *testing.T) {
	s := actState(t, func(s *state, p *player) {
		s.final = 1
		give(p, dStorehouse, 0, Silver, Glass)
	})
	st := endRound(t, s)
	p := st.(*state).players[0]
	if _, over := st.Result(); !over || p.stored() != of(Silver, Glass) {
		t.Errorf("over %v, stored %s at the end, want silver and glass stored", over, p.stored().Phrase())
	}
}

func TestScore(t *testing.T) {
	s := actState(t, func(s *state, p *player) {
		p.crate = of(Silver, Silver, Wool, Food, Food)
		p.boats = []Good{Ore, Fish}
		p.houses = []Good{Silver}
		p.done = []int{0, 3} // 9 and 8 points
		p.rows = []rowFill{{Wool, 2}, {Corn, 1}, {}, {}, {}, {}}
		p.delivered, p.contract = of(Fabric), 4
	})
	got := s.score(0)
	want := Score{
		Goods:     4 + 4 + 2 + 2 + 2 + 2, // silver, silver, wool, two stored wool, a corn
		Boats:     4,
		Houses:    4,
		Bonus:     2,
		Contracts: 17,
		Rows:      1,
		Coins:     0,
	}
	want.Total = want.Goods + want.Boats + want.Houses + want.Bonus + want.Contracts + want.Rows
	if got != want {
		t.Errorf("score = %+v, want %+v", got, want)
	}
}

// TestTieBreak checks the rulebook's tie-break, "the player with the most
// coins wins": Result reports the points as they are, ties included, and
// the view ranks tied seats by coins and says so.
func TestTieBreak(t *testing.T) {
	s := actState(t, func(s *state, p *player) {
		s.phase = phaseOver
		p.crate, p.coins = of(Silver), 1
		s.players[1].crate, s.players[1].coins = of(Silver), 3
	})
	scores, over := s.Result()
	if !over || !slices.Equal(scores, []int{4, 4}) {
		t.Errorf("Result() = %v, %v; want [4 4]: equal points are reported equal", scores, over)
	}
	v := s.View(0).(*View)
	if w := v.Table.Winners; !slices.Equal(w, []int{1}) {
		t.Errorf("winners %v, want [1]: the richer of the tied seats", w)
	}
	want := []Place{{Seat: 1, Place: 1, Points: 4, Coins: 3}, {Seat: 0, Place: 2, Points: 4, Coins: 1}}
	if got := v.Table.Ranking; !slices.Equal(got, want) {
		t.Errorf("ranking %+v, want %+v", got, want)
	}
	for _, line := range []string{
		"Ranking (most points; a tie on points goes to the most coins): 1. seat 1, 4 points, 3 coins; 2. seat 0 (you), 4 points, 1 coin.",
		"Game over: seat 1 wins.",
	} {
		if !strings.Contains(v.Text(), line) {
			t.Errorf("the final view does not say %q:\n%s", line, v.Text())
		}
	}
	s = s.clone()
	s.players[1].coins = 1
	v = s.View(0).(*View)
	if scores, _ := s.Result(); !slices.Equal(scores, []int{4, 4}) || !slices.Equal(v.Table.Winners, []int{0, 1}) {
		t.Errorf("Result() = %v, winners %v; want [4 4] and [0 1]: equal points and coins share the win", scores, v.Table.Winners)
	}
	if !strings.Contains(v.Text(), "1. seat 0 (you), 4 points, 1 coin; 1. seat 1, 4 points, 1 coin.") {
		t.Errorf("the final view does not rank seats 0 and 1 both first:\n%s", v.Text())
	}
}

// TestTieBreakCoinsOnCards: coins left on an extension's spaces (the
// glassworks, the bullion) at the end are the player's coins too, and
// count in the tie-break.
func TestTieBreakCoinsOnCards(t *testing.T) {
	s := actState(t, func(s *state, p *player) {
		s.phase = phaseOver
		p.crate, p.coins = of(Silver), 1
		give(p, dGlassworks, 2)
		s.players[1].crate, s.players[1].coins = of(Silver), 2
	})
	if got := s.TieBreak(); !slices.Equal(got, []int{3, 2}) {
		t.Errorf("TieBreak() = %v, want [3 2]: the glassworks' 2 coins count", got)
	}
	if w := s.View(0).(*View).Table.Winners; !slices.Equal(w, []int{0}) {
		t.Errorf("winners %v, want [0]", w)
	}
}

func TestMissions(t *testing.T) {
	st, err := Game.Start(rules.Setup{Seats: 2, Variants: []string{Missions}, Seed: rules.SeedFromInt(9)})
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*state).clone()
	for i, p := range s.players {
		if len(p.missions) != missionsEach {
			t.Fatalf("seat %d has %d missions", i, len(p.missions))
		}
	}
	p := &s.players[0]
	p.missions = []int{0, 4} // fleet: 3 boats; hoard: 4 silver
	p.boats = []Good{Ore, Ore, Fish}
	if s.score(0).Missions != 0 {
		t.Errorf("missions score before the end")
	}
	s.phase = phaseOver
	if got := s.score(0).Missions; got != missions[0].points {
		t.Errorf("missions score %d, want %d for the fleet alone", got, missions[0].points)
	}
}

func TestChoose(t *testing.T) {
	st, err := Game.Start(rules.Setup{Seats: 3, Variants: []string{Choose}, Seed: rules.SeedFromInt(9)})
	if err != nil {
		t.Fatal(err)
	}
	if to := st.ToAct(); !slices.Equal(to, []rules.Seat{2}) {
		t.Fatalf("ToAct() = %v, want the last seat to choose first", to)
	}
	st = play(t, st, rules.Seat(2), "choose miner", rules.Seat(1), "FARMER")
	if _, err := st.Parse(0, "CHOOSE MINER"); err == nil {
		t.Errorf("seat 0 may choose the miner taken by seat 2")
	}
	st = play(t, st, rules.Seat(0), "choose merchant")
	s := st.(*state)
	if s.phase != phasePlan || s.start != 0 || s.players[0].prof != 5 || s.players[0].coins != professions[5].coins {
		t.Errorf("after choosing: phase %d, start %d, seat 0 profession %d with %d coins", s.phase, s.start, s.players[0].prof, s.players[0].coins)
	}
}
