package organiser

import (
	"context"
	"errors"
	"fmt"
	"reflect"

	"github.com/pbem-games/pbem/campaigns"
	"github.com/pbem-games/pbem/events"
	"github.com/pbem-games/pbem/games"
	"github.com/pbem-games/pbem/projections"
)

// Pair records the results of the campaign's games that have ended
// (RecordEnded), pairs the next round, drawn from its seed (a league's
// next season first, when one is due), and starts a game for each of
// its tables; it returns the games started. Tables
// paired before whose games were not yet started (a crash between the
// two) are started first, each once: a table's game id is derived from
// the campaign, round and table, so creating it again finds it.
func (s *Service) Pair(ctx context.Context, id string) ([]campaigns.GameStarted, error) {
	return s.PairFrom(ctx, id, "")
}

// PairFrom is Pair asked by source (an organiser's mail's line): the
// round it pairs records it, and asked again once that round is paired,
// it starts what is left of its tables and pairs nothing more.
func (s *Service) PairFrom(ctx context.Context, id, source string) ([]campaigns.GameStarted, error) {
	// The games that ended since are recorded first, so that pairing
	// rounds is all an organiser needs to do.
	if _, err := s.RecordEnded(ctx, id); err != nil {
		return nil, err
	}
	// A round robin's round left without a table by those who withdrew
	// is recorded and passed: the next is paired at once.
	for {
		started, empty, err := s.pairOnce(ctx, id, source)
		if err != nil || !empty {
			return started, err
		}
		source = "" // the round after the empty one is Pair's own
	}
}

// pairOnce is Pair of one round; empty says the round it paired has no
// table.
func (s *Service) pairOnce(ctx context.Context, id, source string) ([]campaigns.GameStarted, bool, error) {
	// A league's season starts first, with its divisions: a fact of its
	// own, so a round paired after it sees them.
	_, err := s.update(ctx, id, func(c *campaigns.Campaign) ([]campaigns.Fact, error) {
		if c.Created.Kind != campaigns.League {
			return nil, nil
		}
		seed, err := s.Seed(ctx, c)
		if err != nil {
			return nil, err
		}
		if season, due := c.NextSeason(seed); due {
			return []campaigns.Fact{season}, nil
		}
		return nil, nil
	})
	if err != nil {
		return nil, false, err
	}
	empty := false
	c, _, err := s.updateFrom(ctx, id, source, func(c *campaigns.Campaign) ([]campaigns.Fact, error) {
		if len(c.Unstarted()) > 0 {
			return nil, nil
		}
		seed, err := s.Seed(ctx, c)
		if err != nil {
			return nil, err
		}
		r, err := c.Pair(seed)
		if errors.Is(err, campaigns.ErrNoRound) {
			return nil, refusedBy(noRound(c))
		}
		if err != nil {
			return nil, err
		}
		empty = len(r.Tables) == 0
		return []campaigns.Fact{r}, nil
	})
	if err != nil {
		return nil, false, err
	}
	started, err := s.startTables(ctx, id)
	return started, empty && len(started) == 0 && !c.Over(), err
}

// noRound says why there is no round to pair.
func noRound(c *campaigns.Campaign) error {
	switch {
	case c.Over():
		return campaigns.Refuse("the campaign is over")
	case c.Created.Kind == campaigns.Ladder:
		return campaigns.Refuse("a ladder has no rounds: its players challenge")
	case len(c.Running()) > 0:
		return campaigns.Refuse("%d games of round %d are still being played", len(c.Running()), len(c.Rounds))
	}
	return campaigns.Refuse("there is no round to pair")
}

// Challenge records the results of the games that have ended, pairs a
// ladder's challenge and starts its game.
func (s *Service) Challenge(ctx context.Context, id, challenger, defender string) ([]campaigns.GameStarted, error) {
	if _, err := s.RecordEnded(ctx, id); err != nil {
		return nil, err
	}
	_, err := s.update(ctx, id, func(c *campaigns.Campaign) ([]campaigns.Fact, error) {
		r, err := c.Challenge(challenger, defender)
		if err != nil {
			return nil, refusedBy(err)
		}
		return []campaigns.Fact{r}, nil
	})
	if err != nil {
		return nil, err
	}
	return s.startTables(ctx, id)
}

// startTables creates the game of every table paired and not started,
// and records it.
func (s *Service) startTables(ctx context.Context, id string) ([]campaigns.GameStarted, error) {
	c, _, _, err := s.Load(ctx, id)
	if err != nil {
		return nil, err
	}
	var started []campaigns.GameStarted
	for _, t := range c.Unstarted() {
		req := games.NewGame{Game: c.Created.Game, Variants: c.Created.Variants, Host: c.Created.Organiser,
			Source: fmt.Sprintf("campaign:%s:round:%d:table:%d", id, t.Round, t.Table), Campaign: id, Round: t.Round, Table: t.Table}
		for _, p := range t.Seats {
			req.Players = append(req.Players, Player(p))
		}
		game, err := s.Games.Create(ctx, req)
		if err != nil {
			return started, fmt.Errorf("organiser: campaign %s round %d table %d: %w", id, t.Round, t.Table, err)
		}
		if d := c.Created.Options.Deadline; d != "" {
			// Once per game, however often a start is tried again: the
			// game applies a source once.
			set := events.Settings{PerMove: d}
			if _, err := s.Games.SetSettings(ctx, game, games.Operator, set, games.Cause{Source: req.Source + ":deadline"}); err != nil {
				return started, fmt.Errorf("organiser: campaign %s game %s: deadline: %w", id, game, err)
			}
		}
		t.Game = game
		_, err = s.update(ctx, id, func(c *campaigns.Campaign) ([]campaigns.Fact, error) {
			for _, g := range c.Games {
				if g.Game == game {
					return nil, nil // recorded by an earlier try
				}
			}
			return []campaigns.Fact{t}, nil
		})
		if err != nil {
			return started, err
		}
		started = append(started, t)
	}
	return started, nil
}

