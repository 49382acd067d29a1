package pseudo_test

import (
	"strings"
	"testing"

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

// TestTexts: the pseudo-language has a text for every English one, its
// plural forms wrapped too.
func TestTexts(t *testing.T) {
	p := pseudo.Pack()
	if texts := p.Texts; len(texts) != len(en.Pack().Texts) {
		t.Errorf("%d texts, want English's %d", len(texts), len(en.Pack().Texts))
	}
	if pl, ok := p.Texts["note.open"].(lang.Plural); !ok || len(pl.Cases) != 2 || pl.Cases[0] != "other" || !strings.Contains(pl.Cases[1].(string), "⟦") {
		t.Errorf("note.open = %#v, want its forms wrapped", p.Texts["note.open"])
	}
}
