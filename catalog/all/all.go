// Package all lists the games pbem offers: the one place a game is added
// to the service once it is registered (catalog).
package all

import (
	"sync"

	"github.com/pbem-games/pbem/catalog"
	"github.com/pbem-games/pbem/catalog/altiplano"
	"github.com/pbem-games/pbem/catalog/archipelago"
	"github.com/pbem-games/pbem/catalog/atacama"
)

// Games returns every game pbem offers, each with all its pieces.
func Games() []catalog.Game {
	return []catalog.Game{atacama.Game(), altiplano.Game(), archipelago.Game()}
}

// Catalog returns the catalog of every game pbem offers. It is built
// once in a process (checking every game, building the book of their
// texts and parsing the mail templates costs some tens of milliseconds)
// and shared: a Catalog does not change once built.
func Catalog() (*catalog.Catalog, error) { return built() }

var built = sync.OnceValues(func() (*catalog.Catalog, error) { return catalog.New(Games()...) })
