package letters

import (
	"context"
	"fmt"
	"time"

	"github.com/pbem-games/pbem/events"
	"github.com/pbem-games/pbem/games/notice"
	"github.com/pbem-games/pbem/mail"
)

// SentAt returns the latest event of game at which pbem sent one of the
// mails ids, as their Message-IDs (for notices of its events, up to head)
// or their records in the outbox (for answers) say; ok is false when none
// of them is a mail pbem sent about the game.
func (s *Service) SentAt(ctx context.Context, game string, head uint64, ids []string) (seq uint64, ok bool, err error) {
	var answers []string
	var evs []events.Event // the history, read once a Message-ID needs it
	for _, id := range ids {
		m, isNotice := notice.ParseMessageID(id)
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
