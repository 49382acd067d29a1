package projections

import (
	"slices"
	"testing"

	"github.com/pbem-games/pbem/events"
	"github.com/pbem-games/pbem/rules"
)

// coinsState is a finished game's state whose rules break ties by coins.
type coinsState struct {
	rules.State
	coins []int
}

func (s coinsState) TieBreak() []int { return s.coins }

// TestPlacesTieBreak: equal scores share a place, unless the rules break
// the tie (Altiplano by coins), and resigning still loses.
func TestPlacesTieBreak(t *testing.T) {
	for _, tt := range []struct {
		name     string
		scores   []int
		state    rules.State
		resigned []int
		places   []int
	}{
		{"no tie-break", []int{5, 5, 3}, nil, nil, []int{1, 1, 3}},
		{"coins break it", []int{5, 5, 3}, coinsState{coins: []int{2, 7, 9}}, nil, []int{2, 1, 3}},
		{"equal coins share", []int{5, 5, 3}, coinsState{coins: []int{4, 4, 9}}, nil, []int{1, 1, 3}},
		{"points before coins", []int{4, 5, 3}, coinsState{coins: []int{9, 0, 9}}, nil, []int{2, 1, 3}},
		{"resigning loses", []int{5, 5, 3}, coinsState{coins: []int{2, 7, 9}}, []int{1}, []int{1, 3, 2}},
	} {
		g := &Game{Ended: &events.GameEnded{Scores: tt.scores}, State: tt.state, Resigned: tt.resigned}
		if got := g.Places(); !slices.Equal(got, tt.places) {
			t.Errorf("%s: places %v, want %v", tt.name, got, tt.places)
		}
	}
}
