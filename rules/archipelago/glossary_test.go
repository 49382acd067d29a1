package archipelago

import (
	"testing"
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
