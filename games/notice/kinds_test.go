package notice

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/pbem-games/pbem/mail"
	"github.com/pbem-games/pbem/templates"
)

// TestEveryNoticeKind fails when a notice kind is half added: a kind of
// mail the templates write (templates.Kinds) that no Kind constant here
// names, so the policy can never give it, or a Kind constant that names
// something other than a templates kind.
func TestEveryNoticeKind(t *testing.T) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "notices.go", nil, parser.SkipObjectResolution)
	if err != nil {
		t.Fatal(err)
	}
	named := map[string]string{} // templates constant → the Kind constant naming it
	for _, d := range f.Decls {
		gd, ok := d.(*ast.GenDecl)
		if !ok || gd.Tok != token.CONST {
			continue
		}
		for _, s := range gd.Specs {
			vs := s.(*ast.ValueSpec)
			for i, n := range vs.Names {
				if !strings.HasPrefix(n.Name, "Kind") || i >= len(vs.Values) {
					continue
				}
				call, ok := vs.Values[i].(*ast.CallExpr)
				sel, ok2 := (*ast.SelectorExpr)(nil), false
				if ok && len(call.Args) == 1 {
					sel, ok2 = call.Args[0].(*ast.SelectorExpr)
				}
				if !ok2 || sel.X.(*ast.Ident).Name != "templates" {
					t.Errorf("%s is not string(templates.<Kind>)", n.Name)
					continue
				}
				named[sel.Sel.Name] = n.Name
			}
		}
	}
	tf, err := parser.ParseFile(fset, filepath.Join("..", "..", "templates", "kind.go"), nil, parser.SkipObjectResolution)
	if err != nil {
		t.Fatal(err)
	}
	var declared []string // the templates' Kind constants
	ast.Inspect(tf, func(n ast.Node) bool {
		if vs, ok := n.(*ast.ValueSpec); ok {
			if id, ok := vs.Type.(*ast.Ident); ok && id.Name == "Kind" {
				for _, name := range vs.Names {
					declared = append(declared, name.Name)
				}
			}
		}
		return true
	})
	if len(declared) != len(templates.Kinds()) {
		t.Fatalf("templates/kind.go declares %d Kind constants, templates.Kinds lists %d", len(declared), len(templates.Kinds()))
	}
	for _, k := range declared {
		if named[k] == "" {
			t.Errorf("the templates write a %s mail that no Kind constant of games/notice names: add Kind%s and the policy that gives it", k, k)
		}
	}
	for k, c := range named {
		if !slices.Contains(declared, k) {
			t.Errorf("%s names templates.%s, which is not a Kind of the templates", c, k)
		}
	}
}

// TestProbeKind: the mail side makes the probe (mail.KindProbe), the
// templates write it (templates.Probe): one kind.
func TestProbeKind(t *testing.T) {
	if KindProbe != mail.KindProbe {
		t.Errorf("notice.KindProbe = %q, mail.KindProbe = %q: want one kind", KindProbe, mail.KindProbe)
	}
}
