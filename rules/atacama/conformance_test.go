package atacama

import (
	"testing"

	"github.com/pbem-games/pbem/rules/rulestest"
)

// TestConformance runs the project's conformance suite on every player
// count and variant combination; with -short, a tenth as many playouts.
func TestConformance(t *testing.T) {
	t.Parallel()
	n := 100
	if testing.Short() {
		n /= 10
	}
	rulestest.Run(t, Game, rulestest.Options{Setups: allSetups, Playouts: n, MaxMoves: 200})
}
