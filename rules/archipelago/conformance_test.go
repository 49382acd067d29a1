package archipelago

import (
	"testing"

	"github.com/pbem-games/pbem/rules"
	"github.com/pbem-games/pbem/rules/rulestest"
)

// conformanceSetups covers every number of players and every length.
var conformanceSetups = []rules.Setup{
	{Seats: 2, Variants: []string{Long}},
	{Seats: 3, Variants: []string{Medium}},
	{Seats: 4}, // medium, the default
	{Seats: 5, Variants: []string{Short}},
}

// TestConformance runs the project's conformance suite.
func TestConformance(t *testing.T) {
	t.Parallel()
	playouts := 3
	if testing.Short() {
		playouts = 2
	}
	rulestest.Run(t, Game, rulestest.Options{Setups: conformanceSetups, Playouts: playouts, MaxMoves: 3000})
}
