package rules_test

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"io/fs"
	"path"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/pbem-games/pbem/rules"
)

// rulesPath is the import path of package rules; everything under it is
// checked to be pure.
var rulesPath = reflect.TypeFor[rules.Seat]().PkgPath()

// forbidden are the standard packages that read the clock, do I/O, draw
// global randomness or escape the type system, with why.
var forbidden = map[string]string{
	"time":          "reads the clock",
	"os":            "does I/O",
	"net":           "does I/O",
	"log":           "does I/O",
	"syscall":       "does I/O",
	"io/ioutil":     "does I/O",
	"path/filepath": "does I/O",
	"plugin":        "loads code at run time",
	"math/rand":     "draws global randomness; use rules.Rand",
	"crypto/rand":   "draws randomness outside the seed; use rules.Rand",
	"hash/maphash":  "draws randomness outside the seed",
	"unsafe":        "escapes the type system",
	"C":             "calls C",
}

// forbiddenTrees are forbidden with every package under them.
var forbiddenTrees = []string{"os", "net", "log", "syscall"}

// randAllowed are the names of math/rand/v2 that draw nothing by
// themselves: a seeded source and the types around it.
var randAllowed = []string{"New", "NewPCG", "NewChaCha8", "NewZipf", "Rand", "PCG", "ChaCha8", "Source", "Zipf"}

// fmtIO are the functions of fmt that use standard input or output.
var fmtIO = []string{"Print", "Printf", "Println", "Scan", "Scanf", "Scanln"}

// checkPackage returns what keeps one package under rules, given by its
// import path and non-test files, from being pure.
func checkPackage(fset *token.FileSet, pkgPath string, files []*ast.File) []string {
	var problems []string
	report := func(pos token.Pos, format string, args ...any) {
		problems = append(problems, fmt.Sprintf("%s: %s", fset.Position(pos), fmt.Sprintf(format, args...)))
	}
	for _, f := range files {
		for _, spec := range f.Imports {
			p, err := strconv.Unquote(spec.Path.Value)
			if err != nil {
				report(spec.Pos(), "bad import %s", spec.Path.Value)
				continue
			}
			if why := importProblem(pkgPath, p); why != "" {
				report(spec.Pos(), "import %q: %s", p, why)
			}
			if spec.Name != nil && spec.Name.Name == "." && (p == "math/rand/v2" || p == "fmt") {
				report(spec.Pos(), "dot import of %q hides which of its functions are called", p)
			}
		}
	}

	// Type-check against empty packages, only to learn which identifiers
	// name which imported package; the errors that follow are ignored.
	info := &types.Info{Uses: map[*ast.Ident]types.Object{}}
	conf := types.Config{
		Importer: importerFunc(func(p string) (*types.Package, error) {
			pkg := types.NewPackage(p, guessName(p))
			pkg.MarkComplete()
			return pkg, nil
		}),
		Error: func(error) {},
	}
	conf.Check(pkgPath, fset, files, info)
	for _, f := range files {
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.SelectorExpr:
				x, ok := n.X.(*ast.Ident)
				if !ok {
					return true
				}
				pn, ok := info.Uses[x].(*types.PkgName)
				if !ok {
					return true
				}
				switch name := n.Sel.Name; pn.Imported().Path() {
				case "math/rand/v2":
					if !slices.Contains(randAllowed, name) {
						report(n.Pos(), "%s.%s draws from the global source of math/rand/v2; use rules.Rand", x.Name, name)
					}
				case "fmt":
					if slices.Contains(fmtIO, name) {
						report(n.Pos(), "%s.%s does I/O", x.Name, name)
					}
				}
			case *ast.CallExpr:
				if id, ok := n.Fun.(*ast.Ident); ok {
					if _, ok := info.Uses[id].(*types.Builtin); ok && (id.Name == "print" || id.Name == "println") {
						report(n.Pos(), "%s does I/O", id.Name)
					}
				}
			}
			return true
		})
	}
	return problems
}

