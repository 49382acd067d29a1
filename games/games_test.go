package games_test

import (
	"context"
	"errors"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/pbem-games/pbem/events"
	"github.com/pbem-games/pbem/games"
	"github.com/pbem-games/pbem/games/gamestest"
	"github.com/pbem-games/pbem/projections"
	"github.com/pbem-games/pbem/rules"
)

func TestCreate(t *testing.T) {
	ctx := context.Background()
	svc := gamestest.NewService(t)
	id := gamestest.Create(t, svc, "Tactical", "tactical")
	evs, err := svc.History(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	var gc events.GameCreated
	if len(evs) != 1 || evs[0].Type != events.TypeGameCreated || evs[0].Unmarshal(&gc) != nil {
		t.Fatalf("history after Create = %v, want one GameCreated", evs)
	}
	if len(gc.Variants) != 1 || gc.Variants[0] != "tactical" || gc.Players[1].Seat != 1 {
		t.Errorf("GameCreated = %+v, want variants [tactical] and seats numbered", gc)
	}
	seed, err := projections.Seed(ctx, svc.Store, id)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(gc.Commitment, rules.CommitmentV2) || projections.Commitment(seed, id, gc) != gc.Commitment || seed == (rules.Seed{}) {
		t.Errorf("commitment %s does not match the stored seed bound to the game", gc.Commitment)
	}
	// Bound to the game: another id or another table does not commit to it.
	swapped := gc
	swapped.Players = []events.Player{gc.Players[1], gc.Players[0]}
	swapped.Players[0].Seat, swapped.Players[1].Seat = 0, 1
	if seed.Commits(gc.Commitment, projections.CommitmentBinds("other", gc)...) || seed.Commits(gc.Commitment, projections.CommitmentBinds(id, swapped)...) {
		t.Errorf("commitment %s fits another game id or another table", gc.Commitment)
	}
	if strings.Contains(string(evs[0].Encode()), seed.String()) {
		t.Error("GameCreated carries the seed itself")
	}
	if other := gamestest.Create(t, svc); other == id {
		t.Errorf("two games got the same id %s", id)
	}
}

func TestCreateRefused(t *testing.T) {
	svc := gamestest.NewService(t)
	two := []events.Player{{Name: "A"}, {Name: "B"}}
	tests := []struct {
		name string
		req  games.NewGame
	}{
		{"UnknownGame", games.NewGame{Game: "chess", Players: two}},
		{"UnknownVariant", games.NewGame{Game: "atacama", Players: two, Variants: []string{"turbo"}}},
		{"OnePlayer", games.NewGame{Game: "atacama", Players: two[:1]}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if _, err := svc.Create(context.Background(), tt.req); !errors.Is(err, games.ErrSetup) {
				t.Errorf("Create(%+v) = %v, want ErrSetup", tt.req, err)
			}
		})
	}
}

func TestMoveOnce(t *testing.T) {
	ctx := context.Background()
	svc := gamestest.NewService(t)
	id := gamestest.Create(t, svc)
	p, err := svc.Move(ctx, id, 0, "e5", games.Cause{Source: "inbox:1"})
	if err != nil || p.Move != "E5" || p.Seq != 2 || p.Again {
		t.Fatalf("Move(e5) = %+v, %v; want E5 recorded as event 2", p, err)
	}
	// The same source again (a mail read twice) is not applied twice, even
	// with other text.
	p, err = svc.Move(ctx, id, 0, "A1", games.Cause{Source: "inbox:1"})
	if err != nil || !p.Again || p.Move != "E5" || p.Seq != 2 {
		t.Errorf("Move(again from inbox:1) = %+v, %v; want the earlier E5 reported", p, err)
	}
	if evs, _ := svc.History(ctx, id); len(evs) != 2 {
		t.Errorf("history has %d events, want 2", len(evs))
	}
}

func TestMoveRefused(t *testing.T) {
	ctx := context.Background()
	svc := gamestest.NewService(t)
	id := gamestest.Create(t, svc)
	if _, err := svc.Move(ctx, id, 0, "A1", games.Cause{}); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		id   string
		seat rules.Seat
		text string
		kind error
	}{
		{"UnknownGame", "nosuch", 0, "E5", games.ErrUnknownGame},
		{"NoSuchSeat", id, 2, "E5", games.ErrBadSeat},
		{"Observer", id, rules.Observer, "E5", games.ErrBadSeat},
		{"Malformed", id, 1, "E 5 5", rules.ErrIllegal},
		{"OutOfTurn", id, 0, "E5", rules.ErrIllegal},
		{"Adjacent", id, 1, "B1", rules.ErrIllegal},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := svc.Move(ctx, tt.id, tt.seat, tt.text, games.Cause{})
			var ge *games.Error
			if !errors.Is(err, tt.kind) || !errors.As(err, &ge) || ge.Msg == "" {
				t.Errorf("Move(%s, seat %d, %q) = %v, want a *games.Error of kind %v", tt.id, tt.seat, tt.text, err, tt.kind)
			}
		})
	}
	if evs, _ := svc.History(ctx, id); len(evs) != 2 {
		t.Errorf("after refused moves the history has %d events, want 2", len(evs))
	}
}

