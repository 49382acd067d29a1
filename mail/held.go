package mail

import (
	"cmp"
	"context"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/pbem-games/pbem/events"
)

// HeldBucket is the key-value bucket of the notices the outbox could not
// simply send: those waiting for another try, those refused for good and
// the dead letters. A notice sent at its first try never appears in it.
const HeldBucket = "pbem_outbox"

// The states of a held notice. Each is a key prefix in HeldBucket, so the
// outbox lists the waiting ones alone however many failed over the years.
const (
	StateWaiting = "waiting" // a temporary failure: tried again at Next
	StateFailed  = "failed"  // refused for good (5xx), or waiting past the retry age
	StateDead    = "dead"    // cannot be rendered or read: a fault of pbem's, never tried again by itself
	StateStopped = "stopped" // not sent, for good: the recipient had asked pbem to stop mailing them
	StateMarked  = "marked"  // game mail not sent, for good: the recipient's mail bounced again and again, its probe too (BounceScores)
)

// Held is a notice the outbox set aside, and why.
type Held struct {
	Notice Notice    `json:"notice"`
	Seq    uint64    `json:"seq"` // the notice's outbox stream sequence: a recipient's mail goes in this order
	State  string    `json:"state"`
	Since  time.Time `json:"since"`          // first set aside
	Tries  int       `json:"tries"`          // sending tries that failed
	Next   time.Time `json:"next,omitzero"`  // when waiting: the next try
	Code   int       `json:"code,omitempty"` // the SMTP server's last reply code, if any
	Error  string    `json:"error,omitempty"`
	// GameMail says the notice derives from a game's (or a campaign's)
	// event, not from the recipient's own mail: at each try it is set
	// aside as marked while its recipient's address is marked.
	GameMail bool `json:"gameMail,omitempty"`
}

// heldKey is the bucket key of notice id in state: KV keys allow no "@".
func heldKey(state, id string) string { return state + "." + hex.EncodeToString([]byte(id)) }

// HeldStore is the bucket of held notices.
type HeldStore struct{ kv events.KV }

// OpenHeld opens (creating if needed) the bucket of held notices.
func OpenHeld(ctx context.Context, store events.Buckets) (*HeldStore, error) {
	kv, err := store.Bucket(ctx, HeldBucket)
	if err != nil {
		return nil, fmt.Errorf("mail: held notices: %w", err)
	}
	return &HeldStore{kv: kv}, nil
}

// Put writes h under its state, and then removes it from the state it
// was in before (from; "" for none). Written first, removed second: a
// crash between the two leaves it in both, never in neither.
func (s *HeldStore) Put(ctx context.Context, h Held, from string) error {
	data, err := json.Marshal(h)
	if err != nil {
		return fmt.Errorf("mail: hold %s: %w", h.Notice.ID, err)
	}
	if _, err := s.kv.Put(ctx, heldKey(h.State, h.Notice.ID), data); err != nil {
		return fmt.Errorf("mail: hold %s: %w", h.Notice.ID, err)
	}
	if from != "" && from != h.State {
		return s.Remove(ctx, from, h.Notice.ID)
	}
	return nil
}

// Remove forgets notice id in state.
func (s *HeldStore) Remove(ctx context.Context, state, id string) error {
	if err := s.kv.Purge(ctx, heldKey(state, id)); err != nil && !errors.Is(err, events.ErrNotFound) {
		return fmt.Errorf("mail: release %s: %w", id, err)
	}
	return nil
}

// Get returns notice id as held in state.
func (s *HeldStore) Get(ctx context.Context, state, id string) (Held, bool, error) {
	e, err := s.kv.Get(ctx, heldKey(state, id))
	if errors.Is(err, events.ErrNotFound) {
		return Held{}, false, nil
	}
	if err != nil {
		return Held{}, false, fmt.Errorf("mail: held %s: %w", id, err)
	}
	var h Held
	if err := json.Unmarshal(e.Value, &h); err != nil {
		return Held{}, false, fmt.Errorf("mail: held %s: %w", id, err)
	}
	return h, true, nil
}

