package atacama

import (
	"testing"

	"github.com/pbem-games/pbem/rules"
)

// play applies moves in turn order from a fresh game and returns the state.
func play(t *testing.T, setup rules.Setup, moves ...string) rules.State {
	t.Helper()
	st, err := Game.Start(setup)
	if err != nil {
		t.Fatal(err)
	}
	for _, text := range moves {
		st = mustPlay(t, st, text)
	}
	return st
}

// mustPlay parses and applies one move of the seat to act.
func mustPlay(t *testing.T, st rules.State, text string) rules.State {
	t.Helper()
	to := st.ToAct()
	if len(to) != 1 {
		t.Fatalf("%s: seats to act %v", text, to)
	}
	m, err := st.Parse(to[0], text)
	if err != nil {
		t.Fatalf("%s: %v", text, err)
	}
	next, err := st.Apply(to[0], m)
	if err != nil {
		t.Fatalf("%s: %v", text, err)
	}
	return next
}

// TestRulebookExample replays the rulebook's "Preliminary result after 16
// placed rigs" on the basic board: 8 rigs each, alternating, none next to
// another.
func TestRulebookExample(t *testing.T) {
	moves := []string{
		"A1", "A3", "A7", "A9", "B2", "B4", "B6", "B8",
		"D7", "F7", "H7", "C9", "F9", "I9", "E8", "G8",
	}
	st := play(t, rules.Setup{Seats: 2}, moves...)
	v := st.View(rules.Observer).(*View)
	field := map[string]string{}
	for _, c := range v.Cells {
		if c.Rig != nil {
			field[c.Field] = c.Metal[:1] + string(rune('0'+c.Value))
		}
	}
	lines := map[string][]string{
		"column A": {"A1", "A3", "A7", "A9"}, // gold 2, silver 5, copper 3, silver 1
		"column B": {"B2", "B4", "B6", "B8"}, // gold 2, copper 4, copper 5, silver 3
		"row 9":    {"A9", "C9", "F9", "I9"}, // silver 1, copper 3, copper 4, gold 1
		"row 7":    {"A7", "D7", "F7", "H7"}, // copper 3, silver 5, gold 2, silver 3
	}
	want := map[string][]string{
		"column A": {"g2", "s5", "c3", "s1"},
		"column B": {"g2", "c4", "c5", "s3"},
		"row 9":    {"s1", "c3", "c4", "g1"},
		"row 7":    {"c3", "s5", "g2", "s3"},
	}
	for name, cells := range lines {
		for i, c := range cells {
			if field[c] != want[name][i] {
				t.Errorf("%s: %s shows %q, the rulebook has %q", name, c, field[c], want[name][i])
			}
		}
	}
	got := map[string]int{}
	for _, l := range v.Lines {
		got[l.Line] = l.Points
		if l.Rigs != 4 {
			t.Errorf("%s counts with %d rigs, want exactly 4", l.Line, l.Rigs)
		}
	}
	wantLines := map[string]int{"column A": 5, "column B": -4, "row 9": 7, "row 7": -3}
	if len(got) != len(wantLines) {
		t.Errorf("lines that count: %v, want %v", got, wantLines)
	}
	for name, pts := range wantLines {
		if got[name] != pts {
			t.Errorf("%s: %d points, want %d", name, got[name], pts)
		}
	}
	rows8 := 0
	for _, c := range v.Cells {
		if c.Rig != nil && c.Row == 7 {
			rows8++
		}
	}
	if rows8 != 3 {
		t.Errorf("row 8 has %d rigs, the rulebook says 3", rows8)
	}
	scores, over := st.Result()
	if scores[0] != 1 || scores[1] != 4 || over {
		t.Errorf("result %v over=%v, want [1 4] and not over", scores, over)
	}
}
