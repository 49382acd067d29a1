package archipelago

import (
	"slices"
	"strings"
	"testing"

	"github.com/pbem-games/pbem/rules"
)

func cardIndex(t testing.TB, name string) int {
	t.Helper()
	for k, c := range cards {
		if c.name == name {
			return k
		}
	}
	t.Fatalf("no card %q", name)
	return -1
}

func TestHarvest(t *testing.T) {
	base, p, q := actionsFixture(t)
	f5, f6 := base.grid[cell(t, "F5")], base.grid[cell(t, "F6")]
	t.Run("OK", func(t *testing.T) {
		bank := base.bankCubes[wood]
		s := play(t, base, p, "harvest wood f5x2")
		if got := s.players[p].cubes[wood]; got != 2 {
			t.Errorf("wood behind the screen = %d, want 2", got)
		}
		if u := s.units[f5][p]; u.cit != 0 || u.citLinked != 2 {
			t.Errorf("units on F5 = %+v, want both citizens linked", u)
		}
		if s.occ[f5][wood] != 2 || s.bankCubes[wood] != bank-2 {
			t.Errorf("icons taken %d, bank %d; want 2 and %d", s.occ[f5][wood], s.bankCubes[wood], bank-2)
		}
		if s.players[p].discsUsed != 1 || s.actor() != q {
			t.Errorf("discs used %d, actor %d; want 1 and %d", s.players[p].discsUsed, s.actor(), q)
		}
	})
	t.Run("FishByShip", func(t *testing.T) {
		s := play(t, base, p, "HARVEST FISH F6")
		if s.players[p].cubes[fish] != 1 || s.units[f6][p].shipLink != 1 {
			t.Errorf("fish %d, ships linked %d; want 1 and 1", s.players[p].cubes[fish], s.units[f6][p].shipLink)
		}
	})
	t.Run("NoCardBonus", func(t *testing.T) {
		s := edit(base)
		k := cardIndex(t, "Sawmill") // its power needs a disc of its own
		s.players[p].cards |= 1 << k
		s = play(t, s, p, "HARVEST WOOD F5")
		if s.players[p].cubes[wood] != 1 || s.players[p].used&(1<<k) != 0 {
			t.Errorf("wood %d, card used %v; want 1 and false", s.players[p].cubes[wood], s.players[p].used&(1<<k) != 0)
		}
	})
	t.Run("Permit", func(t *testing.T) {
		s := edit(base)
		s.builds[f5][bCity].owner = int8(q)
		refuse(t, s, p, "HARVEST WOOD F5", "permit")
		s.permits[q] |= 1 << p
		play(t, s, p, "HARVEST WOOD F5")
	})
	t.Run("BankShort", func(t *testing.T) {
		s := edit(base)
		s.bankCubes[wood] = 1
		refuse(t, s, p, "HARVEST WOOD F5x2", "the bank has only 1 cube")
	})
	for _, c := range []struct{ text, want string }{
		{"HARVEST WOOD F5x3", "only 2 free wood icons"},
		{"HARVEST FISH F5", "no free fish icon"},
		{"HARVEST FRUIT F4", "0 free citizens"},
		{"HARVEST WOOD E2", "no region on E2"},
		{"HARVEST FISH F7", "0 free ships"},
	} {
		t.Run("Err"+c.text, func(t *testing.T) { refuse(t, base, p, c.text, c.want) })
	}
}

func TestTax(t *testing.T) {
	s, p, _ := actionsFixture(t)
	f5 := s.grid[cell(t, "F5")]
	s.builds[f5][bCity].owner = int8(p)
	s.builds[f5][bTemple].owner = int8(p)
	s.rebellion = 0
	// 2 citizens and 2 ships at 1, a city at 3 and a temple at 2.
	after := play(t, s, p, "TAX")
	if got := after.players[p].florins - 10; got != 9 {
		t.Errorf("taxes brought %d florins, want 9", got)
	}
	if after.rebellion != 1 {
		t.Errorf("rebellion = %d, want 1", after.rebellion)
	}
	s.taxed = int8(wheel[2].tax)
	refuse(t, s, p, "TAX", "taxes zone of the wheel is full")
}