// importProblem says why package pkgPath may not import p, or is "".
func importProblem(pkgPath, p string) string {
	if why, ok := forbidden[p]; ok {
		return why
	}
	for _, tree := range forbiddenTrees {
		if strings.HasPrefix(p, tree+"/") {
			return forbidden[tree]
		}
	}
	if first, _, _ := strings.Cut(p, "/"); strings.Contains(first, ".") {
		if p != rulesPath && !strings.HasPrefix(p, rulesPath+"/") {
			return "is outside the standard library and package rules"
		}
	}
	if (p == "testing" || strings.HasPrefix(p, "testing/")) && pkgPath != rulesPath+"/rulestest" {
		return "only package rulestest may import testing"
	}
	return ""
}

type importerFunc func(path string) (*types.Package, error)

func (f importerFunc) Import(path string) (*types.Package, error) { return f(path) }

var majorVersion = regexp.MustCompile(`^v[0-9]+$`)

// guessName returns the package name an import path most likely declares.
func guessName(p string) string {
	elems := strings.Split(p, "/")
	name := elems[len(elems)-1]
	if majorVersion.MatchString(name) && len(elems) > 1 {
		name = elems[len(elems)-2]
	}
	return name
}

// pkg is one package under rules.
type pkg struct {
	path  string // import path
	fset  *token.FileSet
	files []*ast.File
}