// TestConcurrentMoves races many writers at one game: every append that
// wins is legal in the order recorded, and no move is recorded twice.
func TestConcurrentMoves(t *testing.T) {
	ctx := context.Background()
	svc := gamestest.NewService(t)
	id := gamestest.Create(t, svc)
	var wg sync.WaitGroup
	var won atomic.Int32
	fields := []string{"A1", "C1", "E1", "G1", "I1", "A3", "C3", "E3"}
	for _, f := range fields {
		for seat := range 2 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				_, err := svc.Move(ctx, id, rules.Seat(seat), f, games.Cause{})
				if err == nil {
					won.Add(1)
				}
				if err != nil && !errors.Is(err, rules.ErrIllegal) {
					t.Errorf("Move(seat %d, %s) = %v, want success or an illegal move", seat, f, err)
				}
			}()
		}
	}
	wg.Wait()
	g, _, err := svc.Load(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	if len(g.Moves) != int(won.Load()) || len(g.Moves) == 0 {
		t.Errorf("%d moves recorded, %d reported as played; want the same, and some", len(g.Moves), won.Load())
	}
	seen := map[string]bool{}
	for i, m := range g.Moves {
		if seen[m.Move] {
			t.Errorf("field %s taken twice", m.Move)
		}
		seen[m.Move] = true
		if m.Seat != i%2 {
			t.Errorf("move %d by seat %d, want seat %d: turns must alternate", i, m.Seat, i%2)
		}
	}
}

// TestGameEnds plays to the end: GameEnded reveals the seed and the history
// verifies.
func TestGameEnds(t *testing.T) {
	ctx := context.Background()
	svc := gamestest.NewService(t)
	id := gamestest.Create(t, svc, "enhanced")
	for {
		g, _, err := svc.Load(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		if g.Ended != nil {
			if g.Ended.Seed != g.Setup.Seed.String() {
				t.Errorf("GameEnded reveals %s, want the game's seed", g.Ended.Seed)
			}
			break
		}
		seat := g.State.ToAct()[0]
		legal := g.State.Legal(seat)
		if _, err := svc.Move(ctx, id, seat, legal[0].String(), games.Cause{}); err != nil {
			t.Fatal(err)
		}
	}
	evs, _ := svc.History(ctx, id)
	lines := make([][]byte, len(evs))
	for i, e := range evs {
		lines[i] = e.Encode()
	}
	rep, err := projections.Verify(svc.Catalog, lines, nil)
	if err != nil || !rep.Over || !rep.Replayed {
		t.Errorf("Verify = %+v, %v; want a replayed finished game", rep, err)
	}
}

// TestMoveStaleInside: a move that answers a mail after which its seat's
// game changed is refused by the service itself with a *StaleError, on
// the history it would be appended to; one that answers the latest mail
// is played.
func TestMoveStaleInside(t *testing.T) {
	ctx := context.Background()
	svc := gamestest.NewService(t)
	id := gamestest.Create(t, svc)
	if _, err := svc.Move(ctx, id, 0, "E5", games.Cause{}); err != nil {
		t.Fatal(err)
	}
	_, err := svc.Move(ctx, id, 1, "A1", games.Cause{Answers: 1})
	var stale *games.StaleError
	if !errors.As(err, &stale) || stale.Since != 1 {
		t.Fatalf("bea's move answering the invitation after ana moved = %v, want a StaleError since event 1", err)
	}
	if p, err := svc.Move(ctx, id, 1, "A1", games.Cause{Answers: 2}); err != nil || p.Game == nil || len(p.Game.Moves) != 2 {
		t.Errorf("bea's move answering her prompt = %+v, %v; want it played", p, err)
	}
}

// TestEveryoneExpelled: once pbem plays every seat for good, the game
// ends as it stands instead of playing itself out in one go (and mailing
// every move of it).
func TestEveryoneExpelled(t *testing.T) {
	ctx := context.Background()
	svc := gamestest.NewService(t)
	id := gamestest.Create(t, svc)
	if _, err := svc.Move(ctx, id, 0, "E5", games.Cause{}); err != nil {
		t.Fatal(err)
	}
	for seat := range 2 {
		if _, err := svc.Expel(ctx, id, games.Operator, seat, games.Cause{}); err != nil {
			t.Fatal(err)
		}
	}
	g, _, err := svc.Load(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	if g.Ended == nil || g.Ended.Reason != events.EndAbandoned {
		t.Fatalf("after both seats were expelled the game ended %+v, want ended as abandoned", g.Ended)
	}
	if len(g.Moves) > 2 {
		t.Errorf("pbem played %d moves after the seats were expelled, want at most the one it was due: %v", len(g.Moves)-1, g.Moves)
	}
}
