package archipelago

import (
	"bytes"
	"fmt"
	"path/filepath"
	"slices"
	"testing"

	"github.com/pbem-games/pbem/rules"

	"github.com/pbem-games/pbem/internal/golden"
)

// transcripts are the complete seeded games kept in testdata: the first
// with every view the seat to act saw, the others with each move and what
// it did, then the end as an observer sees it. Between them they cover
// every number of players, every length and both endings.
var transcripts = []struct {
	file   string
	seats  int
	length string
	seed   uint64
	full   bool   // every view, not only the moves
	ending string // how the game ends, as endingOf names it
}{
	{"transcript.golden", 2, Short, 2024, true, ""},
	{"transcript-3-medium.golden", 3, Medium, 4, false, "objective"},
	{"transcript-4-long.golden", 4, Long, 4, false, "war"},
	{"transcript-5-short.golden", 5, Short, 101, false, "separatist"},
}

// TestTranscript plays complete games with seeded random moves and
// compares, move by move, what they show with the files in testdata. Run
// with -update after a change of the rules or the views.
func TestTranscript(t *testing.T) {
	for _, tr := range transcripts {
		t.Run(tr.file, func(t *testing.T) {
			b, ending := transcript(t, tr.seats, tr.length, tr.seed, tr.full)
			if tr.ending != "" && ending != tr.ending {
				t.Errorf("the game ends by %s, want %s: pick another seed", ending, tr.ending)
			}
			compareGolden(t, tr.file, b)
		})
	}
}

// transcript plays one game and writes it down.
func transcript(t *testing.T, seats int, length string, seed uint64, full bool) ([]byte, string) {
	setup := rules.Setup{Seats: seats, Variants: []string{length}, Seed: rules.SeedFromInt(seed)}
	st, err := Game.Start(setup)
	if err != nil {
		t.Fatal(err)
	}
	r := rules.NewRand(rules.SeedFromInt(7), "transcript")
	var b bytes.Buffer
	fmt.Fprintf(&b, "Archipelago, %d players, %s objectives, seed %d\n\n", seats, length, seed)
	for n := 1; ; n++ {
		to := st.ToAct()
		if len(to) == 0 {
			break
		}
		seat := to[r.IntN(len(to))]
		legal := st.Legal(seat)
		m := legal[r.IntN(len(legal))]
		guide := st.(rules.Guide)
		if full {
			fmt.Fprintf(&b, "=== %d. %s to move (of %v); %d legal moves\n", n, colors[seat], to, len(legal))
			b.WriteString(st.View(seat).Text())
			fmt.Fprintf(&b, "--- %s plays %s: %s %s\n\n", colors[seat], m, colors[seat], guide.Describe(seat, m.String()))
		}
		if st, err = st.Apply(seat, m); err != nil {
			t.Fatalf("move %d: %v", n, err)
		}
		if !full {
			fmt.Fprintf(&b, "%d. %s: %s\n", n, colors[seat], m)
			for _, l := range st.(*state).lastLines() {
				b.WriteString("     " + l + "\n")
			}
		}
		st = answerOffers(t, st, &r, &b, full)
	}
	scores, _ := st.Result()
	fmt.Fprintf(&b, "=== The end: scores %v\n", scores)
	b.WriteString(st.View(rules.Observer).Text())
	return b.Bytes(), endingOf(st.(*state))
}

func compareGolden(t *testing.T, file string, got []byte) {
	t.Helper()
	golden.Check(t, filepath.Join("testdata", file), string(got))
}

// answerOffers has each player not to act answer the offers made to them,
// as their next mail would: ACCEPT one time in two where they can, else
// DECLINE.
func answerOffers(t *testing.T, st rules.State, r *rules.Rand, b *bytes.Buffer, full bool) rules.State {
	s := st.(*state)
	for q := range s.seats {
		if slices.Contains(s.ToAct(), rules.Seat(q)) {
			continue
		}
		for _, from := range s.offersTo(q) {
			m := blank(KAccept)
			m.Seat = int8(from)
			next, err := s.Apply(rules.Seat(q), m)
			if r.IntN(2) == 0 || err != nil {
				m.Kind = KDecline
				if next, err = s.Apply(rules.Seat(q), m); err != nil {
					t.Fatalf("%s declining the offer of %s: %v", colors[q], colors[from], err)
				}
			}
			s = next.(*state)
			fmt.Fprintf(b, "   %s, not to act: %s\n", colors[q], m)
			if !full {
				for _, l := range s.lastLines() {
					b.WriteString("     " + l + "\n")
				}
			}
		}
	}
	return s
}