// rulesPackages parses the non-test files of every package under rules,
// the directory this test runs in.
func rulesPackages(t *testing.T) []pkg {
	t.Helper()
	fset := token.NewFileSet()
	byKey := map[string]*pkg{}
	var keys []string
	err := filepath.WalkDir(".", func(file string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		name := d.Name()
		if d.IsDir() {
			if file != "." && (name == "testdata" || strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_")) {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, file, nil, parser.ParseComments)
		if err != nil {
			return err
		}
		dir := filepath.ToSlash(filepath.Dir(file))
		key := dir + " " + f.Name.Name
		p := byKey[key]
		if p == nil {
			p = &pkg{path: path.Join(rulesPath, dir), fset: fset}
			byKey[key] = p
			keys = append(keys, key)
		}
		p.files = append(p.files, f)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	var pkgs []pkg
	for _, k := range keys {
		pkgs = append(pkgs, *byKey[k])
	}
	if len(pkgs) < 2 {
		t.Fatalf("found %d packages under rules, want rules itself and more", len(pkgs))
	}
	return pkgs
}

// TestPure checks that no package under rules reads the clock, does I/O,
// draws randomness outside the seed or leaves the standard library.
func TestPure(t *testing.T) {
	for _, p := range rulesPackages(t) {
		for _, problem := range checkPackage(p.fset, p.path, p.files) {
			t.Errorf("package %s: %s", p.path, problem)
		}
	}
}

// TestPackageDocs checks that every package under rules says what it is.
func TestPackageDocs(t *testing.T) {
	for _, p := range rulesPackages(t) {
		if !slices.ContainsFunc(p.files, func(f *ast.File) bool { return f.Doc != nil && strings.TrimSpace(f.Doc.Text()) != "" }) {
			t.Errorf("package %s has no package doc comment", p.path)
		}
	}
}

func TestCheckPackage(t *testing.T) {
	tests := []struct {
		name  string
		path  string   // default rules/game
		files []string // sources
		want  []string // in the problems, in order; none means no problem
	}{
		{name: "time", files: []string{`package game; import "time"; var _ = time.Now`}, want: []string{`import "time": reads the clock`}},
		{name: "os", files: []string{`package game; import "os"`}, want: []string{`import "os": does I/O`}},
		{name: "os/exec", files: []string{`package game; import "os/exec"`}, want: []string{`import "os/exec": does I/O`}},
		{name: "net", files: []string{`package game; import "net"`}, want: []string{`import "net"`}},
		{name: "net/http", files: []string{`package game; import "net/http"`}, want: []string{`import "net/http": does I/O`}},
		{name: "math/rand", files: []string{`package game; import "math/rand"`}, want: []string{`import "math/rand": draws global randomness`}},
		{name: "crypto/rand", files: []string{`package game; import "crypto/rand"`}, want: []string{`import "crypto/rand"`}},
		{name: "unsafe", files: []string{`package game; import "unsafe"`}, want: []string{`import "unsafe"`}},
		{name: "syscall", files: []string{`package game; import "syscall"`}, want: []string{`import "syscall"`}},
		{name: "io/ioutil", files: []string{`package game; import "io/ioutil"`}, want: []string{`import "io/ioutil"`}},
		{name: "log", files: []string{`package game; import "log/slog"`}, want: []string{`import "log/slog"`}},
		{name: "third party", files: []string{`package game; import "github.com/x/y"`}, want: []string{`import "github.com/x/y": is outside the standard library`}},
		{name: "x repo", files: []string{`package game; import "golang.org/x/exp/slices"`}, want: []string{`import "golang.org/x/exp/slices"`}},
		{name: "rest of the module", files: []string{`package game; import "` + path.Dir(rulesPath) + `/events"`}, want: []string{`/events": is outside`}},
		{name: "rules look-alike", files: []string{`package game; import "` + rulesPath + `x"`}, want: []string{`x": is outside`}},
		{name: "testing", files: []string{`package game; import "testing"`}, want: []string{`import "testing": only package rulestest may import testing`}},
		{name: "testing in rulestest", path: rulesPath + "/rulestest", files: []string{`package rulestest; import "testing"; var _ testing.T`}},
		{name: "allowed", files: []string{`package game
import (
	"fmt"
	"math/rand/v2"
	"sort"
	"` + rulesPath + `"
	"` + rulesPath + `/rulestest/nim"
)
var r = rand.New(rand.NewPCG(1, 2))
var n = r.IntN(6)
var s = fmt.Sprintf("%d", n)
var _ rules.Seat
var _ nim.Game
var _ = sort.Ints
`}},
		{name: "global rand", files: []string{`package game
import "math/rand/v2"
func roll() int { return rand.IntN(6) }
`}, want: []string{`rand.IntN draws from the global source`}},
		{name: "global rand aliased", files: []string{`package game
import r "math/rand/v2"
func shuffle(xs []int) { r.Shuffle(len(xs), func(i, j int) { xs[i], xs[j] = xs[j], xs[i] }) }
`}, want: []string{`r.Shuffle draws from the global source`}},
		{name: "global rand generic", files: []string{`package game
import "math/rand/v2"
var x = rand.N[int](10)
var y = rand.Int()
`}, want: []string{`rand.N draws`, `rand.Int draws`}},
		{name: "dot import", files: []string{`package game; import . "math/rand/v2"; var x = IntN(3)`}, want: []string{`dot import of "math/rand/v2"`}},
		{name: "local rand", files: []string{`package game
import (
	"math/rand/v2"
	"` + rulesPath + `"
)
var src = rand.NewPCG(1, 2)
func roll(seed rules.Seed) int {
	rand := rules.NewRand(seed, "dice")
	return rand.IntN(6)
}
`}},
		{name: "package-level rand in another file", files: []string{
			`package game; import "` + rulesPath + `"; var rand = rules.NewRand(rules.Seed{}, "x")`,
			`package game; func roll() int { return rand.IntN(6) }`,
		}},
		{name: "printing", files: []string{`package game
import "fmt"
func f() { fmt.Println("hi"); println("hi"); _ = fmt.Sprint(1) }
`}, want: []string{`fmt.Println does I/O`, `println does I/O`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			pkgPath := tt.path
			if pkgPath == "" {
				pkgPath = rulesPath + "/game"
			}
			fset := token.NewFileSet()
			var files []*ast.File
			for i, src := range tt.files {
				f, err := parser.ParseFile(fset, fmt.Sprintf("file%d.go", i), src, parser.ParseComments)
				if err != nil {
					t.Fatal(err)
				}
				files = append(files, f)
			}
			got := checkPackage(fset, pkgPath, files)
			if len(got) != len(tt.want) {
				t.Fatalf("checkPackage(%s) = %q, want %d problems like %q", pkgPath, got, len(tt.want), tt.want)
			}
			for i, w := range tt.want {
				if !strings.Contains(got[i], w) {
					t.Errorf("checkPackage(%s) problem %d = %q, want it to say %q", pkgPath, i, got[i], w)
				}
			}
		})
	}
}

// TestMapWords: each word as the function writes it, the spaces between
// (runs of them, tabs, ends) made single.
func TestMapWords(t *testing.T) {
	upper := func(w string) string { return strings.ToUpper(w) }
	for in, want := range map[string]string{
		"claim orange rows": "CLAIM ORANGE ROWS",
		"  e5\t x2 ":        "E5 X2",
		"":                  "",
	} {
		if got := rules.MapWords(in, upper); got != want {
			t.Errorf("MapWords(%q) = %q, want %q", in, got, want)
		}
	}
}
