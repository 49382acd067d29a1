package projections

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/pbem-games/pbem/events"
)

// Rebuild throws the read models away and folds them again from the stream.
//
// It reads every event in one pass without acknowledging each as Run
// does, folds them in memory, and writes each game's summary once, when
// the game ends or at the end, many entries to an atomic batch. Then it
// sets the projector's consumer after the last event read, so Run and
// CatchUp go on from there. What it holds is bounded, however many games
// the stream holds: games still running are kept folded until the end,
// at most cacheLimit at once (beyond that one is written and folded again
// from its history if more of it comes); each game's seed is read as its
// first event comes; each player's games are gathered for at most
// playerBatch players at once, then written, merged with what an earlier
// batch wrote of the same player.
func (p *Projector) Rebuild(ctx context.Context) error {
	if err := p.store.DeleteConsumer(ctx, Durable); err != nil {
		return err
	}
	for _, kv := range []events.KV{p.games, p.players} {
		if err := p.store.DeleteBucket(ctx, kv.Name()); err != nil {
			return fmt.Errorf("projections: rebuild: %w", err)
		}
	}
	fresh, err := NewProjector(ctx, p.store, p.catalog)
	if err != nil {
		return err
	}
	fresh.OnRepair, fresh.OnProgress, fresh.playerBatch = p.OnRepair, p.OnProgress, p.playerBatch
	*p = *fresh
	return p.refold(ctx)
}

