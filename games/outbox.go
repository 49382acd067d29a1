package games

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/pbem-games/pbem/events"
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

// batchNote is what the notice policy needs to know of an Append beyond
// its events.
type batchNote struct {
	replyTo string // the Message-ID of the player's mail that caused it, if any
	more    bool   // more moves of the same mail follow
	domain  string // of the Message-IDs, the service's when it was stored
}

// Headers of the note of an Append of games.
const (
	noteReplyTo = "Pbem-Reply-To"
	noteMore    = "Pbem-More" // "1" for true
	noteDomain  = "Pbem-Domain"
)

// note returns the note of the Append of the events c causes.
func (s *Service) note(c Cause) map[string]string {
	n := map[string]string{noteDomain: s.domain()}
	if c.ReplyTo != "" {
		n[noteReplyTo] = c.ReplyTo
	}
	if c.More {
		n[noteMore] = "1"
	}
	return n
}

// readNote reads the note of the Append whose last event is r.
func (s *Service) readNote(r events.Record) batchNote {
	return batchNote{replyTo: r.Header[noteReplyTo], more: r.Header[noteMore] == "1", domain: or(r.Header[noteDomain], s.domain())}
}

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
	f, err := s.history(ctx, e.Game, int(e.Seq))
	if err != nil {
		var refusal *Error
		if errors.As(err, &refusal) {
			return nil, fmt.Errorf("games: notices of %s: %w: %w", r.Subject, mail.ErrUnrenderable, err)
		}
		return nil, err
	}
	note := s.readNote(r)
	unrenderable := func(err error) error {
		return fmt.Errorf("games: notices of %s after event %d: %w: %w", e.Game, e.Seq, mail.ErrUnrenderable, err)
	}
	g, sealed, before, err := s.foldAppend(f, first, e.Seq)
	if err != nil {
		return nil, unrenderable(err)
	}
	ns := quiet(g, sealed, before, note.more, notices(g, sealed, note))
	if s.cacheLimit() > 0 {
		s.cache.keepTold(g, s.cacheLimit())
	}
	return ns, nil
}

// foldAppend returns the game f after its events first to last, those
// events and the state before each. It folds on from the game as kept
// after the Append before, when it is, and replays the history otherwise.
func (s *Service) foldAppend(f *folded, first, last uint64) (*projections.Game, []events.Event, []rules.State, error) {
	seed := f.game.Setup.Seed
	if first == 1 { // a game's first Append: it starts with GameCreated
		g, err := projections.Start(s.Catalog, f.evs[0], seed)
		if err != nil {
			return nil, nil, nil, err
		}
		sealed, before, err := fold(g, f.evs[1:last])
		return g, append([]events.Event{f.evs[0]}, sealed...), append([]rules.State{nil}, before...), err
	}
	g := s.cache.takeTold(f.game.ID, first-1)
	if g == nil {
		var err error
		if g, err = projections.Replay(s.Catalog, f.evs, seed, int(first-1)); err != nil {
			return nil, nil, nil, err
		}
	}
	sealed, before, err := fold(g, f.evs[first-1:last])
	return g, sealed, before, err
}

// noticeEvent reads the game and the event of a notice's Message-ID,
// whatever its domain; ok is false for any other Message-ID.
func noticeEvent(id string) (game string, seq uint64, ok bool) {
	m, ok := ParseMessageID(id)
	if !ok || m.Seq == 0 {
		return "", 0, false
	}
	return m.Game, m.Seq, true
}
