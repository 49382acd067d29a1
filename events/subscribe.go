package events

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/nats-io/nats.go/jetstream"
)

// RetryDelay is how long an event whose handler failed waits before it is
// delivered again.
const RetryDelay = 250 * time.Millisecond

// subscribeAckWait is how long the server waits to hear from a handler
// before it delivers the event again. A handler at work says so every
// keepAliveEvery, however long it takes; so the wait bounds how long an
// event handed to a subscriber that died (a crash, a kill) stays invisible
// to its successor, and every part of a restarted service waits that long
// at most.
const subscribeAckWait = 5 * time.Second

// keepAliveEvery is how often a handler at work tells the server so.
const keepAliveEvery = time.Second

// ackTimeout bounds the wait for the server to confirm an acknowledgement.
const ackTimeout = 5 * time.Second

// Subscribe delivers every game's events, in stream order, to handle through
// the durable consumer named durable, starting after what it acknowledged
// before. An error from handle redelivers the event later. It runs until ctx
// ends.
//
// The consumer has one event in flight at a time, so the next event waits
// until handle accepts this one: a handler that keeps failing holds up the
// whole subscription, which keeps read models consistent. Delivery is at
// least once: an event handled just as ctx ends or the connection drops may
// come again, so handlers should be idempotent, e.g. by remembering
// Delivery.StreamSeq. An event that fails Decode is not skipped: Subscribe
// hands it back to the server and returns an error wrapping the decode
// error, since a damaged history needs a person, not a retry loop. It
// returns nil once ctx is done.
func (s *Store) Subscribe(ctx context.Context, durable string, handle func(Delivery) error) error {
	return s.SubscribeRecords(ctx, durable, GameSubject+">", decoded(handle))
}

// CatchUp is Subscribe that returns nil as soon as handle has accepted
// every event stored so far, at once if there is none. It returns an error
// wrapping ctx's if ctx ends first.
func (s *Store) CatchUp(ctx context.Context, durable string, handle func(Delivery) error) error {
	return s.CatchUpRecords(ctx, durable, GameSubject+">", decoded(handle))
}

// Record is one message on any subject of the stream, as stored.
type Record struct {
	Subject   string
	Data      []byte
	StreamSeq uint64
	Delivered uint64    // how often it has been handed out, this time included
	Time      time.Time // when it was stored
	// Pending is how many messages on the reader's subjects came after
	// this one when the server sent it: what ReadAll has left to read.
	Pending uint64
	// Header holds the message's own headers, first values, those that
	// JetStream sets ("Nats-…") left out: the note of an Append.
	Header map[string]string
}

// BatchFirst returns, for the last event of an Append, the Seq of the
// Append's first event; ok is false for any other message.
func (r Record) BatchFirst() (uint64, bool) {
	v, ok := r.Header[BatchFirstHeader]
	if !ok {
		return 0, false
	}
	n, err := strconv.ParseUint(v, 10, 64)
	return n, err == nil && n > 0
}

// record makes the Record of m, with md its metadata.
func record(m jetstream.Msg, md *jetstream.MsgMetadata) Record {
	r := Record{Subject: m.Subject(), Data: m.Data(), StreamSeq: md.Sequence.Stream, Delivered: md.NumDelivered, Time: md.Timestamp, Pending: md.NumPending}
	for k, v := range m.Headers() {
		if len(v) > 0 && !strings.HasPrefix(k, "Nats-") {
			if r.Header == nil {
				r.Header = map[string]string{}
			}
			r.Header[k] = v[0]
		}
	}
	return r
}

// RetryError, returned by a handler, asks for the message again after
// Delay rather than after RetryDelay.
type RetryError struct {
	Delay time.Duration
	Err   error
}

func (e *RetryError) Error() string { return fmt.Sprintf("%v (retry in %v)", e.Err, e.Delay) }
func (e *RetryError) Unwrap() error { return e.Err }

// SubscribeRecords is Subscribe for the messages on the subjects that
// filter matches (such as the inbox or the outbox), undecoded. An error
// that wraps ErrPoison from handle stops the subscription with that error
// instead of redelivering.
func (s *Store) SubscribeRecords(ctx context.Context, durable, filter string, handle func(Record) error) error {
	if err := s.checkOpen("subscribe " + durable); err != nil {
		return err
	}
	return s.resubscribe(ctx, durable, func(ctx context.Context) error {
		return s.consume(ctx, durable, filter, handle, false, 0)
	})
}

// OnResubscribe has f told of each failure after which a subscription
// (Subscribe, SubscribeRecords, SubscribeKeyed) starts again, and how
// long it waits first; f replaces the one told before, and nil tells
// none. Set it before subscribing.
func (s *Store) OnResubscribe(f func(durable string, err error, wait time.Duration)) {
	if f == nil {
		s.resubscribed.Store(nil)
		return
	}
	s.resubscribed.Store(&f)
}

