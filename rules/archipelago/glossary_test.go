package archipelago

import (
	"regexp"
	"strings"
	"testing"

	"github.com/pbem-games/pbem/rules"
)

// TestChineseNames: a move that names a card, a resource or a color by
// its Chinese name in the glossary is the move that names it in English.
func TestChineseNames(t *testing.T) {
	s := start(t, 3)
	var cases [][2]string
	for _, c := range cards {
		cases = append(cases, [2]string{"CARD " + upper(c.name), "CARD " + chineseOf(t, c.name)})
	}
	cases = append(cases,
		[2]string{"OFFER BLUE 1 WOOD FOR 2 FLORINS", "OFFER 蓝色 1 木材 FOR 2 FLORINS"},
		[2]string{"HARVEST IRON E5", "HARVEST 铁 E5"},
		[2]string{"SELL FISH HOME", "SELL 鱼 HOME"},
		[2]string{"BUILD TEMPLE E5", "BUILD 神庙 E5"})
	for _, c := range cases {
		en, err := s.Parse(0, c[0])
		if err != nil {
			t.Fatalf("Parse(%q): %v", c[0], err)
		}
		text := c[1]
		zh, err := s.Parse(0, text)
		if err != nil || zh.String() != en.String() {
			t.Errorf("Parse(%q) = %v, %v, want %v", text, zh, err, en)
		}
	}
}

// TestGlossaryComplete: every card, region, trend, objective, resource,
// color and building has a Chinese name, and no two names share one.
func TestGlossaryComplete(t *testing.T) {
	var names []string
	for _, c := range cards {
		names = append(names, c.name)
	}
	for _, r := range regions {
		names = append(names, r.name)
	}
	for _, tr := range trends {
		names = append(names, tr.name)
	}
	for _, o := range objectives {
		names = append(names, o.name)
	}
	names = append(append(append(names, resNames[:]...), colors[:]...), buildNames[:]...)
	for _, n := range names {
		chineseOf(t, n)
	}
	seen := map[string]string{}
	for _, g := range Glossary {
		if other, ok := seen[g.Chinese]; ok {
			t.Errorf("%q and %q are both %s", other, g.English, g.Chinese)
		}
		seen[g.Chinese] = g.English
	}
}

func chineseOf(t *testing.T, english string) string {
	t.Helper()
	for _, g := range Glossary {
		if g.English == english {
			return g.Chinese
		}
	}
	t.Fatalf("the glossary has no %q", english)
	return ""
}

// TestChineseRoundTrip plays whole games and writes every legal move of
// every seat to act as a Chinese player writes it (MoveIn "zh"): no line
// holds an English word (cells such as F5 and hexagons such as 7A are
// names, not words), and each parses back to its move.
func TestChineseRoundTrip(t *testing.T) {
	english := regexp.MustCompile(`[A-Za-z]{2,}`)
	for _, setup := range []rules.Setup{
		{Seats: 3, Variants: []string{Short}, Seed: rules.SeedFromInt(29)},
		{Seats: 2, Variants: []string{Medium}, Seed: rules.SeedFromInt(30)},
	} {
		st, err := Game.Start(setup)
		if err != nil {
			t.Fatal(err)
		}
		r := rules.NewRand(rules.SeedFromInt(1), "zh")
		kinds := map[string]bool{}
		for len(st.ToAct()) > 0 {
			for _, seat := range st.ToAct() {
				for _, m := range st.Legal(seat) {
					zh := st.(rules.Translator).MoveIn("zh", m)
					if english.MatchString(zh) {
						t.Fatalf("MoveIn(zh, %s) = %q holds an English word", m, zh)
					}
					back, err := st.Parse(seat, zh)
					if err != nil || back.String() != m.String() {
						t.Fatalf("Parse(%q) = %v, %v; want %s", zh, back, err, m)
					}
					kinds[strings.Fields(m.String())[0]] = true
				}
			}
			to := st.ToAct()
			seat := to[r.IntN(len(to))]
			legal := st.Legal(seat)
			if st, err = st.Apply(seat, legal[r.IntN(len(legal))]); err != nil {
				t.Fatal(err)
			}
		}
		t.Logf("%+v: moves %v written", setup, len(kinds))
		if len(kinds) < 15 {
			t.Errorf("%+v: only moves %v were written", setup, kinds)
		}
	}
}
