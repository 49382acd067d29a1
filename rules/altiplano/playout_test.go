package altiplano

import (
	"testing"

	"github.com/pbem-games/pbem/rules"
)

// allSetups are the setups the tests play: every player count, with and
// without each variant.
var allSetups = []rules.Setup{
	{Seats: 2}, {Seats: 2, Variants: []string{Missions, Shortage}},
	{Seats: 3}, {Seats: 3, Variants: []string{Missions, Choose}},
	{Seats: 4}, {Seats: 4, Variants: []string{Missions, Shortage}},
	{Seats: 5}, {Seats: 5, Variants: []string{Missions, Choose}},
}

// maxMoves bounds a playout; random games end far earlier.
const maxMoves = 20000

// bot picks a move for a seat to act.
type bot func(st rules.State, seat rules.Seat, legal []rules.Move, r *rules.Rand) rules.Move

// randomPlayer picks uniformly among the legal moves, as the conformance
// suite does.
func randomPlayer(_ rules.State, _ rules.Seat, legal []rules.Move, r *rules.Rand) rules.Move {
	return legal[r.IntN(len(legal))]
}

// played is one finished playout.
type played struct {
	end    rules.State
	moves  int
	rounds int
}

// playout plays one game to its end, a random seat of those to act moving
// at each step.
func playout(t testing.TB, setup rules.Setup, p bot, r *rules.Rand) played {
	t.Helper()
	st, err := Game.Start(setup)
	if err != nil {
		t.Fatal(err)
	}
	for step := 0; step < maxMoves; step++ {
		to := st.ToAct()
		if len(to) == 0 {
			return played{end: st, moves: step, rounds: st.(*state).round}
		}
		seat := to[r.IntN(len(to))]
		legal := st.Legal(seat)
		if len(legal) == 0 {
			t.Fatalf("seat %d to act has no legal move", seat)
		}
		m := p(st, seat, legal, r)
		next, err := st.Apply(seat, m)
		if err != nil {
			t.Fatalf("Apply(%d, %s): %v", seat, m, err)
		}
		st = next
	}
	t.Fatalf("%v: the game did not end within %d moves", setup, maxMoves)
	return played{}
}

// TestPlayoutsEnd plays random games of every setup to their end.
func TestPlayoutsEnd(t *testing.T) {
	t.Parallel()
	n := 6
	if testing.Short() {
		n = 2
	}
	for _, setup := range allSetups {
		r := rules.NewRand(rules.SeedFromInt(uint64(setup.Seats)), "playouts")
		moves, rounds := 0, 0
		for g := range n {
			setup.Seed = rules.SeedFromInt(uint64(g))
			res := playout(t, setup, randomPlayer, &r)
			if _, over := res.end.Result(); !over {
				t.Fatalf("%v: the playout stopped before the end", setup)
			}
			moves += res.moves
			rounds += res.rounds
		}
		t.Logf("%d players %v: %d random games, %.0f moves and %.1f rounds on average", setup.Seats, setup.Variants, n, float64(moves)/float64(n), float64(rounds)/float64(n))
	}
}
