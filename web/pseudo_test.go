package web_test

import (
	"html"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/pbem-games/pbem/catalog"
	"github.com/pbem-games/pbem/catalog/all"
	"github.com/pbem-games/pbem/lang"
	langall "github.com/pbem-games/pbem/lang/all"
	"github.com/pbem-games/pbem/lang/pseudo"
	"github.com/pbem-games/pbem/rules"
	"github.com/pbem-games/pbem/rules/altiplano"
	"github.com/pbem-games/pbem/rules/archipelago"
)

// pageWord is a run of letters on a page, outside a token with digits.
var pageWord = regexp.MustCompile(`\b\p{L}{2,}\b`)

// pageAllowed are what a page may write outside the catalog: addresses,
// web addresses, long hex (commitments, keys), file names, times' zones.
var pageAllowed = regexp.MustCompile(`[\w.+-]+@[\w.-]+|https?://\S+|\b[0-9a-f]{16,}\b|v2:[0-9a-f]+|ed25519:\S+|[\w/-]+\.(jsonl|png|txt|md)\b|\bUTC\b`)

// TestPseudoLanguagePage reads each game's page, as a seat and as an
// observer, in the pseudo-language (?lang=qps): no word on it is outside
// ⟦…⟧ but names, ids, addresses and the moves' notation, so no string of
// the page bypasses the catalog.
func TestPseudoLanguagePage(t *testing.T) {
	langs, err := lang.New(append(langall.Packs(), pseudo.Pack())...)
	if err != nil {
		t.Fatal(err)
	}
	offered, err := catalog.NewIn(langs, all.Games()...)
	if err != nil {
		t.Fatal(err)
	}
	f := newFixtureOf(t, offered)
	// pbem's name and its command line (pbem verify --file), the
	// players' names, the words of the moves' notation.
	allowed := append([]string{"pbem", "verify", "file"}, playerNames...)
	allowed = append(allowed, altiplano.Words()...)
	allowed = append(allowed, archipelago.Words()...)
	for _, name := range offered.Names() {
		g, _ := offered.Game(name)
		allowed = append(allowed, name, g.Rules.Info().Title)
		for _, v := range g.Rules.Info().Variants {
			allowed = append(allowed, v.Name)
		}
	}
	found := map[string]int{}
	where := map[string]string{}
	for _, tb := range tables {
		g, _ := f.game(t, tb.name, 0)
		for _, seat := range []rules.Seat{1, rules.Observer} {
			link := f.link(t, tb.name, seat)
			_, body := getWith(t, link+"?lang="+pseudo.Tag, "")
			text := regexp.MustCompile(`(?s)<style.*?</style>|<script.*?</script>|<[^>]*>`).ReplaceAllString(body, " ")
			text = pageAllowed.ReplaceAllString(unwrapped(html.UnescapeString(text)), " ")
			for _, w := range pageWord.FindAllString(text, -1) {
				if w == g.ID || slices.ContainsFunc(allowed, func(a string) bool { return strings.EqualFold(a, w) }) {
					continue
				}
				if found[w]++; found[w] == 1 {
					i := strings.Index(text, w)
					where[w] = tb.name + ": …" + strings.Join(strings.Fields(text[max(0, i-50):min(len(text), i+50)]), " ") + "…"
				}
			}
		}
	}
	for w, n := range found {
		if _, ok := knownOnPages[w]; !ok {
			t.Errorf("%q outside the catalog, %d times; first on %s", w, n, where[w])
		}
	}
	for w, why := range knownOnPages {
		if found[w] == 0 {
			t.Errorf("%q is no longer found (%s): take it off knownOnPages", w, why)
		}
	}
}

// knownOnPages are the words the test finds outside the catalog and
// that are not mended yet, each with where it comes from; one no longer
// found fails the test, so the list stays true.
var knownOnPages = map[string]string{}

// unwrapped returns s without what the marks hold.
func unwrapped(s string) string {
	var b strings.Builder
	depth := 0
	for _, c := range s {
		switch {
		case string(c) == pseudo.Open:
			depth++
			b.WriteRune(' ')
		case string(c) == pseudo.Close && depth > 0:
			depth--
		case depth == 0:
			b.WriteRune(c)
		}
	}
	return b.String()
}
