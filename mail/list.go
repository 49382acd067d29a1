package mail

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/pbem-games/pbem/events"
)

// More states a notice can be in, beside the held ones.
const (
	StateSent   = "sent"   // the SMTP server accepted it
	StateQueued = "queued" // not handled yet, or being handled now
)

// NoticeState is a notice and where it stands.
type NoticeState struct {
	Notice  Notice
	Seq     uint64    // the stream sequence of its record, or of the event it derives from
	Written time.Time // when that was stored
	State   string
	Held    *Held // how it is held, unless sent or queued
}

// ListOptions chooses the notices ListNotices returns.
type ListOptions struct {
	Game  string // one game's ("_" for mail about no game); "" every game's
	State string // one state's; "" every state's
	// Notices derives the notices of the games' events, as the outbox
	// does; nil lists the notices stored as records only.
	Notices NoticeSource
}

// ListNotices returns the notices of the outbox, in the order their
// events or records were stored, each with its state: a held notice has
// the state it is held in; any other is sent once the outbox's
// acknowledgements have passed it, and queued before. A held state alone
// reads the held notices only.
func ListNotices(ctx context.Context, store events.Follower, opt ListOptions) ([]NoticeState, error) {
	held, err := OpenHeld(ctx, store)
	if err != nil {
		return nil, err
	}
	heldState := opt.State == StateWaiting || opt.State == StateFailed || opt.State == StateDead || opt.State == StateStopped || opt.State == StateMarked
	listed := ""
	if heldState {
		listed = opt.State // its keys alone, not every notice ever held
	}
	hs, err := held.List(ctx, listed)
	if err != nil {
		return nil, err
	}
	byID := map[string]*Held{}
	for i := range hs {
		byID[hs[i].Notice.ID] = &hs[i]
	}
	var out []NoticeState
	if heldState {
		for i, h := range hs {
			if h.State == opt.State && (opt.Game == "" || h.Notice.Subject() == OutboxSubject+opt.Game) {
				out = append(out, NoticeState{Notice: h.Notice, Seq: h.Seq, State: h.State, Held: &hs[i]})
			}
		}
		return out, nil
	}
	add := func(floor uint64, r events.Record, n Notice) {
		s := NoticeState{Notice: n, Seq: r.StreamSeq, Written: r.Time, State: StateQueued}
		if h := byID[n.ID]; h != nil {
			s.State, s.Held = h.State, h
		} else if r.StreamSeq <= floor {
			s.State = StateSent
		}
		if opt.State == "" || opt.State == s.State {
			out = append(out, s)
		}
	}
	floor, err := ackFloor(ctx, store, OutboxDurable)
	if err != nil {
		return nil, err
	}
	_, err = store.ReadAll(ctx, OutboxSubject+or(opt.Game, ">"), func(r events.Record) error {
		if n, err := DecodeNotice(r.Data); err == nil { // the outbox skips it too
			add(floor, r, n)
		}
		return nil
	})
	if err != nil || opt.Notices == nil || opt.Game == ServiceMail {
		return out, err
	}
	if floor, err = ackFloor(ctx, store, NoticesDurable); err != nil {
		return nil, err
	}
	_, err = store.ReadAll(ctx, events.GameSubject+or(opt.Game, ">"), func(r events.Record) error {
		ns, err := opt.Notices(ctx, r)
		if errors.Is(err, ErrUnrenderable) {
			return nil // held as dead, listed as such
		}
		for _, n := range ns {
			add(floor, r, n)
		}
		return err
	})
	slices.SortStableFunc(out, func(a, b NoticeState) int { return cmp.Compare(a.Seq, b.Seq) })
	return out, err
}

// FindNotice returns the notice whose Message-ID is id (with or without
// its angle brackets), as the outbox has it; notices derives the games'
// notices (nil: records only). The notices of a game's events and the
// answers about a game have Message-IDs that begin with the game: that
// game's are looked at first.
func FindNotice(ctx context.Context, store events.Follower, notices NoticeSource, id string) (NoticeState, error) {
	id = strings.Trim(id, "<>")
	find := func(game string) (NoticeState, bool, error) {
		all, err := ListNotices(ctx, store, ListOptions{Game: game, Notices: notices})
		if err != nil {
			return NoticeState{}, false, err
		}
		for _, s := range all {
			if s.Notice.ID == id {
				return s, true, nil
			}
		}
		return NoticeState{}, false, nil
	}
	if game, _, _ := strings.Cut(id, "."); game != "" && !strings.ContainsAny(game, "*>@ ") {
		if s, ok, err := find(game); ok || err != nil {
			return s, err
		}
	}
	s, ok, err := find("")
	if err == nil && !ok {
		err = fmt.Errorf("mail: no notice with Message-ID %s", id)
	}
	return s, err
}

// ackFloor is the stream sequence up to which the outbox's consumer
// durable has settled everything.
func ackFloor(ctx context.Context, store events.Feed, durable string) (uint64, error) {
	c, err := store.Consumer(ctx, durable)
	if errors.Is(err, events.ErrNotFound) {
		return 0, nil
	}
	if err != nil {
		return 0, fmt.Errorf("mail: outbox: %w", err)
	}
	return c.AckFloor, nil
}
