package games

import (
	"context"
	"errors"
	"fmt"

	"github.com/pbem-games/pbem/events"
	"github.com/pbem-games/pbem/projections"
	"github.com/pbem-games/pbem/rules"
)

// Played is the outcome of a move that was recorded.
type Played struct {
	Game  *projections.Game // the game after the move
	Move  string            // its canonical text
	Seq   uint64            // Seq of the MovePlayed event
	Again bool              // the source had already been applied; nothing new was recorded
}

// Move plays text for seat in game id. source names what asked for it (an
// inbox record, a command line); a source already applied is not applied
// twice. A refusal is an *Error wrapping ErrUnknownGame, ErrBadSeat, ErrOver
// or rules.ErrIllegal, with a reason for the player.
func (s *Service) Move(ctx context.Context, id string, seat rules.Seat, text, source string) (Played, error) {
	for range s.retries() {
		p, err := s.tryMove(ctx, id, seat, text, source)
		if !errors.Is(err, events.ErrConflict) {
			return p, err
		}
	}
	return Played{}, fmt.Errorf("games: move in %s: still conflicting after %d tries", id, s.retries())
}

func (s *Service) tryMove(ctx context.Context, id string, seat rules.Seat, text, source string) (Played, error) {
	g, head, err := s.Load(ctx, id)
	if err != nil {
		return Played{}, err
	}
	if source != "" {
		if seq, ok := g.Applied(source); ok {
			return Played{Game: g, Seq: seq, Again: true, Move: moveAt(g, seq)}, nil
		}
	}
	if int(seat) < 0 || int(seat) >= len(g.Created.Players) {
		return Played{}, refuse(ErrBadSeat, "game %s has seats 0 to %d, not %d", id, len(g.Created.Players)-1, seat)
	}
	if g.Ended != nil {
		return Played{}, refuse(ErrOver, "game %s is over", id)
	}
	m, err := g.State.Parse(seat, text)
	if err != nil {
		return Played{}, refuse(rules.ErrIllegal, "%v", err)
	}
	next, err := g.State.Apply(seat, m)
	if err != nil {
		return Played{}, refuse(rules.ErrIllegal, "%v", err)
	}
	mp := events.MovePlayed{Seat: int(seat), Move: m.String()}
	evs, err := s.moveEvents(g, next, mp, source)
	if err != nil {
		return Played{}, err
	}
	if _, err := s.Store.Append(ctx, id, head, evs); err != nil {
		return Played{}, err
	}
	for _, e := range evs { // fold what was just recorded, exactly as a replay will
		sealed := e.Seal(id, g.Seq+1, g.Hash)
		if err := g.Apply(sealed); err != nil {
			return Played{}, err
		}
	}
	return Played{Game: g, Move: mp.Move, Seq: head.Seq + 1}, nil
}

// moveEvents returns MovePlayed and, when the move ends the game, GameEnded.
func (s *Service) moveEvents(g *projections.Game, next rules.State, mp events.MovePlayed, source string) ([]events.Event, error) {
	at := s.now()
	ev, err := events.New(events.TypeMovePlayed, mp.Seat, at, mp)
	if err != nil {
		return nil, err
	}
	ev.Source = source
	evs := []events.Event{ev}
	if scores, over := next.Result(); over {
		end, err := events.New(events.TypeGameEnded, events.SystemActor, at,
			events.GameEnded{Scores: scores, Seed: g.Setup.Seed.String(), Reason: "finished"})
		if err != nil {
			return nil, err
		}
		end.Source = source
		evs = append(evs, end)
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