// resubscribe runs a subscription until ctx ends, and starts it again
// after any failure but a poisoned message: the connection to the server
// lost, a server restarting, an acknowledgement not confirmed. Delivery is
// at least once, so what was in flight comes again. Each failure goes to
// OnResubscribe; the waits grow from RetryDelay to resubscribeMaxWait.
func (s *Store) resubscribe(ctx context.Context, durable string, run func(context.Context) error) error {
	wait := RetryDelay
	for {
		start := time.Now()
		err := run(ctx)
		switch {
		case ctx.Err() != nil:
			return nil
		case err == nil || errors.Is(err, ErrPoison):
			return err
		case s.closed.Load() || s.nc.IsClosed():
			return fmt.Errorf("%w: %w", ErrClosed, err)
		}
		if time.Since(start) > resubscribeMaxWait {
			wait = RetryDelay
		}
		if f := s.resubscribed.Load(); f != nil {
			(*f)(durable, err, wait)
		}
		select {
		case <-ctx.Done():
			return nil
		case <-time.After(wait):
		}
		wait = min(2*wait, resubscribeMaxWait)
	}
}

// resubscribeMaxWait is the longest wait before a failed subscription
// starts again.
const resubscribeMaxWait = 5 * time.Second

// CatchUpRecords is CatchUp for SubscribeRecords.
func (s *Store) CatchUpRecords(ctx context.Context, durable, filter string, handle func(Record) error) error {
	if err := s.checkOpen("catch up " + durable); err != nil {
		return err
	}
	return s.consume(ctx, durable, filter, handle, true, 0)
}

// ErrPoison, wrapped in a handler's error, marks a message that no retry
// can handle: the subscription stops and reports it.
var ErrPoison = errors.New("events: message cannot be handled")

// decoded turns an event handler into a record handler.
func decoded(handle func(Delivery) error) func(Record) error {
	return func(r Record) error {
		ev, err := Decode(r.Data)
		if err != nil {
			return fmt.Errorf("%s at stream sequence %d: %w: %w", r.Subject, r.StreamSeq, ErrPoison, err)
		}
		return handle(Delivery{Event: ev, StreamSeq: r.StreamSeq})
	}
}

// DeleteConsumer deletes the durable consumer named durable, so that the
// next Subscribe or CatchUp with that name starts from the first event. A
// consumer that does not exist is no error.
func (s *Store) DeleteConsumer(ctx context.Context, durable string) error {
	if err := s.checkOpen("delete consumer " + durable); err != nil {
		return err
	}
	err := s.stream.DeleteConsumer(ctx, durable)
	if err != nil && !errors.Is(err, jetstream.ErrConsumerNotFound) {
		return fmt.Errorf("events: delete consumer %s: %w", durable, err)
	}
	return nil
}

// consume runs the durable consumer until ctx ends or, with catchUp, until
// no event is left up to stream sequence upTo (0: the last message stored
// now). Its errors wrap ctx's when ctx ends.
func (s *Store) consume(ctx context.Context, durable, filter string, handle func(Record) error, catchUp bool, upTo uint64) error {
	cons, err := s.stream.CreateOrUpdateConsumer(ctx, consumerConfig(durable, filter))
	if err != nil {
		return fmt.Errorf("events: subscribe %s: %w", durable, errors.Join(ctx.Err(), err))
	}
	// A catch-up goes as far as the last message stored when it starts,
	// read from the stream itself: the consumer's own counts may not yet
	// show a message stored a moment ago.
	var target uint64
	if catchUp {
		last, err := s.last(ctx, filter)
		if errors.Is(err, ErrNotFound) {
			return nil
		}
		if err != nil {
			return fmt.Errorf("events: catch up %s: %w", durable, errors.Join(ctx.Err(), err))
		}
		info, err := cons.Info(ctx)
		if err != nil {
			return fmt.Errorf("events: catch up %s: %w", durable, errors.Join(ctx.Err(), err))
		}
		if target = last.Sequence; upTo > 0 {
			target = min(target, upTo)
		}
		if info.AckFloor.Stream >= target {
			return nil
		}
	}
	iter, err := cons.Messages(pullOptions(1)...)
	if err != nil {
		return fmt.Errorf("events: subscribe %s: %w", durable, err)
	}
	defer giveBack(iter)
	for {
		next, stop := ctx, context.CancelFunc(func() {})
		if catchUp {
			// Another subscriber of the same consumer (the serving
			// process, beside a command line) may take and acknowledge
			// the last events, leaving none to come here: look at the
			// acknowledgement floor again now and then.
			next, stop = context.WithTimeout(ctx, catchUpRecheck)
		}
		m, err := iter.Next(jetstream.NextContext(next))
		stop()
		if catchUp && m == nil && ctx.Err() == nil && errors.Is(err, context.DeadlineExceeded) {
			info, err := cons.Info(ctx)
			if err != nil {
				return fmt.Errorf("events: catch up %s: %w", durable, errors.Join(ctx.Err(), err))
			}
			if info.AckFloor.Stream >= target {
				return nil
			}
			continue
		}
		if ctx.Err() != nil {
			if m != nil {
				_ = m.Nak()
			}
			return fmt.Errorf("events: subscribe %s: %w", durable, ctx.Err())
		}
		if errors.Is(err, jetstream.ErrNoHeartbeat) {
			continue // asked again by the next Next
		}
		if err != nil {
			return fmt.Errorf("events: subscribe %s: %w", durable, err)
		}
		seq, err := deliver(ctx, m, handle)
		if err != nil {
			return fmt.Errorf("events: subscribe %s: %w", durable, err)
		}
		if catchUp && seq >= target {
			// A message handed out again may come after later ones: done
			// only once everything up to target is acknowledged.
			info, err := cons.Info(ctx)
			if err != nil {
				return fmt.Errorf("events: catch up %s: %w", durable, errors.Join(ctx.Err(), err))
			}
			if info.AckFloor.Stream >= target {
				return nil
			}
		}
	}
}

