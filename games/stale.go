package games

import (
	"context"
	"fmt"
	"slices"

	"github.com/pbem-games/pbem/events"
	"github.com/pbem-games/pbem/rules"
)

// ChangedSince reports whether, after event seq of game id, an event that
// seat did not cause changed both what it sees and what it may do: its
// view and its legal moves. Its own moves since, such as the earlier lines
// of the mail being read, do not count; a move pbem played for it at a
// time out does.
func (s *Service) ChangedSince(ctx context.Context, id string, seat rules.Seat, seq uint64) (bool, error) {
	_, evs, _, err := s.loadAt(ctx, id, 0)
	if err != nil {
		return false, err
	}
	if seq >= uint64(len(evs)) || !slices.ContainsFunc(evs[seq:], func(e events.Event) bool { return e.Actor != int(seat) }) {
		return false, nil
	}
	g, _, _, err := s.loadAt(ctx, id, int(seq))
	if err != nil {
		return false, err
	}
	// A seat not to act when the mail it answers was sent, in a game whose
	// players write moves for their later turns, writes a programmed list:
	// the moves of others before its turn are what it wrote the list
	// across, and its turn coming is no change to its lines, which are
	// judged as they are played. What changes once its turn has come
	// counts, as for any reply.
	list := g.Rules.Info().Programmed && !IsToAct(g.State, int(seat))
	for _, e := range evs[seq:] {
		before := g.State
		if err := g.Apply(e); err != nil {
			return false, fmt.Errorf("games: replay %s: %w", id, err)
		}
		if list && !IsToAct(before, int(seat)) {
			continue
		}
		if e.Actor != int(seat) && changedFor(before, g.State, seat) {
			return true, nil
		}
	}
	return false, nil
}

// changedFor reports whether seat sees something new in after and may do
// something else there than in before.
func changedFor(before, after rules.State, seat rules.Seat) bool {
	return !SameLegal(before, after, seat) && before.View(seat).Text() != after.View(seat).Text()
}

// SameLegal reports whether seat has the same legal moves in a and b.
func SameLegal(a, b rules.State, seat rules.Seat) bool {
	la, lb := a.Legal(seat), b.Legal(seat)
	return slices.EqualFunc(la, lb, func(x, y rules.Move) bool { return x.String() == y.String() })
}