// refold folds the read models from the stream, writing every entry over
// what the buckets hold, and sets the projector's consumer after the last
// event read.
func (p *Projector) refold(ctx context.Context) error {
	r := &rebuild{p: p, live: map[string]*liveGame{}, players: map[string]*PlayerGames{}, batch: cmp.Or(p.playerBatch, playerBatch)}
	var folded uint64
	through, err := p.store.ReadAll(ctx, events.GameSubject+">", func(rec events.Record) error {
		if err := r.event(ctx, rec); err != nil {
			return err
		}
		if folded++; p.OnProgress != nil {
			p.OnProgress(folded, rec.Pending)
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("projections: rebuild: %w", err)
	}
	if err := r.finish(ctx); err != nil {
		return err
	}
	return p.store.Handled(ctx, Durable, events.GameSubject+">", through)
}

// RebuildMemoryLimit is the Go memory limit (runtime/debug.SetMemoryLimit)
// pbem rebuild runs under unless GOMEMLIMIT sets another. What a rebuild
// holds is bounded, but the embedded server's index of every subject and
// key grows with the games; without a limit the heap grows to twice what
// is live before each collection, and a million games' rebuild would pass
// 1 GiB for garbage alone.
const RebuildMemoryLimit = 768 << 20

// playerBatch is how many players' games a rebuild gathers before it
// writes them: a million games of three new players each would otherwise
// hold three million lists until the end.
const playerBatch = 50_000

// rebuild is one Rebuild under way.
type rebuild struct {
	p       *Projector
	live    map[string]*liveGame // games folded so far, not yet written
	players map[string]*PlayerGames
	order   []string         // player keys, in the order first seen
	pending []events.Message // summaries to write
	batch   int              // players gathered at most
	// written are the players an earlier batch wrote, as a Bloom filter:
	// only those are read back to be merged, and a false "maybe" costs a
	// read that finds nothing.
	written bloom
}

// liveGame is a game folded so far and the time of its last event.
type liveGame struct {
	g  *Game
	at time.Time
}

// event folds one stored event.
func (r *rebuild) event(ctx context.Context, rec events.Record) error {
	e, err := events.Decode(rec.Data)
	if err != nil {
		return fmt.Errorf("projections: %s at stream sequence %d: %w", rec.Subject, rec.StreamSeq, err)
	}
	lg, err := r.fold(ctx, e)
	if err != nil || lg == nil {
		return err
	}
	for _, pl := range seated(e, lg.g) {
		r.addPlayer(pl, e.Game)
	}
	if len(r.players) >= r.batch {
		if err := r.writePlayers(ctx); err != nil {
			return err
		}
	}
	if lg.g.Ended != nil || len(r.live) > cacheLimit {
		if err := r.write(ctx, e.Game, lg); err != nil {
			return err
		}
	}
	return nil
}

// fold folds e into its game and returns it, or nil for an event folded
// before.
func (r *rebuild) fold(ctx context.Context, e events.Event) (*liveGame, error) {
	lg := r.live[e.Game]
	switch {
	case e.Seq == 1:
		seed, err := Seed(ctx, r.p.store, e.Game)
		if err != nil {
			return nil, err
		}
		g, err := Start(r.p.catalog, e, seed)
		if err != nil {
			return nil, err
		}
		lg = &liveGame{g: g}
		r.live[e.Game] = lg
	case lg != nil && lg.g.Seq >= e.Seq:
		return nil, nil
	case lg != nil && lg.g.Seq == e.Seq-1:
		if err := lg.g.Apply(e); err != nil {
			return nil, err
		}
	default: // written and let go of before its end
		g, _, _, err := Load(ctx, r.p.store, r.p.catalog, e.Game, int(e.Seq))
		if err != nil {
			return nil, err
		}
		lg = &liveGame{g: g}
		r.live[e.Game] = lg
	}
	lg.at = e.Time
	return lg, nil
}

// write queues the summary of a game and lets go of it.
func (r *rebuild) write(ctx context.Context, id string, lg *liveGame) error {
	delete(r.live, id)
	sum, err := Summarize(lg.g, lg.at)
	if err != nil {
		return err
	}
	data, err := json.Marshal(sum)
	if err != nil {
		return err
	}
	r.pending = append(r.pending, events.Message{Subject: kvSubject(GamesBucket, id), Data: data})
	if len(r.pending) >= events.MaxBatch {
		return r.flush(ctx)
	}
	return nil
}

func (r *rebuild) flush(ctx context.Context) error {
	if err := r.p.store.PutAll(ctx, r.pending); err != nil {
		return fmt.Errorf("projections: rebuild: %w", err)
	}
	r.pending = r.pending[:0]
	return nil
}

func (r *rebuild) addPlayer(pl events.Player, game string) {
	who := pl.Address
	if who == "" {
		who = pl.Name
	}
	key := PlayerKey(who)
	pg := r.players[key]
	if pg == nil {
		pg = &PlayerGames{}
		r.players[key] = pg
		r.order = append(r.order, key)
	}
	pg.Games = append(pg.Games, PlayerSeat{Game: game, Seat: pl.Seat})
}

// finish writes the games still running and every player's games.
func (r *rebuild) finish(ctx context.Context) error {
	for id, lg := range r.live {
		if err := r.write(ctx, id, lg); err != nil {
			return err
		}
	}
	return r.writePlayers(ctx)
}

// writePlayers writes the players' games gathered so far, each merged
// with what an earlier batch wrote of the same player, and lets go of
// them.
func (r *rebuild) writePlayers(ctx context.Context) error {
	if err := r.flush(ctx); err != nil { // what an earlier batch wrote is read back
		return err
	}
	if r.written.bits == nil {
		r.written = newBloom(bloomBits)
	}
	for _, key := range r.order {
		pg := r.players[key]
		if r.written.maybe(key) {
			if err := r.merge(ctx, key, pg); err != nil {
				return err
			}
		}
		r.written.add(key)
		data, err := json.Marshal(pg)
		if err != nil {
			return err
		}
		r.pending = append(r.pending, events.Message{Subject: kvSubject(PlayersBucket, key), Data: data})
		if len(r.pending) >= events.MaxBatch {
			if err := r.flush(ctx); err != nil {
				return err
			}
		}
	}
	clear(r.players)
	r.order = r.order[:0]
	return r.flush(ctx)
}

// merge puts before pg's games those an earlier batch wrote of player key.
func (r *rebuild) merge(ctx context.Context, key string, pg *PlayerGames) error {
	entry, err := r.p.players.Get(ctx, key)
	if errors.Is(err, events.ErrNotFound) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("projections: rebuild: player %s: %w", key, err)
	}
	var before PlayerGames
	if err := json.Unmarshal(entry.Value, &before); err != nil {
		return fmt.Errorf("projections: rebuild: player %s: %w", key, err)
	}
	pg.Games = append(before.Games, pg.Games...)
	return nil
}

// kvSubject is the subject that holds key in bucket.
func kvSubject(bucket, key string) string { return "$KV." + bucket + "." + key }
