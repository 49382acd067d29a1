package all_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode"

	"github.com/pbem-games/pbem/lang"
	"github.com/pbem-games/pbem/lang/all"
	"github.com/pbem-games/pbem/templates"
)

// say is a template's call of t with a message id: {{t "mail.note"}}.
var say = regexp.MustCompile(`(?:\{\{-?\s*|\(|\s)t\s+"([^"]+)"`)

// TestEveryIDIsUsed fails when a mail template prints an id no pack
// gives a text, when Go code prints one (a literal passed to a printer's
// S, Format or Has), or when a pack gives a text nobody prints: no id is
// written where a template or Go code names it, nor is it one that code
// puts together from a prefix it names ("day." + a weekday).
func TestEveryIDIsUsed(t *testing.T) {
	english := map[lang.ID]bool{}
	for _, p := range all.Packs() {
		if p.Tag == lang.Fallback {
			for id := range p.Texts {
				english[id] = true
			}
		}
	}
	used := map[string]string{} // id, or prefix ending in ".", by where it is named
	names, err := fs.Glob(templates.Files(), "*.tmpl")
	if err != nil || len(names) == 0 {
		t.Fatalf("no templates (%v)", err)
	}
	for _, name := range names {
		b, _ := fs.ReadFile(templates.Files(), name)
		for _, m := range say.FindAllStringSubmatch(string(b), -1) {
			used[m[1]] = name
			if !english[lang.ID(m[1])] {
				t.Errorf("%s prints %q, which no pack gives a text", name, m[1])
			}
		}
	}
	printed, literals := goIDs(t, filepath.Join("..", ".."))
	for id, where := range printed {
		if idLike.MatchString(id) && !english[lang.ID(id)] {
			t.Errorf("%s prints %q, which no pack gives a text", where, id)
		}
	}
	for lit, where := range literals {
		used[lit] = where
		// A format the rules write (rules.Say) is looked up with its
		// verbs as %s: "seat %d" is "seat %s".
		used[anyVerb.ReplaceAllString(lit, "%s")] = where
	}
	var keys []string
	for id := range english {
		if !idLike.MatchString(string(id)) {
			keys = append(keys, string(id))
			continue
		}
		if _, ok := used[string(id)]; ok || prefixed(string(id), used) {
			continue
		}
		t.Errorf("%q has a text nobody prints", id)
	}
	// Some texts are still keyed by their English, which the code looks
	// up from what it computes (a picture's words, a list of n names):
	// they are not ids, and are not checked here.
	t.Logf("%d texts of %d are keyed by their English, not by an id", len(keys), len(english))
}

// idLike is a message id: dotted lower-case words ("mail.note",
// "web.campaign.col.rank").
var idLike = regexp.MustCompile(`^[a-z][a-z0-9-]*(\.[a-zA-Z0-9-]+)+$`)

// anyVerb is a verb of fmt.
var anyVerb = regexp.MustCompile(`%[-+# 0]*\d*(?:\.\d+)?[a-zA-Z]`)

// prefixed reports whether id is one a program puts together from a
// prefix it names ("day.", "cmd."), or from an id it names and a
// suffix (".you", ".other").
func prefixed(id string, used map[string]string) bool {
	for lit := range used {
		// A mark put after a word the code names: "sep" + ";".
		if len(lit) >= 3 && strings.HasPrefix(id, lit) && !strings.ContainsFunc(id[len(lit):], unicode.IsLetter) {
			return true
		}
	}
	for i := len(id) - 1; i > 0; i-- {
		if id[i] != '.' {
			continue
		}
		if _, ok := used[id[:i+1]]; ok {
			return true
		}
		if _, ok := used[id[:i]]; ok {
			return true
		}
	}
	return false
}

// goIDs reads the Go files of the module under root, tests and the
// packs' own catalogs left out: the ids passed as literals to a
// printer's S, Format or Has, and every string literal, each with where
// it is.
func goIDs(t *testing.T, root string) (printed, literals map[string]string) {
	t.Helper()
	printed, literals = map[string]string{}, map[string]string{}
	fset := token.NewFileSet()
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == "testdata" || strings.HasPrefix(d.Name(), ".")) && path != root {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") || filepath.Base(path) == "texts.go" {
			return nil
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		f, err := parser.ParseFile(fset, path, src, 0)
		if err != nil {
			return err
		}
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.BasicLit:
				if s, err := strconv.Unquote(n.Value); err == nil && n.Kind == token.STRING {
					literals[s] = fset.Position(n.Pos()).String()
				}
			case *ast.CallExpr:
				sel, ok := n.Fun.(*ast.SelectorExpr)
				if !ok || len(n.Args) == 0 || !slices.Contains([]string{"S", "Format", "Has"}, sel.Sel.Name) {
					return true
				}
				if lit, ok := n.Args[0].(*ast.BasicLit); ok && lit.Kind == token.STRING {
					if s, err := strconv.Unquote(lit.Value); err == nil && strings.Contains(s, ".") {
						printed[s] = fset.Position(lit.Pos()).String()
					}
				}
			}
			return true
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return printed, literals
}
