package events

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"sync/atomic"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
)

// Headers of JetStream's atomic batch publish (nats-server 2.12 and later).
// nats.go has no helper for it, so Append sets them itself.
const (
	batchIDHeader     = "Nats-Batch-Id"
	batchSeqHeader    = "Nats-Batch-Sequence"
	batchCommitHeader = "Nats-Batch-Commit"
)

// BatchFirstHeader, on the last event of an Append, is the Seq of the
// Append's first event: a reader that follows the histories (the outbox)
// acts once per Append, at its last event, on all its events. An event
// without it is not the last of its Append, or was stored before Appends
// were marked.
const BatchFirstHeader = "Pbem-Batch-First"

// MaxBatch is the most messages, events and extra together, that one Append
// may publish: the server's default limit on an atomic batch.
const MaxBatch = 1000

// JetStream error codes that Append resolves by looking at the game's
// subject instead of reporting them as they are.
const (
	errWrongLastSeq      jetstream.ErrorCode = 10071 // expected last subject sequence did not match
	errWrongLastSeqConst jetstream.ErrorCode = 10164 // the same, on replicated streams
	errDuplicateInFlight jetstream.ErrorCode = 10158 // a message with this id is being stored
	errBatchDuplicate    jetstream.ErrorCode = 10201 // an atomic batch holds a message id seen before
)

// isWrongSequence reports whether err is JetStream's refusal of a write
// of a subject (or a key) that has moved on (10071, or 10164 replicated).
func isWrongSequence(err error) bool {
	var apiErr *jetstream.APIError
	return errors.As(err, &apiErr) && (apiErr.ErrorCode == errWrongLastSeq || apiErr.ErrorCode == errWrongLastSeqConst)
}

// Append seals evs after head and publishes them, with extra, as one atomic
// batch that succeeds only if the game's subject still ends at
// head.StreamSeq. It returns the new head, ErrConflict, or ErrInvalid for
// a request no server could take (see Log). Retrying the same
// sealed append after a lost acknowledgement succeeds without writing twice.
//
// The batch holds the extra messages first, in the order given, and the
// events last, so the stream sequence of the batch's last message is the
// new head's StreamSeq. Extra messages may not be on the game's own subject.
// Only the first event carries the expected last subject sequence: the
// server rejects it on any later message of the same subject.
//
// Message ids and retries, as found on nats-server 2.15: a retried single
// message is rejected by its stale expected sequence on a single server
// (error 10071, checked before the message id) and may be acknowledged as a
// duplicate on a cluster, which counts as success. Inside an atomic batch
// the server does check every message id against DuplicateWindow, but a
// seen id rejects the whole batch (error 10201, "atomic publish batch
// contains duplicate message id") rather than producing a duplicate
// acknowledgement; after the window the stale expected sequence rejects it
// instead (10071, or 10164 on replicated streams). Message ids therefore
// stay on every message, and for all these errors Append reads the last
// message on the game's subject: if its message id is that of our last
// event, the earlier try landed and Append reports success with it;
// otherwise it returns ErrConflict. An extra message whose id was used
// before, on a game that did not move, fails the append with an error that
// is not ErrConflict, since reloading would not help.
//
// Appends made at the same time, from any goroutines, are published
// together as one atomic batch (see commit.go); each succeeds or fails as
// if it had been published alone.
func (s *Store) Append(ctx context.Context, game string, head Head, evs []Event, extra ...Message) (Head, error) {
	return s.AppendNoted(ctx, game, head, evs, nil, extra...)
}

// AppendNoted is Append with note set as headers on the last event: what
// the writer says about the Append as a whole to the readers that follow
// the histories (the mail it answers, say). A note is not part of the
// sealed history: the events' hashes do not cover it. Its keys must be
// header names of their own, not "Nats-" or BatchFirstHeader.
func (s *Store) AppendNoted(ctx context.Context, game string, head Head, evs []Event, note map[string]string, extra ...Message) (Head, error) {
	return s.appendNoted(ctx, GameSubject, game, head, evs, note, extra...)
}

// appendNoted is AppendNoted on the chain of id under prefix (GameSubject
// or CampaignSubject).
func (s *Store) appendNoted(ctx context.Context, prefix, game string, head Head, evs []Event, note map[string]string, extra ...Message) (Head, error) {
	if err := s.checkOpen("append game " + game); err != nil {
		return head, err
	}
	subject, err := chainSubject(prefix, game)
	if err != nil {
		return head, fmt.Errorf("events: append: %w", err)
	}
	if len(evs) == 0 {
		return head, fmt.Errorf("events: append game %s: %w: no events", game, ErrInvalid)
	}
	if n := len(evs) + len(extra); n > MaxBatch {
		return head, fmt.Errorf("events: append game %s: %w: %d messages, at most %d fit in a batch", game, ErrInvalid, n, MaxBatch)
	}
	msgs := make([]*nats.Msg, 0, len(extra)+len(evs))
	for _, x := range extra {
		if x.Subject == "" || x.Subject == subject {
			return head, fmt.Errorf("events: append game %s: %w: extra message on subject %q", game, ErrInvalid, x.Subject)
		}
		m := &nats.Msg{Subject: x.Subject, Header: nats.Header{}, Data: x.Data}
		if x.MsgID != "" {
			m.Header.Set(jetstream.MsgIDHeader, x.MsgID)
		}
		msgs = append(msgs, m)
	}
	sealed := make([]Event, len(evs))
	prev := head.Hash
	for i, ev := range evs {
		sealed[i] = ev.Seal(game, head.Seq+1+uint64(i), prev)
		prev = sealed[i].Hash
		m := &nats.Msg{Subject: subject, Header: nats.Header{}, Data: sealed[i].Encode()}
		m.Header.Set(jetstream.MsgIDHeader, msgID(sealed[i]))
		if i == 0 {
			m.Header.Set(jetstream.ExpectedLastSubjSeqHeader, strconv.FormatUint(head.StreamSeq, 10))
		}
		if i == len(evs)-1 {
			for k, v := range note {
				if strings.HasPrefix(k, "Nats-") || k == BatchFirstHeader {
					return head, fmt.Errorf("events: append game %s: %w: note %q is not a header of its own", game, ErrInvalid, k)
				}
				m.Header.Set(k, v)
			}
			m.Header.Set(BatchFirstHeader, strconv.FormatUint(head.Seq+1, 10))
		}
		msgs = append(msgs, m)
	}

	seq, err := s.publish(ctx, subject, msgs)
	last := sealed[len(sealed)-1]
	if err != nil {
		h, err := s.resolve(ctx, subject, game, head, last, err)
		s.stats.count(err)
		return h, err
	}
	s.stats.count(nil)
	// A duplicate acknowledgement carries the sequence the message was
	// first stored at, so it is a success like any other.
	return Head{Seq: last.Seq, Hash: last.Hash, StreamSeq: seq}, nil
}

