package atacama

import (
	"testing"

	"github.com/pbem-games/pbem/rules"
)

// player picks a move for the seat to act.
type player func(st rules.State, seat rules.Seat, legal []rules.Move, r *rules.Rand) rules.Move

// randomPlayer picks uniformly among the legal moves.
func randomPlayer(_ rules.State, _ rules.Seat, legal []rules.Move, r *rules.Rand) rules.Move {
	return legal[r.IntN(len(legal))]
}

// greedyPlayer picks the move that most raises its own score minus the mean
// of the others' after the move, breaking ties at random; one move in ten is
// random so that games differ.
func greedyPlayer(st rules.State, seat rules.Seat, legal []rules.Move, r *rules.Rand) rules.Move {
	if r.IntN(10) == 0 {
		return legal[r.IntN(len(legal))]
	}
	best, n := 0, 0
	var pick rules.Move
	for _, m := range legal {
		next, err := st.Apply(seat, m)
		if err != nil {
			panic(err)
		}
		scores, _ := next.Result()
		others := 0
		for i, x := range scores {
			if i != int(seat) {
				others += x
			}
		}
		val := scores[seat]*(len(scores)-1)*4 - others*4
		switch {
		case n == 0 || val > best:
			best, n, pick = val, 1, m
		case val == best:
			n++
			if r.IntN(n) == 0 {
				pick = m
			}
		}
	}
	return pick
}

// playout plays one game to its end and returns the final scores.
func playout(t testing.TB, setup rules.Setup, p player, r *rules.Rand) []int {
	st, err := Game.Start(setup)
	if err != nil {
		t.Fatal(err)
	}
	for step := 0; step < 200; step++ {
		to := st.ToAct()
		if len(to) == 0 {
			scores, _ := st.Result()
			return scores
		}
		legal := st.Legal(to[0])
		if len(legal) == 0 {
			t.Fatalf("seat %d to act has no legal move", to[0])
		}
		st, err = st.Apply(to[0], p(st, to[0], legal, r))
		if err != nil {
			t.Fatal(err)
		}
	}
	t.Fatal("game did not end within 200 moves")
	return nil
}

// meanScores plays n games and returns each seat's mean score and the
// largest standard error of those means.
func meanScores(t testing.TB, setup rules.Setup, p player, n int, stream string) (means []float64, stderr float64) {
	r := rules.NewRand(rules.SeedFromInt(7), stream)
	sum := make([]float64, setup.Seats)
	sq := make([]float64, setup.Seats)
	for g := 0; g < n; g++ {
		setup.Seed = rules.SeedFromInt(uint64(g))
		for i, x := range playout(t, setup, p, &r) {
			sum[i] += float64(x)
			sq[i] += float64(x) * float64(x)
		}
	}
	for i := range sum {
		m := sum[i] / float64(n)
		means = append(means, m)
		v := sq[i]/float64(n) - m*m
		stderr = max(stderr, sqrt(v/float64(n)))
	}
	return means, stderr
}

// sqrt is Newton's method, enough for a standard error.
func sqrt(x float64) float64 {
	if x <= 0 {
		return 0
	}
	z := x
	for range 60 {
		z = (z + x/z) / 2
	}
	return z
}
