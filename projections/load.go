package projections

import (
	"context"
	"errors"
	"fmt"

	"github.com/pbem-games/pbem/events"
	"github.com/pbem-games/pbem/rules"
)

// History is what folding a game reads of the store: its events (Load,
// as events.Log has it: ErrNotFound for a game without events) and its
// secret seed, or once the game has ended its last event (Last, as
// events.Records has it: ErrNotFound for a subject holding nothing).
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

// Seed returns a game's seed: the secret only the service holds until the
// game ends, and once it has ended the seed its GameEnded revealed, the
// secret itself being erased then (games.Service; older histories keep
// it). Either way the fold checks it against the commitment of the game's
// GameCreated.
func Seed(ctx context.Context, store History, id string) (rules.Seed, error) {
	data, err := store.Last(ctx, events.SecretSubject+id)
	if errors.Is(err, events.ErrNotFound) {
		if seed, ok := Revealed(ctx, store, id); ok {
			return seed, nil
		}
	}
	if err != nil {
		return rules.Seed{}, fmt.Errorf("projections: seed of %s: %w", id, err)
	}
	return rules.ParseSeed(string(data))
}

// Revealed returns the seed game id's last event revealed, when that event
// is its GameEnded.
func Revealed(ctx context.Context, store History, id string) (rules.Seed, bool) {
	data, err := store.Last(ctx, events.GameSubject+id)
	if err != nil {
		return rules.Seed{}, false
	}
	e, err := events.Decode(data)
	if err != nil {
		return rules.Seed{}, false
	}
	return endSeed(e)
}

// endSeed returns the seed e reveals, when e is a GameEnded.
func endSeed(e events.Event) (rules.Seed, bool) {
	var ge events.GameEnded
	if e.Type != events.TypeGameEnded || e.Unmarshal(&ge) != nil {
		return rules.Seed{}, false
	}
	seed, err := rules.ParseSeed(ge.Seed)
	return seed, err == nil
}

// Load reads a game's history from the store and folds its first n events
// (all when n is 0). It returns events.ErrNotFound, wrapped, for a game
// that does not exist.
func Load(ctx context.Context, store History, c rules.Catalog, id string, n int) (*Game, []events.Event, events.Head, error) {
	evs, head, err := store.Load(ctx, id)
	if err != nil {
		return nil, nil, head, err
	}
	// An ended game's history reveals its seed: no read of the secret,
	// which is erased then.
	var seed rules.Seed
	ended := false
	if len(evs) > 0 {
		seed, ended = endSeed(evs[len(evs)-1])
	}
	if !ended {
		if seed, err = Seed(ctx, store, id); err != nil {
			return nil, nil, head, err
		}
	}
	g, err := Replay(c, evs, seed, n)
	if err != nil {
		return nil, nil, head, fmt.Errorf("projections: replay %s: %w", id, err)
	}
	return g, evs, head, nil
}
