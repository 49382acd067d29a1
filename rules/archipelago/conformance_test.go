package archipelago

import (
	"testing"

	"github.com/pbem-games/pbem/rules"
	"github.com/pbem-games/pbem/rules/rulestest"
)

// conformanceSetups cover every number of players and every length of
// objectives, the longest games with the fewest players.
var conformanceSetups = []rules.Setup{
	{Seats: 2, Variants: []string{Long}},
	{Seats: 3, Variants: []string{Medium}},
	{Seats: 4}, // medium, the default
	{Seats: 5, Variants: []string{Short}},
}

// TestConformance runs the project's conformance suite: two random games
// of each setup, both checked in depth, which applies every legal move at
// every step and compares the views of all the states it makes (a game
// takes 100 to 250 steps). With -short, one game of each. TestEndings
// plays many more games, more cheaply.
func TestConformance(t *testing.T) {
	t.Parallel()
	playouts := 2
	if testing.Short() {
		playouts = 1
	}
	rulestest.Run(t, Game, rulestest.Options{Setups: conformanceSetups, Playouts: playouts, MaxMoves: 3000})
}
