package altiplano

import (
	"testing"

	"github.com/pbem-games/pbem/rules/rulestest"
)

// TestConformance runs the project's conformance suite on every player
// count, with and without the variants: one playout each, checked in
// depth, which applies every legal move at every step and compares the
// views of all the states it makes; a random game of five players takes
// about 1,100 steps. With -short only the games of 2 and 3 players are
// played.
func TestConformance(t *testing.T) {
	t.Parallel()
	setups := allSetups
	if testing.Short() {
		setups = allSetups[:4]
	}
	rulestest.Run(t, Game, rulestest.Options{Setups: setups, Playouts: 1, MaxMoves: maxMoves})
}
