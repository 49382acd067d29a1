package mail

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/nats-io/nats.go/jetstream"
	"github.com/pbem-games/pbem/events"
)

// More states a notice can be in, beside the held ones.
const (
	StateSent   = "sent"   // the SMTP server accepted it
	StateQueued = "queued" // not handled yet, or being handled now
)

// NoticeState is a notice and where it stands.
type NoticeState struct {
	Notice Notice
	Seq    uint64 // its outbox stream sequence
	State  string
	Held   *Held // how it is held, unless sent or queued
}

// ListOptions chooses the notices ListNotices returns.
type ListOptions struct {
	Game  string // one game's ("_" for mail about no game); "" every game's
	State string // one state's; "" every state's
}

// ListNotices returns the notices written to the outbox, in the order
// they were written, each with its state: a held notice has the state it
// is held in; any other is sent once the outbox's acknowledgements have
// passed it, and queued before. A held state alone reads the held
// notices only.
func ListNotices(ctx context.Context, store *events.Store, opt ListOptions) ([]NoticeState, error) {
	held, err := OpenHeld(ctx, store)
	if err != nil {
		return nil, err
	}
	hs, err := held.List(ctx, "")
	if err != nil {
		return nil, err
	}
	byID := map[string]*Held{}
	for i := range hs {
		byID[hs[i].Notice.ID] = &hs[i]
	}
	var out []NoticeState
	if opt.State == StateWaiting || opt.State == StateFailed || opt.State == StateDead {
		for i, h := range hs {
			if h.State == opt.State && (opt.Game == "" || h.Notice.Subject() == OutboxSubject+opt.Game) {
				out = append(out, NoticeState{Notice: h.Notice, Seq: h.Seq, State: h.State, Held: &hs[i]})
			}
		}
		return out, nil
	}
	floor, err := ackFloor(ctx, store)
	if err != nil {
		return nil, err
	}
	filter := OutboxSubject + ">"
	if opt.Game != "" {
		filter = OutboxSubject + opt.Game
	}
	_, err = store.ReadAll(ctx, filter, func(r events.Record) error {
		n, err := DecodeNotice(r.Data)
		if err != nil {
			return nil // the outbox skips it too
		}
		s := NoticeState{Notice: n, Seq: r.StreamSeq, State: StateQueued}
		if h := byID[n.ID]; h != nil {
			s.State, s.Held = h.State, h
		} else if r.StreamSeq <= floor {
			s.State = StateSent
		}
		if opt.State == "" || opt.State == s.State {
			out = append(out, s)
		}
		return nil
	})
	return out, err
}

// FindNotice returns the notice whose Message-ID is id (with or without
// its angle brackets), as written to the outbox.
func FindNotice(ctx context.Context, store *events.Store, id string) (NoticeState, error) {
	id = strings.Trim(id, "<>")
	all, err := ListNotices(ctx, store, ListOptions{})
	if err != nil {
		return NoticeState{}, err
	}
	for _, s := range all {
		if s.Notice.ID == id {
			return s, nil
		}
	}
	return NoticeState{}, fmt.Errorf("mail: no notice with Message-ID %s", id)
}

// ackFloor is the outbox stream sequence up to which the outbox has
// settled every notice.
func ackFloor(ctx context.Context, store *events.Store) (uint64, error) {
	c, err := store.JetStream().Consumer(ctx, events.StreamName, OutboxDurable)
	if errors.Is(err, jetstream.ErrConsumerNotFound) {
		return 0, nil
	}
	if err != nil {
		return 0, fmt.Errorf("mail: outbox consumer: %w", err)
	}
	info, err := c.Info(ctx)
	if err != nil {
		return 0, fmt.Errorf("mail: outbox consumer: %w", err)
	}
	return info.AckFloor.Stream, nil
}
