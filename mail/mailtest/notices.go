package mailtest

import (
	"cmp"
	"context"
	"slices"

	"github.com/pbem-games/pbem/events"
	"github.com/pbem-games/pbem/mail"
)

// CatchUpNotices returns the notices of the outbox stored since the last
// call with the same durable name, in the order their events or records
// were stored: the answers stored as records, and the notices that
// notices derives from the games' events.
func CatchUpNotices(ctx context.Context, store events.Feed, durable string, notices mail.NoticeSource) ([]mail.Notice, error) {
	type stored struct {
		seq uint64
		n   mail.Notice
	}
	var got []stored
	err := store.CatchUpRecords(ctx, durable+"-records", mail.OutboxSubject+">", func(r events.Record) error {
		n, err := mail.DecodeNotice(r.Data)
		got = append(got, stored{r.StreamSeq, n})
		return err
	})
	if err != nil {
		return nil, err
	}
	err = store.CatchUpRecords(ctx, durable+"-events", events.GameSubject+">", func(r events.Record) error {
		ns, err := notices(ctx, r)
		for _, n := range ns {
			got = append(got, stored{r.StreamSeq, n})
		}
		return err
	})
	slices.SortStableFunc(got, func(a, b stored) int { return cmp.Compare(a.seq, b.seq) })
	out := make([]mail.Notice, len(got))
	for i, s := range got {
		out[i] = s.n
	}
	return out, err
}
