package games

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/pbem-games/pbem/events"
	"github.com/pbem-games/pbem/projections"
	"github.com/pbem-games/pbem/rules"
)

// Cause says what asked for a command: the source recorded with its events
// (an inbox record, so a mail is applied once) and the Message-ID of the
// player's mail that the service's answer replies to.
type Cause struct {
	Source  string
	ReplyTo string
	// More says that more moves of the same mail follow, so the mover is
	// not told of this one: it hears once, after the mail's last.
	More bool
	// Answers is the event after which pbem sent the mail that the
	// player's mail answers, 0 when it answers none pbem knows. A move
	// that finds something changed for its seat since then is refused
	// with a *StaleError, checked on the very history it would be
	// appended to, so a writer that appends in between (the clock, the
	// console) makes the check run again.
	Answers uint64
}

// StaleError refuses a move that answers a mail of pbem after which
// something its seat could see changed what it may do: Since is the
// event that mail was sent after.
type StaleError struct{ Since uint64 }

func (e *StaleError) Error() string {
	return fmt.Sprintf("games: the reply answers the game as after event %d, and it changed since for the seat", e.Since)
}

// Played is the outcome of a command that was recorded.
type Played struct {
	Game  *projections.Game // the game after it
	Move  string            // the move's canonical text, for moves
	Seq   uint64            // Seq of its first event
	Again bool              // the source had already been applied; nothing new was recorded
}

// operator stands for the seat of commands given by the operator or the
// clock rather than by a player; their events' actor is SystemActor.
const operator = rules.Seat(-1000)

// Move plays text for seat in game id. A source already applied is not
// applied twice. A refusal is an *Error wrapping ErrUnknownGame,
// ErrBadSeat, ErrOver or rules.ErrIllegal, with a reason for the player.
func (s *Service) Move(ctx context.Context, id string, seat rules.Seat, text string, c Cause) (Played, error) {
	return s.act(ctx, id, seat, c, func(g *projections.Game) ([]events.Event, string, error) {
		if err := playable(g, seat); err != nil {
			return nil, "", err
		}
		m, err := g.State.Parse(seat, text)
		if err != nil {
			return nil, "", refuse(rules.ErrIllegal, "%v", err)
		}
		next, err := g.State.Apply(seat, m)
		if err != nil {
			return nil, "", refuse(rules.ErrIllegal, "%v", err)
		}
		mp := events.MovePlayed{Seat: int(seat), Move: m.String()}
		evs, err := s.playEvents(g, next, mp, c)
		return evs, mp.Move, err
	})
}

// playEvents records mp, which leads to next, and the game's end if it
// ends there.
func (s *Service) playEvents(g *projections.Game, next rules.State, mp events.MovePlayed, c Cause) ([]events.Event, error) {
	actor := mp.Seat
	if mp.Timeout || mp.Forced { // pbem's choice, not the seat's: news of the table
		actor = events.SystemActor
	}
	ps := []pending{event(events.TypeMovePlayed, actor, mp)}
	if scores, over := next.Result(); over {
		ps = append(ps, event(events.TypeGameEnded, events.SystemActor,
			events.GameEnded{Scores: scores, Seed: g.Setup.Seed.String(), Reason: events.EndFinished}))
	}
	return s.newEvents(c, ps...)
}

// CheckSeat refuses (ErrBadSeat) a seat game g does not have.
func CheckSeat(g *projections.Game, seat int) error {
	if seat < 0 || seat >= len(g.Created.Players) {
		return refuse(ErrBadSeat, "game %s has seats 0 to %d, not %d", g.ID, len(g.Created.Players)-1, seat)
	}
	return nil
}

