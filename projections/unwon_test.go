package projections

import (
	"slices"
	"testing"

	"github.com/pbem-games/pbem/events"
	"github.com/pbem-games/pbem/rules"
)

// unwon is a state whose rules ended the game with nobody winning, as
// Archipelago's independence war does when nobody held the separatist.
type unwon struct{ rules.State }

func (unwon) NoWinner() bool { return true }

// TestWinnersNobody: a game the rules end with everyone losing has no
// winner, though every seat shares first place on the scores; a
// resignation or an agreement in such a state still names the places'
// winners.
func TestWinnersNobody(t *testing.T) {
	for _, c := range []struct {
		reason string
		want   []int
	}{
		{events.EndFinished, []int{}},
		{events.EndAgreed, []int{0, 1}},
		{events.EndAbandoned, []int{0, 1}},
	} {
		g := &Game{State: unwon{}, Ended: &events.GameEnded{Reason: c.reason, Scores: []int{0, 0}}}
		if got := g.Winners(); got == nil || !slices.Equal(got, c.want) {
			t.Errorf("ended %s: winners %v, want %v", c.reason, got, c.want)
		}
	}
	if got := (&Game{State: unwon{}}).Winners(); got != nil {
		t.Errorf("a running game has winners %v", got)
	}
}
