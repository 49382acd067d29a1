package endtoend_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/pbem-games/pbem/templates/words"
)

// TestRefusalsInCatalog: every refusal the command side (package games)
// writes is in the message catalog, named by its English format, so that
// every reader gets it in their language; and the English text is the
// format itself. A refusal added to games and not to the catalog fails.
func TestRefusalsInCatalog(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("..", "..", "*.go"))
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	n := 0
	for _, file := range files {
		if strings.HasSuffix(file, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, file, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(f, func(node ast.Node) bool {
			call, ok := node.(*ast.CallExpr)
			if !ok || len(call.Args) < 2 {
				return true
			}
			if id, ok := call.Fun.(*ast.Ident); !ok || id.Name != "refuse" {
				return true
			}
			lit, ok := call.Args[1].(*ast.BasicLit)
			if !ok || lit.Kind != token.STRING {
				return true
			}
			format, _ := strconv.Unquote(lit.Value)
			if format == "%v" {
				return true // the rules' own reason, passed on
			}
			n++
			id := strings.NewReplacer("%d", "%s", "%v", "%s").Replace(format)
			for _, lang := range words.Languages() {
				if !words.Has(lang, words.ID(id)) {
					t.Errorf("%s: the refusal %q has no text in %s (message %q)", fset.Position(lit.Pos()), format, lang, id)
				}
			}
			if got := words.Text("en", words.ID(id)); got != id {
				t.Errorf("%s: the English of refusal %q is %q, not the format", fset.Position(lit.Pos()), id, got)
			}
			return true
		})
	}
	if n < 20 {
		t.Errorf("found %d refusals in package games, want all of them", n)
	}
}
