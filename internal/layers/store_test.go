package layers

import (
	"go/ast"
	"go/parser"
	"go/token"
	"slices"
	"strconv"
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
