package games_test

import (
	"context"
	"testing"

	"github.com/pbem-games/pbem/games"
	"github.com/pbem-games/pbem/games/gamestest"
	"github.com/pbem-games/pbem/projections"
	"github.com/pbem-games/pbem/rules"
)

// next plays the first legal move of the seat to act through svc.
func next(t *testing.T, svc *games.Service, id string) games.Played {
	t.Helper()
	g, _, err := svc.Load(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	seat := g.State.ToAct()[0]
	p, err := svc.Move(context.Background(), id, seat, g.State.Legal(seat)[0].String(), games.Cause{})
	if err != nil {
		t.Fatalf("Move(%s, seat %d) = %v, want nil", id, seat, err)
	}
	return p
}

// TestCacheTwoServices plays one game through two services on one store,
// as two processes would: each keeps the game folded, and each must see
// the other's moves before it plays.
func TestCacheTwoServices(t *testing.T) {
	ctx := context.Background()
	a := gamestest.NewService(t)
	b := &games.Service{Store: a.Store, Catalog: a.Catalog, Now: a.Now}
	id := gamestest.Create(t, a)
	for i := range 6 {
		svc := []*games.Service{a, b}[i%2]
		p := next(t, svc, id)
		if p.Game.Seq != uint64(i+2) {
			t.Fatalf("move %d through service %d: game at event %d, want %d", i+1, i%2, p.Game.Seq, i+2)
		}
	}
	for name, svc := range map[string]*games.Service{"a": a, "b": b} {
		g, head, err := svc.Load(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		fresh, _, want, err := projections.Load(ctx, a.Store, a.Catalog, id, 0)
		if err != nil {
			t.Fatal(err)
		}
		if head != want || g.Seq != fresh.Seq || len(g.Moves) != 6 ||
			g.State.View(rules.Observer).Text() != fresh.State.View(rules.Observer).Text() {
			t.Errorf("service %s: Load(%s) = event %d, head %+v, %d moves; want event %d, head %+v, 6 moves",
				name, id, g.Seq, head, len(g.Moves), fresh.Seq, want)
		}
	}
}

// TestCacheLoadAt checks the game after each event from a kept history
// against one folded from the store, and that changing what LoadAt
// returns changes nothing kept.
func TestCacheLoadAt(t *testing.T) {
	ctx := context.Background()
	svc := gamestest.NewService(t)
	id := gamestest.Create(t, svc)
	for range 5 {
		next(t, svc, id)
	}
	for n := 1; n <= 6; n++ {
		g, evs, _, err := svc.LoadAt(ctx, id, n)
		if err != nil {
			t.Fatal(err)
		}
		want, _, _, err := projections.Load(ctx, svc.Store, svc.Catalog, id, n)
		if err != nil {
			t.Fatal(err)
		}
		if g.Seq != uint64(n) || g.Hash != want.Hash || len(evs) < n ||
			g.State.View(0).Text() != want.State.View(0).Text() {
			t.Errorf("LoadAt(%s, %d) = event %d (%.12s), want event %d (%.12s)", id, n, g.Seq, g.Hash, n, want.Hash)
		}
		g.Moves = nil // the caller's to change
		clear(g.Since)
	}
	g, _, err := svc.Load(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	if len(g.Moves) != 5 {
		t.Errorf("Load(%s) after changing what LoadAt returned = %d moves, want 5", id, len(g.Moves))
	}
	if _, _, _, err := svc.LoadAt(ctx, id, 7); err == nil {
		t.Errorf("LoadAt(%s, 7) of a game of 6 events = nil error, want a refusal", id)
	}
}

// TestCacheBehind has one service play from a game it folded before
// another service moved: a move legal only after that is played, not
// refused.
func TestCacheBehind(t *testing.T) {
	ctx := context.Background()
	a := gamestest.NewService(t)
	b := &games.Service{Store: a.Store, Catalog: a.Catalog, Now: a.Now}
	id := gamestest.Create(t, a)
	if _, _, err := a.Load(ctx, id); err != nil { // a keeps the game before seat 0's move
		t.Fatal(err)
	}
	next(t, b, id) // seat 0 moves through b
	after, _, err := b.Load(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	reply := after.State.Legal(1)[0].String()
	if _, err := a.Move(ctx, id, 1, reply, games.Cause{}); err != nil {
		t.Errorf("Move(%s, seat 1, %s) through a service behind = %v, want nil", id, reply, err)
	}
	evs, err := b.History(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	if len(evs) < 3 || evs[2].Actor != 1 {
		t.Errorf("history = %d events, want seat 1's move as event 3", len(evs))
	}
}
