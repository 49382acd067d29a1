package projections

import (
	"context"
	"fmt"

	"github.com/pbem-games/pbem/events"
	"github.com/pbem-games/pbem/rules"
)

// History is what folding a game reads of the store: its events (Load,
// as events.Log has it: ErrNotFound for a game without events) and its
// secret seed (Last, as events.Records has it: ErrNotFound for a game
// without one).
type History interface {
	Load(ctx context.Context, game string) ([]events.Event, events.Head, error)
	Last(ctx context.Context, subject string) ([]byte, error)
}

// Store is what the projector uses of the store: the histories it folds,
// and the feed, records and buckets it keeps the read models with.
type Store interface {
	History
	events.Follower
}

// Seed returns a game's secret seed, which only the service holds until the
// game ends.
func Seed(ctx context.Context, store History, id string) (rules.Seed, error) {
	data, err := store.Last(ctx, events.SecretSubject+id)
	if err != nil {
		return rules.Seed{}, fmt.Errorf("projections: seed of %s: %w", id, err)
	}
	return rules.ParseSeed(string(data))
}

// Load reads a game's history from the store and folds its first n events
// (all when n is 0). It returns events.ErrNotFound, wrapped, for a game
// that does not exist.
func Load(ctx context.Context, store History, c rules.Catalog, id string, n int) (*Game, []events.Event, events.Head, error) {
	evs, head, err := store.Load(ctx, id)
	if err != nil {
		return nil, nil, head, err
	}
	seed, err := Seed(ctx, store, id)
	if err != nil {
		return nil, nil, head, err
	}
	g, err := Replay(c, evs, seed, n)
	if err != nil {
		return nil, nil, head, fmt.Errorf("projections: replay %s: %w", id, err)
	}
	return g, evs, head, nil
}
