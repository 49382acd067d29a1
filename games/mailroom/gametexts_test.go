package mailroom_test

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/pbem-games/pbem/rules"
	"github.com/pbem-games/pbem/rules/altiplano"
	"github.com/pbem-games/pbem/rules/atacama"
	"github.com/pbem-games/pbem/templates/words"
)

// gameFormats plays random games of g with each setup and gathers the
// formats of every phrase the game says: its board's lines for each seat,
// how to write a move, what each move did, and why the rules refuse the
// mistaken moves of bad.
func gameFormats(t *testing.T, g rules.Game, setups []rules.Setup, bad []string) map[string]bool {
	t.Helper()
	formats := map[string]bool{}
	add := func(p rules.Phrase) {
		for _, f := range p.Formats() {
			formats[f] = true
		}
	}
	for i, setup := range setups {
		st, err := g.Start(setup)
		if err != nil {
			t.Fatal(err)
		}
		r := rand.New(rand.NewPCG(uint64(i), 7))
		for n := 0; n < 400; n++ {
			for s := rules.Observer; int(s) < setup.Seats; s++ {
				if pv, ok := st.View(s).(rules.PhrasedView); ok {
					for _, l := range pv.TextLines().Lines {
						add(l)
					}
				}
			}
			if _, over := st.Result(); over {
				break
			}
			seat := st.ToAct()[0]
			pg, _ := st.(rules.PhrasedGuide)
			if pg != nil {
				add(pg.MoveSyntaxPhrase(seat))
			}
			for _, b := range bad {
				for _, s := range []rules.Seat{seat, (seat + 1) % rules.Seat(setup.Seats)} {
					mv, err := st.Parse(s, b)
					if err == nil {
						_, err = st.Apply(s, mv)
					}
					if p, ok := err.(rules.Phrased); ok {
						add(p.Phrase())
					}
				}
			}
			legal := st.Legal(seat)
			mv := legal[r.IntN(len(legal))]
			if pg != nil {
				add(pg.DescribePhrase(seat, mv.String()))
			}
			if st, err = st.Apply(seat, mv); err != nil {
				t.Fatal(err)
			}
		}
	}
	return formats
}

// TestGameTextsInCatalog: every phrase Atacama says (its board's lines,
// how to write a move, what a move did, why a move is refused) has a text
// in every language of the catalog, so a reader of Chinese reads the game
// in Chinese too.
func TestGameTextsInCatalog(t *testing.T) {
	seats := func(n int, variants ...string) rules.Setup {
		return rules.Setup{Seats: n, Variants: variants, Seed: rules.SeedFromInt(uint64(n))}
	}
	formats := gameFormats(t, atacama.Game, []rules.Setup{seats(2), seats(2, atacama.Enhanced, atacama.Tactical), seats(3), seats(4, atacama.Tactical)},
		[]string{"E5", "E5*", "A1", "Z9", "E55", "FROB", "PASS", "CLAIM TURQUOISE COLUMNS", "CLAIM PINK", ""})
	if len(formats) < 30 {
		t.Fatalf("Atacama says %d phrases, want its whole vocabulary", len(formats))
	}
	checkFormats(t, "Atacama", formats)

	// Altiplano says how to write a move and what a move did so; its board
	// and its refusals are still English.
	formats = gameFormats(t, altiplano.Game, []rules.Setup{seats(2), seats(4)}, nil)
	if len(formats) < 20 {
		t.Fatalf("Altiplano says %d phrases, want its guide's vocabulary", len(formats))
	}
	checkFormats(t, "Altiplano", formats)
}

// checkFormats fails for every format with words of its own that a
// language of the catalog has no text for.
func checkFormats(t *testing.T, game string, formats map[string]bool) {
	t.Helper()
	var missing []string
	for f := range formats {
		if !strings.ContainsFunc(strings.ReplaceAll(f, "%s", ""), func(r rune) bool { return r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' }) {
			continue // "%s, %s": no words of its own
		}
		for _, lang := range words.Languages() {
			if !words.Has(lang, f) {
				missing = append(missing, lang+": "+f)
			}
		}
	}
	slices.Sort(missing)
	if len(missing) > 0 {
		t.Errorf("%d phrases of %s have no text:\n%s", len(missing), game, strings.Join(missing, "\n"))
	}
}
