package archipelago

import (
	"testing"

	"github.com/pbem-games/pbem/rules"
	"github.com/pbem-games/pbem/rules/rulestest"
)

// conformanceSetups are every number of players with every length of
// objectives.
func conformanceSetups() []rules.Setup {
	var out []rules.Setup
	for seats := 2; seats <= maxSeats; seats++ {
		for _, length := range []string{Short, Medium, Long} {
			out = append(out, rules.Setup{Seats: seats, Variants: []string{length}})
		}
	}
	return out
}

// TestConformance runs the project's conformance suite on each of the 12
// setups: six random games of each, the first checked in depth (every
// legal move applied at every step, the views of all the states it makes
// compared), the others with the suite's lighter checks, which still look
// for leaks in every view at every step of every phase. A game takes 70 to
// 320 steps. With -short, two games of each. TestPlayouts plays 170 games
// of each setup with checks cheap enough for that many.
func TestConformance(t *testing.T) {
	t.Parallel()
	playouts := 6
	if testing.Short() {
		playouts = 2
	}
	rulestest.Run(t, Game, rulestest.Options{Setups: conformanceSetups(), Playouts: playouts, Deep: 1, MaxMoves: 5000})
}