func TestTrade(t *testing.T) {
	base, p, _ := actionsFixture(t)
	base.home = [nRes]int8{0, 1, 2, 3, 8, 0}
	base.export = [nRes]int8{}
	base.players[p].cubes[fish] = 2
	cases := []struct {
		text    string
		florins int // change
		home    [nRes]int8
		export  [nRes]int8
	}{
		{"BUY STONE HOME", -4, [nRes]int8{0, 1, 2, 2, 8, 0}, [nRes]int8{}}, // the third cube lies on the second row
		{"BUY FRUIT HOME", -5, [nRes]int8{0, 0, 2, 3, 8, 0}, [nRes]int8{}},
		{"BUY WOOD HOME", -2, [nRes]int8{0, 1, 2, 3, 7, 0}, [nRes]int8{}},
		{"SELL FISH HOME", 5, [nRes]int8{1, 1, 2, 3, 8, 0}, [nRes]int8{}},
		{"SELL FISH EXPORT", 6, [nRes]int8{0, 1, 2, 3, 8, 0}, [nRes]int8{1}},
		{"s fi e", 6, [nRes]int8{0, 1, 2, 3, 8, 0}, [nRes]int8{1}},
	}
	for _, c := range cases {
		s := play(t, base, p, c.text)
		if got := s.players[p].florins - 10; got != c.florins || s.home != c.home || s.export != c.export {
			t.Errorf("%s: florins %+d, home %v, export %v; want %+d, %v, %v", c.text, got, s.home, s.export, c.florins, c.home, c.export)
		}
	}
	refuse(t, base, p, "SELL WOOD HOME", "no wood behind your screen")
	s := edit(base)
	s.players[p].cubes[wood] = 1
	refuse(t, s, p, "SELL WOOD HOME", "zone is full")
	refuse(t, base, p, "BUY FISH HOME", "has no fish")
	s.players[p].florins = 1
	refuse(t, s, p, "BUY FRUIT HOME", "costs 5 florins")
}

func TestUseMarket(t *testing.T) {
	s, p, q := actionsFixture(t)
	f5 := s.grid[cell(t, "F5")]
	refuse(t, s, p, "USE MARKET", "you own no market")
	s.builds[f5][bMarket].owner = int8(p)
	s.home = [nRes]int8{1, 1, 1, 1, 1, 1}
	s.players[p].florins = 20
	s = play(t, s, p, "USE MARKET")
	if s.players[p].florins != 19 || s.coins != 1 || s.credits[0] != 2 {
		t.Fatalf("florins %d, coins %d, credits %d; want 9, 1, 2", s.players[p].florins, s.coins, s.credits[0])
	}
	s = play(t, s, p, "BUY FISH HOME")
	s = play(t, s, p, "BUY WOOD HOME")
	if s.players[p].discsUsed != 0 || s.actor() != p {
		t.Fatalf("two transactions of the market took a disc or the turn")
	}
	refuse(t, s, p, "USE MARKET", "used your market this round")
	s = play(t, s, p, "BUY IRON HOME") // a third needs a disc
	if s.players[p].discsUsed != 1 || s.actor() != q {
		t.Errorf("the third transaction: discs %d, actor %d; want 1 and %d", s.players[p].discsUsed, s.actor(), q)
	}
}

func TestExplore(t *testing.T) {
	base, p, _ := actionsFixture(t)
	base.display = [2]int8{16, 12}
	f5 := base.grid[cell(t, "F5")]
	var move string
	for _, l := range legalText(base, p) {
		if strings.HasPrefix(l, "EXPLORE") && !strings.HasSuffix(l, "DISCARD") {
			move = l
			break
		}
	}
	if move == "" {
		t.Fatalf("no exploration among %v", legalText(base, p))
	}
	m, _ := base.Parse(0, move)
	mv := m.(Move)
	s := play(t, base, p, move)
	h := int(mv.Tile)
	face := &regions[h-1].sides[mv.Side]
	if s.grid[mv.Cell] != int8(h) || s.explored != 1 || s.players[p].tokens != 1 {
		t.Errorf("%s: hexagon on cell %d, explored %d, tokens %d", move, s.grid[mv.Cell], s.explored, s.players[p].tokens)
	}
	if s.excess != base.excess+face.huts() {
		t.Errorf("excess workers %d, want %d", s.excess, base.excess+face.huts())
	}
	want := [nRes]int8{}
	want[mv.Res] = 1 // one free cube, whatever the icons
	if s.players[p].cubes != want || face.icons[mv.Res] == 0 {
		t.Errorf("%s: cubes %v, want %v", move, s.players[p].cubes, want)
	}
	if got := s.units[h][p].cit + s.units[h][p].ship; got != 1 {
		t.Errorf("units in the new region = %d, want 1", got)
	}
	if slices.Contains(s.display[:], int8(h)) || s.display[0] < 0 {
		t.Errorf("display %v after taking %d", s.display, h)
	}
	_ = f5
	// The example of docs/rules/archipelago.md.
	if !hasLegal(base, p, "EXPLORE 16A E6 3 SHIP F6 FISH") {
		t.Errorf("EXPLORE 16A E6 3 SHIP F6 FISH is not among %v", legalText(base, p))
	}
	refuse(t, base, p, "EXPLORE 16A E6 2 SHIP F6", "its SE edge is field but touches water on F6")
	refuse(t, base, p, "EXPLORE 16A E6 3 SHIP F5", "a ship sails in across water, and that edge is field")
	refuse(t, base, p, "EXPLORE 16A D2 0 SHIP F5", "must touch two hexagons")
	refuse(t, base, p, "EXPLORE 3A E6 0 SHIP F5", "not among the next hexagons")
	full := edit(base)
	full.explored = int8(wheel[2].explore)
	refuse(t, full, p, move, "exploration zone of the wheel is full")
	refuse(t, full, p, "EXPLORE 16 DISCARD", "exploration zone of the wheel is full")
}

