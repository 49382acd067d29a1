package projections

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/pbem-games/pbem/events"
	"github.com/pbem-games/pbem/rules"
)

// Durable is the name of the projector's durable consumer.
const Durable = "projector"

// cacheLimit bounds how many folded games the projector keeps in memory;
// a game not in the cache is folded again from its history when needed.
const cacheLimit = 10000

// Projector folds every game's events into the read models. Run it in one
// process per partition of games; it skips what it already applied, so it
// may see an event twice.
type Projector struct {
	store   Store
	catalog rules.Catalog
	games   events.KV
	players events.KV
	cache   map[string]*Game // used by Run's goroutine alone

	// OnRepair, when set, is told when Run finds the read models damaged
	// (why) and starts folding them again from the stream, and then when
	// that is done (err nil) or failed.
	OnRepair func(why string, done bool, err error)
	// OnProgress, when set, is told while Rebuild or a repair folds the
	// stream, after each event, how many it has folded and how many are
	// left to read.
	OnProgress func(folded, left uint64)

	playerBatch int // players a Rebuild gathers before writing them; 0: playerBatch

	// found carries damage a reader met (Summary, PlayerGames) to Run,
	// which repairs without waiting for the damaged game's next event:
	// that event may be a move whose mail waits on the very read.
	found chan string
}

// NewProjector opens (creating if needed) the read models' buckets.
func NewProjector(ctx context.Context, store Store, c rules.Catalog) (*Projector, error) {
	p := &Projector{store: store, catalog: c, cache: map[string]*Game{}, found: make(chan string, 1)}
	var err error
	if p.games, err = bucket(ctx, store, GamesBucket); err != nil {
		return nil, err
	}
	if p.players, err = bucket(ctx, store, PlayersBucket); err != nil {
		return nil, err
	}
	return p, nil
}

// bucket opens a read model's bucket, which Rebuild writes in atomic
// batches.
func bucket(ctx context.Context, store events.Buckets, name string) (events.KV, error) {
	kv, err := store.BatchBucket(ctx, name)
	if err != nil {
		return nil, fmt.Errorf("projections: %w", err)
	}
	return kv, nil
}

// Run projects events as they come until ctx ends. It checks the read
// models first (Check), and repairs them from the stream (Repair) when
// they are damaged then or when an event finds them so.
func (p *Projector) Run(ctx context.Context) error {
	why, err := p.Check(ctx)
	if err != nil {
		return err
	}
	for {
		if why != "" {
			if err := p.repair(ctx, why); err != nil {
				return err
			}
			p.forget() // what readers met meanwhile is folded again too
		}
		err := p.subscribe(ctx)
		if !errors.Is(err, ErrDamaged) {
			return err
		}
		why = err.Error()
	}
}

// subscribe projects events as they come until ctx ends, apply finds
// damage, or a reader reports some (the subscription's cause).
func (p *Projector) subscribe(ctx context.Context) error {
	sctx, stop := context.WithCancelCause(ctx)
	watched := make(chan struct{})
	go func() {
		defer close(watched)
		select {
		case why := <-p.found:
			stop(fmt.Errorf("%w: %s", ErrDamaged, why))
		case <-sctx.Done():
		}
	}()
	err := p.store.Subscribe(sctx, Durable, p.apply)
	stop(nil)
	<-watched
	if cause := context.Cause(sctx); ctx.Err() == nil && errors.Is(cause, ErrDamaged) {
		return cause
	}
	return err
}

// report hands damage a reader met to Run, and returns the reader's error.
func (p *Projector) report(format string, args ...any) error {
	why := fmt.Sprintf(format, args...)
	select {
	case p.found <- why:
	default: // a report is already waiting; one repair folds everything
	}
	return fmt.Errorf("%w: %s", ErrDamaged, why)
}

// forget drops the reports waiting.
func (p *Projector) forget() {
	select {
	case <-p.found:
	default:
	}
}

// CatchUp projects every event recorded so far, then returns.
func (p *Projector) CatchUp(ctx context.Context) error {
	return p.store.CatchUp(ctx, Durable, p.apply)
}

// apply folds one event into the read models, unless it is already in them.
func (p *Projector) apply(d events.Delivery) error {
	ctx := context.Background()
	e := d.Event
	old, err := p.Summary(ctx, e.Game)
	switch {
	case errors.Is(err, events.ErrNotFound) && e.Seq > 1:
		return damaged("game %s has no read model at its event %d", e.Game, e.Seq)
	case errors.Is(err, ErrDamaged):
		return fmt.Errorf("%w: %w", events.ErrPoison, err)
	case err != nil && !errors.Is(err, events.ErrNotFound):
		return err
	case old.Seq >= e.Seq:
		return nil // applied before a crash or by another projector
	case old.Seq+1 < e.Seq && e.Seq > 1:
		// Every earlier event was acknowledged only once in the read
		// model, so one is missing: the bucket lost it.
		return damaged("the read model of game %s ends at event %d, before its event %d", e.Game, old.Seq, e.Seq)
	}
	g, err := p.fold(ctx, e)
	if err != nil {
		return err
	}
	sum, err := Summarize(g, e.Time)
	if err != nil {
		return err
	}
	data, err := json.Marshal(sum)
	if err != nil {
		return err
	}
	for _, pl := range seated(e, g) {
		if err := p.addPlayer(ctx, pl, g.ID); err != nil {
			return err
		}
	}
	if _, err := p.games.Put(ctx, e.Game, data); err != nil {
		return fmt.Errorf("projections: put %s: %w", e.Game, err)
	}
	return nil
}

