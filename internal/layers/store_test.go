package layers

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// escapeHatches are the methods of events.Store that reach past it to
// the NATS it is built on; everything else asks the store through its
// interfaces (events/jobs.go).
var escapeHatches = []string{"JetStream", "Conn", "Server", "Replicas"}

// mayReachPast are the packages whose non-test files may call them: the
// store itself, and the benchmark, which measures raw JetStream beside
// it.
var mayReachPast = []string{"events", "internal/bench"}

// TestStoreEscapeHatches fails when a non-test file of a package other
// than those in mayReachPast, one that imports events, calls one of the
// escape hatches: a health report, a read model or a command that needs
// something of JetStream asks the store for it by a method of its own.
// The scan reads the source, not the types, so a method of the same name
// on another type in such a file counts too: rename it.
func TestStoreEscapeHatches(t *testing.T) {
	found := 0
	eachSource(t, func(pkg, path string) error {
		if slices.Contains(mayReachPast, pkg) {
			return nil
		}
		calls, imports, err := hatchCalls(path)
		if err != nil {
			return err
		}
		if imports {
			found++
		}
		for _, c := range calls {
			t.Errorf("%s calls %s of the store: ask the store by a method of its interfaces instead", c, c.name)
		}
		return nil
	})
	if found < 10 {
		t.Fatalf("scanned %d files that import events, want the module's", found)
	}
}

// hatchCall is a call of an escape hatch, where it is.
type hatchCall struct {
	pos  token.Position
	name string
}

func (c hatchCall) String() string { return c.pos.String() }

// hatchCalls returns the calls x.M() of the escape hatches M in the Go
// file at path, and whether it imports events: a file that does not is
// not looked at.
func hatchCalls(path string) ([]hatchCall, bool, error) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
	if err != nil {
		return nil, false, err
	}
	if !importsEvents(f) {
		return nil, false, nil
	}
	var calls []hatchCall
	ast.Inspect(f, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok || len(call.Args) != 0 {
			return true
		}
		if sel, ok := call.Fun.(*ast.SelectorExpr); ok && slices.Contains(escapeHatches, sel.Sel.Name) {
			calls = append(calls, hatchCall{pos: fset.Position(call.Pos()), name: sel.Sel.Name})
		}
		return true
	})
	return calls, true, nil
}

func importsEvents(f *ast.File) bool {
	for _, spec := range f.Imports {
		if p, _ := strconv.Unquote(spec.Path.Value); p == module+"events" {
			return true
		}
	}
	return false
}

// natsModule is where the NATS client and server come from; only the
// store's packages (and the benchmark) may import them, so that no NATS
// type crosses events: the other packages hold the store's own
// interfaces (events/jobs.go, events/kv.go) and match its own errors.
const natsModule = "github.com/nats-io/"

// constructionSites are where the concrete store (events.Store) may be
// named outside the store's packages and the benchmark: a package, or a
// function of one ("pkg.Func"). They open the store and close it; every
// other part, the command service included, holds an interface of the
// store's jobs.
var constructionSites = []string{"cmd/pbem", "internal/postoffice.OpenStore"}

// storeOwn reports whether pkg is the store or a part that may reach
// past it (the benchmark).
func storeOwn(pkg string) bool {
	return pkg == "events" || strings.HasPrefix(pkg, "events/") || slices.Contains(mayReachPast, pkg)
}

