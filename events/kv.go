package events

import (
	"context"
	"errors"
	"fmt"

	"github.com/nats-io/nats.go/jetstream"
)

// KV is one key-value bucket kept in the store's JetStream (Buckets). Its
// values carry a revision, which grows with every write of the bucket, so
// that a read-change-write loses no other writer's change: read with Get,
// write with Create (no value yet) or Update (still at the revision read),
// and read again on ErrExists or ErrConflict.
//
// Every method may also return ErrClosed once the store is closed, and an
// error of the server's or the network's that is none of the named ones.
type KV interface {
	// Name is the bucket's name, as given to Buckets.Bucket.
	Name() string
	// Get returns key's value. Errors: ErrNotFound when key holds no
	// value (never written, deleted or purged), ErrInvalid for a key
	// that is not one.
	Get(ctx context.Context, key string) (KVEntry, error)
	// Put stores value at key, whatever it held, and returns its
	// revision. Errors: ErrInvalid for a key that is not one.
	Put(ctx context.Context, key string, value []byte) (uint64, error)
	// Create stores value at key only if key holds no value, and returns
	// its revision. Errors: ErrExists when it holds one (another writer
	// came first).
	Create(ctx context.Context, key string, value []byte) (uint64, error)
	// Update stores value at key only if key's value is still at
	// revision rev, and returns the new revision. Errors: ErrConflict
	// when it moved on (another writer came first).
	Update(ctx context.Context, key string, value []byte, rev uint64) (uint64, error)
	// Delete removes key's value, leaving a mark that followers see; a
	// key without value is no error. Errors: ErrInvalid for a key that
	// is not one.
	Delete(ctx context.Context, key string) error
	// Purge is Delete that also erases the key's earlier values. Errors:
	// as Delete.
	Purge(ctx context.Context, key string) error
	// Keys returns the keys that hold a value, in no order. Errors: only
	// the server's.
	Keys(ctx context.Context) ([]string, error)
	// Len returns how many values the bucket keeps, the deleted ones'
	// marks included: one read, however large the bucket. Errors: only
	// the server's.
	Len(ctx context.Context) (uint64, error)
	// Each hands f the latest value of every key that holds one and
	// matches filter (">" for every key, "a.>" for those under "a.", "*"
	// for one token), in the order they were written, and returns once
	// all are handed. Errors: f's own error, as it returned it; one
	// wrapping ctx's error when ctx ends first; ErrInvalid for a filter
	// that is not one.
	Each(ctx context.Context, filter string, f func(KVEntry) error) error
	// Follow hands f every key's latest entry, the deleted ones too (as
	// Deleted), and returns once the bucket as it stands is handed; from
	// then on it hands f each change, from a goroutine of its own, until
	// ctx ends, and then closes the channel it returned. f is never
	// called twice at once. Errors: one wrapping ctx's error when ctx
	// ends before the bucket is handed.
	Follow(ctx context.Context, f func(KVEntry)) (<-chan struct{}, error)
}

// KVEntry is a key's value in a KV bucket, or the mark of its deletion.
type KVEntry struct {
	Key      string
	Value    []byte
	Revision uint64 // grows with every write of the bucket
	Deleted  bool   // deleted or purged: Value is empty (handed only by Follow)
}

// kv is a KV on a JetStream bucket, translating its errors into the
// store's.
type kv struct {
	s  *Store
	kv jetstream.KeyValue
}

var _ KV = kv{}

func (b kv) Name() string { return b.kv.Bucket() }

func (b kv) Get(ctx context.Context, key string) (KVEntry, error) {
	if err := b.s.checkOpen("get " + b.what(key)); err != nil {
		return KVEntry{}, err
	}
	e, err := b.kv.Get(ctx, key)
	if err != nil {
		return KVEntry{}, b.fail("get", key, err)
	}
	return entry(e), nil
}

func (b kv) Put(ctx context.Context, key string, value []byte) (uint64, error) {
	if err := b.s.checkOpen("put " + b.what(key)); err != nil {
		return 0, err
	}
	rev, err := b.kv.Put(ctx, key, value)
	if err != nil {
		return 0, b.fail("put", key, err)
	}
	return rev, nil
}

func (b kv) Create(ctx context.Context, key string, value []byte) (uint64, error) {
	if err := b.s.checkOpen("create " + b.what(key)); err != nil {
		return 0, err
	}
	rev, err := b.kv.Create(ctx, key, value)
	if kvConflict(err) {
		return 0, fmt.Errorf("events: create %s: %w", b.what(key), ErrExists)
	}
	if err != nil {
		return 0, b.fail("create", key, err)
	}
	return rev, nil
}

func (b kv) Update(ctx context.Context, key string, value []byte, rev uint64) (uint64, error) {
	if err := b.s.checkOpen("update " + b.what(key)); err != nil {
		return 0, err
	}
	next, err := b.kv.Update(ctx, key, value, rev)
	if kvConflict(err) {
		return 0, fmt.Errorf("events: update %s at revision %d: %w", b.what(key), rev, ErrConflict)
	}
	if err != nil {
		return 0, b.fail("update", key, err)
	}
	return next, nil
}