// List returns the notices held in state ("" for every state), in the
// order they were written to the outbox. It reads them in one pass of a
// watcher, which hands each key's latest value, not one read per key:
// the outbox lists the waiting notices every second.
func (s *HeldStore) List(ctx context.Context, state string) ([]Held, error) {
	filter := ">"
	if state != "" {
		filter = state + ".>"
	}
	byKey := map[string]Held{} // a key written while listing may come twice: the last wins
	err := s.kv.Each(ctx, filter, func(e events.KVEntry) error {
		var h Held
		if err := json.Unmarshal(e.Value, &h); err != nil {
			return fmt.Errorf("held %s: %w", e.Key, err)
		}
		byKey[e.Key] = h
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("mail: list held notices: %w", err)
	}
	out := make([]Held, 0, len(byKey))
	for _, h := range byKey {
		out = append(out, h)
	}
	slices.SortFunc(out, func(a, b Held) int { return cmp.Compare(a.Seq, b.Seq) })
	return out, nil
}

// Unmark forgets the bounces of addr, lifting its mark (BounceScores.Clear),
// and returns whether there were any, and how many of its notices are set
// aside as marked, for Retry to send: addr is compared as the mark knows
// it, whatever its case, spaces and angle brackets.
func Unmark(ctx context.Context, store events.Buckets, addr string) (cleared bool, aside int, err error) {
	scores, err := OpenBounceScores(ctx, store)
	if err != nil {
		return false, 0, err
	}
	if cleared, err = scores.Clear(ctx, addr); err != nil {
		return false, 0, err
	}
	held, err := OpenHeld(ctx, store)
	if err != nil {
		return cleared, 0, err
	}
	list, err := held.List(ctx, StateMarked)
	if err != nil {
		return cleared, 0, err
	}
	key := stopKey(addr)
	for _, h := range list {
		if stopKey(h.Notice.To) == key {
			aside++
		}
	}
	return cleared, aside, nil
}

// ErrStillMarked is why a notice set aside as marked is not tried again:
// its recipient's address is marked still (see [BounceScores]).
var ErrStillMarked = errors.New("its address is still marked as bouncing")

// Retry makes the notices held in state due now (the waiting ones) or
// waiting again (the failed, dead and marked ones), so that the outbox of
// a running service tries each once more within a second or so, or the
// next service started on the store does. With id "" it takes every
// notice in state; it returns how many it took. Of the notices set aside
// as marked it takes only those whose address is marked no more: notice
// id to an address still marked is an error wrapping ErrStillMarked.
func Retry(ctx context.Context, store events.Buckets, state, id string) (int, error) {
	s, err := OpenHeld(ctx, store)
	if err != nil {
		return 0, err
	}
	var list []Held
	if id != "" {
		h, ok, err := s.Get(ctx, state, id)
		if err != nil {
			return 0, err
		}
		if !ok {
			return 0, fmt.Errorf("mail: no %s notice %s", state, id)
		}
		list = []Held{h}
	} else if list, err = s.List(ctx, state); err != nil {
		return 0, err
	}
	if state == StateMarked {
		if list, err = unmarked(ctx, store, list); err != nil {
			return 0, err
		}
		if id != "" && len(list) == 0 {
			return 0, fmt.Errorf("mail: retry %s: %w", id, ErrStillMarked)
		}
	}
	for _, h := range list {
		from := h.State
		h.State, h.Next = StateWaiting, time.Time{}
		// Only game mail is set aside as marked (a record made before
		// GameMail was kept says so by its state alone): it is tried
		// as game mail, set aside again while the address is marked.
		h.GameMail = h.GameMail || from == StateMarked
		if err := s.Put(ctx, h, from); err != nil {
			return 0, err
		}
	}
	return len(list), nil
}

// unmarked returns the notices of list whose recipients' addresses are
// marked no more.
func unmarked(ctx context.Context, store events.Buckets, list []Held) ([]Held, error) {
	scores, err := OpenBounceScores(ctx, store)
	if err != nil {
		return nil, err
	}
	out := list[:0:0]
	for _, h := range list {
		marked, err := scores.Marked(ctx, h.Notice.To)
		if err != nil {
			return nil, err
		}
		if !marked {
			out = append(out, h)
		}
	}
	return out, nil
}