// TestExploreCubeAndDiscard is exploring as published (the publisher's
// reference sheet): one free cube of a resource the new region shows,
// whatever its icons, and the choice to discard the hexagon instead, with
// no token and no cube.
func TestExploreCubeAndDiscard(t *testing.T) {
	base, p, _ := actionsFixture(t)
	base.display = [2]int8{16, 1} // Fishers' Reef A: fish 2; Coral Bay A: fish 1, fruit 1, edges WWWWFF
	for _, c := range []struct {
		move  string
		cubes [nRes]int8 // behind p's screen afterwards
		laid  bool
	}{
		{"EXPLORE 16A E6 3 SHIP F6 FISH", [nRes]int8{fish: 1}, true},
		{"EXPLORE 16A E6 3 SHIP F6", [nRes]int8{fish: 1}, true}, // one resource shown: it need not be named
		{"EXPLORE 1A E6 4 SHIP F6 FRUIT", [nRes]int8{fruit: 1}, true},
		{"EXPLORE 1A E6 4 SHIP F6 TAKE FISH", [nRes]int8{fish: 1}, true},
		{"EXPLORE 16 DISCARD", [nRes]int8{}, false},
		{"EXPLORE DISCARD 1", [nRes]int8{}, false},
	} {
		t.Run(c.move, func(t *testing.T) {
			m, err := base.Parse(rules.Seat(p), c.move)
			if err != nil {
				t.Fatal(err)
			}
			if !hasLegal(base, p, m.String()) {
				t.Errorf("%s is not among the legal moves", m)
			}
			s := play(t, base, p, c.move)
			mv := m.(Move)
			if s.players[p].cubes != c.cubes || s.explored != 1 {
				t.Errorf("cubes %v, explored %d; want %v and 1", s.players[p].cubes, s.explored, c.cubes)
			}
			wantTokens, onMap := int8(0), base.regionsOnMap()
			if c.laid {
				wantTokens, onMap = 1, onMap+1
			}
			if s.players[p].tokens != wantTokens || s.regionsOnMap() != onMap || s.excess != base.excess+map[bool]int{true: regions[mv.Tile-1].sides[mv.Side].huts()}[c.laid] {
				t.Errorf("tokens %d, regions %d, excess %d; want %d, %d and the huts if laid", s.players[p].tokens, s.regionsOnMap(), s.excess, wantTokens, onMap)
			}
			if slices.Contains(s.display[:], mv.Tile) {
				t.Errorf("hexagon %d is still among the next ones: %v", mv.Tile, s.display)
			}
		})
	}
	refuse(t, base, p, "EXPLORE 1A E6 4 SHIP F6", "name the free cube you take, one of fish and fruit")
	refuse(t, base, p, "EXPLORE 1A E6 4 SHIP F6 IRON", "shows fish and fruit")
	refuse(t, base, p, "EXPLORE 5 DISCARD", "not among the next hexagons")
}

func TestExploreEmptiesStack(t *testing.T) {
	s, p, _ := actionsFixture(t)
	s.display = [2]int8{16, 12}
	s.stacks = [tokenStacks]int8{1, 8, 8}
	if s.discs() != 3 {
		t.Fatalf("discs = %d, want 3", s.discs())
	}
	for _, l := range legalText(s, p) {
		if strings.HasPrefix(l, "EXPLORE") && !strings.HasSuffix(l, "DISCARD") {
			s = play(t, s, p, l)
			break
		}
	}
	if s.discs() != 4 || s.discsLeft(p) != 3 {
		t.Errorf("after the first stack emptied: discs %d, left %d; want 4 and 3", s.discs(), s.discsLeft(p))
	}
}

