package games_test

import (
	"context"
	"errors"
	"slices"
	"testing"

	"github.com/pbem-games/pbem/events"
	"github.com/pbem-games/pbem/games"
	"github.com/pbem-games/pbem/rules"
)

// TestCreateOnce: a request handled twice (a mail read again after a
// crash) finds the game it created; another request gets another game.
func TestCreateOnce(t *testing.T) {
	ctx := context.Background()
	tb := newTable(t)
	req := games.NewGame{Game: "nim", Variants: []string{" Turns ", "turns", ""}, Players: []events.Player{anaHost, bea}, Host: anaHost.Address, Source: "inbox:7"}
	id, err := tb.svc.Create(ctx, req)
	if err != nil {
		t.Fatal(err)
	}
	again, err := tb.svc.Create(ctx, req)
	if err != nil || again != id {
		t.Errorf("Create again from inbox:7 = %q, %v; want %q", again, err, id)
	}
	req.Source = "inbox:8"
	other, err := tb.svc.Create(ctx, req)
	if err != nil || other == id {
		t.Errorf("Create from inbox:8 = %q, %v; want another game than %q", other, err, id)
	}
	evs, _ := tb.svc.History(ctx, id)
	var gc events.GameCreated
	if len(evs) != 1 || evs[0].Source != "inbox:7" || evs[0].Unmarshal(&gc) != nil || !slices.Equal(gc.Variants, []string{"turns"}) {
		t.Errorf("history of the game = %+v (variants %v), want one GameCreated from inbox:7 with the variant turns once", evs, gc.Variants)
	}
	if _, err := tb.svc.History(ctx, "nosuch"); !errors.Is(err, games.ErrUnknownGame) {
		t.Errorf("History(nosuch) = %v, want ErrUnknownGame", err)
	}
	for _, bad := range []games.NewGame{
		{Game: "nim", Players: []events.Player{anaHost, {Name: "X", Address: "not an address"}}},
		{Game: "nim", Players: []events.Player{anaHost, {Name: "Box", Address: "pbem+1@example.com"}}},
		{Game: "nim", Players: []events.Player{anaHost, bea, cyd, {Name: "D"}, {Name: "E"}}},
	} {
		if _, err := tb.svc.Create(ctx, bad); !errors.Is(err, games.ErrSetup) {
			t.Errorf("Create(%+v) = %v, want ErrSetup", bad, err)
		}
	}
}

// TestFolded: the game as folded with at least the events asked for.
func TestFolded(t *testing.T) {
	ctx := context.Background()
	tb := newTable(t)
	id := tb.nim([]events.Player{anaHost, bea}, "turns")
	tb.move(id, "take 1")
	tb.move(id, "take 1")
	for _, n := range []int{0, -1, 1, 2, 3} {
		g, evs, err := tb.svc.Folded(ctx, id, n)
		if err != nil || len(evs) < n || g.Seq != uint64(len(evs)) || len(evs) == 0 {
			t.Errorf("Folded(%d) = seq %d, %d events, %v", n, g.Seq, len(evs), err)
		}
		if n <= 0 && len(evs) != 3 {
			t.Errorf("Folded(%d) = %d events, want all 3", n, len(evs))
		}
	}
	if _, _, err := tb.svc.Folded(ctx, "nosuch", 0); err == nil {
		t.Error("Folded(nosuch) = nil error")
	}
	var ge *games.Error
	_, err := tb.svc.Move(ctx, "nosuch", 0, "take 1", games.Cause{})
	if !errors.As(err, &ge) || ge.Error() != ge.Msg || !errors.Is(err, games.ErrUnknownGame) || !errors.Is(err, events.ErrNotFound) {
		t.Errorf("Move in no game = %v, want a refusal that reads as its message, of a game not stored", err)
	}
	_, err = tb.svc.Move(ctx, id, rules.Seat(tb.game(id).State.ToAct()[0]), "take 9", games.Cause{})
	if !errors.As(err, &ge) || ge.Phrase == nil || ge.ID != "" {
		t.Errorf("an illegal move = %+v, want the rules' phrase and no message id of pbem's", ge)
	}
}
