package altiplano

import (
	"testing"

	"github.com/pbem-games/pbem/rules/rulestest"
)

// TestConformance runs the project's conformance suite on every player
// count, with and without the variants. The first playouts of each setup
// are checked in depth, which dominates the time; with -short there are
// fewer.
func TestConformance(t *testing.T) {
	t.Parallel()
	n := 1
	if testing.Short() {
		n = 1
	}
	rulestest.Run(t, Game, rulestest.Options{Setups: allSetups, Playouts: n, MaxMoves: maxMoves})
}
