package games_test

import (
	"context"
	"strings"
	"testing"

	"github.com/pbem-games/pbem/games"
	"github.com/pbem-games/pbem/games/gamestest"
	"github.com/pbem-games/pbem/rules"
)

// TestChangedSince: a reply is stale when, after the event its mail was
// sent after, another's act changed both what its seat sees and what it
// may do; the seat's own acts, words that change neither, and a mail of
// the game as it now is are not.
func TestChangedSince(t *testing.T) {
	ctx := context.Background()
	svc := gamestest.NewService(t)
	id := gamestest.Create(t, svc)
	if _, err := svc.Move(ctx, id, 0, "E5", games.Cause{}); err != nil { // event 2
		t.Fatal(err)
	}
	if _, err := svc.Say(ctx, id, 1, "good luck", games.Cause{}); err != nil { // event 3
		t.Fatal(err)
	}
	if _, err := svc.Say(ctx, id, 0, "thanks", games.Cause{}); err != nil { // event 4
		t.Fatal(err)
	}
	for _, c := range []struct {
		seat rules.Seat
		seq  uint64
		want bool
	}{
		{1, 1, true},  // Ana's move since the invitation
		{0, 1, false}, // Ana's own move
		{1, 2, false}, // Bea's words and Ana's change nothing Bea sees or may do
		{0, 2, false},
		{1, 4, false}, // the game as it now is
		{1, 9, false}, // past the end
	} {
		got, err := svc.ChangedSince(ctx, id, c.seat, c.seq)
		if err != nil || got != c.want {
			t.Errorf("ChangedSince(seat %d, since %d) = %v, %v; want %v", c.seat, c.seq, got, err, c.want)
		}
	}
	// What a seat may do, compared move by move.
	first, _, _, err := svc.LoadAt(ctx, id, 1)
	if err != nil {
		t.Fatal(err)
	}
	moved, _, _, err := svc.LoadAt(ctx, id, 2)
	if err != nil {
		t.Fatal(err)
	}
	if len(first.State.Legal(0)) == 0 || !games.SameLegal(first.State, first.State, 0) {
		t.Errorf("SameLegal of a state with itself = false, want true")
	}
	if games.SameLegal(first.State, moved.State, 0) || games.SameLegal(first.State, moved.State, 1) {
		t.Errorf("SameLegal before and after Ana's move = true, want false for both seats")
	}
	if _, err := svc.ChangedSince(ctx, "nosuchgame", 0, 1); err == nil {
		t.Errorf("ChangedSince of no game answered")
	}
	if msg := (&games.StaleError{Since: 7}).Error(); !strings.Contains(msg, "after event 7") {
		t.Errorf("StaleError says %q, want the event it answers", msg)
	}
}