func TestRecruit(t *testing.T) {
	base, p, _ := actionsFixture(t)
	base.excess = 36 // band 36-53: 3 florins, then band 18-35: 4 florins
	f5, f6 := base.grid[cell(t, "F5")], base.grid[cell(t, "F6")]
	s := play(t, base, p, "RECRUIT F5")
	if s.units[f5][p].cit != 3 || s.players[p].florins != 7 || s.excess != 35 || s.players[p].cits != 7 {
		t.Errorf("citizens %d, florins %d, excess %d, reserve %d; want 3, 7, 35, 7", s.units[f5][p].cit, s.players[p].florins, s.excess, s.players[p].cits)
	}
	two := edit(base)
	two.units[f5][p].cit = 1
	s = play(t, two, p, "RECRUIT F5x2")
	if s.players[p].florins != 3 {
		t.Errorf("two recruits cost %d florins, want 7", 10-s.players[p].florins)
	}
	refuse(t, base, p, "RECRUIT F5x2", "on F5 you may add 1")
	refuse(t, base, p, "RECRUIT F4", "no unit on F4")
	refuse(t, base, p, "RECRUIT F6", "not on the open sea")
	_ = f6
	poor := edit(base)
	poor.players[p].florins = 2
	refuse(t, poor, p, "RECRUIT F5", "cost 3 florins")
	none := edit(base)
	none.excess = 0
	refuse(t, none, p, "RECRUIT F5", "only 0 excess workers")
}

func TestReproduce(t *testing.T) {
	s, p, q := actionsFixture(t)
	f5, f7 := s.grid[cell(t, "F5")], s.grid[cell(t, "F7")]
	s.units[f7][q].cit = 1
	refuse(t, s, q, "REPRODUCE", "not your turn")
	after := play(t, s, p, "REPRODUCE")
	if after.units[f5][p].cit != 3 || after.players[p].cits != 7 {
		t.Errorf("citizens on F5 %d, reserve %d; want 3 and 7", after.units[f5][p].cit, after.players[p].cits)
	}
	refuse(t, after, q, "REPRODUCE", "reproduction zone of the wheel is full")
	again := edit(after)
	again.turn = int8(slices.Index(again.order[:], int8(p)))
	refuse(t, again, p, "REPRODUCE", "reproduced this round")
	rebels := edit(s)
	rebels.units[f5][p] = units{cit: 1, rebels: 1}
	refuse(t, rebels, p, "REPRODUCE", "need two citizens")
}

// TestReproduceCap is the cap of 3 citizens per player per region, which
// the publisher's FAQ keeps for reproduction: a region with 3 of the
// player's citizens, rebels and housed ones included, has no child.
func TestReproduceCap(t *testing.T) {
	base, p, _ := actionsFixture(t)
	f4, f5 := base.grid[cell(t, "F4")], base.grid[cell(t, "F5")]
	for _, c := range []struct {
		name   string
		f4, f5 units
		want   [2]int8 // free citizens on F4 and F5 afterwards; -1: refused
	}{
		{"TwoAndTwo", units{cit: 2}, units{cit: 2, ship: 1}, [2]int8{3, 3}},
		{"ThreeFree", units{cit: 2}, units{cit: 3, ship: 1}, [2]int8{3, 3}},
		{"TwoAndARebel", units{cit: 2}, units{cit: 2, rebels: 1, ship: 1}, [2]int8{3, 2}},
		{"TwoAndHoused", units{}, units{cit: 2, housed: 1, ship: 1}, [2]int8{-1, -1}},
		{"AllFull", units{cit: 3}, units{cit: 3, ship: 1}, [2]int8{-1, -1}},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := edit(base)
			s.units[f4][p], s.units[f5][p] = c.f4, c.f5
			if c.want[0] < 0 {
				refuse(t, s, p, "REPRODUCE", "fewer than 3 of yours")
				if hasLegal(s, p, "REPRODUCE") {
					t.Errorf("REPRODUCE is among the legal moves")
				}
				return
			}
			s = play(t, s, p, "REPRODUCE")
			if got := [2]int8{s.units[f4][p].cit, s.units[f5][p].cit}; got != c.want {
				t.Errorf("free citizens on F4, F5 = %v, want %v", got, c.want)
			}
		})
	}
}

