package events

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/nats-io/nats.go/jetstream"
)

// loadIdle is how long Load waits for the next message of a history it
// knows is there before it gives up.
const loadIdle = 5 * time.Second

// Load returns a game's whole history and its head; ErrNotFound if empty.
//
// It first reads the last message on the game's subject, which gives the
// head, then reads the subject from the start through an ordered consumer
// up to that message, so the history and head agree even while others
// append. It checks that the events form one chain: consecutive Seq from 1,
// each Prev the Hash before it.
func (s *Store) Load(ctx context.Context, game string) ([]Event, Head, error) {
	return s.load(ctx, GameSubject, game)
}

// load is Load of the history id under prefix.
func (s *Store) load(ctx context.Context, prefix, game string) ([]Event, Head, error) {
	if err := s.checkOpen("load game " + game); err != nil {
		return nil, Head{}, err
	}
	subject, err := chainSubject(prefix, game)
	if err != nil {
		return nil, Head{}, fmt.Errorf("events: load: %w", err)
	}
	lm, err := s.last(ctx, subject)
	if errors.Is(err, ErrNotFound) {
		return nil, Head{}, fmt.Errorf("events: load game %s: %w", game, ErrNotFound)
	}
	if err != nil {
		return nil, Head{}, fmt.Errorf("events: load game %s: %w", game, err)
	}
	lastEv, err := Decode(lm.Data)
	if err != nil {
		return nil, Head{}, fmt.Errorf("events: load game %s: stream sequence %d: %w", game, lm.Sequence, err)
	}
	head := Head{Seq: lastEv.Seq, Hash: lastEv.Hash, StreamSeq: lm.Sequence}

	var evs []Event
	for try := 1; ; try++ {
		evs, err = s.readHistory(ctx, game, subject, head)
		// A read that stalls with the history known to be there (a node
		// of a cluster back from a failure may hold up a new consumer a
		// while) is made again with a new consumer.
		if err == nil || !errors.Is(err, errStalled) || ctx.Err() != nil || try == loadTries {
			break
		}
	}
	if err != nil {
		return nil, Head{}, err
	}
	if n := len(evs); evs[n-1].Hash != head.Hash {
		return nil, Head{}, fmt.Errorf("events: load game %s: history ends at event %d, its last message is event %d", game, evs[n-1].Seq, head.Seq)
	}
	return evs, head, nil
}

// loadTries is how many consumers Load reads a history with before it
// gives up on one that stalls.
const loadTries = 3

// errStalled says a read of a history waited loadIdle for a message it
// knows is there.
var errStalled = errors.New("the read stalled")

// readHistory reads game's history on subject up to head with an ordered
// consumer.
func (s *Store) readHistory(ctx context.Context, game, subject string, head Head) ([]Event, error) {
	cons, err := s.js.OrderedConsumer(ctx, StreamName, jetstream.OrderedConsumerConfig{
		FilterSubjects:    []string{subject},
		DeliverPolicy:     jetstream.DeliverAllPolicy,
		InactiveThreshold: 10 * time.Second,
	})
	if err != nil {
		return nil, fmt.Errorf("events: load game %s: %w", game, err)
	}
	defer s.forget(cons)
	iter, err := cons.Messages(jetstream.PullMaxMessages(int(max(min(head.Seq, 1000), 1))))
	if err != nil {
		return nil, fmt.Errorf("events: load game %s: %w", game, err)
	}
	defer iter.Stop()

	evs := make([]Event, 0, head.Seq)
	for {
		m, err := s.nextMsg(ctx, iter)
		if err != nil && ctx.Err() == nil && errors.Is(err, context.DeadlineExceeded) {
			err = fmt.Errorf("%w: %w", errStalled, err)
		}
		if err != nil {
			return nil, fmt.Errorf("events: load game %s after event %d: %w", game, len(evs), err)
		}
		md, err := m.Metadata()
		if err != nil {
			return nil, fmt.Errorf("events: load game %s after event %d: %w", game, len(evs), err)
		}
		ev, err := Decode(m.Data())
		if err != nil {
			return nil, fmt.Errorf("events: load game %s: stream sequence %d: %w", game, md.Sequence.Stream, err)
		}
		if err := Follows(game, evs, ev); err != nil {
			return nil, fmt.Errorf("events: load game %s: stream sequence %d: %w", game, md.Sequence.Stream, err)
		}
		evs = append(evs, ev)
		if md.Sequence.Stream >= head.StreamSeq || md.NumPending == 0 {
			break
		}
	}
	return evs, nil
}

// forgetWait bounds the deletion of a consumer read to its end.
const forgetWait = 2 * time.Second

// forget deletes the server's side of an ordered consumer that its reader
// is done with; call it after stopping the reader. Left to its
// InactiveThreshold, the consumer would stay ten seconds, holding its
// share of the server's memory (about 20 KiB; 1,000 games loaded at a
// restart held 23 MiB) and one of the 1,000 consumers nats-server lets a
// stream have by default, so that more than a thousand loads within ten
// seconds failed with "maximum consumers limit reached". The threshold
// still removes a consumer whose deletion fails or whose reader died.
func (s *Store) forget(cons jetstream.Consumer) {
	info := cons.CachedInfo()
	if info == nil {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), forgetWait)
	defer cancel()
	_ = s.js.DeleteConsumer(ctx, StreamName, info.Name)
}

// nextMsg waits for the next message of iter, at most loadIdle and no
// longer than ctx allows.
func (s *Store) nextMsg(ctx context.Context, iter jetstream.MessagesContext) (jetstream.Msg, error) {
	ctx, cancel := context.WithTimeout(ctx, loadIdle)
	defer cancel()
	return iter.Next(jetstream.NextContext(ctx))
}

// Follows checks that ev is the next link of the chain evs in game: evs
// hold events 1 to len(evs), each linked to the one before.
func Follows(game string, evs []Event, ev Event) error {
	switch want := uint64(len(evs)) + 1; {
	case ev.Game != game:
		return fmt.Errorf("event %d belongs to game %q", ev.Seq, ev.Game)
	case ev.Seq != want:
		return fmt.Errorf("event %d where event %d belongs", ev.Seq, want)
	case ev.Prev != prevHash(evs):
		return fmt.Errorf("event %d has prev %.12s…, the event before hashes to %.12s…", ev.Seq, ev.Prev, prevHash(evs))
	}
	return nil
}

// prevHash is the Hash of the last of evs, "" when there are none.
func prevHash(evs []Event) string {
	if len(evs) == 0 {
		return ""
	}
	return evs[len(evs)-1].Hash
}
