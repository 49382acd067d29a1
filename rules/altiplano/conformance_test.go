package altiplano

import (
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
// played to its end. The first playout of each setup with a variant is
// checked in depth: every legal move is applied at every step and the
// views of all the states it makes compared (the setups without variants
// take no path those with them do not). The others get the cheaper checks,
// and their views are looked at for leaks at one step in 128 and at the
// end. With -short only the games of 2 and 3 players are played, a tenth
// as many.
func TestConformance(t *testing.T) {
	t.Parallel()
	setups := allSetups
	if testing.Short() {
		setups = allSetups[:4]
	}
	for _, s := range setups {
		n := conformancePlayouts[s.Seats]
		if testing.Short() {
			n /= 10
		}
		deep := -1
		if len(s.Variants) > 0 {
			deep = 1
		}
		rulestest.Run(t, Game, rulestest.Options{Setups: []rules.Setup{s}, Playouts: n, Deep: deep, Sparse: 128, MaxMoves: maxMoves})
	}
}
