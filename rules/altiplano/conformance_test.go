package altiplano

import (
	"fmt"
	"testing"

	"github.com/pbem-games/pbem/rules"
	"github.com/pbem-games/pbem/rules/rulestest"
)

// conformancePlayouts is how many playouts of each setup, by the number of
// players, the conformance suite plays: 2,000 in all. A random game of
// five players takes about 1,100 steps, one of two about 300, so the
// smaller games get more.
var conformancePlayouts = map[int]int{2: 500, 3: 300, 4: 120, 5: 80}

// TestConformance runs the project's conformance suite on every player
// count, with and without the variants, 2,000 playouts in all, every one
// played to its end. The first playout of each setup is checked in depth:
// every legal move is applied at every step and the views of all the
// states it makes compared. The others get the cheaper checks, and their
// views are looked at for leaks at one step in 128 and at the end. With
// -short only the games of 2 and 3 players are played, a tenth as many.
func TestConformance(t *testing.T) {
	t.Parallel()
	setups := allSetups
	if testing.Short() {
		setups = allSetups[:4]
	}
	for _, seats := range []int{2, 3, 4, 5} {
		var these []rules.Setup
		for _, s := range setups {
			if s.Seats == seats {
				these = append(these, s)
			}
		}
		if len(these) == 0 {
			continue
		}
		n := conformancePlayouts[seats]
		if testing.Short() {
			n /= 10
		}
		t.Run(fmt.Sprintf("%d_players", seats), func(t *testing.T) {
			rulestest.Run(t, Game, rulestest.Options{Setups: these, Playouts: n, Deep: 1, Sparse: 128, MaxMoves: maxMoves})
		})
	}
}
