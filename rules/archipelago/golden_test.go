package archipelago

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/pbem-games/pbem/rules"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// TestTranscript plays one complete two-player game with seeded random
// moves and compares, move by move, what the seat to act sees and what it
// plays with testdata/transcript.golden. Run with -update after a change
// of the rules or the views.
func TestTranscript(t *testing.T) {
	st, err := Game.Start(rules.Setup{Seats: 2, Variants: []string{Short}, Seed: rules.SeedFromInt(2024)})
	if err != nil {
		t.Fatal(err)
	}
	r := rules.NewRand(rules.SeedFromInt(7), "transcript")
	var b bytes.Buffer
	for n := 1; ; n++ {
		to := st.ToAct()
		if len(to) == 0 {
			break
		}
		seat := to[r.IntN(len(to))]
		legal := st.Legal(seat)
		m := legal[r.IntN(len(legal))]
		fmt.Fprintf(&b, "=== %d. %s to move (of %v); %d legal moves\n", n, colors[seat], to, len(legal))
		b.WriteString(st.View(seat).Text())
		guide := st.(rules.Guide)
		fmt.Fprintf(&b, "--- %s plays %s: %s %s\n\n", colors[seat], m, colors[seat], guide.Describe(seat, m.String()))
		if st, err = st.Apply(seat, m); err != nil {
			t.Fatalf("move %d: %v", n, err)
		}
	}
	scores, _ := st.Result()
	fmt.Fprintf(&b, "=== The end: scores %v\n", scores)
	b.WriteString(st.View(rules.Observer).Text())
	golden := filepath.Join("testdata", "transcript.golden")
	if *update {
		if err := os.WriteFile(golden, b.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatalf("%v (run with -update to write it)", err)
	}
	if !bytes.Equal(b.Bytes(), want) {
		got, wantLines := bytes.Split(b.Bytes(), []byte("\n")), bytes.Split(want, []byte("\n"))
		for i := range min(len(got), len(wantLines)) {
			if !bytes.Equal(got[i], wantLines[i]) {
				t.Fatalf("transcript line %d = %q, want %q (run with -update if the change is meant)", i+1, got[i], wantLines[i])
			}
		}
		t.Fatalf("the transcript has %d lines, want %d", len(got), len(wantLines))
	}
}