// fold returns the game after e, from the cache when it holds the event
// before e, else folded again from the stored history.
func (p *Projector) fold(ctx context.Context, e events.Event) (*Game, error) {
	g := p.cache[e.Game]
	switch {
	case e.Seq == 1:
		seed, err := Seed(ctx, p.store, e.Game)
		if err != nil {
			return nil, err
		}
		if g, err = Start(p.catalog, e, seed); err != nil {
			return nil, err
		}
	case g != nil && g.Seq == e.Seq-1:
		if err := g.Apply(e); err != nil {
			delete(p.cache, e.Game)
			return nil, err
		}
	default:
		var err error
		if g, _, _, err = Load(ctx, p.store, p.catalog, e.Game, int(e.Seq)); err != nil {
			return nil, err
		}
	}
	if len(p.cache) >= cacheLimit {
		clear(p.cache)
	}
	p.cache[e.Game] = g
	return g, nil
}

func (p *Projector) addPlayer(ctx context.Context, pl events.Player, game string) error {
	who := pl.Address
	if who == "" {
		who = pl.Name
	}
	key := PlayerKey(who)
	for {
		var pg PlayerGames
		var rev uint64
		entry, err := p.players.Get(ctx, key)
		switch {
		case err == nil:
			rev = entry.Revision
			if err := json.Unmarshal(entry.Value, &pg); err != nil {
				return damaged("the read model of player %s cannot be read: %v", key, err)
			}
		case !errors.Is(err, events.ErrNotFound):
			return fmt.Errorf("projections: player %s: %w", key, err)
		}
		seat := PlayerSeat{Game: game, Seat: pl.Seat}
		if slices.Contains(pg.Games, seat) {
			return nil
		}
		pg.Games = append(pg.Games, seat)
		data, _ := json.Marshal(pg)
		if rev == 0 {
			_, err = p.players.Create(ctx, key, data)
		} else {
			_, err = p.players.Update(ctx, key, data, rev)
		}
		if err == nil {
			return nil
		}
		if !errors.Is(err, events.ErrExists) && !errors.Is(err, events.ErrConflict) { // another writer came first: read again
			return fmt.Errorf("projections: player %s: %w", key, err)
		}
	}
}

// Summary returns the read model of one game, or events.ErrNotFound.
func (p *Projector) Summary(ctx context.Context, id string) (Summary, error) {
	entry, err := p.games.Get(ctx, id)
	if errors.Is(err, events.ErrNotFound) {
		return Summary{}, fmt.Errorf("projections: game %s: %w", id, events.ErrNotFound)
	}
	if err != nil {
		return Summary{}, fmt.Errorf("projections: game %s: %w", id, err)
	}
	var s Summary
	if err := json.Unmarshal(entry.Value, &s); err != nil || s.ID != id {
		return Summary{}, p.report("the summary of game %s cannot be read (%v)", id, err)
	}
	return s, nil
}

// Games returns every game's read model, sorted by id.
func (p *Projector) Games(ctx context.Context) ([]Summary, error) {
	keys, err := p.games.Keys(ctx)
	if err != nil {
		return nil, fmt.Errorf("projections: list games: %w", err)
	}
	var out []Summary
	for _, k := range keys {
		s, err := p.Summary(ctx, k)
		if err != nil {
			return nil, err
		}
		out = append(out, s)
	}
	slices.SortFunc(out, func(a, b Summary) int { return strings.Compare(a.ID, b.ID) })
	return out, nil
}

// PlayerGames returns the games a player (address or name) sits in.
func (p *Projector) PlayerGames(ctx context.Context, who string) (PlayerGames, error) {
	var pg PlayerGames
	entry, err := p.players.Get(ctx, PlayerKey(who))
	if errors.Is(err, events.ErrNotFound) {
		return pg, nil
	}
	if err != nil {
		return pg, fmt.Errorf("projections: player %s: %w", who, err)
	}
	if err := json.Unmarshal(entry.Value, &pg); err != nil {
		return PlayerGames{}, p.report("the read model of player %s cannot be read: %v", PlayerKey(who), err)
	}
	return pg, nil
}