// TestStoreKeptInside fails when a non-test file outside the store's
// packages and the benchmark imports NATS, or names the concrete store
// (events.Store) anywhere but at a construction site: a part that needs
// the store takes the interface of the job it does.
func TestStoreKeptInside(t *testing.T) {
	scanned := 0
	eachSource(t, func(pkg, path string) error {
		if storeOwn(pkg) {
			return nil
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		bad, err := storeLeaks(pkg, path, src)
		if err != nil {
			return err
		}
		scanned++
		for _, b := range bad {
			t.Error(b)
		}
		return nil
	})
	if scanned < 100 {
		t.Fatalf("scanned %d files outside the store, want the module's", scanned)
	}
}

// TestStoreLeaks holds the scan of TestStoreKeptInside to what it must
// find, so that a scan that finds nothing is not taken for a clean tree.
func TestStoreLeaks(t *testing.T) {
	tests := []struct {
		pkg, src string
		want     int
	}{
		{"mail", "package mail\nimport \"github.com/nats-io/nats.go/jetstream\"\nvar _ jetstream.KeyValue", 1},
		{"mail", "package mail\nimport nats \"github.com/nats-io/nats-server/v2/server\"\nvar _ *nats.Server", 1},
		{"games", "package games\nimport \"github.com/pbem-games/pbem/events\"\ntype Service struct{ Store *events.Store }", 1},
		{"web", "package web\nimport ev \"github.com/pbem-games/pbem/events\"\nfunc f(s *ev.Store) {}", 1},
		{"internal/postoffice", "package postoffice\nimport \"github.com/pbem-games/pbem/events\"\nfunc Start(s *events.Store) {}", 1},
		{"internal/postoffice", "package postoffice\nimport \"github.com/pbem-games/pbem/events\"\nfunc OpenStore() (*events.Store, error) { return nil, nil }", 0},
		{"cmd/pbem", "package main\nimport \"github.com/pbem-games/pbem/events\"\ntype env struct{ store *events.Store }", 0},
		{"games", "package games\nimport \"github.com/pbem-games/pbem/events\"\ntype Service struct{ Store events.Jobs }", 0},
		{"games", "package games\nimport \"github.com/pbem-games/pbem/events\"\n// events.Store in a comment is no use of it\nvar _ events.Log", 0},
	}
	for _, tt := range tests {
		got, err := storeLeaks(tt.pkg, "x.go", []byte(tt.src))
		if err != nil {
			t.Fatalf("storeLeaks(%s, %q): %v", tt.pkg, tt.src, err)
		}
		if len(got) != tt.want {
			t.Errorf("storeLeaks(%s, %q) = %q, want %d finds", tt.pkg, tt.src, got, tt.want)
		}
	}
}

// storeLeaks returns what the Go source src of package pkg, at path,
// imports of NATS, and where it names the concrete store outside a
// construction site.
func storeLeaks(pkg, path string, src []byte) ([]string, error) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, path, src, parser.SkipObjectResolution)
	if err != nil {
		return nil, err
	}
	var bad []string
	events := "" // the name events is imported as in the file
	for _, spec := range f.Imports {
		p, _ := strconv.Unquote(spec.Path.Value)
		if strings.HasPrefix(p, natsModule) {
			bad = append(bad, fmt.Sprintf("%s imports %s: NATS stays inside events; use the store's interfaces and errors", fset.Position(spec.Pos()), p))
		}
		if p == module+"events" {
			events = "events"
			if spec.Name != nil {
				events = spec.Name.Name
			}
		}
	}
	if events == "" || slices.Contains(constructionSites, pkg) {
		return bad, nil
	}
	for _, decl := range f.Decls {
		site := pkg
		if fn, ok := decl.(*ast.FuncDecl); ok && fn.Recv == nil {
			site = pkg + "." + fn.Name.Name
		}
		if slices.Contains(constructionSites, site) {
			continue
		}
		ast.Inspect(decl, func(n ast.Node) bool {
			sel, ok := n.(*ast.SelectorExpr)
			if !ok || sel.Sel.Name != "Store" {
				return true
			}
			if id, ok := sel.X.(*ast.Ident); ok && id.Name == events {
				bad = append(bad, fmt.Sprintf("%s names the concrete store (%s.Store) outside a construction site: take the interface of the store's job (events/jobs.go)", fset.Position(sel.Pos()), events))
			}
			return true
		})
	}
	return bad, nil
}
