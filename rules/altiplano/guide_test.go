package altiplano

import (
	"testing"

	"github.com/pbem-games/pbem/rules"
)

// TestDefaultGoesForward plays every setup with each seat to act playing
// its default move (what pbem plays for a seat out of time, or for good,
// and what a prompt gives as its example): the default is always legal,
// never takes back a planned good, and the games end.
func TestDefaultGoesForward(t *testing.T) {
	for _, setup := range allSetups {
		for seed := range uint64(3) {
			setup.Seed = rules.SeedFromInt(seed + 1)
			st, err := Game.Start(setup)
			if err != nil {
				t.Fatal(err)
			}
			n := 0
			for ; n < maxMoves && len(st.ToAct()) > 0; n++ {
				seat := st.ToAct()[n%len(st.ToAct())]
				m := st.(*state).Default(seat)
				if m == nil || m.(Move).Kind == KindTake {
					t.Fatalf("%d players %v seed %d, move %d: seat %d's default is %v", setup.Seats, setup.Variants, seed+1, n, seat, m)
				}
				if st, err = st.Apply(seat, m); err != nil {
					t.Fatalf("%d players %v seed %d, move %d: seat %d's default %s: %v", setup.Seats, setup.Variants, seed+1, n, seat, m, err)
				}
			}
			if _, over := st.Result(); !over {
				t.Errorf("%d players %v seed %d: no end after %d default moves", setup.Seats, setup.Variants, seed+1, n)
			}
		}
	}
}