// AppendStats counts a store's appends since it was opened.
type AppendStats struct {
	Appended  uint64 // appends that succeeded
	Conflicts uint64 // appends refused with ErrConflict: another writer was first
	Failed    uint64 // appends that failed for any other reason
}

type appendCounts struct{ appended, conflicts, failed atomic.Uint64 }

func (c *appendCounts) count(err error) {
	switch {
	case err == nil:
		c.appended.Add(1)
	case errors.Is(err, ErrConflict):
		c.conflicts.Add(1)
	default:
		c.failed.Add(1)
	}
}

// AppendStats returns how the store's appends went since it was opened.
func (s *Store) AppendStats() AppendStats {
	return AppendStats{Appended: s.stats.appended.Load(), Conflicts: s.stats.conflicts.Load(), Failed: s.stats.failed.Load()}
}

// publishBatch publishes msgs as one atomic batch. Every message but the
// last is published without a reply subject, so the server does not answer
// it; the last commits the batch and is the only one acknowledged, with the
// stream sequence of the batch's last message. Messages on one connection
// reach the server in order.
func (s *Store) publishBatch(ctx context.Context, msgs []*nats.Msg) (*jetstream.PubAck, error) {
	id, err := batchID()
	if err != nil {
		return nil, err
	}
	for i, m := range msgs {
		m.Header.Set(batchIDHeader, id)
		m.Header.Set(batchSeqHeader, strconv.Itoa(i+1))
		if i < len(msgs)-1 {
			if err := s.nc.PublishMsg(m); err != nil {
				return nil, err
			}
			continue
		}
		m.Header.Set(batchCommitHeader, "1")
	}
	return s.js.PublishMsg(ctx, msgs[len(msgs)-1])
}

// resolve turns a failed publish into the result of Append. Conflicts and
// rejected duplicates are settled by the last message on the game's
// subject: our last event means an earlier try of this very append landed.
func (s *Store) resolve(ctx context.Context, subject, game string, head Head, last Event, pubErr error) (Head, error) {
	var apiErr *jetstream.APIError
	if !errors.As(pubErr, &apiErr) {
		return head, fmt.Errorf("events: append game %s: %w", game, pubErr)
	}
	switch apiErr.ErrorCode {
	case errWrongLastSeq, errWrongLastSeqConst, errDuplicateInFlight, errBatchDuplicate:
	default:
		return head, fmt.Errorf("events: append game %s: %w", game, pubErr)
	}
	m, err := s.last(ctx, subject)
	switch {
	case err == nil && m.Header.Get(jetstream.MsgIDHeader) == msgID(last):
		return Head{Seq: last.Seq, Hash: last.Hash, StreamSeq: m.Sequence}, nil
	case err != nil && !errors.Is(err, ErrNotFound):
		return head, fmt.Errorf("events: append game %s: %w; checking for an earlier try: %w", game, pubErr, err)
	}
	var at uint64
	if m != nil {
		at = m.Sequence
	}
	if apiErr.ErrorCode == errBatchDuplicate && at == head.StreamSeq {
		// The game did not move: an extra message's id was used before.
		return head, fmt.Errorf("events: append game %s: an extra message id was already used: %w", game, pubErr)
	}
	return head, fmt.Errorf("events: append game %s after event %d: %w (%w)", game, head.Seq, ErrConflict, pubErr)
}

// msgID is the JetStream message id of a sealed event: the same event
// appended twice has the same id, a different event at the same place a
// different one.
func msgID(e Event) string {
	return fmt.Sprintf("%s.%d.%s", e.Game, e.Seq, e.Hash[:16])
}

// batchID returns a fresh random id for an atomic batch.
func batchID() (string, error) {
	var b [16]byte
	if _, err := rand.Read(b[:]); err != nil {
		return "", fmt.Errorf("batch id: %w", err)
	}
	return hex.EncodeToString(b[:]), nil
}

// gameSubject returns the subject of game's events, checking that the id is
// a single subject token.
func gameSubject(game string) (string, error) { return chainSubject(GameSubject, game) }

// chainSubject returns the subject of the history id under prefix,
// checking that the id is a single subject token.
func chainSubject(prefix, id string) (string, error) {
	if id == "" || strings.ContainsAny(id, ".*> \t\r\n") {
		return "", fmt.Errorf("%w: %s id %q", ErrInvalid, strings.Trim(strings.TrimPrefix(prefix, "pbem."), "."), id)
	}
	return prefix + id, nil
}
