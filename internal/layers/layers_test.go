package layers

import (
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

const module = "github.com/pbem-games/pbem/"

// allowed says, for each package of the module, which packages of the
// module its non-test files may import. A package missing here fails the
// test: a new package is given its place on purpose. "rules/..." stands
// for every package under rules, which rules/rules_test.go guards further
// (no I/O, no clock, nothing outside the standard library).
var allowed = map[string][]string{
	"rules":                       nil,
	"rules/...":                   {"rules", "rules/rulestest"},
	"lang":                        nil,
	"lang/en":                     {"lang"},
	"lang/zh":                     {"lang"},
	"lang/all":                    {"lang", "lang/en", "lang/zh"},
	"lang/pseudo":                 {"lang", "lang/en"},
	"templates":                   {"lang", "lang/all"},
	"templates/words":             {"lang", "lang/all"},
	"docs":                        nil,
	"events":                      nil,
	"events/storetest":            {"events"},
	"projections":                 {"events", "rules"},
	"mail":                        {"events"},
	"mail/loopback":               nil,
	"mail/mailtest":               {"events", "mail"},
	"games":                       {"events", "projections", "rules"},
	"campaigns":                   {"rules"},
	"campaigns/organiser":         {"campaigns", "events", "games", "projections", "rules"},
	"games/gamestest":             {"events", "events/storetest", "games", "rules", "rules/atacama"},
	"games/locale":                {"events", "games", "lang", "mail", "projections", "rules", "templates", "templates/words"},
	"games/commands":              {"games/locale", "lang", "lang/all", "projections", "rules", "templates", "templates/words"},
	"games/notice":                {"events", "games", "games/commands", "games/locale", "mail", "projections", "rules", "templates", "templates/words"},
	"games/letters":               {"catalog", "events", "games", "games/commands", "games/locale", "games/notice", "lang", "mail", "pictures", "projections", "rules", "templates", "templates/words"},
	"games/mailroom/budget":       nil,
	"games/mailroom":              {"events", "games", "games/commands", "games/letters", "games/locale", "games/mailroom/budget", "games/notice", "mail", "projections", "rules", "templates/words"},
	"pictures":                    {"rules", "rules/atacama", "rules/altiplano", "rules/archipelago"},
	"pictures/internal/cjksubset": nil,
	"catalog":                     {"lang", "lang/all", "pictures", "rules", "templates", "templates/words"},
	"catalog/atacama":             {"catalog", "docs", "pictures", "rules/atacama", "templates/words"},
	"catalog/altiplano":           {"catalog", "docs", "pictures", "rules/altiplano", "templates/words"},
	"catalog/archipelago":         {"catalog", "docs", "pictures", "rules/archipelago", "templates/words"},
	"catalog/all":                 {"catalog", "catalog/atacama", "catalog/altiplano", "catalog/archipelago"},
	"catalog/catalogtest":         {"catalog", "pictures", "rules", "rules/rulestest/nim", "templates/words"},
	"internal/golden":             nil,
	"internal/layers":             nil,
	"internal/release":            nil,
	"internal/torture":            {"catalog", "events", "games", "games/notice", "mail", "mail/loopback", "projections", "rules"},
	"internal/postoffice":         {"campaigns/organiser", "catalog", "events", "games", "games/letters", "games/mailroom", "games/notice", "mail", "mail/loopback", "projections", "rules", "web"},
	"web":                         {"campaigns", "campaigns/organiser", "catalog", "events", "games", "games/locale", "mail", "pictures", "projections", "rules", "templates/words"},
	"internal/bench":              {"catalog", "events", "events/storetest", "games", "games/letters", "games/mailroom", "games/notice", "internal/postoffice", "mail", "mail/loopback", "pictures", "projections", "rules"},
	"cmd/pbem":                    {"*"},
}

// TestLayers fails when a package imports a package of the module that
// its layer may not, or when a package has no layer.
func TestLayers(t *testing.T) {
	imports := map[string]map[string]bool{}
	fset := token.NewFileSet()
	eachSource(t, func(pkg, path string) error {
		f, err := parser.ParseFile(fset, path, nil, parser.ImportsOnly)
		if err != nil {
			return err
		}
		if imports[pkg] == nil {
			imports[pkg] = map[string]bool{}
		}
		for _, spec := range f.Imports {
			if p, _ := strconv.Unquote(spec.Path.Value); strings.HasPrefix(p, module) {
				imports[pkg][strings.TrimPrefix(p, module)] = true
			}
		}
		return nil
	})
	if len(imports) < 10 {
		t.Fatalf("found %d packages, want the module's", len(imports))
	}
	for pkg, imps := range imports {
		may, ok := allowed[pkg]
		if !ok && strings.HasPrefix(pkg, "rules/") {
			may, ok = allowed["rules/..."]
		}
		if !ok {
			t.Errorf("package %s has no layer in the allowed table", pkg)
			continue
		}
		for imp := range imps {
			if !slices.Contains(may, "*") && !slices.Contains(may, imp) {
				t.Errorf("package %s imports %s, which its layer may not (it may import %v)", pkg, imp, may)
			}
		}
	}
}

// eachSource calls visit with every non-test Go file of the module below
// the repository's root and its package's path from there ("games/mailroom"),
// and fails the test on an error of either.
func eachSource(t *testing.T, visit func(pkg, path string) error) {
	t.Helper()
	root := filepath.Join("..", "..")
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
		rel, err := filepath.Rel(root, filepath.Dir(path))
		if err != nil {
			return err
		}
		return visit(filepath.ToSlash(rel), path)
	})
	if err != nil {
		t.Fatal(err)
	}
}
