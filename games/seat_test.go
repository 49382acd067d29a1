package games_test

import (
	"errors"
	"fmt"
	"testing"

	"github.com/pbem-games/pbem/events"
	"github.com/pbem-games/pbem/games"
)

// TestCheckSeat: a game's seats are 0 to one below its players; any
// other is refused as ErrBadSeat, saying which seats there are.
func TestCheckSeat(t *testing.T) {
	tb := newTable(t)
	g := tb.game(tb.nim([]events.Player{anaHost, bea, cyd}))
	for _, tc := range []struct {
		seat int
		ok   bool
	}{{-1, false}, {0, true}, {1, true}, {2, true}, {3, false}, {-1000, false}} {
		err := games.CheckSeat(g, tc.seat)
		want := fmt.Sprintf("game %s has seats 0 to 2, not %d", g.ID, tc.seat)
		if tc.ok && err != nil {
			t.Errorf("CheckSeat(%d) = %v, want nil", tc.seat, err)
		}
		if !tc.ok && (!errors.Is(err, games.ErrBadSeat) || err.Error() != want) {
			t.Errorf("CheckSeat(%d) = %v, want ErrBadSeat saying %q", tc.seat, err, want)
		}
	}
}