// resultOf is the result of an ended game as its history gives it: its
// last event, each seat's place (projections.Game.Places: resigning
// loses, the rules break ties where they say so) and score, the moves
// each player made and pbem made for them when time ran out, and the
// seats pbem played for good.
func resultOf(g *projections.Game) (campaigns.Result, error) {
	if g.Ended == nil {
		return campaigns.Result{}, fmt.Errorf("%w: game %s is still being played", ErrRefused, g.ID)
	}
	n := len(g.Created.Players)
	r := campaigns.Result{Game: g.ID, Seq: g.Seq, Hash: g.Hash, Places: g.Places(), Scores: append([]int(nil), g.Ended.Scores...),
		Moves: make([]int, n), Timeouts: make([]int, n), Abandoned: make([]bool, n), Reason: g.Ended.Reason}
	for _, m := range g.Moves {
		if m.Seat < 0 || m.Seat >= n {
			continue
		}
		if m.Timeout {
			r.Timeouts[m.Seat]++
		} else {
			r.Moves[m.Seat]++
		}
	}
	for seat := range g.Abandoned {
		if seat >= 0 && seat < n {
			r.Abandoned[seat] = true
		}
	}
	return r, nil
}

// Record records the result of the campaign's game from the game's own
// history. Recording a game again changes nothing: it returns the result
// recorded.
func (s *Service) Record(ctx context.Context, id, game string) (campaigns.Result, error) {
	var res campaigns.Result
	_, err := s.update(ctx, id, func(c *campaigns.Campaign) ([]campaigns.Fact, error) {
		i := indexGame(c, game)
		if i < 0 {
			return nil, fmt.Errorf("%w: game %s is not one of campaign %s's games", ErrRefused, game, id)
		}
		if r := c.Games[i].Result; r != nil {
			res = *r
			return nil, nil
		}
		g, err := s.game(ctx, c, c.Games[i].GameStarted)
		if err != nil {
			return nil, err
		}
		if res, err = resultOf(g); err != nil {
			return nil, err
		}
		return []campaigns.Fact{res}, nil
	})
	return res, err
}

// RecordGames records the result of game (Record), or, with game "",
// of every game of the campaign that has ended with none yet
// (RecordEnded), and returns them.
func (s *Service) RecordGames(ctx context.Context, id, game string) ([]campaigns.Result, error) {
	if game == "" {
		return s.RecordEnded(ctx, id)
	}
	r, err := s.Record(ctx, id, game)
	if err != nil {
		return nil, err
	}
	return []campaigns.Result{r}, nil
}

// RecordEnded records the result of every game of the campaign that has
// ended and has none yet, and returns them.
func (s *Service) RecordEnded(ctx context.Context, id string) ([]campaigns.Result, error) {
	c, _, _, err := s.Load(ctx, id)
	if err != nil {
		return nil, err
	}
	var out []campaigns.Result
	for _, g := range c.Running() {
		pg, err := s.game(ctx, c, g.GameStarted)
		if err != nil {
			return out, err
		}
		if pg.Ended == nil {
			continue
		}
		r, err := s.Record(ctx, id, g.Game)
		if err != nil {
			return out, err
		}
		out = append(out, r)
	}
	return out, nil
}

// game loads the campaign's game started as gs, checking that the game
// itself says it plays that table.
func (s *Service) game(ctx context.Context, c *campaigns.Campaign, gs campaigns.GameStarted) (*projections.Game, error) {
	g, _, err := s.Games.Load(ctx, gs.Game)
	if err != nil {
		return nil, fmt.Errorf("organiser: campaign %s game %s: %w", c.ID, gs.Game, err)
	}
	return g, checkTable(c, gs, g)
}

// checkTable checks that game g says it plays the table gs of c.
func checkTable(c *campaigns.Campaign, gs campaigns.GameStarted, g *projections.Game) error {
	if gc := g.Created; gc.Campaign != c.ID || gc.Round != gs.Round || gc.Table != gs.Table {
		return fmt.Errorf("%w: game %s says it plays campaign %q round %d table %d, not campaign %s round %d table %d",
			ErrRefused, gs.Game, gc.Campaign, gc.Round, gc.Table, c.ID, gs.Round, gs.Table)
	}
	return nil
}

func indexGame(c *campaigns.Campaign, game string) int {
	for i, g := range c.Games {
		if g.Game == game {
			return i
		}
	}
	return -1
}

// sameResult says whether two results agree in every field.
func sameResult(a, b campaigns.Result) bool { return reflect.DeepEqual(a, b) }
