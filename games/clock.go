package games

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"maps"
	"slices"
	"strings"
	"time"

	"github.com/pbem-games/pbem/events"
	"github.com/pbem-games/pbem/projections"
	"github.com/pbem-games/pbem/rules"
)

// Timekeeper makes deadlines happen: it reminds, announces passed
// deadlines, and plays the default move for a seat whose grace is over.
// Everything it does is an event, so a restart repeats nothing and misses
// nothing: what is due is worked out from the history at each tick.
type Timekeeper struct {
	Service *Service
	Index   *projections.Projector
	// Every is the time between ticks; 0 means 30 seconds.
	Every time.Duration
	Log   *slog.Logger
}

// Run ticks until ctx ends.
func (k *Timekeeper) Run(ctx context.Context) error {
	every := k.Every
	if every <= 0 {
		every = 30 * time.Second
	}
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		if err := k.Tick(ctx); err != nil && ctx.Err() == nil {
			k.log().Error("clock tick", "err", err)
		}
		select {
		case <-ctx.Done():
			return nil
		case <-t.C:
		}
	}
}

// Tick does what is due now in every game whose read model says
// something is. The read model is as fresh as the projector keeps it.
func (k *Timekeeper) Tick(ctx context.Context) error {
	due, err := k.Due(ctx, k.Service.Time())
	if err != nil {
		return err
	}
	var errs []error
	for _, id := range due {
		if err := k.Service.Tick(ctx, id); err != nil {
			errs = append(errs, fmt.Errorf("game %s: %w", id, err))
		}
	}
	return errors.Join(errs...)
}

// Due returns the games whose read model says something is due at now;
// their histories say what.
func (k *Timekeeper) Due(ctx context.Context, now time.Time) ([]string, error) {
	list, err := k.Index.Games(ctx)
	if err != nil {
		return nil, err
	}
	var due []string
	for _, sum := range list {
		if !sum.Over && !sum.Due.IsZero() && !sum.Due.After(now) {
			due = append(due, sum.ID)
		}
	}
	return due, nil
}

func (k *Timekeeper) log() *slog.Logger {
	if k.Log != nil {
		return k.Log
	}
	return slog.New(slog.NewTextHandler(io.Discard, nil))
}

// Tick does what game id's clock says is due now, one thing at a time,
// each recorded with the mail it causes.
func (s *Service) Tick(ctx context.Context, id string) error {
	for range 100 {
		done := false
		_, err := s.act(ctx, id, operator, Cause{}, func(g *projections.Game) ([]events.Event, string, error) {
			due, _ := g.DueAt(s.Time())
			if len(due) == 0 {
				done = true
				return nil, "", errNothingDue
			}
			evs, err := s.dueEvents(g, due[0])
			return evs, "", err
		})
		if done || errors.Is(err, ErrOver) {
			return nil
		}
		if err != nil {
			return err
		}
	}
	return fmt.Errorf("games: clock of %s: still due after 100 steps", id)
}

var errNothingDue = errors.New("nothing due")

// dueEvents records one due step.
func (s *Service) dueEvents(g *projections.Game, d projections.Due) ([]events.Event, error) {
	c := Cause{Source: fmt.Sprintf("clock:%s:%d:%d:%s", g.ID, g.Seq, d.Seat, d.Kind)}
	switch d.Kind {
	case projections.DueRemind:
		return s.newEvents(c, event(events.TypeReminderSent, events.SystemActor, events.ReminderSent{Seat: d.Seat, Deadline: d.Deadline}))
	case projections.DuePassed:
		return s.newEvents(c, event(events.TypeDeadlinePassed, events.SystemActor, events.DeadlinePassed{Seat: d.Seat, Deadline: d.Deadline}))
	case projections.DueDigest:
		return s.newEvents(c, event(events.TypeDigestSent, events.SystemActor, events.DigestSent{Seat: d.Seat, UpTo: g.Seq + 1}))
	case projections.DueSays:
		return s.newEvents(c, event(events.TypeSaysGathered, events.SystemActor, events.SaysGathered{Seat: d.Seat, From: g.Says[d.Seat].Held}))
	}
	return s.defaultMove(g, d.Seat, c)
}

