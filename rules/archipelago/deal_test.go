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
