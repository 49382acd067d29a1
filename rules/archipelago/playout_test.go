package archipelago

import (
	"testing"

	"github.com/pbem-games/pbem/rules"
)

// outcome is how one random game ended.
type outcome struct {
	moves, rounds int
	ending        string // "war", "separatist", "objective" or "year"
	by            string // the objective that ended the game
	scores        []int
}

// randomGame plays one game with uniformly random moves: a random seat of
// those to act, then a random legal move of it.
func randomGame(tb testing.TB, setup rules.Setup, r *rules.Rand, maxMoves int) outcome {
	tb.Helper()
	st, err := Game.Start(setup)
	if err != nil {
		tb.Fatal(err)
	}
	for n := 0; n < maxMoves; n++ {
		to := st.ToAct()
		if len(to) == 0 {
			s := st.(*state)
			scores, _ := st.Result()
			o := outcome{moves: n, rounds: s.round, scores: scores}
			switch {
			case s.war && s.winner >= 0:
				o.ending = "separatist"
			case s.war:
				o.ending = "war"
			case s.endedBy >= 0:
				o.ending = "objective"
				o.by = objectives[s.endedBy].name
			default:
				o.ending = "year"
			}
			return o
		}
		seat := to[r.IntN(len(to))]
		legal := st.Legal(seat)
		if len(legal) == 0 {
			tb.Fatalf("seat %d to act has no legal move", seat)
		}
		m := legal[r.IntN(len(legal))]
		next, err := st.Apply(seat, m)
		if err != nil {
			tb.Fatalf("Apply(%d, %s): %v", seat, m, err)
		}
		st = next
	}
	tb.Fatalf("the game did not end within %d moves", maxMoves)
	return outcome{}
}