// playable refuses a move the table forbids, whatever the rules say.
func playable(g *projections.Game, seat rules.Seat) error {
	if open := g.Open(); len(open) > 0 {
		return refuse(ErrWaiting, "the game waits for %d more player(s); they join with the JOIN line pbem mailed the host", len(open))
	}
	if invited := g.Invited(); len(invited) > 0 {
		return refuse(ErrWaiting, "the game starts once every invited player has said they play: %d still to answer", len(invited))
	}
	if g.PausedAt != nil {
		return refuse(ErrPaused, "the game is paused by its host; moves wait until it resumes")
	}
	if why, gone := g.Abandoned[int(seat)]; gone {
		return refuse(rules.ErrIllegal, "pbem plays seat %d for good now (%s)", seat, why)
	}
	return nil
}

// MaxSay is the longest SAY text kept, in bytes.
const MaxSay = 2000

// Say records seat's message to the other players of game id.
func (s *Service) Say(ctx context.Context, id string, seat rules.Seat, text string, c Cause) (Played, error) {
	text = strings.TrimSpace(text)
	if text == "" {
		return Played{}, refuse(rules.ErrIllegal, "SAY needs a message, for example: SAY good luck!")
	}
	if len(text) > MaxSay {
		return Played{}, refuse(rules.ErrIllegal, "your message is %d bytes long; SAY takes at most %d", len(text), MaxSay)
	}
	return s.act(ctx, id, seat, c, func(g *projections.Game) ([]events.Event, string, error) {
		evs, err := s.newEvents(c, event(events.TypePlayerSaid, int(seat), events.PlayerSaid{Seat: int(seat), Text: text, Gather: true}))
		return evs, "", err
	})
}

// Resign records that seat gives up game id, which ends the game with the
// scores as they stand.
func (s *Service) Resign(ctx context.Context, id string, seat rules.Seat, c Cause) (Played, error) {
	return s.act(ctx, id, seat, c, func(g *projections.Game) ([]events.Event, string, error) {
		scores, _ := g.State.Result()
		evs, err := s.newEvents(c,
			event(events.TypePlayerResigned, int(seat), events.PlayerResigned{Seat: int(seat)}),
			event(events.TypeGameEnded, events.SystemActor,
				events.GameEnded{Scores: scores, Seed: g.Setup.Seed.String(), Reason: events.EndResigned}))
		return evs, "", err
	})
}

// act runs one command on a running game: load it, let build decide the
// events, and append them, retrying on conflict. It
// starts from the game as last folded here (see cache.go) without asking
// the store: an append after a stale head conflicts, and a refusal is
// given only once the store says the game has not moved since.
func (s *Service) act(ctx context.Context, id string, seat rules.Seat, c Cause,
	build func(*projections.Game) ([]events.Event, string, error)) (Played, error) {
	for range s.retries() {
		p, err := s.tryAct(ctx, id, seat, c, build)
		var refusal *Error
		if errors.As(err, &refusal) && s.forgetIfBehind(ctx, id) {
			continue
		}
		if !errors.Is(err, events.ErrConflict) {
			return p, err
		}
	}
	return Played{}, fmt.Errorf("games: %s: still conflicting after %d tries", id, s.retries())
}

