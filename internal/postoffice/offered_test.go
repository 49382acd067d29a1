package postoffice

import (
	"github.com/pbem-games/pbem/catalog"
	"github.com/pbem-games/pbem/catalog/all"
	"github.com/pbem-games/pbem/rules"
)

// offered is the catalog of every game pbem offers, as pbem serve
// offers them.
func offered() *catalog.Catalog {
	c, err := all.Catalog()
	if err != nil {
		panic(err) // catalog/all TestCatalog says which piece is missing
	}
	return c
}

// Catalog is the rules of every game pbem offers.
func Catalog() rules.Catalog { return offered().Rules() }
