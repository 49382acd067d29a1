package events

import (
	"context"
	"sync/atomic"
	"testing"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
)

// TestSubscribeAfterCrash hands a message to a subscriber that dies
// without a word, as a killed process does: the next subscriber gets it
// once the acknowledgement wait has passed, not later.
func TestSubscribeAfterCrash(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	s := mustOpen(t)
	if _, err := s.Put(ctx, "pbem.inbox.a", "a", []byte("mail")); err != nil {
		t.Fatal(err)
	}
	nc, err := nats.Connect("", nats.InProcessServer(s.Server()))
	if err != nil {
		t.Fatal(err)
	}
	js, err := jetstream.New(nc)
	if err != nil {
		t.Fatal(err)
	}
	dead, err := js.CreateOrUpdateConsumer(ctx, StreamName, consumerConfig("d", "pbem.inbox.>"))
	if err != nil {
		t.Fatal(err)
	}
	batch, err := dead.Fetch(1)
	if err != nil {
		t.Fatal(err)
	}
	for range batch.Messages() {
	}
	nc.Close() // dies holding the message

	start := time.Now()
	var delivered uint64
	err = s.CatchUpRecords(ctx, "d", "pbem.inbox.>", func(r Record) error {
		delivered = r.Delivered
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if took := time.Since(start); delivered != 2 || took > subscribeAckWait+3*time.Second {
		t.Errorf("after a subscriber died, its successor got the message (delivery %d) after %v, want delivery 2 within %v",
			delivered, took.Round(time.Millisecond), subscribeAckWait+3*time.Second)
	}
}

// TestSlowHandlerKeepsItsMessage: a handler that works longer than the
// acknowledgement wait keeps its message; another subscriber of the same
// consumer does not get it meanwhile.
func TestSlowHandlerKeepsItsMessage(t *testing.T) {
	t.Parallel()
	s := mustOpen(t)
	ctx, cancel := context.WithTimeout(context.Background(), subscribeAckWait+4*time.Second)
	defer cancel()
	if _, err := s.Put(ctx, "pbem.inbox.a", "a", []byte("mail")); err != nil {
		t.Fatal(err)
	}
	var calls atomic.Int32
	handle := func(r Record) error {
		if calls.Add(1) == 1 {
			time.Sleep(subscribeAckWait + 2*time.Second)
		}
		return nil
	}
	errs := make(chan error, 2)
	for range 2 {
		go func() { errs <- s.SubscribeRecords(ctx, "slow", "pbem.inbox.>", handle) }()
	}
	for range 2 {
		if err := <-errs; err != nil {
			t.Fatal(err)
		}
	}
	if n := calls.Load(); n != 1 {
		t.Errorf("a handler slower than the acknowledgement wait had its message handed out %d times, want once", n)
	}
}

func mustOpen(t *testing.T) *Store {
	t.Helper()
	s, err := Open(context.Background(), Options{DataDir: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}