func TestBuild(t *testing.T) {
	base, p, _ := actionsFixture(t)
	base.players[p].cubes = [nRes]int8{2, 2, 2, 4, 2, 0}
	f5 := base.grid[cell(t, "F5")]
	cases := []struct {
		what    string
		florins int
		cubes   [nRes]int8
	}{
		{"SHIP", 1, [nRes]int8{2, 2, 2, 4, 1, 0}},
		{"CITY", 2, [nRes]int8{2, 2, 2, 3, 1, 0}},
		{"MARKET", 0, [nRes]int8{2, 1, 1, 4, 2, 0}},
		{"PORT", 2, [nRes]int8{1, 2, 2, 3, 2, 0}},
		{"TEMPLE", 1, [nRes]int8{2, 2, 2, 2, 2, 0}},
	}
	for k, c := range cases {
		s := play(t, base, p, "BUILD "+c.what+" F5")
		if got := 10 - s.players[p].florins; got != c.florins || s.players[p].cubes != c.cubes {
			t.Errorf("%s cost %d florins and left %v; want %d and %v", c.what, got, s.players[p].cubes, c.florins, c.cubes)
		}
		if k == bShip {
			if s.units[f5][p].ship != 2 || s.players[p].ships != 1 {
				t.Errorf("ship: %d on F5, %d in reserve; want 2 and 1", s.units[f5][p].ship, s.players[p].ships)
			}
		} else if s.builds[f5][k].owner != int8(p) {
			t.Errorf("%s not owned by the builder", c.what)
		}
	}
	s := edit(base)
	s.builds[f5][bCity].owner = 1 - int8(p)
	refuse(t, s, p, "BUILD CITY F5", "already has a city")
	refuse(t, base, p, "BUILD TEMPLE F6", "build on a region")
	refuse(t, base, p, "BUILD TEMPLE F4", "free citizen on F4")
	// A port is built with a citizen or a ship, the rest with a citizen
	// (the publisher's player aid: "using an active citizen (or ship for
	// a port)").
	for _, c := range []struct {
		what string
		f5   units
		want string // "" when legal
	}{
		{"PORT", units{ship: 1}, ""},
		{"PORT", units{cit: 2}, ""},
		{"PORT", units{cit: 1, shipLink: 1}, ""},
		{"PORT", units{citLinked: 1, shipLink: 1}, "free citizen or a free ship on F5"},
		{"PORT", units{rebels: 2}, "free citizen or a free ship on F5"},
		{"CITY", units{ship: 1}, "free citizen on F5"},
		{"CITY", units{cit: 1}, ""},
	} {
		s := edit(base)
		s.units[f5][p] = c.f5
		if c.want != "" {
			refuse(t, s, p, "BUILD "+c.what+" F5", c.want)
			continue
		}
		if !hasLegal(s, p, "BUILD "+c.what+" F5") {
			t.Errorf("BUILD %s F5 with %+v is not among the legal moves", c.what, c.f5)
		}
		play(t, s, p, "BUILD "+c.what+" F5")
	}
	poor := edit(base)
	poor.players[p].cubes = [nRes]int8{}
	refuse(t, poor, p, "BUILD CITY F5", "costs 1 stone, 1 wood and 2 florins")
	free := edit(base)
	free.players[p].cards |= 1 << cardIndex(t, "Masonry")
	if s := play(t, free, p, "BUILD TOWN F5"); s.players[p].florins != 10 {
		t.Errorf("a city with Masonry cost %d florins, want 0", 10-s.players[p].florins)
	}
}

