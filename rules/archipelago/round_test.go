package archipelago

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/pbem-games/pbem/rules"
)

// inBids is a game of n seats at the first bids of round 1.
func inBids(t *testing.T, n int) *state {
	t.Helper()
	return firstMoves(t, start(t, n), func(s *state) bool { return s.phase == phBid })
}

func seats(xs ...int) []rules.Seat {
	out := make([]rules.Seat, len(xs))
	for i, x := range xs {
		out[i] = rules.Seat(x)
	}
	return out
}

func TestSealedBids(t *testing.T) {
	s := inBids(t, 3)
	if got := s.ToAct(); !slices.Equal(got, seats(0, 1, 2)) {
		t.Fatalf("ToAct() = %v, want every seat", got)
	}
	s = play(t, s, 1, "BID 3")
	if got := s.ToAct(); !slices.Equal(got, seats(0, 2)) {
		t.Errorf("ToAct() after one bid = %v, want [0 2]", got)
	}
	if v := s.View(1).(*View); v.Private.Bid == nil || *v.Private.Bid != 3 {
		t.Errorf("seat 1 does not see its own bid")
	}
	for _, p := range []rules.Seat{0, 2, rules.Observer} {
		data, _ := json.Marshal(s.View(p))
		if strings.Contains(string(data), `"sealed_bid":3`) || strings.Contains(s.View(p).Text(), "Blue's sealed bid") {
			t.Errorf("the view of %d shows Blue's sealed bid", p)
		}
	}
	if !slices.Contains(s.Secrets(1), "Blue's sealed bid: 3 florins") {
		t.Errorf("Secrets(1) = %q, want the sealed bid", s.Secrets(1))
	}
	refuse(t, s, 1, "BID 2", "you have made your bid")
	refuse(t, s, 0, "BID 11", "only 10 florins")
	s = play(t, s, 0, "3")
	s = play(t, s, 2, "bid 1")
	// Red and Blue tie at 3: their money goes to the bank and they bid again.
	if got := s.ToAct(); !slices.Equal(got, seats(0, 1)) || s.rebid != 0b011 {
		t.Fatalf("after a tie ToAct() = %v, rebid %b; want the tied seats 0 and 1", got, s.rebid)
	}
	if s.players[0].florins != 7 || s.players[1].florins != 7 || s.players[2].florins != 9 {
		t.Errorf("florins after paying the bids: %d %d %d", s.players[0].florins, s.players[1].florins, s.players[2].florins)
	}
	if v := s.View(2).(*View); !slices.Equal(v.Bids, []int{3, 3, 1}) {
		t.Errorf("revealed bids = %v, want [3 3 1]", v.Bids)
	}
	if v := s.View(2).(*View); v.Private.Bid != nil || v.Players[2].HasBid {
		t.Errorf("Green's revealed bid is still shown as sealed during the second bidding")
	}
	order := s.order
	tie := play(t, play(t, s, 0, "BID 2"), 1, "BID 2")
	if tie.phase == phOrder || tie.order != order {
		t.Errorf("a second tie must leave the order unchanged")
	}
	won := play(t, play(t, s, 0, "BID 1"), 1, "BID 0")
	if won.phase != phOrder || !slices.Equal(won.ToAct(), seats(0)) {
		t.Fatalf("the highest bidder should set the order: phase %s, ToAct %v", phaseNames[won.phase], won.ToAct())
	}
	orders := 0
	for _, l := range legalText(won, 0) {
		if strings.HasPrefix(l, "ORDER ") {
			orders++
		}
	}
	if n := orders; n != 6 {
		t.Errorf("%d turn orders for three players, want 6", n)
	}
	won = play(t, won, 0, "ORDER GREEN RED") // Blue goes last without saying
	if won.order != [maxSeats]int8{2, 0, 1, -1, -1} {
		t.Errorf("order = %v, want Green, Red, Blue", won.order)
	}
}

