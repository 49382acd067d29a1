package all_test

import (
	"slices"
	"testing"

	"github.com/pbem-games/pbem/games/commands"
	"github.com/pbem-games/pbem/lang"
	"github.com/pbem-games/pbem/lang/all"
)

// TestEveryPackIsWhole fails while a language pbem speaks is half added:
// a reader cannot name it after LANG, or it lacks its words for a
// command, a keyword inside one, or a word of DEADLINE or a weekday. (Its texts are checked by templates/words
// TestComplete, each game's words by catalog/all TestCatalog.)
func TestEveryPackIsWhole(t *testing.T) {
	packs := all.Packs()
	deadline := []string{"reminder", "grace", "vacation", "timeouts", "off", "mon", "tue", "wed", "thu", "fri", "sat", "sun"}
	for _, p := range packs {
		if p.Tag == lang.Fallback {
			continue
		}
		named := false
		for _, tag := range p.Names {
			named = named || tag == p.Tag
		}
		if !named {
			t.Errorf("%s: no name of its own for LANG", p.Tag)
		}
		for _, c := range commands.New() {
			if len(p.Commands[c.Word]) == 0 {
				t.Errorf("%s: no word for %s", p.Tag, c.Word)
			}
			for _, kw := range c.Keywords {
				if len(p.Keywords[kw]) == 0 {
					t.Errorf("%s: no word for %s's %s", p.Tag, c.Word, kw)
				}
			}
		}
		for _, w := range deadline {
			if !slices.ContainsFunc(values(p.Deadline), func(v string) bool { return v == w }) {
				t.Errorf("%s: no word of DEADLINE for %q", p.Tag, w)
			}
		}
	}
}

func values(m map[string]string) []string {
	var out []string
	for _, v := range m {
		out = append(out, v)
	}
	return out
}