func TestMigrate(t *testing.T) {
	base, p, q := actionsFixture(t)
	g7 := laid{16, 0, 1} // NE edge water, facing F7's SW edge
	base.lay(g7.hex, g7.side, int(cell(t, "G7")), g7.turn)
	f4, f5, f6, f7, gg := base.grid[cell(t, "F4")], base.grid[cell(t, "F5")], base.grid[cell(t, "F6")], base.grid[cell(t, "F7")], int8(16)
	t.Run("Walk", func(t *testing.T) {
		s := play(t, base, p, "MIGRATE F5 F4 2C")
		if s.units[f4][p].cit != 2 || s.units[f5][p].cit != 0 {
			t.Errorf("citizens F4 %d, F5 %d; want 2 and 0", s.units[f4][p].cit, s.units[f5][p].cit)
		}
	})
	t.Run("Sail", func(t *testing.T) {
		s := play(t, base, p, "move f5 to f6 1 ship")
		if s.units[f6][p].ship != 2 {
			t.Errorf("ships on the open sea %d, want 2", s.units[f6][p].ship)
		}
	})
	t.Run("Convoy", func(t *testing.T) {
		s := edit(base)
		s.turn = int8(slices.Index(s.order[:], int8(q)))
		s = play(t, s, q, "MIGRATE F7 G7 1C 1S")
		if u := s.units[gg][q]; u.cit != 1 || u.ship != 1 {
			t.Errorf("units on G7 %+v, want a citizen and a ship", u)
		}
		_ = f7
	})
	t.Run("House", func(t *testing.T) {
		s := edit(base)
		s.builds[f5][bTemple] = building{owner: int8(q), occupant: -1}
		s = play(t, s, p, "MIGRATE F5 TEMPLE")
		if s.units[f5][p].housed != 1 || s.builds[f5][bTemple].occupant != int8(p) {
			t.Errorf("no citizen housed in the temple")
		}
		s.turn = int8(slices.Index(s.order[:], int8(p)))
		refuse(t, s, p, "MIGRATE F5 TEMPLE", "already lives")
	})
	for _, c := range []struct{ text, want string }{
		{"MIGRATE F5 F4 1S", "ships cannot cross land"},
		{"MIGRATE F5 F6 1C 1S", "cannot stay on the open sea"},
		{"MIGRATE F5 F6 1C", "send at least one ship"},
		{"MIGRATE F5 F4 3C", "2 free citizens"},
		{"MIGRATE F5 F7 1C", "next to F5"},
		{"MIGRATE F5 CITY", "no city on F5"},
		{"MIGRATE F5 F4", "how many"},
	} {
		t.Run("Err"+c.text, func(t *testing.T) { refuse(t, base, p, c.text, c.want) })
	}
	three := edit(base)
	three.units[f7][q] = units{cit: 3, ship: 1}
	three.turn = int8(slices.Index(three.order[:], int8(q)))
	refuse(t, three, q, "MIGRATE F7 G7 3C 1S", "carry at most 2")
	// The publisher's reference sheet: "Ships may perform an infinite
	// number of convoys during the same turn, even in different
	// directions", and convoy, ship migration, convoy is a legal move.
	t.Run("Convoys", func(t *testing.T) {
		s := edit(three)
		s = play(t, s, q, "MIGRATE F7 G7 2C 1S") // a convoy
		s = play(t, s, q, "MIGRATE G7 F7 1S")    // the ship's own migration, back
		if !hasLegal(s, q, "MIGRATE F7 G7 1C 1S") {
			t.Fatalf("a second convoy is not among %v", legalText(s, q))
		}
		s = play(t, s, q, "MIGRATE F7 G7 1C 1S") // a convoy again
		if u := s.units[gg][q]; u.cit != 3 || u.ship != 1 {
			t.Errorf("units on G7 %+v, want 3 citizens and the ship", u)
		}
		if s.migrating {
			t.Errorf("nothing is left to move and the migration goes on")
		}
		s = edit(three)
		s = play(t, s, q, "MIGRATE F7 G7 1C 1S")
		s = play(t, s, q, "MIGRATE G7 F7 1S")
		refuse(t, s, q, "MIGRATE F7 G7 1S", "that can still move") // its own migration is made; an empty ship is no convoy
	})
}

func TestPassAndDiscs(t *testing.T) {
	s, p, q := actionsFixture(t)
	s.rebellion = 0
	s = play(t, s, p, "PASS")
	if !s.players[p].passed || s.actor() != q {
		t.Fatalf("after PASS: passed %v, actor %d", s.players[p].passed, s.actor())
	}
	for range 3 {
		s = play(t, s, q, "TAX")
		if s.phase != phActions {
			break
		}
		s.taxed = 0 // the test is about discs, not the wheel
	}
	if s.phase != phEvolution {
		t.Errorf("after %d's three discs and %d's pass the phase is %s, want evolution", q, p, phaseNames[s.phase])
	}
}

// TestBuildWithTokens is explorer tokens turned into cubes at the bank
// when needed, not only in a crisis (the publisher's reference sheet): a
// construction's missing cube is paid with a token, if the bank has the
// cube.
func TestBuildWithTokens(t *testing.T) {
	base, p, _ := actionsFixture(t)
	f5 := base.grid[cell(t, "F5")]
	for _, c := range []struct {
		name         string
		cubes        [nRes]int8 // stone, wood for a city (1 stone, 1 wood, 2 florins)
		tokens       int8
		bankStone    int8
		want         string // "" when built
		leftCubes    [nRes]int8
		leftTokens   int8
		bankStoneNow int8
	}{
		{"CubesOnly", [nRes]int8{stone: 1, wood: 1}, 2, 5, "", [nRes]int8{}, 2, 6},
		{"OneToken", [nRes]int8{wood: 1}, 2, 5, "", [nRes]int8{}, 1, 5},
		{"TwoTokens", [nRes]int8{}, 2, 5, "", [nRes]int8{}, 0, 5},
		{"TooFewTokens", [nRes]int8{}, 1, 5, "a city costs 1 stone, 1 wood and 2 florins", [nRes]int8{}, 1, 5},
		{"BankHasNoStone", [nRes]int8{wood: 1}, 2, 0, "a city costs", [nRes]int8{}, 2, 0},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := edit(base)
			s.players[p].cubes, s.players[p].tokens, s.bankCubes[stone] = c.cubes, c.tokens, c.bankStone
			if c.want != "" {
				refuse(t, s, p, "BUILD CITY F5", c.want)
				if hasLegal(s, p, "BUILD CITY F5") {
					t.Errorf("BUILD CITY F5 is among the legal moves")
				}
				return
			}
			if !hasLegal(s, p, "BUILD CITY F5") {
				t.Errorf("BUILD CITY F5 is not among the legal moves")
			}
			s = play(t, s, p, "BUILD CITY F5")
			pl := s.players[p]
			if s.builds[f5][bCity].owner != int8(p) || pl.cubes != c.leftCubes || pl.tokens != c.leftTokens || s.bankCubes[stone] != c.bankStoneNow || pl.florins != 8 {
				t.Errorf("city %d, cubes %v, tokens %d, bank stone %d, florins %d; want %d, %v, %d, %d, 8",
					s.builds[f5][bCity].owner, pl.cubes, pl.tokens, s.bankCubes[stone], pl.florins, p, c.leftCubes, c.leftTokens, c.bankStoneNow)
			}
		})
	}
}