func (s *Service) tryAct(ctx context.Context, id string, seat rules.Seat, c Cause,
	build func(*projections.Game) ([]events.Event, string, error)) (Played, error) {
	g, head, err := s.recent(ctx, id)
	if err != nil {
		return Played{}, err
	}
	if c.Source != "" {
		if seq, ok := g.Applied(c.Source); ok {
			return Played{Game: g, Seq: seq, Again: true, Move: moveAt(g, seq)}, nil
		}
	}
	if err := CheckSeat(g, int(seat)); err != nil && seat != operator {
		return Played{}, err
	}
	if c.Answers > 0 && seat != operator {
		// Checked here, on the history the command will be appended to,
		// and before anything else: a mail that answers an old one is
		// told what changed since (a move pbem played, the game's end).
		if changed, err := s.ChangedSince(ctx, id, seat, c.Answers); err != nil || changed {
			if changed {
				err = &StaleError{Since: c.Answers}
			}
			return Played{}, err
		}
	}
	if g.Ended != nil {
		return Played{}, refuse(ErrOver, "game %s is over", id)
	}
	evs, move, err := build(g)
	if err != nil {
		return Played{}, err
	}
	sealed, _, err := Fold(g, evs)
	if err != nil {
		return Played{}, err
	}
	for range 100 { // each follow-up may lead to another: a chain of conditional moves
		if abandoned(g) {
			// pbem plays every seat: it does not play the game out alone.
			end, err := s.newEvents(c, event(events.TypeGameEnded, events.SystemActor, events.GameEnded{
				Scores: scoresNow(g), Seed: g.Setup.Seed.String(), Reason: events.EndAbandoned}))
			if err != nil {
				return Played{}, err
			}
			endSealed, _, err := Fold(g, end)
			if err != nil {
				return Played{}, err
			}
			evs, sealed = append(evs, end...), append(sealed, endSealed...)
			break
		}
		more, err := s.followUps(g, c)
		if err != nil {
			return Played{}, err
		}
		if len(more) == 0 {
			break
		}
		moreSealed, _, err := Fold(g, more)
		if err != nil {
			return Played{}, err
		}
		evs, sealed = append(evs, more...), append(sealed, moreSealed...)
	}
	// The outbox derives the mail from these events and their note (see
	// outbox.go).
	newHead, err := s.Store.AppendNoted(ctx, id, head, evs, s.note(c))
	if err != nil {
		s.forget(id)
		return Played{}, err
	}
	s.remember(id, head, g, sealed, newHead)
	if g.Ended != nil {
		// GameEnded revealed the seed, so the secret has served: erased,
		// the game no longer has an entry in the store's index of
		// subjects, which the store holds in memory for every game (see
		// projections.Seed). Should the erase fail, the secret stays, as
		// in older histories, and is read as before.
		_ = s.Store.Erase(ctx, events.SecretSubject+id)
	}
	return Played{Game: g, Move: move, Seq: head.Seq + 1}, nil
}

// abandoned reports whether g goes on with nobody playing it: every seat
// is one pbem plays for good.
func abandoned(g *projections.Game) bool {
	return g.Ended == nil && len(g.Abandoned) == len(g.Created.Players)
}

// scoresNow are g's scores as they stand.
func scoresNow(g *projections.Game) []int {
	scores, _ := g.State.Result()
	return scores
}

// Fold seals evs after g's last event and folds them into g, exactly as a
// replay of the stored history will; before holds the state before each,
// for deciding who needs to hear of it.
func Fold(g *projections.Game, evs []events.Event) (sealed []events.Event, before []rules.State, err error) {
	sealed = make([]events.Event, len(evs))
	before = make([]rules.State, len(evs))
	for i, e := range evs {
		sealed[i], before[i] = e.Seal(g.ID, g.Seq+1, g.Hash), g.State
		if err := g.Apply(sealed[i]); err != nil {
			return nil, nil, err
		}
	}
	return sealed, before, nil
}

// pending is an event still to be stamped with the time and the cause.
type pending struct {
	typ     string
	actor   int
	payload any
}

func event(typ string, actor int, payload any) pending { return pending{typ, actor, payload} }

// newEvents makes events of ps at the service's time, recording the cause.
func (s *Service) newEvents(c Cause, ps ...pending) ([]events.Event, error) {
	at := s.Time()
	evs := make([]events.Event, len(ps))
	for i, p := range ps {
		e, err := events.New(p.typ, p.actor, at, p.payload)
		if err != nil {
			return nil, err
		}
		e.Source = c.Source
		evs[i] = e
	}
	return evs, nil
}

func moveAt(g *projections.Game, seq uint64) string {
	for _, m := range g.Moves {
		if m.Seq == seq {
			return m.Move
		}
	}
	return ""
}
