package archipelago

import (
	"slices"
	"testing"
)

func TestDeal(t *testing.T) {
	base, p, q := actionsFixture(t)
	base.players[p].cubes[wood] = 1
	base.players[q].florins = 5
	they := upper(colors[q])
	me := upper(colors[p])
	offered := play(t, base, p, "OFFER "+they+" 1 WOOD FOR 2 FLORINS")
	if got := offered.ToAct(); !slices.Contains(got, seats(q)[0]) || !slices.Contains(got, seats(p)[0]) {
		t.Fatalf("ToAct() = %v with an open offer, want both players", got)
	}
	if got := legalText(offered, q); !slices.Equal(got, []string{"ACCEPT " + me, "DECLINE " + me}) {
		t.Errorf("the addressee's moves = %v", got)
	}
	refuse(t, offered, q, "TAX", "answer with ACCEPT")
	refuse(t, offered, p, "OFFER "+they+" 1 WOOD FOR 1 FLORIN", "still open")
	t.Run("Accept", func(t *testing.T) {
		s := play(t, offered, q, "accept")
		if s.players[p].cubes[wood] != 0 || s.players[q].cubes[wood] != 1 || s.players[p].florins != 12 || s.players[q].florins != 3 {
			t.Errorf("after the deal: %d has %d wood and %d florins, %d has %d wood and %d florins",
				p, s.players[p].cubes[wood], s.players[p].florins, q, s.players[q].cubes[wood], s.players[q].florins)
		}
		if s.deal.open || s.actor() != p {
			t.Errorf("the deal stays open or the turn moved")
		}
		refuse(t, s, p, "OFFER "+they+" 1 FLORIN FOR NOTHING", "1 offers this turn")
	})
	t.Run("Decline", func(t *testing.T) {
		s := play(t, offered, q, "DECLINE "+me)
		if s.deal.open || s.players[p].cubes[wood] != 1 || s.players[q].florins != 5 {
			t.Errorf("a declined deal changed hands or stays open")
		}
	})
	t.Run("Withdraw", func(t *testing.T) {
		s := play(t, offered, p, "WITHDRAW")
		if s.deal.open {
			t.Errorf("a withdrawn offer stays open")
		}
		refuse(t, s, q, "ACCEPT "+me, "not your turn")
	})
	t.Run("Lapses", func(t *testing.T) {
		s := play(t, offered, p, "TAX")
		if s.deal.open {
			t.Errorf("the offer outlived its turn")
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
		if !s.deal.open {
			t.Fatalf("the offer closed when the offerer used a market")
		}
		refuse(t, s, q, "ACCEPT "+me, "no longer has 1 florin")
		if got := legalText(s, q); !slices.Equal(got, []string{"DECLINE " + me}) {
			t.Errorf("the addressee's moves = %v, want only DECLINE", got)
		}
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
		refuse(t, s, 1, "OFFER RED 2 FLORINS FOR NOTHING", "not your turn")
		florins := [2]int{s.players[0].florins, s.players[1].florins}
		s = play(t, s, 0, "OFFER BLUE NOTHING FOR 3 FLORINS")
		if got := s.ToAct(); !slices.Equal(got, seats(0, 1)) {
			t.Fatalf("ToAct() with a bribe asked of Blue = %v, want [0 1]", got)
		}
		if got := legalText(s, 0); !slices.Contains(got, "WITHDRAW") || !slices.Contains(got, "ORDER BLUE RED GREEN") {
			t.Errorf("Red's moves with an open offer = %v, want WITHDRAW and the orders", got)
		}
		s = play(t, s, 1, "ACCEPT RED")
		if s.players[0].florins != florins[0]+3 || s.players[1].florins != florins[1]-3 || s.phase != phOrder {
			t.Fatalf("after the bribe: florins %d and %d, phase %s", s.players[0].florins, s.players[1].florins, phaseNames[s.phase])
		}
		refuse(t, s, 0, "OFFER GREEN NOTHING FOR 1 FLORIN", "1 offers this turn")
		s = play(t, s, 0, "ORDER BLUE RED GREEN")
		if s.order[0] != 1 {
			t.Errorf("order %v, want Blue first", s.order)
		}
		if s.offers != 0 || s.deal.open {
			t.Errorf("the deals of the order turn outlive it")
		}
	})
	t.Run("LapsesWithTheOrder", func(t *testing.T) {
		s := inBids(t, 2)
		s = play(t, play(t, s, 0, "BID 1"), 1, "BID 0")
		s = play(t, s, 0, "OFFER BLUE NOTHING FOR 1 FLORIN")
		s = play(t, s, 0, "ORDER RED BLUE")
		if s.deal.open || !slices.Contains(s.lastLines(), "The offer of Red lapsed.") {
			t.Errorf("the offer did not lapse when the order was set: %q", s.lastLines())
		}
		refuse(t, s, 1, "ACCEPT RED", "not your turn")
	})
	t.Run("DomesticCrisis", func(t *testing.T) {
		s, p, q := crisisFixture(t, cardIndex(t, "Fishing Nets")) // fish, a cube stands up 6
		s.players[q].cubes[fish] = 1
		s.balance()
		if s.phase != phCrisis || s.crisis.kind != qHome || s.actor() != p {
			t.Fatalf("no domestic crisis with %d to give", p)
		}
		they, me := upper(colors[q]), upper(colors[p])
		s = play(t, s, p, "OFFER "+they+" 2 FLORINS FOR 1 FISH")
		s = play(t, s, q, "ACCEPT "+me)
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
