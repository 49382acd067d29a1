package atacama

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/pbem-games/pbem/rules"
)

var enhancedSetup = rules.Setup{Seats: 2, Variants: []string{Enhanced}, Seed: rules.SeedFromInt(42)}

// firstPlacement returns the first legal placement of the seat to act.
func firstPlacement(t *testing.T, st rules.State) string {
	t.Helper()
	for _, m := range st.Legal(st.ToAct()[0]) {
		if m.(Move).Kind == Place {
			return m.String()
		}
	}
	t.Fatal("no placement is legal")
	return ""
}

// laidPositions returns the tile positions a view shows.
func viewPositions(v *View) []int {
	var ps []int
	for _, tl := range v.Tiles {
		ps = append(ps, tl.Position)
	}
	return ps
}

// TestEnhancedStages: three tiles in the top-left corner, then the diagonal,
// then the rest, each after six turns; rigs go only on laid tiles; the
// face-down tiles never show in a view.
func TestEnhancedStages(t *testing.T) {
	st := play(t, enhancedSetup)
	wantPos := [][]int{{0, 1, 3}, {0, 1, 2, 3, 4, 6}, {0, 1, 2, 3, 4, 5, 6, 7, 8}}
	for stage := 1; stage <= 3; stage++ {
		v := st.View(rules.Observer).(*View)
		if v.Stage != stage || !slices.Equal(viewPositions(v), wantPos[stage-1]) || len(v.Cells) != 27*stage {
			t.Fatalf("stage %d: view stage %d, tiles %v, %d cells", stage, v.Stage, viewPositions(v), len(v.Cells))
		}
		secrets := st.(rules.Secrets).Secrets(rules.Observer)
		if len(secrets) != (3-stage)*3*11 {
			t.Errorf("stage %d: %d secrets", stage, len(secrets))
		}
		for _, seat := range []rules.Seat{rules.Observer, 0, 1} {
			if st.(rules.Secrets).Secrets(seat) != nil && seat != rules.Observer {
				t.Errorf("seat %d has secrets", seat)
			}
			view := st.View(seat)
			js, _ := json.Marshal(view)
			for _, sec := range secrets {
				if strings.Contains(string(js), sec) || strings.Contains(view.Text(), sec) {
					t.Errorf("stage %d: seat %d sees %q", stage, seat, sec)
				}
			}
		}
		if stage == 1 {
			if err := tryLast(t, enhancedSetup, "I9"); errText(err) != "I9 is on a tile that is not laid yet" {
				t.Errorf("rig on a face-down tile: %v", err)
			}
			// The secrets are written as a view writes a laid tile.
			next := st
			for range 6 {
				next = mustPlay(t, next, firstPlacement(t, next))
			}
			js, _ := json.Marshal(next.View(rules.Observer))
			for _, sec := range secrets[:11] {
				if !strings.Contains(string(js)+next.View(0).Text(), sec) {
					t.Errorf("revealed tile: %q not in the view", sec)
				}
			}
		}
		for _, m := range st.Legal(st.ToAct()[0]) {
			if mv := m.(Move); mv.Kind == Place && !st.(*state).laid(squareGeo.byName[mv.Field]) {
				t.Errorf("stage %d: %s is legal on a face-down tile", stage, mv.Field)
			}
		}
		for range 6 {
			st = mustPlay(t, st, firstPlacement(t, st))
		}
	}
}

func TestEnhancedShuffle(t *testing.T) {
	a := play(t, enhancedSetup).(*state)
	b := play(t, enhancedSetup).(*state)
	if a.tileAt != b.tileAt {
		t.Error("the same seed laid different tiles")
	}
	differs := false
	for n := range uint64(20) {
		c := play(t, rules.Setup{Seats: 2, Variants: []string{Enhanced}, Seed: rules.SeedFromInt(n)}).(*state)
		differs = differs || c.tileAt != a.tileAt
	}
	if !differs {
		t.Error("twenty seeds laid the same tiles")
	}
}