// TestMigrateSteps is migration as published (the publisher's reference
// sheet): one action moves all the active, non-engaged units the player
// wants, each to an adjacent region or an unoccupied building, also one on
// an adjacent region. pbem plays it in steps: the first MIGRATE places the
// disc, later ones move units that have not moved yet, DONE ends it.
func TestMigrateSteps(t *testing.T) {
	base, p, q := actionsFixture(t)
	f4, f5, f6 := base.grid[cell(t, "F4")], base.grid[cell(t, "F5")], base.grid[cell(t, "F6")]
	s := play(t, base, p, "MIGRATE F5 F4 1C")
	if s.actor() != p || s.players[p].discsUsed != 1 || !s.migrating {
		t.Fatalf("after the first step: actor %d, discs used %d, migrating %v; want %d, 1, true", s.actor(), s.players[p].discsUsed, s.migrating, p)
	}
	refuse(t, s, p, "MIGRATE F4 F5 1C", "0 free citizens on F4 that can still move") // it has moved already
	refuse(t, s, p, "TAX", "finish your migration first")
	refuse(t, s, p, "OFFER "+upper(colors[q])+" 1 FLORIN FOR NOTHING", "finish your migration first")
	refuse(t, s, p, "PASS", "finish your migration first")
	if got := legalText(s, p); got[0] != "DONE" || slices.Contains(got, "TAX") || slices.Contains(got, "MIGRATE F4 F5 1C") {
		t.Errorf("legal moves while migrating = %v, want DONE and steps of units that have not moved", got)
	}
	s = play(t, s, p, "MIGRATE F5 F6 1S") // the ship on F5 sails to the open sea
	s = play(t, s, p, "MIGRATE F5 F4 1C") // the second citizen walks too
	if s.players[p].discsUsed != 1 || s.actor() != p {
		t.Fatalf("later steps took a disc or the turn: discs %d, actor %d", s.players[p].discsUsed, s.actor())
	}
	if s.units[f4][p].cit != 2 || s.units[f5][p] != (units{}) || s.units[f6][p].ship != 2 {
		t.Errorf("F4 %+v, F5 %+v, F6 %+v; want 2 citizens on F4 and 2 ships on the open sea", s.units[f4][p], s.units[f5][p], s.units[f6][p])
	}
	refuse(t, s, p, "MIGRATE F6 F7 2S", "1 free ship on F6 that can still move") // one of the two arrived this migration
	s = play(t, s, p, "MIGRATE F6 F7 1S")
	// Nothing that has not moved is left: the migration ends by itself.
	if s.migrating || s.actor() == p {
		t.Errorf("with nothing left to move: migrating %v, actor %d", s.migrating, s.actor())
	}
	t.Run("Done", func(t *testing.T) {
		s := play(t, play(t, base, p, "MIGRATE F5 F4 1C"), p, "DONE")
		if s.migrating || s.actor() == p || s.players[p].discsUsed != 1 {
			t.Errorf("after DONE: migrating %v, actor %d, discs %d", s.migrating, s.actor(), s.players[p].discsUsed)
		}
		refuse(t, base, p, "DONE", "not migrating")
	})
	t.Run("BuildingNextDoor", func(t *testing.T) {
		s := edit(base)
		s.builds[f4][bTemple] = building{owner: int8(q), occupant: -1}
		if !hasLegal(s, p, "MIGRATE F5 F4 TEMPLE") {
			t.Fatalf("MIGRATE F5 F4 TEMPLE is not among %v", legalText(s, p))
		}
		s = play(t, s, p, "migrate f5 f4 temple")
		if s.units[f4][p].housed != 1 || s.units[f5][p].cit != 1 || s.builds[f4][bTemple].occupant != int8(p) {
			t.Errorf("F4 %+v, F5 %+v: want a citizen from F5 living in the temple on F4", s.units[f4][p], s.units[f5][p])
		}
		sea := edit(base)
		sea.builds[f4][bTemple] = building{owner: int8(q), occupant: -1}
		refuse(t, sea, p, "MIGRATE F6 F5 TEMPLE", "across land")
	})
}

