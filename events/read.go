package events

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
)

// ReadAll hands handle every message stored now on the subjects filter
// matches, in stream order, through one ordered consumer: nothing is
// acknowledged or remembered, so it reads as fast as the server sends.
// It returns the stream sequence up to which it read, 0 when there was
// nothing; a message stored after it started has a later sequence. It is
// for rebuilding read models, with Handled to start a durable consumer
// after what was read. (One filter: an ordered consumer with several
// makes nats-server 2.15 intersect its subject tree for every message.)
func (s *Store) ReadAll(ctx context.Context, filter string, handle func(Record) error) (uint64, error) {
	return s.readFrom(ctx, filter, time.Time{}, handle)
}

// ReadSince is ReadAll of the messages stored at or after since.
func (s *Store) ReadSince(ctx context.Context, filter string, since time.Time, handle func(Record) error) (uint64, error) {
	return s.readFrom(ctx, filter, since, handle)
}

func (s *Store) readFrom(ctx context.Context, filter string, since time.Time, handle func(Record) error) (uint64, error) {
	if err := s.checkOpen("read " + filter); err != nil {
		return 0, err
	}
	m, err := s.last(ctx, filter)
	if errors.Is(err, ErrNotFound) {
		return 0, nil
	}
	if err != nil {
		return 0, fmt.Errorf("events: read all: %w", err)
	}
	through := m.Sequence
	cfg := jetstream.OrderedConsumerConfig{
		FilterSubjects: []string{filter}, DeliverPolicy: jetstream.DeliverAllPolicy, InactiveThreshold: 10 * time.Second,
	}
	if !since.IsZero() {
		if m.Time.Before(since) {
			return through, nil // nothing that recent
		}
		cfg.DeliverPolicy, cfg.OptStartTime = jetstream.DeliverByStartTimePolicy, &since
	}
	cons, err := s.js.OrderedConsumer(ctx, StreamName, cfg)
	if err != nil {
		return 0, fmt.Errorf("events: read all: %w", err)
	}
	defer s.forget(cons)
	iter, err := cons.Messages()
	if err != nil {
		return 0, fmt.Errorf("events: read all: %w", err)
	}
	defer iter.Stop()
	for {
		m, err := s.nextMsg(ctx, iter)
		if err != nil {
			return 0, fmt.Errorf("events: read all: %w", err)
		}
		md, err := m.Metadata()
		if err != nil {
			return 0, fmt.Errorf("events: read all: %w", err)
		}
		if md.Sequence.Stream > through {
			return through, nil
		}
		rec := record(m, md)
		rec.Delivered = 1
		if err := handle(rec); err != nil {
			return 0, err
		}
		if md.Sequence.Stream == through || md.NumPending == 0 {
			return through, nil
		}
	}
}

// Handled records that the durable consumer named durable, on the
// subjects filter matches, has handled everything up to stream sequence
// seq, creating the consumer if need be: Subscribe and CatchUp with it go
// on after seq.
func (s *Store) Handled(ctx context.Context, durable, filter string, seq uint64) error {
	if err := s.checkOpen("consumer " + durable); err != nil {
		return err
	}
	if _, err := s.stream.CreateOrUpdateConsumer(ctx, consumerConfig(durable, filter)); err != nil {
		return fmt.Errorf("events: consumer %s: %w", durable, err)
	}
	if seq == 0 {
		return nil
	}
	if _, err := s.js.ResetConsumerToSequence(ctx, StreamName, durable, seq+1); err != nil {
		return fmt.Errorf("events: consumer %s to %d: %w", durable, seq, err)
	}
	return nil
}

// PutAll stores msgs as one atomic batch, on subjects of a stream that
// allows atomic publish (such as a read model's key-value bucket set up
// for it): one synced write for all of them rather than one each. At most
// MaxBatch messages; none on a game's subject.
func (s *Store) PutAll(ctx context.Context, msgs []Message) error {
	if len(msgs) == 0 {
		return nil
	}
	if err := s.checkOpen("put messages"); err != nil {
		return err
	}
	if len(msgs) > MaxBatch {
		return fmt.Errorf("events: put %d messages: %w: at most %d fit in a batch", len(msgs), ErrInvalid, MaxBatch)
	}
	nm := make([]*nats.Msg, len(msgs))
	for i, x := range msgs {
		nm[i] = &nats.Msg{Subject: x.Subject, Header: nats.Header{}, Data: x.Data}
		if x.MsgID != "" {
			nm[i].Header.Set(jetstream.MsgIDHeader, x.MsgID)
		}
	}
	var err error
	if len(nm) == 1 {
		_, err = s.js.PublishMsg(ctx, nm[0])
	} else {
		_, err = s.publishBatch(ctx, nm)
	}
	if err != nil {
		return fmt.Errorf("events: put %d messages: %w", len(msgs), err)
	}
	return nil
}