func (b kv) Delete(ctx context.Context, key string) error {
	if err := b.s.checkOpen("delete " + b.what(key)); err != nil {
		return err
	}
	if err := b.kv.Delete(ctx, key); err != nil && !errors.Is(err, jetstream.ErrKeyNotFound) {
		return b.fail("delete", key, err)
	}
	return nil
}

func (b kv) Purge(ctx context.Context, key string) error {
	if err := b.s.checkOpen("purge " + b.what(key)); err != nil {
		return err
	}
	if err := b.kv.Purge(ctx, key); err != nil && !errors.Is(err, jetstream.ErrKeyNotFound) {
		return b.fail("purge", key, err)
	}
	return nil
}

func (b kv) Keys(ctx context.Context) ([]string, error) {
	if err := b.s.checkOpen("keys of bucket " + b.Name()); err != nil {
		return nil, err
	}
	l, err := b.kv.ListKeys(ctx)
	if err != nil {
		return nil, fmt.Errorf("events: keys of bucket %s: %w", b.Name(), err)
	}
	var keys []string
	for k := range l.Keys() {
		keys = append(keys, k)
	}
	return keys, nil
}

func (b kv) Len(ctx context.Context) (uint64, error) {
	if err := b.s.checkOpen("size of bucket " + b.Name()); err != nil {
		return 0, err
	}
	st, err := b.kv.Status(ctx)
	if err != nil {
		return 0, fmt.Errorf("events: size of bucket %s: %w", b.Name(), err)
	}
	return st.Values(), nil
}

func (b kv) Each(ctx context.Context, filter string, f func(KVEntry) error) error {
	if err := b.s.checkOpen("read bucket " + b.Name()); err != nil {
		return err
	}
	w, err := b.kv.WatchFiltered(ctx, []string{filter}, jetstream.IgnoreDeletes())
	if err != nil {
		return b.fail("read", filter, err)
	}
	defer w.Stop()
	for {
		select {
		case <-ctx.Done():
			return fmt.Errorf("events: read bucket %s: %w", b.Name(), ctx.Err())
		case e, ok := <-w.Updates():
			if !ok {
				if err := context.Cause(ctx); err != nil {
					return fmt.Errorf("events: read bucket %s: the watch ended: %w", b.Name(), err)
				}
				return fmt.Errorf("events: read bucket %s: the watch ended before every value came", b.Name())
			}
			if e == nil {
				return nil // every key's value so far has come
			}
			if err := f(entry(e)); err != nil {
				return err
			}
		}
	}
}

func (b kv) Follow(ctx context.Context, f func(KVEntry)) (<-chan struct{}, error) {
	if err := b.s.checkOpen("follow bucket " + b.Name()); err != nil {
		return nil, err
	}
	w, err := b.kv.WatchAll(ctx)
	if err != nil {
		return nil, fmt.Errorf("events: follow bucket %s: %w", b.Name(), err)
	}
	for e := range w.Updates() {
		if e == nil { // the bucket as it stands is handed
			done := make(chan struct{})
			go func() {
				defer close(done)
				for e := range w.Updates() { // closed when ctx ends
					if e != nil {
						f(entry(e))
					}
				}
			}()
			return done, nil
		}
		f(entry(e))
	}
	_ = w.Stop()
	return nil, fmt.Errorf("events: follow bucket %s: %w", b.Name(), context.Cause(ctx))
}

// what names key in the bucket for an error.
func (b kv) what(key string) string { return "key " + key + " of bucket " + b.Name() }

// fail wraps err of a request about key, translating what the store
// names.
func (b kv) fail(op, key string, err error) error {
	switch {
	case errors.Is(err, jetstream.ErrKeyNotFound), errors.Is(err, jetstream.ErrKeyDeleted):
		err = ErrNotFound
	case errors.Is(err, jetstream.ErrInvalidKey):
		err = fmt.Errorf("%w: %w", ErrInvalid, err)
	}
	return fmt.Errorf("events: %s %s: %w", op, b.what(key), err)
}

func entry(e jetstream.KeyValueEntry) KVEntry {
	return KVEntry{Key: e.Key(), Value: e.Value(), Revision: e.Revision(), Deleted: e.Operation() != jetstream.KeyValuePut}
}

// kvConflict reports whether err is JetStream's refusal of a KV create
// or update that another writer came before: "key exists", "revision
// mismatch", or the stream's wrong last sequence (10071, or 10164 on a
// replicated bucket), which some paths return bare.
func kvConflict(err error) bool {
	return err != nil && (errors.Is(err, jetstream.ErrKeyExists) || errors.Is(err, jetstream.ErrKeyRevisionMismatch) || isWrongSequence(err))
}
