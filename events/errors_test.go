package events_test

import (
	"context"
	"errors"
	"fmt"
	"testing"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	"github.com/pbem-games/pbem/events"
	"github.com/pbem-games/pbem/events/storetest"
)

// TestNamedErrors has the embedded JetStream return each error the
// store's interfaces name, where their documentation says it does.
func TestNamedErrors(t *testing.T) {
	ctx := context.Background()
	s := storetest.MustOpen(t)
	head, err := s.Append(ctx, "g1", events.Head{}, []events.Event{move(t, 1)})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.Append(ctx, "g1", head, []events.Event{move(t, 2)}); err != nil {
		t.Fatal(err)
	}
	if _, err := s.PutOnce(ctx, "pbem.once.a", []byte("a")); err != nil {
		t.Fatal(err)
	}
	tooMany := make([]events.Message, events.MaxBatch+1)
	for i := range tooMany {
		tooMany[i] = events.Message{Subject: fmt.Sprintf("pbem.many.%d", i), Data: []byte("x")}
	}
	poison := func(events.Record) error { return fmt.Errorf("cannot: %w", events.ErrPoison) }

	closed, err := events.Open(ctx, events.Options{DataDir: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	if err := closed.Close(); err != nil {
		t.Fatal(err)
	}

	tests := []struct {
		name string
		call func() error
		want error
	}{
		{"Append stale head", func() error { _, err := s.Append(ctx, "g1", head, []events.Event{move(t, 3)}); return err }, events.ErrConflict},
		{"Append bad game id", func() error { _, err := s.Append(ctx, "g.1", events.Head{}, []events.Event{move(t, 1)}); return err }, events.ErrInvalid},
		{"Append no events", func() error { _, err := s.Append(ctx, "g2", events.Head{}, nil); return err }, events.ErrInvalid},
		{"Append extra on the game", func() error {
			_, err := s.Append(ctx, "g2", events.Head{}, []events.Event{move(t, 1)}, events.Message{Subject: events.GameSubject + "g2"})
			return err
		}, events.ErrInvalid},
		{"AppendNoted Nats- note", func() error {
			_, err := s.AppendNoted(ctx, "g2", events.Head{}, []events.Event{move(t, 1)}, map[string]string{"Nats-Msg-Id": "x"})
			return err
		}, events.ErrInvalid},
		{"Load unknown game", func() error { _, _, err := s.Load(ctx, "none"); return err }, events.ErrNotFound},
		{"Load bad game id", func() error { _, _, err := s.Load(ctx, "g>"); return err }, events.ErrInvalid},
		{"LastSeq unknown game", func() error { _, err := s.LastSeq(ctx, "none"); return err }, events.ErrNotFound},
		{"Last empty subject", func() error { _, err := s.Last(ctx, "pbem.once.none"); return err }, events.ErrNotFound},
		{"StoredAt past the end", func() error { _, err := s.StoredAt(ctx, 1000, "pbem.>"); return err }, events.ErrNotFound},
		{"Consumer never started", func() error { _, err := s.Consumer(ctx, "never"); return err }, events.ErrNotFound},
		{"PutOnce again", func() error { _, err := s.PutOnce(ctx, "pbem.once.a", []byte("b")); return err }, events.ErrExists},
		{"PutOnceWith again", func() error {
			return s.PutOnceWith(ctx, events.Message{Subject: "pbem.once.a"}, []events.Message{{Subject: "pbem.x.a", MsgID: "x-a", Data: []byte("x")}})
		}, events.ErrExists},
		{"Replace empty subject", func() error { _, err := s.Replace(ctx, "pbem.once.none", 1, nil); return err }, events.ErrNotFound},
		{"Replace a later message", func() error { _, err := s.Replace(ctx, "pbem.once.a", 1000, nil); return err }, events.ErrConflict},
		{"PutOnceWith too many", func() error { return s.PutOnceWith(ctx, events.Message{Subject: "pbem.once.b"}, tooMany) }, events.ErrInvalid},
		{"PutAll too many", func() error { return s.PutAll(ctx, tooMany) }, events.ErrInvalid},
		{"SubscribeRecords poisoned", func() error { return s.SubscribeRecords(ctx, "poison", "pbem.once.>", poison) }, events.ErrPoison},
		{"closed Append", func() error {
			_, err := closed.Append(ctx, "g1", events.Head{}, []events.Event{move(t, 1)})
			return err
		}, events.ErrClosed},
		{"closed Load", func() error { _, _, err := closed.Load(ctx, "g1"); return err }, events.ErrClosed},
		{"closed PutOnce", func() error { _, err := closed.PutOnce(ctx, "pbem.once.a", nil); return err }, events.ErrClosed},
		{"closed ReadAll", func() error {
			_, err := closed.ReadAll(ctx, "pbem.>", func(events.Record) error { return nil })
			return err
		}, events.ErrClosed},
		{"closed Subscribe", func() error {
			return closed.Subscribe(ctx, "d", func(events.Delivery) error { return nil })
		}, events.ErrClosed},
		{"closed Consumer", func() error { _, err := closed.Consumer(ctx, "d"); return err }, events.ErrClosed},
		{"closed Bucket", func() error { _, err := closed.Bucket(ctx, "b"); return err }, events.ErrClosed},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if err := tt.call(); !errors.Is(err, tt.want) {
				t.Errorf("%s = %v, want %v", tt.name, err, tt.want)
			}
		})
	}
}

// TestStatus follows the connection from open to closed.
func TestStatus(t *testing.T) {
	s, err := events.Open(context.Background(), events.Options{DataDir: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	if st := s.Status(); !st.Connected || st.Closed || st.Since.IsZero() || st.LastError != nil {
		t.Errorf("Status() of an open store = %+v, want connected since it opened, no error", st)
	}
	if r := s.Replicas(); r != 1 {
		t.Errorf("Replicas() of an embedded store = %d, want 1", r)
	}
	told := 0
	s.OnConnection(func(bool, error) { told++ })
	s.Close()
	if st := s.Status(); st.Connected || !st.Closed {
		t.Errorf("Status() of a closed store = %+v, want closed", st)
	}
	if told != 0 {
		t.Errorf("a store closed on purpose told OnConnection %d times, want none", told)
	}
}

// TestUnavailable: a store that does not answer in time may answer later;
// a refusal will not.
func TestUnavailable(t *testing.T) {
	for _, c := range []struct {
		err  error
		want bool
	}{
		{fmt.Errorf("events: bucket pbem_outbox: %w", context.DeadlineExceeded), true},
		{fmt.Errorf("mail: cursor: %w", jetstream.ErrNoStreamResponse), true},
		{nats.ErrNoResponders, true},
		{fmt.Errorf("events: append: %w", events.ErrConflict), false},
		{errors.New("config: smtp.addr is missing"), false},
	} {
		if got := events.Unavailable(c.err); got != c.want {
			t.Errorf("Unavailable(%v) = %v, want %v", c.err, got, c.want)
		}
	}
}
