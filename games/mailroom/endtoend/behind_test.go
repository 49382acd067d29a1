package endtoend_test

import (
	"context"
	"errors"
	"strconv"
	"testing"
	"time"

	"github.com/pbem-games/pbem/events"
	"github.com/pbem-games/pbem/mail"
	"github.com/pbem-games/pbem/rules/atacama"
)

// TestNoticesOfAHistoryReadBehind: the outbox is handed a game's event and
// reads a history that ends before it, as a NATS node back from a failure
// may answer a moment: its mail is derived again when the event comes
// again, not set aside as a dead letter, until it has come again and
// again (a cluster torture found a game-over mail dead so).
func TestNoticesOfAHistoryReadBehind(t *testing.T) {
	mt := newMailTable(t, atacama.Game)
	id := mt.create("atacama", 2)
	ctx := context.Background()
	_, evs, _, err := mt.svc.LoadAt(ctx, id, 0)
	if err != nil {
		t.Fatal(err)
	}
	last := evs[len(evs)-1]
	e, err := events.New(events.TypePlayerSaid, 0, time.Now(), events.PlayerSaid{Seat: 0, Text: "hello"})
	if err != nil {
		t.Fatal(err)
	}
	e = e.Seal(id, last.Seq+1, last.Hash) // an event the history read does not hold yet
	rec := func(delivered uint64) events.Record {
		return events.Record{Subject: events.GameSubject + id, Data: e.Encode(), Delivered: delivered,
			Header: map[string]string{events.BatchFirstHeader: strconv.FormatUint(e.Seq, 10)}}
	}
	if _, err := mt.svc.Notices(ctx, rec(1)); err == nil || errors.Is(err, mail.ErrUnrenderable) {
		t.Errorf("the notices of an event the history read lacks, at its first delivery: %v, want an error to try again", err)
	}
	if _, err := mt.svc.Notices(ctx, rec(10)); !errors.Is(err, mail.ErrUnrenderable) {
		t.Errorf("the notices of an event the history lacks at its tenth delivery: %v, want it unrenderable", err)
	}
}
