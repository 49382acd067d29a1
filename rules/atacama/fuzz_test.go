package atacama_test

import (
	"testing"

	"github.com/pbem-games/pbem/rules"
	"github.com/pbem-games/pbem/rules/atacama"
	"github.com/pbem-games/pbem/rules/rulestest"
)

// FuzzParse feeds any text to Parse in a position some moves into a game.
func FuzzParse(f *testing.F) {
	st := rulestest.Played(f, atacama.Game, rules.Setup{Seats: 3, Seed: rules.SeedFromInt(5)}, 8, nil)
	rulestest.FuzzParse(f, st, "", "pass", "E5*", "CLAIM ORANGE ROWS", "放 农场 羊驼", "GO MINE / MINE SILVER", "\x00\xff", "ＥＥ５")
}
