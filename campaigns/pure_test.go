package campaigns_test

import (
	"go/parser"
	"go/token"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// pureImports are what the core may import: computation only, no I/O,
// no clock, no randomness but the seed's (rules.NewRand).
var pureImports = []string{
	"cmp", "crypto/sha256", "encoding/binary", "encoding/json", "errors", "fmt",
	"math", "math/bits", "reflect", "slices", "strconv", "strings",
	"github.com/pbem-games/pbem/rules",
}

// TestPure fails when the core imports anything that could do I/O, read
// the clock or draw randomness: a campaign's standings are a function of
// its history alone.
func TestPure(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	checked := 0
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		af, err := parser.ParseFile(fset, f, nil, parser.ImportsOnly)
		if err != nil {
			t.Fatal(err)
		}
		for _, imp := range af.Imports {
			p, _ := strconv.Unquote(imp.Path.Value)
			if !slices.Contains(pureImports, p) {
				t.Errorf("%s imports %s, which the pure core may not", f, p)
			}
		}
		checked++
	}
	if checked < 5 {
		t.Fatalf("checked %d files, want the package's", checked)
	}
}
