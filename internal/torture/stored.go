package torture

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/nats-io/nats.go/jetstream"
	"github.com/pbem-games/pbem/events"
	"github.com/pbem-games/pbem/mail"
)

// Stored reads from the store every game's history, every notice and
// how many notices failed: the Outcome but for the mailboxes.
func Stored(ctx context.Context, store *events.Store) (Outcome, error) {
	out := Outcome{Games: map[string][]events.Event{}}
	games, err := subjects(ctx, store, events.GameSubject+">")
	if err != nil {
		return out, err
	}
	for subject := range games {
		id := strings.TrimPrefix(subject, events.GameSubject)
		if out.Games[id], _, err = store.Load(ctx, id); err != nil {
			return out, err
		}
	}
	notices, err := readAll(ctx, store, mail.OutboxSubject+">")
	if err != nil {
		return out, err
	}
	for _, data := range notices {
		n, err := mail.DecodeNotice(data)
		if err != nil {
			return out, err
		}
		out.Notices = append(out.Notices, n)
	}
	failed, err := subjects(ctx, store, mail.FailedSubject+">")
	for _, n := range failed {
		out.Failed += int(n)
	}
	return out, err
}

// subjects returns the subjects of the stream that filter matches, with
// how many messages each holds.
func subjects(ctx context.Context, store *events.Store, filter string) (map[string]uint64, error) {
	st, err := store.JetStream().Stream(ctx, events.StreamName)
	if err != nil {
		return nil, err
	}
	info, err := st.Info(ctx, jetstream.WithSubjectFilter(filter))
	if err != nil {
		return nil, err
	}
	return info.State.Subjects, nil
}

// readAll returns the data of every message on the subjects filter
// matches, in stream order.
func readAll(ctx context.Context, store *events.Store, filter string) ([][]byte, error) {
	counts, err := subjects(ctx, store, filter)
	if err != nil {
		return nil, err
	}
	var total uint64
	for _, n := range counts {
		total += n
	}
	cons, err := store.JetStream().OrderedConsumer(ctx, events.StreamName, jetstream.OrderedConsumerConfig{FilterSubjects: []string{filter}})
	if err != nil {
		return nil, err
	}
	var out [][]byte
	for uint64(len(out)) < total {
		batch, err := cons.Fetch(500, jetstream.FetchMaxWait(5*time.Second))
		if err != nil {
			return nil, err
		}
		n := len(out)
		for m := range batch.Messages() {
			out = append(out, m.Data())
		}
		if batch.Error() != nil || len(out) == n {
			return nil, fmt.Errorf("torture: read %s: %d of %d messages: %v", filter, len(out), total, batch.Error())
		}
	}
	return out, nil
}
