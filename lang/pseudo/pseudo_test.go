package pseudo_test

import (
	"io/fs"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/pbem-games/pbem/lang"
	"github.com/pbem-games/pbem/lang/en"
	"github.com/pbem-games/pbem/lang/pseudo"
)

// TestText wraps the words of a format between its verbs, and nothing else.
func TestText(t *testing.T) {
	for in, want := range map[string]string{
		"%[1]s placed a rig on %[2]s.": "%[1]s⟦ placed a rig on ⟧%[2]s.",
		"%[1]s, %[2]s":                 "%[1]s, %[2]s",
		"sep,":                         "⟦sep,⟧",
		"%d%%":                         "%d%%",
		"Mon":                          "⟦Mon⟧",
	} {
		if got := pseudo.Text(in); got != want {
			t.Errorf("Text(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestTemplates wraps a template's words, not its actions, tags,
// entities or style sheet, and every English template has its
// pseudo-language twin.
func TestTemplates(t *testing.T) {
	p := pseudo.Pack()
	eng, _ := fs.Glob(en.Pack().Templates, "*.tmpl")
	got, _ := fs.Glob(p.Templates, "*.tmpl")
	if len(got) != len(eng) || len(eng) == 0 {
		t.Fatalf("%d templates, want %d", len(got), len(eng))
	}
	src := `{{define "x.html"}}<style>p { color: red }</style><p class="a">It is &ldquo;your&rdquo; turn, {{.Name}}.</p>{{end}}`
	fsys, err := pseudo.Templates(fstest.MapFS{"x.html.tmpl": &fstest.MapFile{Data: []byte(src)}})
	if err != nil {
		t.Fatal(err)
	}
	b, _ := fs.ReadFile(fsys, "x.html.tmpl")
	want := `{{define "x.html"}}<style>p { color: red }</style><p class="a">⟦It is⟧ &ldquo;⟦your⟧&rdquo; ⟦turn,⟧ {{.Name}}.</p>{{end}}`
	if string(b) != want {
		t.Errorf("Templates:\n got %s\nwant %s", b, want)
	}
	if texts := p.Texts; len(texts) != len(en.Pack().Texts) {
		t.Errorf("%d texts, want English's %d", len(texts), len(en.Pack().Texts))
	}
	if pl, ok := p.Texts["note.open"].(lang.Plural); !ok || len(pl.Cases) != 2 || pl.Cases[0] != "other" || !strings.Contains(pl.Cases[1].(string), "⟦") {
		t.Errorf("note.open = %#v, want its forms wrapped", p.Texts["note.open"])
	}
}
