package all_test

import (
	"testing"

	"github.com/pbem-games/pbem/catalog/all"
)

// TestCatalog: every game pbem offers has every piece (catalog.Game.Validate)
// and no two give one text two ways.
func TestCatalog(t *testing.T) {
	c, err := all.Catalog()
	if err != nil {
		t.Fatal(err)
	}
	if got := len(c.Names()); got != len(all.Games()) {
		t.Errorf("the catalog holds %d games, want %d", got, len(all.Games()))
	}
}

// BenchmarkCatalog measures building the catalog of pbem's games, which
// validates each (starting and drawing it) and builds the book of every
// text: what pbem serve and each command line pay once.
func BenchmarkCatalog(b *testing.B) {
	for b.Loop() {
		if _, err := all.Catalog(); err != nil {
			b.Fatal(err)
		}
	}
}