// defaultMove plays the game's default for seat, marked as a timeout, and
// gives the seat to pbem for good after too many.
func (s *Service) defaultMove(g *projections.Game, seat int, c Cause) ([]events.Event, error) {
	m := pickDefault(g, seat)
	if m == nil {
		return nil, fmt.Errorf("games: seat %d of %s must move but has no legal move", seat, g.ID)
	}
	next, err := g.State.Apply(rules.Seat(seat), m)
	if err != nil {
		return nil, err
	}
	evs, err := s.playEvents(g, next, events.MovePlayed{Seat: seat, Move: m.String(), Timeout: true}, c)
	if err != nil {
		return nil, err
	}
	limit := g.Settings.MaxTimeouts
	if limit <= 0 {
		limit = 3
	}
	if _, gone := g.Abandoned[seat]; !gone && g.Timeouts[seat]+1 >= limit && len(evs) == 1 {
		more, err := s.newEvents(c, event(events.TypeSeatAbandoned, events.SystemActor, events.SeatAbandoned{Seat: seat, Reason: "timeouts"}))
		if err != nil {
			return nil, err
		}
		evs = append(evs, more...)
	}
	return evs, nil
}

// pickDefault chooses seat's default move: the game's own rule if it has
// one, else a legal move drawn from the seed, so a replay draws the same.
func pickDefault(g *projections.Game, seat int) rules.Move {
	if d, ok := g.State.(rules.Defaulter); ok {
		return d.Default(rules.Seat(seat))
	}
	legal := g.State.Legal(rules.Seat(seat))
	if len(legal) == 0 {
		return nil
	}
	r := rules.NewRand(g.Setup.Seed, fmt.Sprintf("default/%d", g.Seq))
	return legal[r.IntN(len(legal))]
}

// followUps returns what follows by itself from the game as it now is: the
// conditional move whose condition was just met, the move of a seat pbem
// plays for good, the end all players agreed to. It folds nothing.
func (s *Service) followUps(g *projections.Game, c Cause) ([]events.Event, error) {
	if g.Ended != nil {
		return nil, nil
	}
	if len(g.EndVotes) > 0 && len(g.EndVotes) >= len(g.Playing()) {
		scores, _ := g.State.Result()
		return s.newEvents(c, event(events.TypeGameEnded, events.SystemActor,
			events.GameEnded{Scores: scores, Seed: g.Setup.Seed.String(), Reason: events.EndAgreed}))
	}
	if e, err := s.expiredList(g, c); e != nil || err != nil {
		return e, err
	}
	if last := lastMove(g); last != nil && last.Seq == g.Seq {
		for _, seat := range g.State.ToAct() {
			for _, cond := range g.Conditionals[int(seat)] {
				if cond.If != last.Move {
					continue
				}
				m, err := g.State.Parse(seat, cond.Then)
				if err != nil {
					continue
				}
				if next, err := g.State.Apply(seat, m); err == nil {
					return s.playEvents(g, next, events.MovePlayed{Seat: int(seat), Move: m.String(), Conditional: true}, c)
				}
			}
		}
	}
	for _, seat := range g.State.ToAct() {
		if _, gone := g.Abandoned[int(seat)]; gone && g.PausedAt == nil {
			return s.defaultMove(g, int(seat), c)
		}
		if q := g.Queues[int(seat)]; len(q) > 0 && g.PausedAt == nil {
			return s.queuedMove(g, seat, q[0], c)
		}
	}
	return s.forcedMove(g, c)
}

