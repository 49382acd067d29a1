package atacama

import (
	"testing"

	"github.com/pbem-games/pbem/rules/rulestest"
)

// TestConformance runs the project's conformance suite on every player
// count and variant combination.
func TestConformance(t *testing.T) {
	t.Parallel()
	rulestest.Run(t, Game, rulestest.Options{Setups: allSetups, Playouts: 100, MaxMoves: 200})
}
