package archipelago

import (
	"slices"
	"strings"
	"testing"

	"github.com/pbem-games/pbem/rules"
)

func TestDeal(t *testing.T) {
	base, p, q := actionsFixture(t)
	base.players[p].cubes[wood] = 1
	base.players[q].florins = 5
	they := upper(colors[q])
	me := upper(colors[p])
	offered := play(t, base, p, "OFFER "+they+" 1 WOOD FOR 2 FLORINS")
	if got := offered.ToAct(); !slices.Equal(got, seats(p)) {
		t.Fatalf("ToAct() = %v with an open offer, want only the player to act: the game waits for no deal", got)
	}
	if got := legalText(offered, q); got != nil {
		t.Errorf("the addressee, not to act, has moves listed: %v", got)
	}
	if got := legalText(offered, p); !slices.Contains(got, "WITHDRAW") || !slices.Contains(got, "TAX") || slices.ContainsFunc(got, func(m string) bool { return strings.HasPrefix(m, "OFFER "+they) }) {
		t.Errorf("the offerer's moves = %v, want WITHDRAW, the actions and no second offer to %s", got, they)
	}
	refuse(t, offered, p, "OFFER "+they+" 1 WOOD FOR 1 FLORIN", "still open")
	refuse(t, offered, q, "TAX", "not your turn")
	// Everyone reads the offer and how it is answered.
	line := "  " + title(colors[p]) + " offers " + title(colors[q]) + " 1 wood for 2 florins (OFFER " + they + " 1 WOOD FOR 2 FLORINS): " +
		title(colors[q]) + " answers ACCEPT " + me + " or DECLINE " + me + "."
	for _, seat := range []rules.Seat{rules.Seat(p), rules.Seat(q), rules.Observer} {
		if text := offered.View(seat).Text(); !strings.Contains(text, "\nOFFERS (answered in any mail, in turn or not, until the phase ends)\n"+line+"\n") {
			t.Errorf("the view of seat %d does not show the offer as %q:\n%s", seat, line, text)
		}
	}
	t.Run("Accept", func(t *testing.T) {
		s := play(t, offered, q, "accept")
		if s.players[p].cubes[wood] != 0 || s.players[q].cubes[wood] != 1 || s.players[p].florins != 12 || s.players[q].florins != 3 {
			t.Errorf("after the deal: %d has %d wood and %d florins, %d has %d wood and %d florins",
				p, s.players[p].cubes[wood], s.players[p].florins, q, s.players[q].cubes[wood], s.players[q].florins)
		}
		if s.deals[p].open || s.actor() != p {
			t.Errorf("the deal stays open or the turn moved")
		}
		refuse(t, s, p, "OFFER "+they+" 1 FLORIN FOR NOTHING", "an offer in this phase already")
		refuse(t, s, q, "ACCEPT "+me, "nobody has offered you a deal") // the same answer mailed again
	})
	t.Run("Decline", func(t *testing.T) {
		s := play(t, offered, q, "DECLINE "+me)
		if s.deals[p].open || s.players[p].cubes[wood] != 1 || s.players[q].florins != 5 {
			t.Errorf("a declined deal changed hands or stays open")
		}
	})
	t.Run("Withdraw", func(t *testing.T) {
		s := play(t, offered, p, "WITHDRAW")
		if s.deals[p].open {
			t.Errorf("a withdrawn offer stays open")
		}
		refuse(t, s, q, "ACCEPT "+me, "nobody has offered you a deal")
		// ACCEPT RED means the one offer Red made: none with other terms
		// can take its place in this phase.
		refuse(t, s, p, "OFFER "+they+" 1 WOOD FOR 1 FLORIN", "an offer in this phase already")
	})
	t.Run("CounterOffer", func(t *testing.T) {
		// The addressee, not to act, offers back: both offers stand.
		s := play(t, offered, q, "OFFER "+me+" 1 FLORIN FOR 1 WOOD")
		if got := s.ToAct(); !slices.Equal(got, seats(p)) || !s.deals[p].open || !s.deals[q].open {
			t.Fatalf("after a counter-offer: ToAct %v, offers open %v and %v", got, s.deals[p].open, s.deals[q].open)
		}
		s = play(t, s, p, "ACCEPT "+they)
		refuseHidden(t, s, q, "ACCEPT "+me, "wood")
	})
	t.Run("StandsPastTheTurn", func(t *testing.T) {
		s := play(t, offered, p, "TAX")
		if !s.deals[p].open || s.actor() != q {
			t.Fatalf("after the offerer's action: offer open %v, actor %d; want the offer standing and %d to act", s.deals[p].open, s.actor(), q)
		}
		s = play(t, s, q, "ACCEPT "+me)
		if s.players[q].cubes[wood] != 1 {
			t.Errorf("the deal accepted in the addressee's own turn moved no wood")
		}
	})
	t.Run("LapsesWithThePhase", func(t *testing.T) {
		s := offered
		for s.phase == phActions {
			s = play(t, s, s.actor(), "PASS")
		}
		if s.deals[p].open || !slices.Contains(s.lastLines(), "The offer of "+s.name(p)+" to "+s.name(q)+" lapsed.") {
			t.Errorf("the offer did not lapse with the actions phase: %q", s.lastLines())
		}
	})
	t.Run("GoodsGone", func(t *testing.T) {
		s := edit(base)
		s.players[p].florins = 1
		s.players[q].cubes[wood] = 1
		f5 := s.grid[cell(t, "F5")]
		s.builds[f5][bMarket].owner = int8(p)
		s = play(t, s, p, "OFFER "+they+" 1 FLORIN FOR 1 WOOD")
		s = play(t, s, p, "USE MARKET") // spends the florin, and the turn goes on
		if !s.deals[p].open {
			t.Fatalf("the offer closed when the offerer used a market")
		}
		refuseHidden(t, s, q, "ACCEPT "+me, "florin")
		play(t, s, q, "DECLINE "+me)
	})
	t.Run("AskedGoodsGone", func(t *testing.T) {
		s := play(t, base, p, "OFFER "+they+" 1 WOOD FOR 6 FLORINS")
		refuse(t, s, q, "ACCEPT "+me, "you lack 6 florins")
	})
	t.Run("Permit", func(t *testing.T) {
		s := edit(base)
		f5 := s.grid[cell(t, "F5")]
		s.builds[f5][bCity].owner = int8(p)
		s.units[f5][q].cit = 1
		s = play(t, s, p, "OFFER "+they+" PERMIT FOR 1 FLORIN")
		s = play(t, s, q, "ACCEPT "+me)
		s = play(t, s, p, "PASS")
		play(t, s, q, "HARVEST WOOD F5")
	})
	for _, c := range []struct{ text, want string }{
		{"OFFER " + me + " 1 WOOD FOR 1 FLORIN", "with yourself"},
		{"OFFER " + they + " 2 WOOD FOR 1 FLORIN", "you lack 2 wood"},
		{"OFFER " + they + " NOTHING FOR NOTHING", "must move something"},
		{"OFFER " + they + " PERMIT FOR 1 FLORIN", "a region to permit"},
		{"OFFER " + they + " 1 FLORIN FOR PERMIT", "controls no region"},
		{"OFFER " + they + " 1 WOOD", "FOR what you ask"},
	} {
		t.Run("Err"+c.text, func(t *testing.T) { refuse(t, base, p, c.text, c.want) })
	}
}

