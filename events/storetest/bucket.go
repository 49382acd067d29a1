package storetest

import (
	"context"
	"errors"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/pbem-games/pbem/events"
)

// testBucket holds a KV bucket to what events.KV promises its users: the
// store's own errors for a missing key and a lost race, revisions that
// let a read-change-write lose nothing, and Each and Follow handing what
// the bucket holds.
func testBucket(t *testing.T, e *env) {
	name := "b_" + e.id
	kv, err := e.s.Bucket(ctx(t), name)
	if err != nil {
		t.Fatalf("Bucket(%s) = %v, want nil", name, err)
	}
	t.Cleanup(func() { _ = e.s.DeleteBucket(context.Background(), name) })
	if kv.Name() != name {
		t.Errorf("Name() = %q, want %q", kv.Name(), name)
	}
	if _, err := kv.Get(ctx(t), "a"); !errors.Is(err, events.ErrNotFound) {
		t.Errorf("Get(never written) = %v, want ErrNotFound", err)
	}
	rev, err := kv.Create(ctx(t), "a", []byte("1"))
	if err != nil {
		t.Fatalf("Create(a) = %v, want nil", err)
	}
	if _, err := kv.Create(ctx(t), "a", []byte("2")); !errors.Is(err, events.ErrExists) {
		t.Errorf("Create(a, held) = %v, want ErrExists", err)
	}
	next, err := kv.Update(ctx(t), "a", []byte("3"), rev)
	if err != nil || next <= rev {
		t.Fatalf("Update(a, %d) = %d, %v; want a later revision, nil", rev, next, err)
	}
	if _, err := kv.Update(ctx(t), "a", []byte("4"), rev); !errors.Is(err, events.ErrConflict) {
		t.Errorf("Update(a, stale revision %d) = %v, want ErrConflict", rev, err)
	}
	got, err := kv.Get(ctx(t), "a")
	if err != nil || string(got.Value) != "3" || got.Revision != next || got.Key != "a" || got.Deleted {
		t.Errorf("Get(a) = %+v, %v; want value 3 at revision %d", got, err, next)
	}
	if _, err := kv.Put(ctx(t), "x.1", []byte("x1")); err != nil {
		t.Fatalf("Put(x.1) = %v", err)
	}
	if _, err := kv.Put(ctx(t), "x.2", []byte("x2")); err != nil {
		t.Fatalf("Put(x.2) = %v", err)
	}
	if err := kv.Delete(ctx(t), "x.2"); err != nil {
		t.Fatalf("Delete(x.2) = %v", err)
	}
	if err := kv.Delete(ctx(t), "never"); err != nil {
		t.Errorf("Delete(never written) = %v, want nil", err)
	}
	if _, err := kv.Get(ctx(t), "x.2"); !errors.Is(err, events.ErrNotFound) {
		t.Errorf("Get(deleted) = %v, want ErrNotFound", err)
	}
	// A key deleted is created again: its mark holds no value.
	if _, err := kv.Create(ctx(t), "x.2", []byte("again")); err != nil {
		t.Errorf("Create(deleted key) = %v, want nil", err)
	}
	if err := kv.Purge(ctx(t), "x.2"); err != nil {
		t.Fatalf("Purge(x.2) = %v", err)
	}
	if _, err := kv.Get(ctx(t), "bad key"); !errors.Is(err, events.ErrInvalid) {
		t.Errorf("Get(%q) = %v, want ErrInvalid", "bad key", err)
	}

	keys, err := kv.Keys(ctx(t))
	slices.Sort(keys)
	if err != nil || !slices.Equal(keys, []string{"a", "x.1"}) {
		t.Errorf("Keys() = %q, %v; want [a x.1]", keys, err)
	}
	if n, err := kv.Len(ctx(t)); err != nil || n < 2 {
		t.Errorf("Len() = %d, %v; want at least the 2 values", n, err)
	}
	var each []string
	err = kv.Each(ctx(t), "x.>", func(en events.KVEntry) error { each = append(each, en.Key+"="+string(en.Value)); return nil })
	if err != nil || !slices.Equal(each, []string{"x.1=x1"}) {
		t.Errorf("Each(x.>) handed %q, %v; want [x.1=x1]", each, err)
	}
	stop := errors.New("stop")
	if err := kv.Each(ctx(t), ">", func(events.KVEntry) error { return stop }); err != stop {
		t.Errorf("Each(f failing) = %v, want f's error as it is", err)
	}

	followCtx, cancel := context.WithCancel(ctx(t))
	var mu sync.Mutex
	seen := map[string]bool{} // key: holds a value
	done, err := kv.Follow(followCtx, func(en events.KVEntry) {
		mu.Lock()
		seen[en.Key] = !en.Deleted
		mu.Unlock()
	})
	if err != nil {
		cancel()
		t.Fatalf("Follow() = %v, want nil", err)
	}
	mu.Lock()
	if !seen["a"] || !seen["x.1"] || seen["x.2"] {
		t.Errorf("Follow handed %v before returning, want a and x.1 holding values, x.2 not", seen)
	}
	mu.Unlock()
	if err := kv.Delete(ctx(t), "a"); err != nil {
		t.Fatal(err)
	}
	if _, err := kv.Put(ctx(t), "b", []byte("new")); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(10 * time.Second)
	for {
		mu.Lock()
		ok := !seen["a"] && seen["b"]
		mu.Unlock()
		if ok {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("Follow handed %v after a was deleted and b written, want a deleted and b holding a value", seen)
		}
		time.Sleep(10 * time.Millisecond)
	}
	cancel()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Errorf("Follow's channel is still open 10s after its context ended")
	}
}
