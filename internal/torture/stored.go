package torture

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/pbem-games/pbem/events"
	"github.com/pbem-games/pbem/mail"
	"github.com/pbem-games/pbem/projections"
)

// Store is what the oracle reads: the games' histories and what is stored
// beside them.
type Store interface {
	projections.History
	events.Follower
}

// Stored reads from the store every game's history, every notice (as
// notices derives those of the games' events) with when its event or
// record was stored and how it stands, the notices recorded as failed and
// the mail recorded: the Outcome but for what the players' side knows
// (the mailboxes, the arrivals, the bad recipients, the bound).
func Stored(ctx context.Context, store Store, notices mail.NoticeSource) (Outcome, error) {
	out := Outcome{Games: map[string][]events.Event{}}
	games, err := subjects(ctx, store, events.GameSubject+">")
	if err != nil {
		return out, err
	}
	for subject := range games {
		id := strings.TrimPrefix(subject, events.GameSubject)
		if out.Games[id], _, err = store.Load(ctx, id); err != nil {
			return out, err
		}
	}
	listed, err := mail.ListNotices(ctx, store, mail.ListOptions{Notices: notices})
	if err != nil {
		return out, err
	}
	out.Written, out.States = map[string]time.Time{}, map[string]string{}
	for _, n := range listed {
		out.Notices = append(out.Notices, n.Notice)
		out.Written[n.Notice.ID], out.States[n.Notice.ID] = n.Written, n.State
	}
	_, err = store.ReadAll(ctx, mail.FailedSubject+">", func(r events.Record) error {
		var f struct{ ID string }
		if err := json.Unmarshal(r.Data, &f); err != nil {
			return fmt.Errorf("torture: %s: %w", r.Subject, err)
		}
		out.FailedIDs = append(out.FailedIDs, f.ID)
		return nil
	})
	out.Failed = len(out.FailedIDs)
	if err != nil {
		return out, err
	}
	out.Inbox, out.InboxSeq = map[string]bool{}, map[string]uint64{}
	_, err = store.ReadAll(ctx, mail.InboxSubject+">", func(r events.Record) error {
		key := strings.TrimPrefix(r.Subject, mail.InboxSubject)
		out.Inbox[key] = true
		if out.InboxSeq[key] == 0 {
			out.InboxSeq[key] = r.StreamSeq
		}
		return nil
	})
	return out, err
}

// subjects returns the subjects of the stream that filter matches, with
// how many messages each holds.
func subjects(ctx context.Context, store events.Records, filter string) (map[string]uint64, error) {
	return store.Counts(ctx, filter)
}