func TestNobodyBids(t *testing.T) {
	s := inBids(t, 2)
	order := s.order
	s = play(t, play(t, s, 0, "BID 0"), 1, "BID 0")
	if s.order != order || s.phase != phActions {
		t.Errorf("nobody bid: order %v (was %v), phase %s", s.order, order, phaseNames[s.phase])
	}
}

func TestInitialExploration(t *testing.T) {
	s := start(t, 3)
	if s.phase != phPlace || s.round != 0 {
		t.Fatalf("a new game is in phase %s, round %d", phaseNames[s.phase], s.round)
	}
	for i := range 3 {
		p := s.seatAt(i)
		if got := s.ToAct(); !slices.Equal(got, seats(p)) {
			t.Fatalf("ToAct() = %v, want the %d-th in the random order, %d", got, i, p)
		}
		legal := legalText(s, p)
		s = play(t, s, p, legal[len(legal)-1])
		if s.phase == phChoose {
			s = play(t, s, p, legalText(s, p)[0])
		}
		h := -1
		for k := 1; k < nHex; k++ {
			if s.units[k][p].ship == 1 {
				h = k
			}
		}
		if h < 0 || s.units[h][p].cit != 2 || s.players[p].tokens != 1 {
			t.Fatalf("seat %d: ship and citizens not landed, or no explorer token", p)
		}
		touches := false
		for _, o := range neighbours[s.cellOf[h]] {
			touches = touches || o == center
		}
		if !touches {
			t.Errorf("seat %d laid a region away from the open sea", p)
		}
	}
	if s.round != 1 || s.phase != phBid || s.trackCards() != trackSize || s.trend < 0 {
		t.Errorf("after round 0: round %d, phase %s, track %d, trend %d", s.round, phaseNames[s.phase], s.trackCards(), s.trend)
	}
	if s.population() != 6 || s.stacks[0] != tokensStack-3 {
		t.Errorf("population %d, first stack %d; want 6 and %d", s.population(), s.stacks[0], tokensStack-3)
	}
	for p := range 3 {
		if o := s.players[p].objective; o < 0 || objectives[o].length != lenMedium {
			t.Errorf("seat %d has objective %d, want a medium one", p, o)
		}
		if s.hands[p] != [3]int8{-1, -1, -1} {
			t.Errorf("seat %d still holds hexagons %v", p, s.hands[p])
		}
	}
	if n := len(s.regionPile) + 2 + s.regionsOnMap(); n != len(regions) {
		t.Errorf("%d hexagons in pile, display and map, want %d", n, len(regions))
	}
}

func TestChooseCubes(t *testing.T) {
	s := start(t, 2)
	p := s.actor()
	for _, l := range legalText(s, p) {
		m, _ := s.Parse(rules.Seat(p), l)
		if kinds := iconKinds(&regions[m.(Move).Tile-1].sides[m.(Move).Side]); kinds == 2 {
			s = play(t, s, p, l)
			break
		}
	}
	if s.phase != phChoose {
		t.Skip("no region with two resources in the first hand")
	}
	face := s.sideData(int(s.placing))
	a, b := -1, -1
	for r := range nRes {
		if face.icons[r] > 0 {
			if a < 0 {
				a = r
			} else {
				b = r
			}
		}
	}
	refuse(t, s, p, "MARKET "+resNames[a], "name the cube you keep")
	home, bank := s.home[a], s.bankCubes[b]
	s = play(t, s, p, "MARKET "+resNames[a]+" KEEP "+resNames[b])
	if s.home[a] != home+1 || s.players[p].cubes[b] != 1 || s.bankCubes[b] != bank-1 {
		t.Errorf("choice not carried out: market %d, kept %d", s.home[a], s.players[p].cubes[b])
	}
}

func iconKinds(face *side) int {
	n := 0
	for _, x := range face.icons {
		if x > 0 {
			n++
		}
	}
	return n
}
