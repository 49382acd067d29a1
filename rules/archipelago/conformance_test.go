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
// setups: six random games of each. The first is checked in depth: at
// every step every legal move is parsed back, 16 of the mover's are
// applied, illegal moves are tried, and every view is searched for the
// screens' and the piles' secrets, so that every phase of every setup has
// its views checked at every step. The other five get the lighter checks,
// with the views searched at one step in four. A game takes 70 to 340
// steps. With -short, the deep game of each setup only. TestPlayouts plays
// 170 games of each setup with checks cheap enough for that many, and
// TestConformanceFull applies every legal move at every step.
func TestConformance(t *testing.T) {
	t.Parallel()
	playouts := 6
	if testing.Short() {
		playouts = 1
	}
	rulestest.Run(t, Game, rulestest.Options{Setups: conformanceSetups(), Playouts: playouts,
		Deep: 1, Full: -1, Sparse: 4, MaxMoves: 5000})
}

// TestConformanceFull plays one game each of the smallest and the
// largest table, applying every legal move at every step (with -short, the
// smallest only).
func TestConformanceFull(t *testing.T) {
	t.Parallel()
	setups := []rules.Setup{{Seats: 2, Variants: []string{Long}}, {Seats: 5, Variants: []string{Short}}}
	if testing.Short() {
		setups = setups[:1]
	}
	rulestest.Run(t, Game, rulestest.Options{Setups: setups, Playouts: 1, Deep: 1, Full: 1, MaxMoves: 5000})
}
