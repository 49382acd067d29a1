package atacama

import (
	"errors"
	"strings"
	"testing"

	"github.com/pbem-games/pbem/rules"
)

// tryLast plays all moves but the last and returns the error of the last.
func tryLast(t *testing.T, setup rules.Setup, moves ...string) error {
	t.Helper()
	st := play(t, setup, moves[:len(moves)-1]...)
	to := st.ToAct()
	m, err := st.Parse(to[0], moves[len(moves)-1])
	if err != nil {
		return err
	}
	_, err = st.Apply(to[0], m)
	return err
}

func TestSquareAdjacency(t *testing.T) {
	two := rules.Setup{Seats: 2}
	for _, tc := range []struct {
		moves []string
		err   string
	}{
		{[]string{"E5", "E4"}, "E4 is next to the rig of seat 0 on E5"},
		{[]string{"E5", "E6"}, "E6 is next to the rig of seat 0 on E5"},
		{[]string{"E5", "D5"}, "D5 is next to the rig of seat 0 on E5"},
		{[]string{"E5", "F5"}, "F5 is next to the rig of seat 0 on E5"},
		{[]string{"E5", "A1", "E4"}, "E4 is next to your rig on E5"},
		{[]string{"A1", "B1"}, "B1 is next to the rig of seat 0 on A1"},
		{[]string{"E5", "D4"}, ""},
		{[]string{"E5", "F6"}, ""},
		{[]string{"E5", "E7"}, ""},
		{[]string{"E5", "E5"}, "E5 already has a rig"},
	} {
		err := tryLast(t, two, tc.moves...)
		if got := errText(err); got != tc.err {
			t.Errorf("%v: got %q, want %q", tc.moves, got, tc.err)
		}
	}
}

func errText(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}

// TestHexAdjacency checks the three-player rule: next to a rig only on a
// field of another commodity.
func TestHexAdjacency(t *testing.T) {
	three := rules.Setup{Seats: 3}
	var same, other [2]string
	for i, c := range hexGeo.cells {
		for _, j := range c.nbrs {
			a, b := hexFields[i], hexFields[j]
			if a.metal == desert || b.metal == desert {
				continue
			}
			if a.metal == b.metal {
				same = [2]string{c.name, hexGeo.cells[j].name}
			} else {
				other = [2]string{c.name, hexGeo.cells[j].name}
			}
		}
	}
	if err := tryLast(t, three, other[0], other[1]); err != nil {
		t.Errorf("%v: different commodities may be neighbours: %v", other, err)
	}
	metal := hexFields[hexGeo.byName[same[0]]].metal
	want := same[1] + " is next to the rig of seat 0 on " + same[0] + ", which is " + metal.String() + " too"
	if got := errText(tryLast(t, three, same[0], same[1])); got != want {
		t.Errorf("%v: got %q, want %q", same, got, want)
	}
}

func TestErrorTexts(t *testing.T) {
	two, three := rules.Setup{Seats: 2}, rules.Setup{Seats: 3}
	tac := rules.Setup{Seats: 2, Variants: []string{Tactical}}
	enh := rules.Setup{Seats: 2, Variants: []string{Enhanced}}
	for _, tc := range []struct {
		setup rules.Setup
		moves []string
		err   string
	}{
		{two, []string{"E10"}, "E10 is not a field: columns are A to I and rows 1 to 9"},
		{two, []string{"J1"}, "J1 is not a field: columns are A to I and rows 1 to 9"},
		{two, []string{"hello"}, `"hello" is not a move: write a field such as E5`},
		{two, []string{"  "}, "the move is empty: write a field such as E5"},
		{two, []string{"E5*"}, "there are no second-colour rigs in this game: write E5"},
		{tac, []string{"A1*", "I9", "A3*", "I7", "A5*", "I5", "A7*"}, "you have no second-colour rigs left: write A7"},
		{two, []string{"CLAIM TURQUOISE ROWS"}, "concessions are only claimed in the enhanced game; here they were issued at the start"},
		{two, []string{"CLAIM GREEN ROWS"}, `"CLAIM GREEN ROWS" is not a claim: write CLAIM TURQUOISE COLUMNS, CLAIM TURQUOISE ROWS, CLAIM ORANGE COLUMNS or CLAIM ORANGE ROWS`},
		{two, []string{"PASS"}, "you may not pass while a field can take your rig"},
		{three, []string{"L3"}, "L3 is not a field: rows are A to K"},
		{three, []string{"A7"}, "A7 is not a field: row A has fields A1 to A6"},
		{three, []string{"F6"}, "F6 is the desert, where no rig may stand"},
		{enh, []string{"I9"}, "I9 is on a tile that is not laid yet"},
		{enh, []string{"claim orange rows", "claim turquoise columns"}, "the concessions are already claimed"},
		{enh, []string{"hello"}, `"hello" is not a move: write a field such as E5, or a claim such as CLAIM TURQUOISE COLUMNS`},
	} {
		err := tryLast(t, tc.setup, tc.moves...)
		if got := errText(err); got != tc.err {
			t.Errorf("%v: got %q, want %q", tc.moves, got, tc.err)
		}
		if err != nil && (!errors.Is(err, rules.ErrIllegal) || strings.Contains(err.Error(), "\n")) {
			t.Errorf("%v: %q must wrap ErrIllegal and be one line", tc.moves, err)
		}
	}
	st := play(t, two)
	if _, err := st.Parse(1, "E5"); errText(err) != "it is not your turn: seat 0 places now" || !errors.Is(err, rules.ErrIllegal) {
		t.Errorf("out of turn: %v", err)
	}
	if _, err := st.Apply(0, Move{Kind: Place, Field: "Z9"}); !errors.Is(err, rules.ErrIllegal) {
		t.Errorf("Apply of a bad move: %v", err)
	}
}

