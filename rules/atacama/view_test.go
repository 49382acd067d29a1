package atacama

import (
	"strings"
	"testing"

	"github.com/pbem-games/pbem/rules"
)

// directionCases are the sentences a seat's view says of the direction it
// scores: how its lines run and what counts.
var directionCases = []struct {
	seats int
	seat  rules.Seat
	want  string
}{
	{2, 0, "You score the columns: a column is one letter, A to I, from top to bottom, e.g. column A is A1 to A9; each with at least 4 rigs (anyone's) scores the ore values of its fields with rigs, gold and silver plus and copper minus."},
	{2, 1, "You score the rows: a row is one number, 1 to 9, from left to right, e.g. row 1 is A1 to I1; each with at least 4 rigs (anyone's) scores the ore values of its fields with rigs, gold and copper plus and silver minus."},
	{3, 0, "You score the rows: a row is one letter, A to K, from left to right, e.g. row F is F1 to F11 across the desert; each with at least 4 rigs (anyone's) scores the ore values of its fields with rigs, gold and silver plus and copper minus."},
	{3, 1, "You score the falling diagonals: a falling diagonal runs from top left to bottom right (\\), its number growing by one a row down to row F and then staying, e.g. falling A1 is A1 B2 C3 D4 E5 F6 G6 H6 I6 J6 K6; each with at least 4 rigs (anyone's) scores the ore values of its fields with rigs, gold and copper plus and silver minus."},
	{3, 2, "You score the rising diagonals: a rising diagonal runs from bottom left to top right (/), its number staying down to row F and then falling by one a row, e.g. rising A6 is A6 B6 C6 D6 E6 F6 G5 H4 I3 J2 K1; each with at least 4 rigs (anyone's) scores the ore values of its fields with rigs, silver and copper plus and gold minus."},
	{4, 2, "You score the columns: a column is one letter, A to I, from top to bottom, e.g. column A is A1 to A9; each with at least 4 rigs (anyone's) scores the ore values of its fields with rigs, gold and copper plus and silver minus."},
}

// TestDirectionSentence checks that each seat's view explains, in one
// sentence, the direction it scores, and only its own.
func TestDirectionSentence(t *testing.T) {
	for _, tc := range directionCases {
		st, err := Game.Start(rules.Setup{Seats: tc.seats})
		if err != nil {
			t.Fatal(err)
		}
		text := st.View(tc.seat).Text()
		if !strings.Contains(text, tc.want+"\n") {
			t.Errorf("%d players, seat %d: the view does not say\n%s\nit says:\n%s", tc.seats, tc.seat, tc.want, text)
		}
		if n := strings.Count(text, "You score the"); n != 1 {
			t.Errorf("%d players, seat %d: %d sentences on the direction, want 1", tc.seats, tc.seat, n)
		}
	}
	st, _ := Game.Start(rules.Setup{Seats: 3})
	if text := st.View(rules.Observer).Text(); strings.Contains(text, "You score") {
		t.Errorf("an observer is told a direction:\n%s", text)
	}
}
