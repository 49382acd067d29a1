package archipelago

import (
	"errors"
	"strings"
	"testing"

	"github.com/pbem-games/pbem/rules"
)

// start begins a game of n seats with seed 1.
func start(t testing.TB, n int, variants ...string) *state {
	t.Helper()
	st, err := Game.Start(rules.Setup{Seats: n, Variants: variants, Seed: rules.SeedFromInt(1)})
	if err != nil {
		t.Fatal(err)
	}
	return st.(*state)
}

// firstMoves plays, for the lowest seat to act, its first legal move (or
// a zero bid) until done says stop.
func firstMoves(t testing.TB, s *state, done func(*state) bool) *state {
	t.Helper()
	for n := 0; !done(s); n++ {
		if n > 2000 || s.over {
			t.Fatalf("no state found: phase %s, over %v", phaseNames[s.phase], s.over)
		}
		p := s.ToAct()[0]
		m := s.Legal(p)[0]
		next, err := s.Apply(p, m)
		if err != nil {
			t.Fatal(err)
		}
		s = next.(*state)
	}
	return s
}

// inActions is a game of n seats at the first turn of the actions phase
// of round 1, after the initial exploration and zero bids.
func inActions(t testing.TB, n int, variants ...string) *state {
	t.Helper()
	return firstMoves(t, start(t, n, variants...), func(s *state) bool { return s.phase == phActions })
}

// edit returns a copy of s to set up a test: the copy may be changed.
func edit(s *state) *state { return s.clone() }

// play parses and applies text for seat p, failing the test on an error.
func play(t testing.TB, s *state, p int, text string) *state {
	t.Helper()
	m, err := s.Parse(rules.Seat(p), text)
	if err != nil {
		t.Fatalf("Parse(%d, %q) = %v", p, text, err)
	}
	next, err := s.Apply(rules.Seat(p), m)
	if err != nil {
		t.Fatalf("Apply(%d, %q) = %v", p, text, err)
	}
	return next.(*state)
}

// refuse checks that seat p may not play text, for a reason that holds want.
func refuse(t testing.TB, s *state, p int, text, want string) {
	t.Helper()
	m, err := s.Parse(rules.Seat(p), text)
	if err == nil {
		_, err = s.Apply(rules.Seat(p), m)
	}
	switch {
	case err == nil:
		t.Errorf("%q by seat %d succeeded, want an error about %q", text, p, want)
	case !errors.Is(err, rules.ErrIllegal):
		t.Errorf("%q: error %v does not wrap rules.ErrIllegal", text, err)
	case !strings.Contains(err.Error(), want):
		t.Errorf("%q: error %q, want one about %q", text, err, want)
	}
}

// legalText lists the texts of seat p's legal moves.
func legalText(s *state, p int) []string {
	var out []string
	for _, m := range s.Legal(rules.Seat(p)) {
		out = append(out, m.String())
	}
	return out
}

// hasLegal reports whether text is among seat p's legal moves.
func hasLegal(s *state, p int, text string) bool {
	for _, l := range legalText(s, p) {
		if l == text {
			return true
		}
	}
	return false
}

// cell is a cell's number by name.
func cell(t testing.TB, name string) int8 {
	t.Helper()
	c, ok := parseCell(name)
	if !ok {
		t.Fatalf("bad cell %q", name)
	}
	return int8(c)
}

// clearMap removes every region and unit and lays the hexagons given by
// cell, for tests that need a known map. The open sea stays on F6.
func clearMap(t testing.TB, s *state, lay map[string]laid) {
	t.Helper()
	for c := range s.grid {
		s.grid[c] = -1
	}
	for h := range nHex {
		s.cellOf[h] = -1
		s.units[h] = [maxSeats]units{}
		s.occ[h] = [nRes]int8{}
		for k := range nBuild {
			s.builds[h][k] = building{owner: -1, occupant: -1}
		}
	}
	s.lay(0, int(s.sideOf[0]), center, 0)
	for name, l := range lay {
		s.lay(l.hex, l.side, int(cell(t, name)), l.turn)
	}
}

// laid is a hexagon on the table in a test.
type laid struct{ hex, side, turn int }

// testMap is the map of the action tests, with matching landscapes:
//
//	F4 Palm Cove A turned 3 (fruit 2, 1 hut): its E edge is field
//	F5 Timber Coast A (wood 2): E edge water to the sea, W edge field
//	F6 the open sea (fish 3, or 4 with five players)
//	F7 Turtle Lagoon A (fish 2), all water
var testMap = map[string]laid{
	"F4": {2, 0, 3},
	"F5": {6, 0, 0},
	"F7": {7, 0, 0},
}

// actionsFixture is a two-player game at the first action of round 1 on
// testMap: the player to act, p, has 2 citizens and a ship on F5 and a
// ship on the open sea; the other, q, a citizen and a ship on F7. Both have
// 10 florins and no cubes or tokens.
func actionsFixture(t testing.TB) (s *state, p, q int) {
	t.Helper()
	s = edit(inActions(t, 2))
	clearMap(t, s, testMap)
	p = s.actor()
	q = 1 - p
	f5, f6, f7 := s.grid[cell(t, "F5")], 0, s.grid[cell(t, "F7")]
	s.units[f5][p] = units{cit: 2, ship: 1}
	s.units[f6][p] = units{ship: 1}
	s.units[f7][q] = units{cit: 1, ship: 1}
	for _, x := range []int{p, q} {
		pl := &s.players[x]
		pl.florins, pl.cubes, pl.tokens = 10, [nRes]int8{}, 0
		pl.ships, pl.cits = 2, 8
	}
	s.players[q].cits = 9
	return s, p, q
}
