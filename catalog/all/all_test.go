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
