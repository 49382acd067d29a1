package events

import (
	"context"
	"errors"
	"fmt"
	"hash/fnv"
	"sync"
	"time"

	"github.com/nats-io/nats.go/jetstream"
)

// SubscribeKeyed is SubscribeRecords with up to workers messages handled
// at once. Messages with the same key, as key names them (a game, say),
// are handled one after another in stream order; messages with other keys
// side by side. Delivery is at least once, as with SubscribeRecords.
//
// A message whose handler fails is held from the server and tried again
// by its worker after RetryDelay, or the delay of a RetryError, before any
// later message with its key; Record.Delivered counts the tries. An error
// wrapping ErrPoison stops the subscription with that error. With workers
// below 2 it is SubscribeRecords. It returns nil once ctx is done.
//
// Why: a handler that waits on the server or the network (an append, an
// SMTP server) leaves both idle while it waits, and appends made at once
// share one atomic batch (see commit.go).
func (s *Store) SubscribeKeyed(ctx context.Context, durable, filter string, workers int, key func(Record) string, handle func(Record) error) error {
	if workers < 2 {
		return s.SubscribeRecords(ctx, durable, filter, handle)
	}
	if err := s.checkOpen("subscribe " + durable); err != nil {
		return err
	}
	return s.resubscribe(ctx, durable, func(ctx context.Context) error {
		return s.consumeKeyed(ctx, durable, filter, workers, key, handle)
	})
}

// keyedDepth is how many messages each worker may hold, the one it
// handles included.
const keyedDepth = 4

// held is a message received and not yet settled with the server.
type held struct {
	m    jetstream.Msg
	rec  Record
	stop func() // ends its keep-alive
}

func (s *Store) consumeKeyed(ctx context.Context, durable, filter string, workers int, key func(Record) string, handle func(Record) error) error {
	if err := s.settleEarlier(ctx, durable, filter, handle); err != nil {
		return err
	}
	cfg := consumerConfig(durable, filter)
	cfg.MaxAckPending = workers * keyedDepth
	cons, err := s.stream.CreateOrUpdateConsumer(ctx, cfg)
	if err != nil {
		return fmt.Errorf("events: subscribe %s: %w", durable, errors.Join(ctx.Err(), err))
	}
	iter, err := cons.Messages(pullOptions(cfg.MaxAckPending)...)
	if err != nil {
		return fmt.Errorf("events: subscribe %s: %w", durable, err)
	}
	defer giveBack(iter)

	wctx, cancel := context.WithCancel(ctx)
	defer cancel()
	queues := make([]chan held, workers)
	failed := make(chan error, workers)
	var wg sync.WaitGroup
	for i := range queues {
		queues[i] = make(chan held, keyedDepth)
		wg.Go(func() {
			for h := range queues[i] {
				if wctx.Err() != nil {
					h.stop()
					_ = h.m.Nak()
					continue
				}
				if err := settle(wctx, h, handle); err != nil {
					failed <- err
					cancel()
				}
			}
		})
	}
	defer func() {
		cancel()
		for _, q := range queues {
			close(q)
		}
		wg.Wait()
	}()

	for {
		m, err := iter.Next(jetstream.NextContext(wctx))
		if wctx.Err() != nil {
			if m != nil {
				_ = m.Nak()
			}
			select {
			case err := <-failed:
				return fmt.Errorf("events: subscribe %s: %w", durable, err)
			default:
				return fmt.Errorf("events: subscribe %s: %w", durable, ctx.Err())
			}
		}
		if errors.Is(err, jetstream.ErrNoHeartbeat) {
			continue // asked again by the next Next
		}
		if err != nil {
			return fmt.Errorf("events: subscribe %s: %w", durable, err)
		}
		md, err := m.Metadata()
		if err != nil {
			_ = m.NakWithDelay(RetryDelay)
			return fmt.Errorf("events: subscribe %s: %w", durable, err)
		}
		h := held{m: m, rec: record(m, md), stop: keepAlive(m)}
		select {
		case queues[worker(key(h.rec), workers)] <- h:
		case <-wctx.Done():
			h.stop()
			_ = m.Nak()
		}
	}
}

// settleEarlier handles, one at a time and in order, the messages that an
// earlier subscriber was handed and did not acknowledge (it was stopped,
// or it died). The server hands them out again only once it gives up on
// that subscriber, and by then later messages with their keys would have
// overtaken them.
func (s *Store) settleEarlier(ctx context.Context, durable, filter string, handle func(Record) error) error {
	cons, err := s.stream.Consumer(ctx, durable)
	if errors.Is(err, jetstream.ErrConsumerNotFound) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("events: subscribe %s: %w", durable, errors.Join(ctx.Err(), err))
	}
	info, err := cons.Info(ctx)
	if err != nil {
		return fmt.Errorf("events: subscribe %s: %w", durable, errors.Join(ctx.Err(), err))
	}
	if info.Delivered.Stream <= info.AckFloor.Stream {
		return nil
	}
	return s.consume(ctx, durable, filter, handle, true, info.Delivered.Stream)
}

// worker is the worker that handles messages with key k.
func worker(k string, workers int) int {
	h := fnv.New32a()
	h.Write([]byte(k))
	return int(h.Sum32() % uint32(workers))
}

// settle hands h to handle until it accepts it, then acknowledges it. It
// returns an error only for a poisoned message or a failed
// acknowledgement; when ctx ends first the message goes back to the
// server.
func settle(ctx context.Context, h held, handle func(Record) error) error {
	for {
		err := handle(h.rec)
		if err == nil {
			break
		}
		if errors.Is(err, ErrPoison) {
			h.stop()
			_ = h.m.NakWithDelay(RetryDelay)
			return err
		}
		delay := RetryDelay
		if re := (*RetryError)(nil); errors.As(err, &re) {
			delay = re.Delay
		}
		select {
		case <-ctx.Done():
			h.stop()
			_ = h.m.Nak()
			return nil
		case <-time.After(delay):
		}
		h.rec.Delivered++
	}
	h.stop()
	actx, cancel := context.WithTimeout(context.WithoutCancel(ctx), ackTimeout)
	defer cancel()
	if err := h.m.DoubleAck(actx); err != nil {
		return fmt.Errorf("ack %s at stream sequence %d: %w", h.rec.Subject, h.rec.StreamSeq, err)
	}
	return nil
}
