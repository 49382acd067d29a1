package endtoend_test

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/pbem-games/pbem/events"
	"github.com/pbem-games/pbem/games"
	"github.com/pbem-games/pbem/games/gamestest"
	"github.com/pbem-games/pbem/games/letters"
	"github.com/pbem-games/pbem/rules"
)

// TestConditionalMove: Bea writes her answer in advance; it is played when
// its condition is met exactly, and dropped when it is not.
func TestConditionalMove(t *testing.T) {
	ctx := context.Background()
	svc := letters.New(gamestest.NewService(t), offered())
	id := gamestest.Create(t, svc.Service)
	if _, err := svc.Conditional(ctx, id, 1, "a1", "C3", games.Cause{}); err != nil {
		t.Fatal(err)
	}
	if _, err := svc.Conditional(ctx, id, 0, "a1", "C3", games.Cause{}); err == nil {
		t.Error("a conditional move by the seat to move: want a refusal")
	}
	if got := strings.Join(outbox(t, svc), " "); got != "invitation>ana@example.org invitation>bea@example.net news>bea@example.net" {
		t.Errorf("outbox after the conditional = %q: only Bea may hear of it", got)
	}
	if _, err := svc.Move(ctx, id, 0, "A1", games.Cause{}); err != nil {
		t.Fatal(err)
	}
	g, _, _ := svc.Load(ctx, id)
	if len(g.Moves) != 2 || g.Moves[1].Move != "C3" || !g.Moves[1].Conditional || !slices.Equal(g.State.ToAct(), []rules.Seat{0}) {
		t.Fatalf("moves %+v, to act %v: want Bea's C3 played at once and Ana to move", g.Moves, g.State.ToAct())
	}
	// A condition that is not met exactly is not played.
	if _, err := svc.Conditional(ctx, id, 1, "E5", "G7", games.Cause{}); err != nil {
		t.Fatal(err)
	}
	if _, err := svc.Move(ctx, id, 0, "E7", games.Cause{}); err != nil {
		t.Fatal(err)
	}
	if g, _, _ = svc.Load(ctx, id); len(g.Moves) != 3 || !slices.Equal(g.State.ToAct(), []rules.Seat{1}) {
		t.Errorf("after E7 the moves are %+v; want no conditional move and Bea to move", g.Moves)
	}
}

// TestDigestAndObserver: a player on digests gets prompts at once and the
// rest once a day; an observer gets the public view after each move.
func TestDigestAndObserver(t *testing.T) {
	ctx := context.Background()
	now := time.Date(2026, 12, 1, 9, 0, 0, 0, time.UTC)
	svc := letters.New(gamestest.NewService(t), offered())
	svc.Now = func() time.Time { return now }
	id := gamestest.Create(t, svc.Service)
	outbox(t, svc)
	for _, step := range []func() (games.Played, error){
		func() (games.Played, error) { return svc.SetDigest(ctx, id, 0, true, games.Cause{}) },
		func() (games.Played, error) { return svc.Watch(ctx, id, 0, "olga@example.com", true, games.Cause{}) },
		func() (games.Played, error) { return svc.AcceptWatch(ctx, id, "olga@example.com", games.Cause{}) },
		func() (games.Played, error) { return svc.Move(ctx, id, 0, "A1", games.Cause{}) },
		func() (games.Played, error) { return svc.Say(ctx, id, 1, "hello", games.Cause{}) },
		func() (games.Played, error) { return svc.Move(ctx, id, 1, "C3", games.Cause{}) },
	} {
		if _, err := step(); err != nil {
			t.Fatal(err)
		}
	}
	got := strings.Join(outbox(t, svc), " ")
	want := "news>ana@example.org invitation>olga@example.com board>olga@example.com your-turn>bea@example.net moved>olga@example.com your-turn>ana@example.org accepted>bea@example.net moved>olga@example.com"
	if got != want {
		t.Errorf("outbox = %q,\nwant %q (Ana's accepted and said mails wait for her digest)", got, want)
	}
	now = now.Add(25 * time.Hour)
	if err := svc.Tick(ctx, id); err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(outbox(t, svc), " "); got != "digest>ana@example.org" {
		t.Errorf("after a day the outbox got %q, want Ana's digest", got)
	}
	if err := svc.Tick(ctx, id); err != nil {
		t.Fatal(err)
	}
	if got := outbox(t, svc); len(got) != 0 {
		t.Errorf("a second tick sent %v, want nothing", got)
	}
}

// TestJoin: a game with an open seat waits for a player to JOIN, then
// starts with a prompt to whoever is to move.
func TestJoin(t *testing.T) {
	ctx := context.Background()
	svc := letters.New(gamestest.NewService(t), offered())
	id, err := svc.Create(ctx, games.NewGame{Game: "atacama", Host: "ana@example.org",
		Players: []events.Player{{Name: "Ana", Address: "ana@example.org"}, {Name: "open seat", Open: true}}})
	if err != nil {
		t.Fatal(err)
	}
	outbox(t, svc)
	if _, err := svc.Move(ctx, id, 0, "E5", games.Cause{}); !errors.Is(err, games.ErrWaiting) {
		t.Errorf("a move before the seat is taken = %v, want ErrWaiting", err)
	}
	if _, err := svc.Join(ctx, id, "ana@example.org", games.Cause{}); err == nil {
		t.Error("Ana joins her own game again: want a refusal")
	}
	if _, err := svc.Join(ctx, id, "Dov@Example.com", games.Cause{}); err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(outbox(t, svc), " "); got != "your-turn>ana@example.org history>dov@example.com" {
		t.Errorf("after the join the outbox got %q", got)
	}
	if _, err := svc.Join(ctx, id, "eve@example.com", games.Cause{}); err == nil {
		t.Error("a join to a full game: want a refusal")
	}
	if _, err := svc.Move(ctx, id, 0, "E5", games.Cause{}); err != nil {
		t.Errorf("a move once the seat is taken = %v", err)
	}
}
