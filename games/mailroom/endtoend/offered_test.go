package endtoend_test

import (
	"github.com/pbem-games/pbem/catalog"
	"github.com/pbem-games/pbem/catalog/all"
)

// offered is the catalog of every game pbem offers, for the mail side's
// words and pictures of each.
func offered() *catalog.Catalog {
	c, err := all.Catalog()
	if err != nil {
		panic(err) // catalog/all TestCatalog says which piece is missing
	}
	return c
}
