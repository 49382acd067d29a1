package organiser

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/pbem-games/pbem/campaigns"
	"github.com/pbem-games/pbem/events"
)

// Outcome is what Ended did about a game that ended.
type Outcome struct {
	// Campaign is the campaign the game's GameCreated names; "" for a
	// game of no campaign, about which Ended does nothing.
	Campaign string
	// Result is the game's result, recorded now or before.
	Result campaigns.Result
	// Started are the games of the round Ended paired, when the
	// campaign asks for it (Options.AutoPair) and the game was the last
	// of its round to end.
	Started []campaigns.GameStarted
}

// Ended records the result of game, which has ended, in the campaign its
// GameCreated names, from the game's own history; recording it again
// changes nothing. When the campaign asks for it (Options.AutoPair), and
// every game of its round has a result now, it pairs the next round as
// Pair does. Tables paired before whose games were not yet recorded as
// started (a crash between the two) are started first, so that a game
// that ended before its start was recorded is still counted. A game of
// no campaign is nothing to do. Errors: ErrUnknown when the campaign
// named is not there; ErrRefused when the campaign does not count the
// game (it says it plays a table another game plays).
func (s *Service) Ended(ctx context.Context, game string) (Outcome, error) {
	g, _, err := s.Games.Load(ctx, game)
	if err != nil {
		return Outcome{}, fmt.Errorf("organiser: game %s: %w", game, err)
	}
	out := Outcome{Campaign: g.Created.Campaign}
	if out.Campaign == "" || g.Ended == nil {
		return out, nil
	}
	c, _, _, err := s.Load(ctx, out.Campaign)
	if err != nil {
		return out, err
	}
	if indexGame(c, game) < 0 && len(c.Unstarted()) > 0 {
		if _, err := s.startTables(ctx, out.Campaign); err != nil {
			return out, err
		}
	}
	if out.Result, err = s.Record(ctx, out.Campaign, game); err != nil {
		return out, err
	}
	out.Started, err = s.autoPair(ctx, out.Campaign)
	return out, err
}

// autoPair pairs the next round of campaign id when its options ask for
// it and no game of its last round is left to play.
func (s *Service) autoPair(ctx context.Context, id string) ([]campaigns.GameStarted, error) {
	c, _, _, err := s.Load(ctx, id)
	if err != nil {
		return nil, err
	}
	if !c.Created.Options.AutoPair || c.Paused() || c.Over() || len(c.Running()) > 0 || len(c.Unstarted()) > 0 {
		return nil, nil
	}
	return s.Pair(ctx, id)
}

// RecorderDurable is the name of the durable consumer with which the
// Recorder reads the games' events.
const RecorderDurable = "campaigns"

// Recorder records each campaign game's result as soon as the game ends,
// inside the serving process: it reads every game's events through a
// durable consumer (RecorderDurable) and, at each GameEnded, calls
// Service.Ended. An event is acknowledged only once its result is
// recorded, so a crash between a game's end and its record is caught up
// when the recorder runs again; recording a game twice changes nothing.
// A game's end whose recording keeps failing (a campaign's history that
// does not fold, say) is given up after Tries, logged, so that it holds
// up no other campaign: pbem campaign record records it once mended.
type Recorder struct {
	Service *Service
	// Log records what was recorded, and what could not be; nil logs
	// nothing.
	Log *slog.Logger
	// Retry is how long a game's end whose recording failed waits
	// before it is tried again (0: 2s), and Tries how often it is tried
	// before it is given up (0: 30).
	Retry time.Duration
	Tries int
}

// Run records results until ctx ends.
func (r *Recorder) Run(ctx context.Context) error {
	return r.Service.Games.Store.SubscribeRecords(ctx, RecorderDurable, events.GameSubject+">", func(rec events.Record) error {
		ev, err := events.Decode(rec.Data)
		if err != nil || ev.Type != events.TypeGameEnded {
			return nil // what does not decode is the projector's to report
		}
		return r.ended(ctx, ev.Game, int(rec.Delivered))
	})
}

func (r *Recorder) ended(ctx context.Context, game string, tries int) error {
	out, err := r.Service.Ended(ctx, game)
	log := r.Log
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	switch {
	case errors.Is(err, ErrUnknown) || errors.Is(err, ErrRefused):
		// Nothing a retry changes: a person must look (pbem campaign
		// record says the same).
		log.Warn("a campaign's game ended but its result cannot be recorded", "game", game, "campaign", out.Campaign, "err", err)
		return nil
	case err != nil && ctx.Err() != nil:
		return err
	case err != nil && tries >= cmp.Or(r.Tries, 30):
		log.Error("recording a campaign game's result failed too often; given up: pbem campaign record or pair does it once mended", "game", game, "campaign", out.Campaign, "err", err, "tries", tries)
		return nil
	case err != nil:
		retry := cmp.Or(r.Retry, 2*time.Second)
		log.Error("recording a campaign game's result failed; trying again", "game", game, "campaign", out.Campaign, "err", err, "in", retry)
		return &events.RetryError{Delay: retry, Err: err}
	case out.Campaign != "":
		log.Info("campaign game's result recorded", "game", game, "campaign", out.Campaign, "places", out.Result.Places)
		for _, g := range out.Started {
			log.Info("campaign round paired", "campaign", out.Campaign, "round", g.Round, "table", g.Table, "game", g.Game)
		}
	}
	return nil
}
