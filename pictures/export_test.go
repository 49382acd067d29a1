package pictures

import (
	"github.com/pbem-games/pbem/rules"
	"github.com/pbem-games/pbem/rules/altiplano"
	"github.com/pbem-games/pbem/rules/archipelago"
	"github.com/pbem-games/pbem/rules/atacama"
)

// Draw is the picture of a view of one of pbem's games, in English, for
// the tests of the drawings: the service draws through the registry of
// games (package catalog).
func Draw(v rules.View) (*Picture, error) {
	var d Drawing
	switch v.(type) {
	case *atacama.View:
		d = Draws(Atacama)
	case *altiplano.View:
		d = Draws(Altiplano)
	case *archipelago.View:
		d = Draws(Archipelago)
	}
	return DrawIn(d, v, nil)
}
