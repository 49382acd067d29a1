package altiplano

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pbem-games/pbem/rules"

	"github.com/pbem-games/pbem/internal/golden"
)

// goldenGames are the complete seeded games whose transcripts sit in
// testdata: two players with the missions, and three who choose their
// professions.
var goldenGames = []struct {
	file  string
	setup rules.Setup
	about string
}{
	{"game.golden", rules.Setup{Seats: 2, Variants: []string{Missions}, Seed: rules.SeedFromInt(2017)}, "2 players with missions, seed 2017"},
	{"game3choose.golden", rules.Setup{Seats: 3, Variants: []string{Choose}, Seed: rules.SeedFromInt(2018)}, "3 players choosing their professions, seed 2018"},
}

// TestGoldenGame plays complete seeded games, the greedy player moving
// the lowest seat to act, and compares the text of the view of the seat to
// act before every move, then the final view, with the transcripts in
// testdata. Regenerate them with
//
//	go test ./rules/altiplano -run GoldenGame -update
func TestGoldenGame(t *testing.T) {
	for _, gg := range goldenGames {
		t.Run(gg.file, func(t *testing.T) { playGolden(t, gg.setup, gg.about, gg.file) })
	}
}

func playGolden(t *testing.T, setup rules.Setup, about, file string) {
	st, err := Game.Start(setup)
	if err != nil {
		t.Fatal(err)
	}
	r := rules.NewRand(setup.Seed, "golden")
	var b strings.Builder
	fmt.Fprintf(&b, "Altiplano, %s; the view of the seat to act before each move.\n", about)
	for n := 1; len(st.ToAct()) > 0; n++ {
		if n > maxMoves {
			t.Fatal("the game does not end")
		}
		seat := st.ToAct()[0]
		m := greedyPlayer(st, seat, st.Legal(seat), &r)
		fmt.Fprintf(&b, "\n======== move %d: seat %d plays %s\n\n%s", n, seat, m, st.View(seat).Text())
		if st, err = st.Apply(seat, m); err != nil {
			t.Fatalf("move %d, seat %d %s: %v", n, seat, m, err)
		}
	}
	fmt.Fprintf(&b, "\n======== the end, as everyone sees it\n\n%s", st.View(rules.Observer).Text())
	got := b.String()
	golden.Check(t, filepath.Join("testdata", file), got)
}