// catchUpRecheck is how long a catch-up waits for an event before it
// looks whether another subscriber acknowledged the rest.
const catchUpRecheck = 500 * time.Millisecond

// pullExpiry is how long a durable consumer's request for more messages
// lasts on the server. Now and then a request goes missing and the server
// sends nothing, not even heartbeats: the client notices after two
// heartbeats (half an expiry each) and asks again, so a subscriber stalls
// for one expiry at most rather than the client's default of thirty
// seconds.
const pullExpiry = 5 * time.Second

// pullOptions are the options of a durable consumer's pull loop with up to
// max messages asked for at once. Such a loop takes
// jetstream.ErrNoHeartbeat from Next as the missing request noticed and
// goes on.
func pullOptions(max int) []jetstream.PullMessagesOpt {
	return []jetstream.PullMessagesOpt{jetstream.PullMaxMessages(max), jetstream.PullExpiry(pullExpiry)}
}

// consumerConfig is the configuration of a durable consumer: one message
// in flight at a time, acknowledged explicitly.
func consumerConfig(durable, filter string) jetstream.ConsumerConfig {
	return jetstream.ConsumerConfig{
		Durable:       durable,
		AckPolicy:     jetstream.AckExplicitPolicy,
		DeliverPolicy: jetstream.DeliverAllPolicy,
		FilterSubject: filter,
		AckWait:       subscribeAckWait,
		MaxAckPending: 1,
	}
}

// deliver hands one message to handle and acknowledges it, or asks for it
// again after RetryDelay (or the handler's RetryError delay) if handle
// fails. It returns the stream sequence of the message when it was
// accepted, else 0. Only a poisoned message or an acknowledgement that
// fails is an error.
func deliver(ctx context.Context, m jetstream.Msg, handle func(Record) error) (acked uint64, err error) {
	md, err := m.Metadata()
	if err != nil {
		_ = m.NakWithDelay(RetryDelay)
		return 0, err
	}
	rec := record(m, md)
	stop := keepAlive(m)
	err = handle(rec)
	stop()
	if err != nil {
		if errors.Is(err, ErrPoison) {
			_ = m.NakWithDelay(RetryDelay)
			return 0, err
		}
		if ctx.Err() != nil {
			return 0, m.Nak()
		}
		delay := RetryDelay
		if re := (*RetryError)(nil); errors.As(err, &re) {
			delay = re.Delay
		}
		return 0, m.NakWithDelay(delay)
	}
	// Wait for the server to record the acknowledgement, even if ctx ends
	// meanwhile, so a subscriber stopped right after does not see this
	// event again.
	actx, cancel := context.WithTimeout(context.WithoutCancel(ctx), ackTimeout)
	defer cancel()
	if err := m.DoubleAck(actx); err != nil {
		return 0, fmt.Errorf("ack %s at stream sequence %d: %w", m.Subject(), md.Sequence.Stream, errors.Join(ctx.Err(), err))
	}
	return md.Sequence.Stream, nil
}

// keepAlive tells the server every keepAliveEvery that m is still being
// handled, until stop is called, so that a slow handler keeps its message.
func keepAlive(m jetstream.Msg) (stop func()) {
	done := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		t := time.NewTicker(keepAliveEvery)
		defer t.Stop()
		for {
			select {
			case <-done:
				return
			case <-t.C:
				_ = m.InProgress()
			}
		}
	}()
	return func() {
		close(done)
		wg.Wait()
	}
}

// giveBack stops iter and returns any event it already received but did
// not hand out, so that the next subscriber gets it at once rather than
// after the acknowledgement wait.
func giveBack(iter jetstream.MessagesContext) {
	iter.Drain()
	for {
		m, err := iter.Next(jetstream.NextMaxWait(time.Second))
		if err != nil { // closed once the buffer is empty
			return
		}
		_ = m.Nak()
	}
}
