package games

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sync"

	"github.com/pbem-games/pbem/events"
	"github.com/pbem-games/pbem/projections"
)

// DefaultCacheGames is how many folded games a Service keeps between
// commands when its CacheGames is 0.
const DefaultCacheGames = 2000

// Why a cache: every command and every mail rendered needs the game
// folded from its whole history, and reading a history means creating a
// consumer on the server, reading each event, checking its hash and
// replaying every move. A game folded once is kept with the head it was
// folded at; the next command checks with one read of the game subject's
// last sequence that nobody appended since, and otherwise reads it anew.
// A kept game is never changed: commands work on a clone, and what they
// append is kept only once the store took it.

// folded is a game as folded from its first events up to head.
type folded struct {
	game *projections.Game
	evs  []events.Event // the history up to head; shared, never changed
	head events.Head
}

// gameCache is the folded games a Service keeps, by id.
type gameCache struct {
	mu    sync.Mutex
	games map[string]*folded
}

// CacheLimit is how many folded games the service keeps.
func (s *Service) CacheLimit() int {
	if s.CacheGames != 0 {
		return s.CacheGames
	}
	return DefaultCacheGames
}

func (s *Service) cached(id string) *folded {
	s.cache.mu.Lock()
	defer s.cache.mu.Unlock()
	return s.cache.games[id]
}

// keep keeps f, unless the cache holds the game at a later head already.
func (s *Service) keep(id string, f *folded) {
	if s.CacheLimit() < 0 {
		return
	}
	s.cache.mu.Lock()
	defer s.cache.mu.Unlock()
	if old := s.cache.games[id]; old != nil && old.head.StreamSeq > f.head.StreamSeq {
		return
	}
	if s.cache.games == nil {
		s.cache.games = map[string]*folded{}
	}
	if _, ok := s.cache.games[id]; !ok && len(s.cache.games) >= s.CacheLimit() {
		for other := range s.cache.games { // any one: the map's order is random
			delete(s.cache.games, other)
			break
		}
	}
	s.cache.games[id] = f
}

// remember keeps g, folded from the game at prev and the events sealed
// after it, now that the store took them at head.
func (s *Service) remember(id string, prev events.Head, g *projections.Game, sealed []events.Event, head events.Head) {
	var before []events.Event
	if prev.Seq > 0 {
		f := s.cached(id)
		if f == nil || f.head != prev {
			return
		}
		before = f.evs
	}
	if g.Hash != head.Hash || len(before)+len(sealed) != int(head.Seq) {
		return // not what the store holds: read it again next time
	}
	s.keep(id, &folded{game: g.Clone(), evs: append(slices.Clip(before), sealed...), head: head})
}

// forget drops game id, whose head is no longer known.
func (s *Service) forget(id string) {
	s.cache.mu.Lock()
	defer s.cache.mu.Unlock()
	delete(s.cache.games, id)
}

// current returns game id as folded up to the store's head.
func (s *Service) current(ctx context.Context, id string) (*folded, error) {
	if f := s.cached(id); f != nil {
		seq, err := s.Store.LastSeq(ctx, id)
		if err != nil && !errors.Is(err, events.ErrNotFound) {
			return nil, err
		}
		if err == nil && seq == f.head.StreamSeq {
			return f, nil
		}
		s.forget(id)
	}
	g, evs, head, err := projections.Load(ctx, s.Store, s.Catalog, id, 0)
	if err != nil {
		return nil, err
	}
	f := &folded{game: g, evs: evs, head: head}
	s.keep(id, f)
	return f, nil
}

// recent returns a copy of game id as last folded here, which may be
// behind the store if another process appended since; or as read now.
func (s *Service) recent(ctx context.Context, id string) (*projections.Game, events.Head, error) {
	if f := s.cached(id); f != nil {
		return f.game.Clone(), f.head, nil
	}
	g, _, head, err := s.loadAt(ctx, id, 0)
	return g, head, err
}

// forgetIfBehind forgets game id if the store holds more of it than was
// folded here, and reports whether it did.
func (s *Service) forgetIfBehind(ctx context.Context, id string) bool {
	f := s.cached(id)
	if f == nil {
		return false
	}
	if seq, err := s.Store.LastSeq(ctx, id); err == nil && seq == f.head.StreamSeq {
		return false
	}
	s.forget(id)
	return true
}

// loadAt is LoadAt. Events never change once stored, so a kept history of
// at least n events gives the game after event n without asking the store.
func (s *Service) loadAt(ctx context.Context, id string, n int) (*projections.Game, []events.Event, events.Head, error) {
	f, err := s.history(ctx, id, n)
	if err != nil {
		return nil, nil, events.Head{}, err
	}
	evs := slices.Clip(f.evs)
	switch {
	case n <= 0 || n == len(evs):
		return f.game.Clone(), evs, f.head, nil
	}
	g, err := projections.Replay(s.Catalog, evs, f.game.Setup.Seed, n)
	if err != nil {
		return nil, nil, f.head, fmt.Errorf("games: replay %s: %w", id, err)
	}
	return g, evs, f.head, nil
}

// history returns game id as folded with at least its first n events, as
// far as the store holds it when n <= 0. The folded game is shared: it
// must not be changed.
func (s *Service) history(ctx context.Context, id string, n int) (*folded, error) {
	f := s.cached(id)
	if n <= 0 || f == nil || len(f.evs) < n {
		var err error
		f, err = s.current(ctx, id)
		if errors.Is(err, events.ErrNotFound) {
			return nil, unstored(id)
		}
		if err != nil {
			return nil, fmt.Errorf("games: %w", err)
		}
	}
	if n > len(f.evs) {
		return nil, refuse(ErrUnknownGame, "game %s has only %d events, not %d", id, len(f.evs), n)
	}
	return f, nil
}

// Folded returns game id as folded with at least its first n events (as
// far as the store holds it when n <= 0), and that history. Both are
// shared with the service's cache: they must not be changed.
func (s *Service) Folded(ctx context.Context, id string, n int) (*projections.Game, []events.Event, error) {
	f, err := s.history(ctx, id, n)
	if err != nil {
		return nil, nil, err
	}
	return f.game, f.evs, nil
}
