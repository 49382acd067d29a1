package letters

import (
	"bytes"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/pbem-games/pbem/games/locale"
	"github.com/pbem-games/pbem/mail"
	"github.com/pbem-games/pbem/rules"
	"github.com/pbem-games/pbem/rules/altiplano"
	"github.com/pbem-games/pbem/rules/archipelago"
	"github.com/pbem-games/pbem/rules/atacama"
)

// TestPictureInChinese: the board picture of each game, for a reader of
// Chinese, writes its words in Chinese (no run of three Latin letters but
// the game's title, its variants and the words of its moves' notation)
// and has a glyph for every character of every text, in the PNG's fonts
// and the SVG's.
func TestPictureInChinese(t *testing.T) {
	latin := regexp.MustCompile(`[A-Za-z]{3,}`)
	cat := offered()
	zh := locale.Of(cat.Words(), mail.Pref{Lang: "zh"})
	for _, c := range []struct {
		game     rules.Game
		variants []string
		notation []string
	}{
		{atacama.Game, nil, nil},
		{altiplano.Game, nil, altiplano.Words()},
		{archipelago.Game, []string{archipelago.Short}, archipelago.Words()},
	} {
		st, err := c.game.Start(rules.Setup{Seats: 3, Variants: c.variants, Seed: rules.SeedFromInt(7)})
		if err != nil {
			t.Fatal(err)
		}
		for range 12 {
			s := st.ToAct()[0]
			if st, err = st.Apply(s, st.Legal(s)[0]); err != nil {
				t.Fatal(err)
			}
		}
		allowed := []string{c.game.Info().Title, c.game.Info().Name}
		for _, v := range c.game.Info().Variants {
			allowed = append(allowed, v.Name)
		}
		p, err := cat.Draw(c.game.Info().Name, st.View(0), zh.Phrase)
		if err != nil {
			t.Fatal(err)
		}
		var svg bytes.Buffer
		if err := p.WriteSVG(&svg); err != nil {
			t.Fatal(err)
		}
		texts := p.Texts()
		if !hasHan(strings.Join(texts, "")) || !strings.Contains(svg.String(), "NotoSansCJKsc") {
			t.Errorf("%s: the picture has no Chinese", c.game.Info().Name)
		}
		for _, text := range texts {
			for _, w := range latin.FindAllString(text, -1) {
				if !slices.ContainsFunc(allowed, func(a string) bool { return strings.EqualFold(a, w) }) && !slices.Contains(c.notation, strings.ToUpper(w)) {
					t.Errorf("%s: the picture says %q in English: %q", c.game.Info().Name, w, text)
				}
			}
		}
		if m := p.MissingGlyphs(); len(m) > 0 {
			t.Errorf("%s: no glyph for %q", c.game.Info().Name, m)
		}
	}
}

func hasHan(s string) bool {
	return strings.ContainsFunc(s, func(r rune) bool { return r >= 0x4E00 && r <= 0x9FFF })
}
