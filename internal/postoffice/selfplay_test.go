package postoffice

import (
	"bytes"
	"context"
	"regexp"
	"strings"
	"testing"

	"github.com/pbem-games/pbem/games"
)

// TestSelfplay: a game between seeded random players is played to its
// end, its result said and its history verified; the same seed plays it
// again alike; a number of players there are no names for is refused
// before any game is made.
func TestSelfplay(t *testing.T) {
	ctx := context.Background()
	offline(t, t.TempDir(), func(svc *games.Service) {
		var first string
		for i := range 2 {
			var out bytes.Buffer
			id, err := Selfplay{Game: "atacama", Players: 2, Seed: 7, Quiet: true, Out: &out}.Play(ctx, svc)
			if err != nil {
				t.Fatal(err)
			}
			text := out.String()
			if !strings.HasPrefix(text, "created game "+id+"\n") || !regexp.MustCompile(`(?m)^result: .*\(Ana -?\d+, Bea -?\d+\)$`).MatchString(text) || !strings.Contains(text, "\nok: game "+id) {
				t.Errorf("selfplay printed:\n%s\nwant the game created, its result and its verdict", text)
			}
			if played := strings.ReplaceAll(text, id, "ID"); i == 0 {
				first = played
			} else if played != first {
				t.Errorf("seed 7 played again printed:\n%s\nthe first time:\n%s", played, first)
			}
		}
		for _, n := range []int{0, len(SelfplayNames()) + 1} {
			var out bytes.Buffer
			if _, err := (Selfplay{Game: "atacama", Players: n, Seed: 1, Out: &out}).Play(ctx, svc); err == nil || !strings.Contains(err.Error(), "1 to 5 players") || out.Len() > 0 {
				t.Errorf("selfplay of %d players = %v, printed %q; want it refused, nothing made", n, err, out.String())
			}
		}
	})
}
