package altiplano

import (
	"slices"
	"strings"
	"testing"

	"github.com/pbem-games/pbem/rules"
)

// TestReplace: a new plan's first placement takes back what the seat
// placed this round, one TAKE a good; a declared plan cannot change, and
// the error says what stays; other first lines replace nothing.
func TestReplace(t *testing.T) {
	st, err := Game.Start(rules.Setup{Seats: 3, Seed: rules.SeedFromInt(5)})
	if err != nil {
		t.Fatal(err)
	}
	var puts []string
	for _, m := range st.Legal(0) {
		if s := m.String(); strings.HasPrefix(s, "PUT ") && !strings.HasSuffix(s, " COIN") && len(puts) < 2 {
			next, err := st.Apply(0, m)
			if err != nil {
				t.Fatal(err)
			}
			st, puts = next, append(puts, s)
		}
	}
	if len(puts) != 2 {
		t.Fatalf("seat 0 has no two placements: %q", puts)
	}
	r := st.(interface {
		Replace(rules.Seat, string) ([]rules.Move, error)
	})
	for _, first := range []string{"DONE", "TAKE " + strings.TrimPrefix(puts[0], "PUT "), "GO MINE / MINE SILVER"} {
		if take, err := r.Replace(0, first); len(take) != 0 || err != nil {
			t.Errorf("Replace(0, %q) = %v, %v, want nothing", first, take, err)
		}
	}
	take, err := r.Replace(0, "put farm alpaca")
	if err != nil || len(take) != 2 {
		t.Fatalf("Replace(0, put farm alpaca) = %v, %v, want two TAKEs", take, err)
	}
	after := st
	for _, m := range take {
		if !strings.HasPrefix(m.String(), "TAKE ") {
			t.Errorf("Replace gave %q, want a TAKE", m)
		}
		if after, err = after.Apply(0, m); err != nil {
			t.Fatalf("apply %q: %v", m, err)
		}
	}
	if p := after.(*state).placed(0); len(p) != 0 {
		t.Errorf("after the TAKEs seat 0 still has placed %v", p)
	}
	if slices.ContainsFunc(take, func(m rules.Move) bool { return m.String() == "DONE" }) {
		t.Error("Replace declared the plan")
	}
	done := play(t, st, rules.Seat(0), "DONE")
	_, err = done.(interface {
		Replace(rules.Seat, string) ([]rules.Move, error)
	}).Replace(0, "PUT FARM ALPACA")
	if take, err := done.(interface {
		Replace(rules.Seat, string) ([]rules.Move, error)
	}).Replace(0, "MINE SILVER"); len(take) != 0 || err != nil {
		t.Errorf("Replace after DONE of a turn for a programmed list = %v, %v, want nothing", take, err)
	}
	if err == nil || !strings.Contains(err.Error(), "cannot change") || !strings.Contains(err.Error(), strings.TrimPrefix(puts[0], "PUT ")) {
		t.Errorf("Replace after DONE: %v, want that the plan cannot change and what stays (%q)", err, puts)
	}
}
