package games

import (
	"context"
	"testing"

	"github.com/pbem-games/pbem/events"
	"github.com/pbem-games/pbem/events/storetest"
	"github.com/pbem-games/pbem/rules"
	"github.com/pbem-games/pbem/rules/rulestest/nim"
)

// What the cache promises: a game folded once is kept, within the
// service's limit, and used again while the store holds nothing newer;
// it is read anew when the store does, and whatever is kept, a load
// gives the game as the store holds it.

func nimService(t *testing.T, limit int) *Service {
	t.Helper()
	return &Service{Store: storetest.MustOpen(t), Catalog: rules.NewCatalog(nim.Game{}), CacheGames: limit}
}

func newNim(t *testing.T, s *Service) string {
	t.Helper()
	seed := rules.SeedFromInt(11)
	id, err := s.Create(context.Background(), NewGame{Game: "nim", Variants: []string{"turns"}, Host: "ana@example.org", Seed: &seed,
		Players: []events.Player{{Name: "Ana", Address: "ana@example.org"}, {Name: "Bea", Address: "bea@example.net"}}})
	if err != nil {
		t.Fatal(err)
	}
	return id
}

// TestCacheLimit: 0 means DefaultCacheGames; any other number is the
// limit, a negative one none.
func TestCacheLimit(t *testing.T) {
	for _, c := range []struct{ games, want int }{{0, DefaultCacheGames}, {5, 5}, {-1, -1}} {
		if got := (&Service{CacheGames: c.games}).CacheLimit(); got != c.want {
			t.Errorf("CacheLimit(CacheGames %d) = %d, want %d", c.games, got, c.want)
		}
	}
}

// TestCacheKeepsWithinLimit: a created game is kept as the store took
// it; past the limit one game makes room for the next; a negative limit
// keeps none.
func TestCacheKeepsWithinLimit(t *testing.T) {
	ctx := context.Background()
	for _, c := range []struct{ limit, want int }{{0, 3}, {2, 2}, {1, 1}, {-1, 0}} {
		s := nimService(t, c.limit)
		var last string
		for range 3 {
			last = newNim(t, s)
			if f := s.cached(last); c.want > 0 && (f == nil || f.head.Seq != 1 || f.game.Seq != 1 || len(f.evs) != 1) {
				t.Errorf("limit %d: the game just created kept as %+v, want it after its first event", c.limit, f)
			}
		}
		for id := range s.cache.games {
			if _, _, err := s.Load(ctx, id); err != nil {
				t.Fatal(err)
			}
		}
		if _, _, err := s.Load(ctx, last); err != nil {
			t.Fatal(err)
		}
		if got := len(s.cache.games); got != c.want {
			t.Errorf("limit %d: %d games kept, want %d", c.limit, got, c.want)
		}
	}
}

// TestCacheReusedUntilTheStoreMoves: a load of a game the store holds
// nothing newer of gives the game kept; after another service appended,
// the game read anew; a service that keeps nothing yet loads the game
// after any event from the store.
func TestCacheReusedUntilTheStoreMoves(t *testing.T) {
	ctx := context.Background()
	a := nimService(t, 0)
	id := newNim(t, a)
	kept := a.cached(id)
	if _, _, err := a.Load(ctx, id); err != nil || a.cached(id) != kept {
		t.Errorf("Load of a game the store holds nothing newer of read it anew (%v)", err)
	}
	b := &Service{Store: a.Store, Catalog: a.Catalog}
	g, _, err := b.Load(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	seat := g.State.ToAct()[0]
	if _, err := b.Move(ctx, id, seat, g.State.Legal(seat)[0].String(), Cause{}); err != nil {
		t.Fatal(err)
	}
	g, evs, _, err := a.LoadAt(ctx, id, 2)
	if err != nil || g.Seq != 2 || len(evs) < 2 {
		t.Fatalf("LoadAt(2) after another service's move = event %v, %v", g, err)
	}
	if f := a.cached(id); f == kept || f.head.Seq != 2 {
		t.Errorf("after another service's move, the game kept is at event %d, want 2", f.head.Seq)
	}
	fresh := &Service{Store: a.Store, Catalog: a.Catalog}
	if g, _, _, err := fresh.LoadAt(ctx, id, 1); err != nil || g.Seq != 1 {
		t.Errorf("LoadAt(1) by a service that kept nothing = %v, %v; want the game after event 1", g, err)
	}
}