// TestTacticalDoubles: second-colour rigs count double, plus and minus, for
// everyone scoring the line.
func TestTacticalDoubles(t *testing.T) {
	// Column A: A1 gold 2, A3 silver 5, A5 silver 2, A7 copper 3.
	st := play(t, rules.Setup{Seats: 2, Variants: []string{Tactical}}, "A1*", "A3", "A5", "A7*")
	if scores, _ := st.Result(); scores[0] != 2*2+5+2-2*3 || scores[1] != 0 {
		t.Errorf("scores %v, want [5 0]", scores)
	}
	v := st.View(0).(*View)
	if v.Rigs[0] != (Supply{Seat: 0, Basic: 10, Double: 2}) || v.Rigs[1] != (Supply{Seat: 1, Basic: 10, Double: 2}) {
		t.Errorf("rigs left %+v", v.Rigs)
	}
	if !strings.Contains(v.Text(), "{g2}0") || !strings.Contains(v.Text(), "[s5]1") {
		t.Errorf("text does not mark the rigs:\n%s", v.Text())
	}
}

// TestFourPlayers: two players score the columns and two the rows, one of
// each with each concession.
func TestFourPlayers(t *testing.T) {
	st := play(t, rules.Setup{Seats: 4}, "A1", "A3", "A5", "A7")
	v := st.View(rules.Observer).(*View)
	want := []Holding{
		{0, "turquoise", "columns", "gold and silver", "copper"},
		{1, "orange", "rows", "gold and copper", "silver"},
		{2, "orange", "columns", "gold and copper", "silver"},
		{3, "turquoise", "rows", "gold and silver", "copper"},
	}
	for i, h := range want {
		if v.Concessions[i] != h {
			t.Errorf("concession %d: %+v, want %+v", i, v.Concessions[i], h)
		}
	}
	// Column A: gold 2, silver 5, silver 2, copper 3.
	if scores, _ := st.Result(); scores[0] != 2+5+2-3 || scores[2] != 2-5-2+3 || scores[1] != 0 || scores[3] != 0 {
		t.Errorf("scores %v, want [6 0 -2 0]", scores)
	}
	for _, r := range v.Rigs {
		if r.Basic != 6 {
			t.Errorf("seat %d has %d rigs left, want 6", r.Seat, r.Basic)
		}
	}
	if v.ToAct[0] != 0 {
		t.Errorf("after four moves seat %v acts, want 0", v.ToAct)
	}
}

// TestBlockedBoardEnds: when no field can take a rig, the game ends at once
// although rigs are left.
func TestBlockedBoardEnds(t *testing.T) {
	// A set of fields none next to another that leaves no free field.
	taken := map[int]bool{}
	var order []int
	free := func(i int) bool {
		if taken[i] {
			return false
		}
		for _, j := range squareGeo.cells[i].nbrs {
			if taken[j] {
				return false
			}
		}
		return true
	}
	for pass := 0; pass < 2; pass++ {
		for i, c := range squareGeo.cells {
			if (pass == 1 || (c.row+2*c.col)%5 == 0) && free(i) {
				taken[i] = true
				order = append(order, i)
			}
		}
	}
	if len(order) > 28 {
		t.Fatalf("blocking set of %d fields is too large", len(order))
	}
	st := play(t, rules.Setup{Seats: 2})
	for k, i := range order {
		if _, over := st.Result(); over {
			t.Fatalf("game over after %d rigs", k)
		}
		st = mustPlay(t, st, squareGeo.cells[i].name)
	}
	if _, over := st.Result(); !over || len(st.ToAct()) != 0 || len(st.Legal(0)) != 0 || len(st.Legal(1)) != 0 {
		t.Errorf("blocked board after %d rigs: the game should be over", len(order))
	}
	v := st.View(0).(*View)
	if v.Rigs[0].Basic+v.Rigs[1].Basic != 28-len(order) || !v.Over || len(v.Winners) == 0 {
		t.Errorf("final view: %+v", v)
	}
}
