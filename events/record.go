package events

import (
	"context"
	"errors"
	"fmt"
	"strconv"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
)

// PutOnce stores data on subject only if the subject holds nothing yet, so
// the subject names the record for ever (an inbox mail by its Message-ID,
// say): a second PutOnce of the same subject returns ErrExists, whenever it
// comes. It returns the stream sequence of the stored message.
func (s *Store) PutOnce(ctx context.Context, subject string, data []byte) (uint64, error) {
	if err := s.checkOpen("put " + subject); err != nil {
		return 0, err
	}
	m := &nats.Msg{Subject: subject, Header: nats.Header{}, Data: data}
	m.Header.Set(jetstream.ExpectedLastSubjSeqHeader, "0")
	ack, err := s.js.PublishMsg(ctx, m)
	if isWrongSequence(err) {
		return 0, fmt.Errorf("events: put %s: %w", subject, ErrExists)
	}
	if err != nil {
		return 0, fmt.Errorf("events: put %s: %w", subject, err)
	}
	return ack.Sequence, nil
}

// Put stores data on subject with a message id, so that a retry within
// DuplicateWindow is stored once. It returns the stream sequence.
func (s *Store) Put(ctx context.Context, subject, msgID string, data []byte) (uint64, error) {
	if err := s.checkOpen("put " + subject); err != nil {
		return 0, err
	}
	m := &nats.Msg{Subject: subject, Header: nats.Header{}, Data: data}
	m.Header.Set(jetstream.MsgIDHeader, msgID)
	ack, err := s.js.PublishMsg(ctx, m)
	if err != nil {
		return 0, fmt.Errorf("events: put %s: %w", subject, err)
	}
	return ack.Sequence, nil
}

// PutOnceWith stores first and then extra as one atomic batch, only if
// first's subject holds nothing yet: a decision recorded once for ever
// (the answers to one inbox mail, say) with what it causes. When the
// subject already holds a message it stores nothing and returns ErrExists,
// whatever extra holds this time. Extra messages keep their message ids,
// so within DuplicateWindow each is stored once even without first.
func (s *Store) PutOnceWith(ctx context.Context, first Message, extra []Message) error {
	if len(extra) == 0 {
		_, err := s.PutOnce(ctx, first.Subject, first.Data)
		return err
	}
	if err := s.checkOpen("put " + first.Subject); err != nil {
		return err
	}
	if len(extra)+1 > MaxBatch {
		return fmt.Errorf("events: put %s: %w: %d messages, at most %d fit in a batch", first.Subject, ErrInvalid, len(extra)+1, MaxBatch)
	}
	msgs := make([]*nats.Msg, 0, len(extra)+1)
	m := &nats.Msg{Subject: first.Subject, Header: nats.Header{}, Data: first.Data}
	m.Header.Set(jetstream.ExpectedLastSubjSeqHeader, "0")
	msgs = append(msgs, m)
	for _, x := range extra {
		m := &nats.Msg{Subject: x.Subject, Header: nats.Header{}, Data: x.Data}
		if x.MsgID != "" {
			m.Header.Set(jetstream.MsgIDHeader, x.MsgID)
		}
		msgs = append(msgs, m)
	}
	_, err := s.publishBatch(ctx, msgs)
	var apiErr *jetstream.APIError
	if !errors.As(err, &apiErr) {
		if err != nil {
			return fmt.Errorf("events: put %s: %w", first.Subject, err)
		}
		return nil
	}
	switch apiErr.ErrorCode {
	case errWrongLastSeq, errWrongLastSeqConst:
		return fmt.Errorf("events: put %s: %w", first.Subject, ErrExists)
	case errBatchDuplicate, errDuplicateInFlight:
		// An extra message was stored a moment ago: by an earlier try
		// of this very call whose acknowledgement was lost, or before
		// first existed at all. first settles which.
		if _, lerr := s.last(ctx, first.Subject); lerr == nil {
			return fmt.Errorf("events: put %s: %w", first.Subject, ErrExists)
		} else if !errors.Is(lerr, ErrNotFound) {
			return fmt.Errorf("events: put %s: %w; checking it: %w", first.Subject, err, lerr)
		}
		if _, err := s.PutOnce(ctx, first.Subject, first.Data); err != nil {
			return err
		}
		return nil
	}
	return fmt.Errorf("events: put %s: %w", first.Subject, err)
}

// Replace stores data on subject in place of the message at stream
// sequence seq, which must be the subject's last, and erases that one:
// its bytes are overwritten on disk, so what it held is gone, while the
// subject still holds a message and PutOnce of it still finds one. It
// publishes data expecting seq as the subject's last, then erases seq; a
// Replace cut short between the two (a crash) finds a later message on
// the subject when tried again, and only erases seq. Readers of the
// subject's messages (a durable consumer on it) get data as a new
// message. It returns the stream sequence of the subject's last message.
// Errors: ErrNotFound when the subject holds nothing, ErrConflict when
// the subject's last message comes before seq.
func (s *Store) Replace(ctx context.Context, subject string, seq uint64, data []byte) (uint64, error) {
	if err := s.checkOpen("replace " + subject); err != nil {
		return 0, err
	}
	m := &nats.Msg{Subject: subject, Header: nats.Header{}, Data: data}
	m.Header.Set(jetstream.ExpectedLastSubjSeqHeader, strconv.FormatUint(seq, 10))
	ack, err := s.js.PublishMsg(ctx, m)
	last := uint64(0)
	switch {
	case err == nil:
		last = ack.Sequence
	case isWrongSequence(err):
		lm, lerr := s.last(ctx, subject)
		if lerr != nil {
			return 0, fmt.Errorf("events: replace %d on %s: %w", seq, subject, lerr)
		}
		if lm.Sequence < seq {
			return 0, fmt.Errorf("events: replace %d on %s, which ends at %d: %w", seq, subject, lm.Sequence, ErrConflict)
		}
		last = lm.Sequence // replaced before: erase what may be left
	default:
		return 0, fmt.Errorf("events: replace %d on %s: %w", seq, subject, err)
	}
	if err := s.stream.SecureDeleteMsg(ctx, seq); err != nil {
		// The server names no code for a message erased already: ask.
		if _, gerr := s.stream.GetMsg(ctx, seq); !errors.Is(gerr, jetstream.ErrMsgNotFound) {
			return 0, fmt.Errorf("events: replace %d on %s: erase: %w", seq, subject, err)
		}
	}
	return last, nil
}

// Erase removes every message on subject, as a game's secret once its
// GameEnded has revealed the seed: the store then keeps no entry for the
// subject in its index of subjects, which it holds in memory. A subject
// holding nothing is no error.
func (s *Store) Erase(ctx context.Context, subject string) error {
	if err := s.checkOpen("erase " + subject); err != nil {
		return err
	}
	if err := s.stream.Purge(ctx, jetstream.WithPurgeSubject(subject)); err != nil {
		return fmt.Errorf("events: erase %s: %w", subject, err)
	}
	return nil
}
