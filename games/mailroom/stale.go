package mailroom

import (
	"context"
	"fmt"
	"time"

	"github.com/pbem-games/pbem/events"
	"github.com/pbem-games/pbem/mail"
)

// A reply is stale when it answers a mail of pbem after which something
// happened that its writer could see and that changes what they may do.
// Which event a mail was sent at is read from the mail itself: a notice of
// an event names its event in its Message-ID, whatever the domain (a
// game made on a command line has another); an answer to a mail is read
// from its own record in the outbox. What changed is asked of the rules, seat by seat: in a
// simultaneous phase another seat's hidden placement or sealed bid leaves
// the replier's legal moves as they were, so a plan mailed at the same
// moment as another's is played, not bounced.

// answered returns the event after which pbem sent the mail of the
// letter's game that the letter answers, 0 when it answers none (a fresh
// mail to the reply address answers the game as it is). A move of the
// letter carries it (games.Cause.Answers), and the service refuses the move as
// stale when something changed for the seat since.
func (m *Mailroom) answered(ctx context.Context, l *letter) (uint64, error) {
	answered, ok, err := m.Service.sentAt(ctx, l.game.ID, l.game.Seq, l.p.InReplyTo)
	if err != nil || !ok {
		return 0, err
	}
	return answered, nil
}

// stale reports whether the letter answers a mail of pbem about its game
// after which something changed for its seat, and the event it answers.
func (m *Mailroom) stale(ctx context.Context, l *letter) (uint64, bool, error) {
	answered, err := m.answered(ctx, l)
	if err != nil || answered == 0 {
		return 0, false, err
	}
	changed, err := m.Service.ChangedSince(ctx, l.game.ID, l.seat, answered)
	return answered, changed, err
}

// sentAt returns the latest event of game at which pbem sent one of the
// mails ids, as their Message-IDs (for notices of its events, up to head)
// or their records in the outbox (for answers) say; ok is false when none
// of them is a mail pbem sent about the game.
func (s *Service) sentAt(ctx context.Context, game string, head uint64, ids []string) (seq uint64, ok bool, err error) {
	var answers []string
	var evs []events.Event // the history, read once a Message-ID needs it
	for _, id := range ids {
		m, isNotice := ParseMessageID(id)
		if !isNotice || !m.Notice() || m.Game != game {
			answers = append(answers, id)
			continue
		}
		if evs == nil {
			if _, evs, _, err = s.LoadAt(ctx, game, int(head)); err != nil {
				return 0, false, err
			}
			evs = evs[:min(head, uint64(len(evs)))]
		}
		if n, isNotice := noticeEvent(id, game, evs); isNotice {
			seq, ok = max(seq, n), true
		}
	}
	if len(answers) == 0 {
		return seq, ok, nil
	}
	n, found := s.cache.sentSeq(game, answers)
	if !found {
		if err := s.readSent(ctx, game); err != nil {
			return 0, false, err
		}
		n, found = s.cache.sentSeq(game, answers)
	}
	if found {
		seq, ok = max(seq, n), true
	}
	return seq, ok, nil
}

// readSent reads the answers about game written to the outbox since they
// were last read here into the cache's index of the mails sent.
func (s *Service) readSent(ctx context.Context, game string) error {
	since := s.cache.sentThrough(game)
	got := map[string]uint64{}
	var last time.Time
	read := func(r events.Record) error {
		if n, err := mail.DecodeNotice(r.Data); err == nil && n.Game == game {
			got[n.ID] = n.Seq
		}
		last = r.Time
		return nil
	}
	var err error
	if since.IsZero() {
		_, err = s.Store.ReadAll(ctx, mail.OutboxSubject+game, read)
	} else {
		_, err = s.Store.ReadSince(ctx, mail.OutboxSubject+game, since, read)
	}
	if err != nil {
		return fmt.Errorf("games: mails sent about %s: %w", game, err)
	}
	s.cache.addSent(game, got, last)
	return nil
}
