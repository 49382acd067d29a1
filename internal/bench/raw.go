package bench

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	"github.com/pbem-games/pbem/events"
)

// The raw baselines reach past the store to its JetStream and connection
// (Store.JetStream, Conn, Replicas) on purpose: they measure what
// JetStream does without pbem, which no method of the store can. This
// package is the one outside events that internal/layers lets call them.

// rawStream is the stream the raw baselines write to: configured as pbem's
// own (file storage, the same replicas, on the same server), on subjects
// pbem never uses.
const (
	rawStream  = "PBEMBENCHRAW"
	rawSubject = "pbembenchraw."
)

// rawPublish measures what JetStream itself does for the command side:
// one goroutine per subject publishing, each message checked against the
// subject's expected last sequence, for d. With batch > 1 each publish is
// an atomic batch of batch messages, the checked one last, as Append
// writes an event after its notices. It returns publishes per second and
// each publish's latency. A publish that fails is counted in failed and
// tried again after reading where the subject stands.
func rawPublish(ctx context.Context, store *events.Store, subjects, batch int, payload []byte, d time.Duration, failed *failures) (float64, Latencies, error) {
	js := store.JetStream()
	if err := js.DeleteStream(ctx, rawStream); err != nil && !errors.Is(err, jetstream.ErrStreamNotFound) {
		return 0, nil, fmt.Errorf("raw publish: %w", err)
	}
	stream, err := createRaw(ctx, js, store.Replicas())
	if err != nil {
		return 0, nil, fmt.Errorf("raw publish: %w", err)
	}
	defer js.DeleteStream(context.WithoutCancel(ctx), rawStream)

	last := make([]uint64, subjects) // each subject's last sequence
	rate, lat := closedLoop(ctx, subjects, d, failed, func(ctx context.Context, i int) (bool, error) {
		subject := rawSubject + strconv.Itoa(i)
		m := &nats.Msg{Subject: subject, Header: nats.Header{}, Data: payload}
		m.Header.Set(jetstream.ExpectedLastSubjSeqHeader, strconv.FormatUint(last[i], 10))
		ack, err := rawBatch(ctx, store, m, batch)
		if err != nil {
			last[i] = 0
			if lm, err := stream.GetLastMsgForSubject(ctx, subject); err == nil {
				last[i] = lm.Sequence
			}
			return false, fmt.Errorf("raw publish: %w", err)
		}
		last[i] = ack.Sequence
		return false, nil
	})
	return rate, lat, nil
}

// createRaw creates the raw stream. A cluster just started may not yet
// see all its peers (JetStream's 10005, "no suitable peers for
// placement"): that is tried again for up to half a minute.
func createRaw(ctx context.Context, js jetstream.JetStream, replicas int) (jetstream.Stream, error) {
	deadline := time.Now().Add(30 * time.Second)
	for {
		stream, err := js.CreateStream(ctx, jetstream.StreamConfig{
			Name: rawStream, Subjects: []string{rawSubject + ">"}, Storage: jetstream.FileStorage,
			Replicas: replicas, Duplicates: events.DuplicateWindow, AllowAtomicPublish: true,
		})
		var api *jetstream.APIError
		if err == nil || !errors.As(err, &api) || api.ErrorCode != 10005 || time.Now().After(deadline) {
			return stream, err
		}
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(250 * time.Millisecond):
		}
	}
}

// rawBatch publishes m after batch-1 messages like it on another subject,
// as one atomic batch, or alone when batch is 1.
func rawBatch(ctx context.Context, store *events.Store, m *nats.Msg, batch int) (*jetstream.PubAck, error) {
	if batch <= 1 {
		return store.JetStream().PublishMsg(ctx, m)
	}
	// One goroutine publishes on each subject, one batch at a time.
	id := m.Subject[len(rawSubject):] + "-" + strconv.FormatInt(time.Now().UnixNano(), 36)
	for i := 1; i < batch; i++ {
		x := &nats.Msg{Subject: rawSubject + "x" + m.Subject[len(rawSubject):], Header: nats.Header{}, Data: m.Data}
		x.Header.Set("Nats-Batch-Id", id)
		x.Header.Set("Nats-Batch-Sequence", strconv.Itoa(i))
		if err := store.Conn().PublishMsg(x); err != nil {
			return nil, err
		}
	}
	m.Header.Set("Nats-Batch-Id", id)
	m.Header.Set("Nats-Batch-Sequence", strconv.Itoa(batch))
	m.Header.Set("Nats-Batch-Commit", "1")
	return store.JetStream().PublishMsg(ctx, m)
}

// rawRead measures what JetStream itself does for a rebuild: an ordered
// consumer reading every message on filter, as stored, without decoding.
// It returns the messages read and messages per second.
func rawRead(ctx context.Context, store *events.Store, filter string) (int, float64, error) {
	js := store.JetStream()
	stream, err := js.Stream(ctx, events.StreamName)
	if err != nil {
		return 0, 0, fmt.Errorf("raw read: %w", err)
	}
	last, err := stream.GetLastMsgForSubject(ctx, filter)
	if err != nil {
		return 0, 0, fmt.Errorf("raw read: %w", err)
	}
	start := time.Now()
	cons, err := js.OrderedConsumer(ctx, events.StreamName, jetstream.OrderedConsumerConfig{
		FilterSubjects: []string{filter}, DeliverPolicy: jetstream.DeliverAllPolicy,
	})
	if err != nil {
		return 0, 0, fmt.Errorf("raw read: %w", err)
	}
	iter, err := cons.Messages()
	if err != nil {
		return 0, 0, fmt.Errorf("raw read: %w", err)
	}
	defer iter.Stop()
	n := 0
	for {
		m, err := iter.Next()
		if err != nil {
			return n, 0, fmt.Errorf("raw read after %d: %w", n, err)
		}
		n++
		md, err := m.Metadata()
		if err != nil {
			return n, 0, fmt.Errorf("raw read: %w", err)
		}
		if md.Sequence.Stream >= last.Sequence {
			break
		}
	}
	return n, perSecond(n, time.Since(start)), nil
}

func cmpOr(a, b error) error {
	if a != nil {
		return a
	}
	return b
}
