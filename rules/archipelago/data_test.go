package archipelago

import (
	"strings"
	"testing"
)

// TestComponents checks the component data against the public facts and
// the house design described in docs/rules/archipelago.md.
func TestComponents(t *testing.T) {
	total := 0
	for _, n := range cubeSupply {
		total += n
	}
	if total != 82 {
		t.Errorf("%d cubes, want 82", total)
	}
	if portMarketTokens != 13 || templeCityTokens != 13 {
		t.Errorf("%d market/port and %d town/temple tokens, want 13 and 13", portMarketTokens, templeCityTokens)
	}
	if bankFlorins != 135 {
		t.Errorf("%d florins in the bank, want 135", bankFlorins)
	}
	if len(regions)+1 != 25 || len(cards) != 48 || len(trends) != 12 || len(objectives) != 30 {
		t.Errorf("counts: %d hexagons, %d cards, %d trends, %d objectives", len(regions)+1, len(cards), len(trends), len(objectives))
	}
	names := map[string]bool{}
	icons := [2][nRes]int{}
	for h, r := range regions {
		if names[r.name] {
			t.Errorf("two hexagons named %s", r.name)
		}
		names[r.name] = true
		for sd, f := range r.sides {
			n := 0
			for k, x := range f.icons {
				n += int(x)
				icons[sd][k] += int(x)
			}
			if len(f.edges) != 6 || strings.Trim(f.edges, "WFM") != "" || strings.Count(f.edges, "W") < 2 {
				t.Errorf("hexagon %d%s: edges %q, want six of W, F, M with two waters at least", h+1, sideLetter(int8(sd)), f.edges)
			}
			if n < 1 || n > 3 || f.huts() > 4 || f.huts() < 2 {
				t.Errorf("hexagon %d%s has %d icons and %d huts", h+1, sideLetter(int8(sd)), n, f.huts())
			}
		}
	}
	t.Logf("icons on side A %v, side B %v (fish, fruit, cattle, stone, wood, iron)", icons[0], icons[1])
	kinds := [2]int{}
	homes := [nRes]int{}
	red := [3]int{}
	events := 0
	for _, c := range cards {
		if names[c.name] {
			t.Errorf("name %s used twice", c.name)
		}
		names[c.name] = true
		kinds[c.kind]++
		homes[c.back.homeRes]++
		if c.costs[0] == skull || c.costs[3] != skull {
			t.Errorf("%s: costs %v, want a price first and the skull by the fourth turn", c.name, c.costs)
		}
		for i := 1; i < 4; i++ {
			if c.costs[i] != skull && c.costs[i] > c.costs[i-1] {
				t.Errorf("%s: costs %v rise", c.name, c.costs)
			}
			if c.costs[i-1] == skull && c.costs[i] != skull {
				t.Errorf("%s: costs %v go on after the skull", c.name, c.costs)
			}
		}
		if c.back.homePer < 5 || c.back.homePer > 8 || c.back.exportN < 1 || c.back.exportN > 3 {
			t.Errorf("%s: back %+v out of the designed ranges", c.name, c.back)
		}
		if c.back.event != evNone {
			events++
		}
		for i, r := range []bool{c.back.homeRed, c.back.exportRed, c.back.eventRed} {
			if r {
				red[i]++
			}
		}
		if c.back.eventRed && c.back.event == evNone {
			t.Errorf("%s: a red event zone without an event", c.name)
		}
		if effectText(&c) == "" {
			t.Errorf("%s has no effect", c.name)
		}
	}
	if kinds != [2]int{24, 24} {
		t.Errorf("%d progress cards and %d characters, want 24 each", kinds[0], kinds[1])
	}
	for r, n := range homes {
		if n != 8 {
			t.Errorf("%d backs have a domestic crisis of %s, want 8", n, resNames[r])
		}
	}
	if red != [3]int{5, 5, 5} {
		t.Errorf("red zones %v, want five of each", red)
	}
	t.Logf("%d backs carry an event", events)
	perLength := [3]int{}
	special := map[[2]int]int{}
	for _, o := range objectives {
		perLength[o.length]++
		special[[2]int{o.length, o.special}]++
		if names[o.name] {
			t.Errorf("name %s used twice", o.name)
		}
		names[o.name] = true
	}
	if perLength != [3]int{10, 10, 10} {
		t.Errorf("objectives by length %v, want 10 each", perLength)
	}
	for l := range 3 {
		if special[[2]int{l, separatist}] != 1 || special[[2]int{l, pacifist}] != 1 {
			t.Errorf("%s objectives: %d separatists and %d pacifists, want one each", lengthNames[l], special[[2]int{l, separatist}], special[[2]int{l, pacifist}])
		}
	}
	for _, tr := range trends {
		if names[tr.name] {
			t.Errorf("name %s used twice", tr.name)
		}
		names[tr.name] = true
	}
	for n := 2; n <= maxSeats; n++ {
		if w := wheel[n]; w.explore < 1 || w.tax < 1 || w.reproduce < 1 {
			t.Errorf("wheel for %d players: %+v", n, w)
		}
	}
}

// TestHuts is the public rule for huts: a region has 5 − (its resource
// icons) huts; the open sea has none.
func TestHuts(t *testing.T) {
	for _, c := range []struct {
		name string
		f    *side
		want int
	}{
		{"Coral Bay A (2 icons)", &regions[0].sides[0], 3},
		{"Black Cliffs A (1 icon)", &regions[8].sides[0], 4},
		{"Fishers' Reef B (3 icons)", &regions[15].sides[1], 2},
		{"Obsidian Bay B (1 icon)", &regions[18].sides[1], 4},
		{"the open sea", &openSea.sides[0], 0},
	} {
		if got := c.f.huts(); got != c.want {
			t.Errorf("%s: huts() = %d, want %d", c.name, got, c.want)
		}
	}
}
