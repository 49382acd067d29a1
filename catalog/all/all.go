// Package all lists the games pbem offers: the one place a game is added
// to the service once it is registered (catalog).
package all

import (
	"github.com/pbem-games/pbem/catalog"
	"github.com/pbem-games/pbem/catalog/altiplano"
	"github.com/pbem-games/pbem/catalog/archipelago"
	"github.com/pbem-games/pbem/catalog/atacama"
)

// Games returns every game pbem offers, each with all its pieces.
func Games() []catalog.Game {
	return []catalog.Game{atacama.Game(), altiplano.Game(), archipelago.Game()}
}

// Catalog returns the catalog of every game pbem offers.
func Catalog() (*catalog.Catalog, error) { return catalog.New(Games()...) }