// TestTwoOffersToOne: a player offered two deals names the one they
// answer; a bare ACCEPT is enough only when one offer is theirs to answer.
func TestTwoOffersToOne(t *testing.T) {
	s := inBids(t, 3)
	s = play(t, play(t, play(t, s, 0, "BID 2"), 1, "BID 1"), 2, "BID 0")
	s = play(t, s, 1, "OFFER RED 1 FLORIN FOR NOTHING")
	one := play(t, s, 0, "ACCEPT")
	if one.players[0].florins != s.players[0].florins+1 {
		t.Errorf("a bare ACCEPT of the one offer moved no florin")
	}
	s = play(t, s, 2, "OFFER RED 2 FLORINS FOR NOTHING")
	refuse(t, s, 0, "ACCEPT", "the offers to you are from Blue, Green")
	s = play(t, s, 0, "ACCEPT GREEN")
	if s.deals[2].open || !s.deals[1].open {
		t.Errorf("ACCEPT GREEN answered another offer than Green's")
	}
}

// TestDealOutsidePhase5 checks the deals the rulebook allows outside the
// actions phase: a bribe while the highest bidder sets the turn order
// ("negotiations and bribes are encouraged") and a deal in a domestic
// crisis ("negotiations are allowed"); and that there are none in the
// bidding, an export crisis or the evolution phase.
func TestDealOutsidePhase5(t *testing.T) {
	t.Run("Bribe", func(t *testing.T) {
		s := inBids(t, 3)
		s = play(t, play(t, play(t, s, 0, "BID 2"), 1, "BID 1"), 2, "BID 0")
		if s.phase != phOrder || s.actor() != 0 {
			t.Fatalf("phase %s, actor %d; want Red to set the order", phaseNames[s.phase], s.actor())
		}
		florins := [2]int{s.players[0].florins, s.players[1].florins}
		s = play(t, s, 0, "OFFER BLUE NOTHING FOR 3 FLORINS")
		if got := s.ToAct(); !slices.Equal(got, seats(0)) {
			t.Fatalf("ToAct() with a bribe asked of Blue = %v, want [0]: the order waits for no deal", got)
		}
		if got := legalText(s, 0); !slices.Contains(got, "WITHDRAW") || !slices.Contains(got, "ORDER BLUE RED GREEN") {
			t.Errorf("Red's moves with an open offer = %v, want WITHDRAW and the orders", got)
		}
		s = play(t, s, 1, "ACCEPT RED")
		if s.players[0].florins != florins[0]+3 || s.players[1].florins != florins[1]-3 || s.phase != phOrder {
			t.Fatalf("after the bribe: florins %d and %d, phase %s", s.players[0].florins, s.players[1].florins, phaseNames[s.phase])
		}
		// Green, not to act, bids too: a bribe for the first place.
		s = play(t, s, 2, "OFFER RED 2 FLORINS FOR NOTHING")
		s = play(t, s, 0, "ORDER BLUE RED GREEN")
		if s.order[0] != 1 {
			t.Errorf("order %v, want Blue first", s.order)
		}
		if s.deals[2].open || s.offered != [maxSeats]uint8{} || !slices.Contains(s.lastLines(), "The offer of Green to Red lapsed.") {
			t.Errorf("the deals of the order turn outlive it: %q", s.lastLines())
		}
	})
	t.Run("LapsesWithTheOrder", func(t *testing.T) {
		s := inBids(t, 2)
		s = play(t, play(t, s, 0, "BID 1"), 1, "BID 0")
		s = play(t, s, 0, "OFFER BLUE NOTHING FOR 1 FLORIN")
		s = play(t, s, 0, "ORDER RED BLUE")
		if s.deals[0].open || !slices.Contains(s.lastLines(), "The offer of Red to Blue lapsed.") {
			t.Errorf("the offer did not lapse when the order was set: %q", s.lastLines())
		}
		refuse(t, s, 1, "ACCEPT RED", "")
	})
	t.Run("DomesticCrisis", func(t *testing.T) {
		s, p, q := crisisFixture(t, cardIndex(t, "Fishing Nets")) // fish, a cube stands up 6
		s.players[q].cubes[fish] = 1
		s.balance()
		if s.phase != phCrisis || s.crisis.kind != qHome || s.actor() != p {
			t.Fatalf("no domestic crisis with %d to give", p)
		}
		they, me := upper(colors[q]), upper(colors[p])
		s = play(t, s, q, "OFFER "+me+" 1 FISH FOR 2 FLORINS") // not q's turn to give
		s = play(t, s, p, "ACCEPT "+they)
		if s.players[p].cubes[fish] != 1 || s.phase != phCrisis || s.actor() != p {
			t.Fatalf("after buying a fish in the crisis: %d fish, phase %s, actor %d", s.players[p].cubes[fish], phaseNames[s.phase], s.actor())
		}
		s = play(t, s, p, "FEED 1 OWN")
		if s.crisis.lying[p] != 0 || s.crisis.lying[q] != 4 {
			t.Errorf("lying %v after feeding the fish bought, want 0 and 4", s.crisis.lying)
		}
		for s.phase == phCrisis && s.crisis.kind == qHome {
			s = play(t, s, s.actor(), "FEED NONE")
		}
		if s.phase != phCrisis || s.crisis.kind != qExport {
			t.Fatalf("phase %s after the domestic crisis, want the export crisis", phaseNames[s.phase])
		}
		refuse(t, s, s.actor(), "OFFER "+upper(colors[1-s.actor()])+" 1 FLORIN FOR NOTHING", "only in the actions phase, while the turn order is set and in a domestic crisis")
	})
	t.Run("NotInBidsOrEvolution", func(t *testing.T) {
		s := inBids(t, 2)
		refuse(t, s, 0, "OFFER BLUE 1 FLORIN FOR NOTHING", "deals are made only")
		e := firstMoves(t, s, func(s *state) bool { return s.phase == phEvolution })
		refuse(t, e, e.actor(), "OFFER "+upper(colors[1-e.actor()])+" 1 FLORIN FOR NOTHING", "deals are made only")
	})
}

// refuseHidden checks that seat p's move is refused because the offer no
// longer stands, and that the refusal names nothing behind the offerer's
// screen: neither the goods (hidden) nor an amount.
func refuseHidden(t *testing.T, s *state, p int, text, hidden string) {
	t.Helper()
	refuse(t, s, p, text, "no longer stands")
	m, err := s.Parse(rules.Seat(p), text)
	if err != nil {
		t.Fatalf("Parse(%d, %q) = %v", p, text, err)
	}
	if _, err = s.Apply(rules.Seat(p), m); err == nil {
		return
	}
	if msg := err.Error(); strings.Contains(msg, hidden) || strings.ContainsAny(msg, "0123456789") {
		t.Errorf("Apply(%d, %q) = %q: tells what lies behind the offerer's screen", p, text, msg)
	}
}