// forcedMove plays, for the first seat to act that has one choice only
// (rules.Forced: one legal move, deals it might offer aside), that move:
// asking for it would cost its player a mail and the game a round trip
// for nothing to decide. Not while the game is paused or waits for its
// players, nor for a seat whose player said AUTO OFF.
func (s *Service) forcedMove(g *projections.Game, c Cause) ([]events.Event, error) {
	if g.PausedAt != nil || g.Waiting() {
		return nil, nil
	}
	for _, seat := range g.State.ToAct() {
		if g.Manual[int(seat)] {
			continue
		}
		only, one := rules.Forced(g.State, seat)
		if !one {
			continue
		}
		next, err := g.State.Apply(seat, only)
		if err != nil {
			return nil, fmt.Errorf("games: %s: the only legal move %s of seat %d: %w", g.ID, only, seat, err)
		}
		return s.playEvents(g, next, events.MovePlayed{Seat: int(seat), Move: only.String(), Forced: true}, c)
	}
	return nil, nil
}

// expiredList drops the first programmed list, by seat, that was sent in
// an earlier stage of the game (rules.Staged) than the present one, such
// as the rest of a list for an action phase that is over: its moves were
// written for that stage and could be read otherwise now (a PASS left over
// from a round's actions would declare the next round's plan).
func (s *Service) expiredList(g *projections.Game, c Cause) ([]events.Event, error) {
	now := projections.Stage(g.State)
	for _, seat := range slices.Sorted(maps.Keys(g.Queues)) {
		if q := g.Queues[seat]; len(q) > 0 && g.QueueStages[seat] != now {
			stage, ok := g.QueuePhrases[seat]
			if !ok {
				stage = rules.Phrase{Text: g.QueueStages[seat]}
			}
			return s.newEvents(c, event(events.TypeMovesQueued, events.SystemActor,
				dropped(seat, rules.Say("%s ended before %s", stage, strings.Join(q, ", ")))))
		}
	}
	return nil, nil
}

// queuedMove plays the next move of seat's programmed list, or drops the
// list when that move is no longer legal, so the player is asked. A line
// written "… IF NEEDED" that cannot be played then is left out instead,
// and the list goes on.
func (s *Service) queuedMove(g *projections.Game, seat rules.Seat, text string, c Cause) ([]events.Event, error) {
	bare, optional := IfNeeded(text)
	m, err := g.State.Parse(seat, bare)
	var next rules.State
	if err == nil {
		next, err = g.State.Apply(seat, m)
	}
	if err != nil && optional {
		return s.newEvents(c, event(events.TypeMovesQueued, events.SystemActor,
			events.MovesQueued{Seat: int(seat), Moves: g.Queues[int(seat)][1:], Skipped: text, Salt: salt()}))
	}
	if err != nil {
		why := rules.Phrase{Text: err.Error()}
		var phrased rules.Phrased
		if errors.As(err, &phrased) {
			why = phrased.Phrase()
		}
		return s.newEvents(c, event(events.TypeMovesQueued, events.SystemActor, dropped(int(seat), rules.Say("%s: %s", text, why))))
	}
	return s.playEvents(g, next, events.MovePlayed{Seat: int(seat), Move: m.String(), Queued: true}, c)
}

// dropped is the event that drops seat's programmed list for why.
func dropped(seat int, why rules.Phrase) events.MovesQueued {
	js, _ := json.Marshal(why) // a Phrase always marshals
	return events.MovesQueued{Seat: seat, Dropped: why.String(), Why: js, Salt: salt()}
}

// IfNeeded returns a programmed list's line without its last words "IF
// NEEDED" (or "如有需要"), and whether it ended so: such a line is
// played only when it can be, and left out when it cannot.
func IfNeeded(line string) (string, bool) {
	w := strings.Fields(line)
	n := len(w)
	switch {
	case n > 2 && strings.EqualFold(w[n-2], "IF") && strings.EqualFold(w[n-1], "NEEDED"):
		return strings.Join(w[:n-2], " "), true
	case n > 0 && strings.HasSuffix(w[n-1], "如有需要"):
		if bare := strings.TrimSpace(strings.TrimSuffix(strings.Join(w, " "), "如有需要")); bare != "" {
			return bare, true
		}
	}
	return line, false
}

func lastMove(g *projections.Game) *projections.Moved {
	if len(g.Moves) == 0 {
		return nil
	}
	return &g.Moves[len(g.Moves)-1]
}