// TestEnhancedClaim: a claim takes a turn, costs a rig, and gives the other
// player the other concession, the other direction and one rig more.
func TestEnhancedClaim(t *testing.T) {
	st := play(t, enhancedSetup, firstPlacement(t, play(t, enhancedSetup)), "claim turquoise rows")
	v := st.View(0).(*View)
	want := []Holding{
		{0, "orange", "columns", "gold and copper", "silver"},
		{1, "turquoise", "rows", "gold and silver", "copper"},
	}
	if !slices.Equal(v.Concessions, want) {
		t.Errorf("concessions %+v", v.Concessions)
	}
	if v.Rigs[0].Basic != 13+1 || v.Rigs[1].Basic != 14-1 || v.Turn != 2 || v.ToAct[0] != 0 {
		t.Errorf("after the claim: rigs %+v, turn %d, to act %v", v.Rigs, v.Turn, v.ToAct)
	}
	for _, m := range st.Legal(0) {
		if m.(Move).Kind == Claim {
			t.Errorf("%s still legal after the claim", m)
		}
	}
	// Tactical: the claim is paid with a basic rig; the bonus rig is basic.
	tac := rules.Setup{Seats: 2, Variants: []string{Enhanced, Tactical}}
	v = play(t, tac, "CLAIM ORANGE COLUMNS").View(0).(*View)
	if v.Rigs[0] != (Supply{0, 10, 3}) || v.Rigs[1] != (Supply{1, 12, 3}) {
		t.Errorf("tactical claim: rigs %+v", v.Rigs)
	}
}

// TestEnhancedForcedClaim: nobody may place their last rig while the
// concessions are unclaimed.
func TestEnhancedForcedClaim(t *testing.T) {
	st := play(t, enhancedSetup)
	for step := 0; ; step++ {
		seat := st.ToAct()[0]
		legal := st.Legal(seat)
		if legal[0].(Move).Kind == Claim && legal[len(legal)-1].(Move).Kind == Claim {
			v := st.View(seat).(*View)
			if v.Rigs[seat].Basic != 1 {
				t.Fatalf("claims forced with %d rigs left", v.Rigs[seat].Basic)
			}
			open := st.(*state).open()
			if len(open) == 0 {
				t.Fatal("no free field")
			}
			if _, err := st.Parse(seat, squareGeo.cells[open[0]].name); !strings.HasPrefix(errText(err), "you must claim a concession now") {
				t.Errorf("placing the last rig: %v", err)
			}
			break
		}
		if step > 40 {
			t.Fatal("no claim was ever forced")
		}
		st = mustPlay(t, st, firstPlacement(t, st))
	}
	seat := int(st.ToAct()[0])
	st = mustPlay(t, st, "CLAIM ORANGE ROWS")
	v := st.View(rules.Observer).(*View)
	if v.Rigs[seat].Basic != 0 || v.Rigs[1-seat].Basic != 2 || v.ToAct[0] != 1-seat {
		t.Errorf("after the forced claim: rigs %+v, to act %v", v.Rigs, v.ToAct)
	}
	for len(st.ToAct()) > 0 {
		st = mustPlay(t, st, firstPlacement(t, st))
	}
	if v := st.View(0).(*View); v.Rigs[0].Basic+v.Rigs[1].Basic != 0 || len(v.Concessions) != 2 {
		t.Errorf("final view %+v", v)
	}
}

// TestEnhancedPass: a player who finds every laid field blocked before the
// next tiles are laid passes (or claims); the pass counts as a turn.
func TestEnhancedPass(t *testing.T) {
	s := play(t, enhancedSetup).(*state).clone()
	s.rigs = slices.Clone(s.rigs)
	for i := range s.rigs {
		if s.laid(i) && s.fields[i].metal != desert && s.rigs[i].owner < 0 && s.blocker(i) < 0 {
			s.rigs[i] = rig{owner: int8(i % 2)}
		}
	}
	s.turn, s.next = 5, 1
	var texts []string
	for _, m := range s.Legal(1) {
		texts = append(texts, m.String())
	}
	want := []string{"CLAIM ORANGE COLUMNS", "CLAIM ORANGE ROWS", "CLAIM TURQUOISE COLUMNS", "CLAIM TURQUOISE ROWS", "PASS"}
	if !slices.Equal(texts, want) {
		t.Fatalf("blocked in stage 1: legal %v, want %v", texts, want)
	}
	next := mustPlay(t, s, "pass")
	if v := next.View(0).(*View); v.Stage != 2 || v.ToAct[0] != 0 || v.Rigs[1].Basic != 14 || len(next.Legal(0)) <= 4 {
		t.Errorf("after the pass: stage %d, to act %v, rigs %+v", v.Stage, v.ToAct, v.Rigs)
	}
	s.claimed, s.holds = true, []holding{{turquoise, columns}, {orange, rows}}
	if ms := s.Legal(1); len(ms) != 1 || ms[0].String() != "PASS" {
		t.Errorf("blocked after the claim: legal %v, want only PASS", ms)
	}
}
