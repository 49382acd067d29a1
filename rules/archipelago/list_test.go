package archipelago

import (
	"slices"
	"testing"

	"github.com/pbem-games/pbem/rules"
)

// TestReadList: a programmed list is kept so that each line means when
// played what it meant when written: a PASS written while a gift to a
// crisis of this round is still to come is that gift of nothing, kept
// with IF NEEDED so that a crisis over before the player's turn leaves it
// out and the list goes on; a PASS after an action passes for the round.
func TestReadList(t *testing.T) {
	k := cardIndex(t, "Fishing Nets") // fish; exports 1 wood; no red zone
	base, p, q := crisisFixture(t, k)
	bidding := edit(base)
	bidding.phase, bidding.round = phBid, 2
	home := edit(base)
	home.balance() // p gives first, then q
	afterP := play(t, home, p, "FEED NONE")
	export := edit(base)
	export.queue = nil
	export.enqueue(qExport, int8(k))
	export.runQueue()
	first := edit(base)
	first.phase, first.round = phBid, 1
	for _, c := range []struct {
		name string
		s    *state
		seat int
		list []string
		want []string
	}{
		{"Bidding", bidding, p, []string{"PASS", "PASS", "TAX"}, []string{"FEED NONE IF NEEDED", "EXPORT NONE IF NEEDED", "TAX"}},
		{"BiddingThreePasses", bidding, p, []string{"pass", "Pass", "PASS"}, []string{"FEED NONE IF NEEDED", "EXPORT NONE IF NEEDED", "PASS"}},
		{"WrittenOut", bidding, p, []string{"FEED NONE", "EXPORT 1 OWN", "PASS"}, []string{"FEED NONE IF NEEDED", "EXPORT 1 OWN", "PASS"}},
		{"AfterAnAction", bidding, p, []string{"TAX", "PASS"}, []string{"TAX", "PASS"}},
		{"FirstRound", first, p, []string{"PASS", "TAX"}, []string{"PASS", "TAX"}},
		{"DomesticNotYetGiven", home, q, []string{"PASS", "PASS", "TAX"}, []string{"FEED NONE IF NEEDED", "EXPORT NONE IF NEEDED", "TAX"}},
		{"DomesticGiven", afterP, p, []string{"PASS", "TAX"}, []string{"EXPORT NONE IF NEEDED", "TAX"}},
		{"Export", export, q, []string{"PASS", "PASS"}, []string{"EXPORT NONE IF NEEDED", "PASS"}},
		{"Chinese", bidding, p, []string{"FEED NONE 如有需要", "EXPORT 0"}, []string{"FEED NONE 如有需要", "EXPORT NONE IF NEEDED"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := c.s.ReadList(rules.Seat(c.seat), c.list); !slices.Equal(got, c.want) {
				t.Errorf("ReadList(%q) = %q, want %q", c.list, got, c.want)
			}
		})
	}
}
