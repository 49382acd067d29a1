package layers

import (
	"go/parser"
	"go/token"
	"io/fs"
	"os"
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
	"templates":                   {"lang", "lang/all", "templates/words"},
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
	"campaigns/organiser":         {"campaigns", "events", "games", "projections", "rules", "templates/words"},
	"campaigns/bymail":            {"campaigns", "campaigns/organiser", "events", "games", "mail", "rules", "templates/words"},
	"games/gamestest":             {"catalog/all", "events", "events/storetest", "games", "rules"},
	"games/locale":                {"events", "games", "lang", "mail", "projections", "rules", "templates", "templates/words"},
	"games/commands":              {"games/locale", "lang", "lang/all", "projections", "rules", "templates", "templates/words"},
	"games/notice":                {"events", "games", "games/commands", "games/locale", "mail", "projections", "rules", "templates", "templates/words"},
	"games/letters":               {"campaigns/bymail", "campaigns/organiser", "catalog", "events", "games", "games/commands", "games/locale", "games/notice", "lang", "mail", "pictures", "projections", "rules", "templates", "templates/words"},
	"games/mailroom/budget":       nil,
	"games/mailroom":              {"campaigns/bymail", "campaigns/organiser", "events", "games", "games/commands", "games/letters", "games/locale", "games/mailroom/budget", "games/notice", "mail", "projections", "rules", "templates/words"},
	"pictures":                    {"rules"},
	"pictures/internal/cjksubset": nil,
	"catalog":                     {"lang", "lang/all", "pictures", "rules", "templates", "templates/words"},
	"catalog/atacama":             {"catalog", "docs", "pictures", "rules/atacama", "templates/words"},
	"catalog/altiplano":           {"catalog", "docs", "pictures", "rules/altiplano", "templates/words"},
	"catalog/archipelago":         {"catalog", "docs", "pictures", "rules/archipelago", "templates/words"},
	"catalog/all":                 {"catalog", "catalog/atacama", "catalog/altiplano", "catalog/archipelago"},
	"catalog/catalogtest":         {"catalog", "pictures", "rules", "rules/rulestest/nim", "templates/words"},
	"internal/golden":             nil,
	"internal/version":            nil,
	"internal/backups":            {"events", "internal/postoffice", "mail"},
	"internal/layers":             nil,
	"internal/cmdline":            nil,
	"internal/release":            nil,
	"internal/torture":            {"catalog", "events", "games", "games/notice", "mail", "mail/loopback", "projections", "rules"},
	"internal/postoffice":         {"campaigns/bymail", "campaigns/organiser", "catalog", "events", "games", "games/letters", "games/mailroom", "games/notice", "mail", "mail/loopback", "projections", "rules", "templates/words", "web"},
	"web":                         {"campaigns", "campaigns/organiser", "catalog", "events", "games", "games/locale", "mail", "pictures", "projections", "rules", "templates/words"},
	"internal/bench":              {"catalog", "events", "events/storetest", "games", "games/letters", "games/mailroom", "games/notice", "internal/postoffice", "mail", "mail/loopback", "pictures", "projections", "rules"},
	"cmd/pbem":                    {"*"},
	"cmd/pbem-bench":              {"catalog/all", "events/storetest", "internal/bench", "internal/cmdline"},
}

// TestLayers fails when a package imports a package of the module that
// its layer may not, or when a package has no layer.
func TestLayers(t *testing.T) {
	imports := moduleImports(t)
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

// moduleImports returns, for each package of the module, the packages
// of the module its non-test files import, by their paths below the
// module ("games/mailroom").
func moduleImports(t *testing.T) map[string]map[string]bool {
	t.Helper()
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
	return imports
}

// TestPbemLinksNoBench fails when the pbem binary links the benchmark or
// the test cluster, directly or through another package: they are tools
// of their own (cmd/pbem-bench) and of the tests.
func TestPbemLinksNoBench(t *testing.T) {
	imports := moduleImports(t)
	linked, todo := map[string]bool{}, []string{"cmd/pbem"}
	for len(todo) > 0 {
		pkg := todo[0]
		todo = todo[1:]
		for imp := range imports[pkg] {
			if !linked[imp] {
				linked[imp] = true
				todo = append(todo, imp)
			}
		}
	}
	if len(linked) < 10 {
		t.Fatalf("cmd/pbem links %d packages of the module, want all it uses: %v", len(linked), linked)
	}
	for _, never := range []string{"internal/bench", "events/storetest", "internal/torture"} {
		if linked[never] {
			t.Errorf("cmd/pbem links %s", never)
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

// TestGameNames fails when more than two non-test Go files outside a
// game's own folders (rules/<game>, catalog/<game>) name the game:
// catalog/all lists it and one more file may, and everything else reads
// the registry (catalog) or says <game>.
func TestGameNames(t *testing.T) {
	entries, err := os.ReadDir(filepath.Join("..", "..", "catalog"))
	if err != nil {
		t.Fatal(err)
	}
	var names []string // every game registered: a folder of catalog but all and the tests'
	for _, e := range entries {
		if e.IsDir() && e.Name() != "all" && !strings.HasSuffix(e.Name(), "test") {
			names = append(names, e.Name())
		}
	}
	if len(names) < 3 {
		t.Fatalf("found the games %v in catalog, want pbem's", names)
	}
	naming := map[string][]string{} // by game, the files naming it
	eachSource(t, func(pkg, path string) error {
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		text := strings.ToLower(string(b))
		file := pkg + "/" + filepath.Base(path)
		for _, g := range names {
			if pkg == "rules/"+g || strings.HasPrefix(pkg, "rules/"+g+"/") || pkg == "catalog/"+g || !strings.Contains(text, g) {
				continue
			}
			naming[g] = append(naming[g], file)
		}
		return nil
	})
	for _, g := range names {
		if len(naming[g]) > 2 {
			t.Errorf("%d non-test files outside rules/%s and catalog/%s name %s, want at most 2 (catalog/all and one more): %v", len(naming[g]), g, g, g, naming[g])
		}
	}
}
