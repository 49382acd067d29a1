package letters

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/pbem-games/pbem/events"
	"github.com/pbem-games/pbem/games"
	"github.com/pbem-games/pbem/games/notice"
	"github.com/pbem-games/pbem/mail"
	"github.com/pbem-games/pbem/projections"
	"github.com/pbem-games/pbem/rules"
)

// The mail a game's events cause is not stored: a command stores its
// events, and the outbox derives the notices from them, an Append at a
// time, with the same pure policy a command would (notices, then quiet).
// What the policy needs beyond the events, the mail that caused them and
// whether more moves of that mail follow, is the Append's note, kept in
// the headers of its last event. A notice's Message-ID names the game,
// the event and the seat, so deriving it again after a crash gives the
// same mail with the same Message-ID. Answers to mail that change no
// game (HELP, refusals, stale replies) stay records of their own.

// behindTries is how many times the outbox reads a game's history that
// lacks the event it is to tell of before it holds the event's mail as a
// dead letter.
const behindTries = 10

// Notices returns the mail caused by the Append whose last event is r, as
// the outbox sends it; nil for any other record, and for events stored
// before their notices were derived (those were stored with them). An
// error wrapping mail.ErrUnrenderable means the history cannot give them.
func (s *Service) Notices(ctx context.Context, r events.Record) ([]mail.Notice, error) {
	first, ok := r.BatchFirst()
	if !ok || !strings.HasPrefix(r.Subject, events.GameSubject) {
		return nil, nil
	}
	e, err := events.Decode(r.Data)
	if err != nil || r.Subject != events.GameSubject+e.Game || first > e.Seq {
		return nil, fmt.Errorf("games: notices of %s at stream sequence %d: %w: %v", r.Subject, r.StreamSeq, mail.ErrUnrenderable, err)
	}
	kept, evs, err := s.Folded(ctx, e.Game, int(e.Seq))
	if err != nil {
		var refusal *games.Error
		if errors.As(err, &refusal) && r.Delivered >= behindTries {
			return nil, fmt.Errorf("games: notices of %s: %w: %w", r.Subject, mail.ErrUnrenderable, err)
		}
		// The record is the game's event: a history that lacks it was
		// read behind the stream (a NATS node back from a failure may
		// answer so a moment), so it is read again when the event comes
		// again.
		return nil, err
	}
	note := s.ReadNote(r)
	unrenderable := func(err error) error {
		return fmt.Errorf("games: notices of %s after event %d: %w: %w", e.Game, e.Seq, mail.ErrUnrenderable, err)
	}
	g, sealed, before, err := s.foldAppend(kept, evs, first, e.Seq)
	if err != nil {
		return nil, unrenderable(err)
	}
	ns := notice.Quiet(g, sealed, before, note.More, notice.Caused(g, evs[:e.Seq], sealed, before, note))
	if s.CacheLimit() > 0 {
		s.cache.keepTold(g, s.CacheLimit())
	}
	return ns, nil
}

// foldAppend returns the game of history evs (kept folded, shared) after
// its events first to last, those events and the state before each. It
// folds on from the game as kept after the Append before, when it is, and
// replays the history otherwise.
func (s *Service) foldAppend(kept *projections.Game, evs []events.Event, first, last uint64) (*projections.Game, []events.Event, []rules.State, error) {
	seed := kept.Setup.Seed
	if first == 1 { // a game's first Append: it starts with GameCreated
		g, err := projections.Start(s.Catalog, evs[0], seed)
		if err != nil {
			return nil, nil, nil, err
		}
		sealed, before, err := games.Fold(g, evs[1:last])
		return g, append([]events.Event{evs[0]}, sealed...), append([]rules.State{nil}, before...), err
	}
	g := s.cache.takeTold(kept.ID, first-1)
	if g == nil {
		var err error
		if g, err = projections.Replay(s.Catalog, evs, seed, int(first-1)); err != nil {
			return nil, nil, nil, err
		}
	}
	sealed, before, err := games.Fold(g, evs[first-1:last])
	return g, sealed, before, err
}

// noticeEvent reads the game and the event of a notice's Message-ID,
// whatever its domain, given the game's history evs up to head; ok is
// false for any other Message-ID, or one of another game.
func noticeEvent(id, game string, evs []events.Event) (seq uint64, ok bool) {
	m, ok := notice.ParseMessageID(id)
	if !ok || m.Seq == 0 || m.Game != game {
		return 0, false
	}
	if !m.Visible {
		return m.Seq, m.Seq <= uint64(len(evs))
	}
	seat := m.Seat
	if m.ToObserver() {
		seat = int(rules.Observer)
	}
	seq = notice.EventOf(evs, m.Seq, seat)
	return seq, seq > 0
}