// TestCardPower is the evolution cards' powers used with action discs,
// one's own card or another player's for money (the publisher's player aid
// and reference sheet): a gathering card takes gatherCubes cubes from the
// bank for a disc, once a round, and another player pays its owner.
func TestCardPower(t *testing.T) {
	base, p, q := actionsFixture(t)
	saw, nets, press := cardIndex(t, "Sawmill"), cardIndex(t, "Fishing Nets"), cardIndex(t, "Printing Press")
	base.players[p].cards = 1<<saw | 1<<press
	base.players[q].cards = 1 << nets
	for _, c := range []struct {
		move                string
		wood, fish, florins int8 // p's afterwards
		qFlorins            int
		used                int // the card turned
		owner               int
	}{
		{"CARD SAWMILL", gatherCubes, 0, 10, 10, saw, p},
		{"card saw", gatherCubes, 0, 10, 10, saw, p},
		{"CARD FISHING NETS", 0, gatherCubes, 10 - cardFee, 10 + cardFee, nets, q},
	} {
		t.Run(c.move, func(t *testing.T) {
			s := play(t, base, p, c.move)
			pl := s.players[p]
			if pl.cubes[wood] != c.wood || pl.cubes[fish] != c.fish || pl.florins != int(c.florins) || s.players[q].florins != c.qFlorins {
				t.Errorf("wood %d, fish %d, florins %d and %d; want %d, %d, %d and %d", pl.cubes[wood], pl.cubes[fish], pl.florins, s.players[q].florins, c.wood, c.fish, c.florins, c.qFlorins)
			}
			if s.players[c.owner].used&(1<<c.used) == 0 || pl.discsUsed != 1 || s.actor() == p {
				t.Errorf("card used %v, discs used %d, actor %d: want the card turned and the disc and turn spent", s.players[c.owner].used&(1<<c.used) != 0, pl.discsUsed, s.actor())
			}
			v := s.View(rules.Observer).(*View)
			if !slices.Contains(v.Players[c.owner].Turned, cards[c.used].name) {
				t.Errorf("the view does not show %s as used: %v", cards[c.used].name, v.Players[c.owner].Turned)
			}
		})
	}
	used := edit(base)
	used.players[q].used = 1 << nets
	poor := edit(base)
	poor.players[p].florins = cardFee - 1
	for _, c := range []struct {
		s          *state
		move, want string
	}{
		{used, "CARD FISHING NETS", "used this round"},
		{poor, "CARD FISHING NETS", "costs 2 florins"},
		{base, "CARD PRINTING PRESS", "only the cards that gather"},
		{base, "CARD FISHERMAN", "nobody owns"},
		{base, "CARD FISH", "more than one card"},
	} {
		refuse(t, c.s, p, c.move, c.want)
	}
	if !hasLegal(base, p, "CARD FISHING NETS") || hasLegal(used, p, "CARD FISHING NETS") || hasLegal(base, p, "CARD PRINTING PRESS") {
		t.Errorf("legal cards = %v", legalText(base, p))
	}
}

// TestBuiltMarketUsable is the reference sheet's special case: "A
// constructed building may already be used during the same round it was
// built". pbem's turn ends with its action, so a market built is used
// from its builder's next turn of the same round.
func TestBuiltMarketUsable(t *testing.T) {
	s, p, q := actionsFixture(t)
	s.players[p].cubes = [nRes]int8{fruit: 1, cattle: 1}
	s.home = [nRes]int8{1, 1, 1, 1, 1, 1}
	s = play(t, s, p, "BUILD MARKET F5")
	if s.actor() != q {
		t.Fatalf("after the construction the actor is %d, want %d", s.actor(), q)
	}
	s = play(t, s, q, "TAX")
	if s.actor() != p || s.round != 1 {
		t.Fatalf("actor %d in round %d, want %d in round 1", s.actor(), s.round, p)
	}
	if !hasLegal(s, p, "USE MARKET") {
		t.Fatalf("USE MARKET is not among %v in the round the market was built", legalText(s, p))
	}
	play(t, s, p, "USE MARKET")
}
