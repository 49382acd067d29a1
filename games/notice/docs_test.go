package notice

import (
	"go/ast"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestArchitectureCoversAll fails when docs/architecture.md does not name
// a package of the module, an event type, or an interface of the rules
// contract: what is added to the code is described where the code is
// described.
func TestArchitectureCoversAll(t *testing.T) {
	doc, err := os.ReadFile(filepath.Join("..", "..", "docs", "architecture.md"))
	if err != nil {
		t.Fatal(err)
	}
	text := string(doc)
	for _, typ := range declaredTypes(t) {
		if !strings.Contains(text, "`"+typ+"`") {
			t.Errorf("docs/architecture.md does not name the event type %s", typ)
		}
	}
	for _, pkg := range packages(t) {
		if !strings.Contains(text, "`"+pkg+"`") {
			t.Errorf("docs/architecture.md does not name the package %s", pkg)
		}
	}
	for _, name := range interfaces(t, filepath.Join("..", "..", "rules")) {
		if !strings.Contains(text, "`"+name+"`") {
			t.Errorf("docs/architecture.md does not name the rules interface %s", name)
		}
	}
}

// packages returns the module's packages as paths from its root: every
// directory with Go files that are not tests, but testdata.
func packages(t *testing.T) []string {
	t.Helper()
	root := filepath.Join("..", "..")
	seen := map[string]bool{}
	var out []string
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && path != root && (strings.HasPrefix(d.Name(), ".") || d.Name() == "testdata") {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		dir, err := filepath.Rel(root, filepath.Dir(path))
		if err != nil {
			return err
		}
		if dir = filepath.ToSlash(dir); !seen[dir] {
			seen[dir] = true
			out = append(out, dir)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// interfaces returns the exported interfaces declared in dir's Go files.
func interfaces(t *testing.T, dir string) []string {
	t.Helper()
	var out []string
	for _, f := range sources(t, dir) {
		ast.Inspect(f, func(n ast.Node) bool {
			if ts, ok := n.(*ast.TypeSpec); ok && ts.Name.IsExported() {
				if _, isIface := ts.Type.(*ast.InterfaceType); isIface {
					out = append(out, ts.Name.Name)
				}
			}
			return true
		})
	}
	return out
}
