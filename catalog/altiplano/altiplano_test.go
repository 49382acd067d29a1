package altiplano_test

import (
	"github.com/pbem-games/pbem/templates/words"

	"strings"
	"testing"

	"github.com/pbem-games/pbem/catalog/all"
	altiplanorules "github.com/pbem-games/pbem/rules/altiplano"
)

// TestChineseNamesParse reads back every name of a good, location,
// profession, extension and space as the Chinese mails write it (the
// words of pbem and its games), so that a player may copy it from the
// board into a move.
func TestChineseNamesParse(t *testing.T) {
	offered, err := all.Catalog()
	if err != nil {
		t.Fatal(err)
	}
	book := offered.Words()
	for name, canon := range altiplanorules.Names() {
		text := book.Text("zh", words.ID(name))
		if text == "" {
			t.Errorf("the catalog has no Chinese for %q", name)
			continue
		}
		got, err := altiplanorules.ReadWords(text)
		if err != nil || strings.Join(got, " ") != canon {
			t.Errorf("ReadWords(%q) (%s) = %q, %v; want %s", text, name, got, err, canon)
		}
	}
}
