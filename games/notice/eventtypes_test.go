package notice

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/pbem-games/pbem/events"
	"github.com/pbem-games/pbem/projections"
	"github.com/pbem-games/pbem/rules"
	"github.com/pbem-games/pbem/rules/atacama"
)

// sources parses the Go files of dir that are not tests.
func sources(t *testing.T, dir string) []*ast.File {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		t.Fatal(err)
	}
	var out []*ast.File
	fset := token.NewFileSet()
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, f)
	}
	return out
}

// declaredTypes reads the event types the events package declares (its
// constants named Type…) from its source, so a type added there is seen
// here without anyone listing it twice.
func declaredTypes(t *testing.T) map[string]string {
	t.Helper()
	out := map[string]string{}
	for _, f := range sources(t, filepath.Join("..", "..", "events")) {
		for _, d := range f.Decls {
			gd, ok := d.(*ast.GenDecl)
			if !ok || gd.Tok != token.CONST {
				continue
			}
			for _, spec := range gd.Specs {
				vs := spec.(*ast.ValueSpec)
				for i, id := range vs.Names {
					lit, ok := valueAt(vs, i).(*ast.BasicLit)
					if !strings.HasPrefix(id.Name, "Type") || !ok || lit.Kind != token.STRING {
						continue
					}
					out[id.Name], _ = strconv.Unquote(lit.Value)
				}
			}
		}
	}
	if len(out) == 0 {
		t.Fatal("found no event types in ../events")
	}
	return out
}

func valueAt(vs *ast.ValueSpec, i int) ast.Expr {
	if i < len(vs.Values) {
		return vs.Values[i]
	}
	return nil
}

// TestEveryEventType fails when an event type is half-added: declared in
// events but missing from eventTypes (so nobody would hear of it and no
// sentence tell it), its payload not the type named after it, or no case
// for it in the fold. The render matrix (TestRenderMatrix) then proves
// that every type's notices render for every kind of recipient.
func TestEveryEventType(t *testing.T) {
	declared := declaredTypes(t)
	seen := map[string]bool{}
	for constName, typ := range declared {
		seen[typ] = true
		et, ok := eventTypes[typ]
		switch {
		case !ok:
			t.Errorf("events.%s (%q) has no entry in eventTypes: no notice decision, no description", constName, typ)
			continue
		case et.hear == nil || et.describe == nil:
			t.Errorf("eventTypes[%q] lacks its notice decision or its description", typ)
		case et.payload.Name() != typ || et.payload.PkgPath() != "github.com/pbem-games/pbem/events":
			t.Errorf("eventTypes[%q] decodes a %s, want events.%s", typ, et.payload, typ)
		}
		if typ == events.TypeGameCreated {
			continue // projections.Start folds it, and only it
		}
		if err := foldZero(t, typ); err != nil && strings.Contains(err.Error(), "unknown event type") {
			t.Errorf("the fold has no case for %q: %v", typ, err)
		}
	}
	for typ := range eventTypes {
		if !seen[typ] {
			t.Errorf("eventTypes has %q, which events does not declare", typ)
		}
	}
}

// foldZero folds an event of type typ with an empty payload into a new
// game: it may well be refused, but not as a type the fold does not know.
func foldZero(t *testing.T, typ string) error {
	t.Helper()
	seed := rules.SeedFromInt(1)
	at := time.Date(2026, 12, 1, 9, 0, 0, 0, time.UTC)
	created, err := events.New(events.TypeGameCreated, events.SystemActor, at, events.GameCreated{
		Game: "atacama", Variants: []string{}, Commitment: seed.Commitment(),
		Players: []events.Player{{Seat: 0, Name: "Ana"}, {Seat: 1, Name: "Bea"}},
	})
	if err != nil {
		t.Fatal(err)
	}
	created = created.Seal("g", 1, "")
	g, err := projections.Start(rules.NewCatalog(atacama.Game), created, seed)
	if err != nil {
		t.Fatal(err)
	}
	e, err := events.New(typ, events.SystemActor, at, struct{}{})
	if err != nil {
		t.Fatal(err)
	}
	return g.Apply(e.Seal("g", 2, g.Hash))
}
