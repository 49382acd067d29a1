package events_test

import (
	"context"
	"encoding/json"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/pbem-games/pbem/events"
	"github.com/pbem-games/pbem/events/storetest"
)

// leaseParts runs a lease of each owner on one store and counts how many
// of their parts run at once.
type leaseParts struct {
	running, most atomic.Int32
	ran           map[string]*atomic.Int32 // times each owner's part started
}

func (lp *leaseParts) part(owner string) func(context.Context) error {
	return func(ctx context.Context) error {
		lp.ran[owner].Add(1)
		n := lp.running.Add(1)
		for {
			m := lp.most.Load()
			if n <= m || lp.most.CompareAndSwap(m, n) {
				break
			}
		}
		<-ctx.Done()
		lp.running.Add(-1)
		return nil
	}
}

// waitHeld waits until exactly one of ls holds its lease, and returns it.
func waitHeld(t *testing.T, within time.Duration, ls ...*events.Lease) *events.Lease {
	t.Helper()
	for deadline := time.Now().Add(within); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		var held []*events.Lease
		for _, l := range ls {
			if l.Held() {
				held = append(held, l)
			}
		}
		if len(held) == 1 {
			return held[0]
		}
		if len(held) > 1 {
			t.Fatalf("%d processes hold the lease at once", len(held))
		}
	}
	t.Fatalf("nobody holds the lease after %v", within)
	return nil
}

// TestLease: of the processes that ask for a part's lease, one runs the
// part at a time; when its holder stops, another takes the lease within
// its time, and a holder whose lease another took stops its part.
func TestLease(t *testing.T) {
	store := storetest.MustOpen(t)
	const ttl = 400 * time.Millisecond
	lp := &leaseParts{ran: map[string]*atomic.Int32{"a": {}, "b": {}, "c": {}}}
	ctxs := map[string]context.CancelFunc{}
	leases := map[string]*events.Lease{}
	var wg sync.WaitGroup
	for _, owner := range []string{"a", "b", "c"} {
		ctx, cancel := context.WithCancel(context.Background())
		ctxs[owner] = cancel
		l := &events.Lease{Store: store, Name: "mailroom", Owner: owner, TTL: ttl}
		leases[owner] = l // the goroutine reads l: the next turn writes the map meanwhile
		wg.Add(1)
		go func() {
			defer wg.Done()
			if err := l.Run(ctx, lp.part(owner), nil); err != nil {
				t.Error(err)
			}
		}()
	}
	defer func() {
		for _, c := range ctxs {
			c()
		}
		wg.Wait()
	}()
	first := waitHeld(t, 2*time.Second, leases["a"], leases["b"], leases["c"])
	time.Sleep(3 * ttl) // renewed, not lost
	if !first.Held() || lp.ran[first.Owner].Load() != 1 {
		t.Fatalf("%s lost its lease while renewing it: held %v, part started %d times", first.Owner, first.Held(), lp.ran[first.Owner].Load())
	}

	// The holder stops (its process ends): another takes over in time.
	stopped := time.Now()
	ctxs[first.Owner]()
	var rest []*events.Lease
	for o, l := range leases {
		if o != first.Owner {
			rest = append(rest, l)
		}
	}
	second := waitHeld(t, 3*ttl, rest...)
	t.Logf("%s took over %v after %s stopped", second.Owner, time.Since(stopped).Round(time.Millisecond), first.Owner)

	// Another process writes itself into the lease (it took it as run
	// out): the holder stops its part.
	kv, err := store.Bucket(context.Background(), events.LeaseBucket)
	if err != nil {
		t.Fatal(err)
	}
	e, err := kv.Get(context.Background(), "mailroom")
	if err != nil {
		t.Fatal(err)
	}
	v, _ := json.Marshal(map[string]any{"owner": "d", "until": time.Now().Add(time.Hour)})
	if _, err := kv.Update(context.Background(), "mailroom", v, e.Revision); err != nil {
		t.Fatal(err)
	}
	for deadline := time.Now().Add(2 * ttl); lp.running.Load() > 0; time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("%s's part still runs after another process took its lease", second.Owner)
		}
	}
	if second.Held() {
		t.Errorf("%s still thinks it holds a lease another took", second.Owner)
	}
	if m := lp.most.Load(); m != 1 {
		t.Errorf("%d parts ran at once", m)
	}
}

// TestLeaseSameOwner: a process that comes back under its name after a
// crash takes its leases again at once, not after they run out; a
// stranger's unexpired lease is left to it.
func TestLeaseSameOwner(t *testing.T) {
	store := storetest.MustOpen(t)
	kv, err := store.Bucket(context.Background(), events.LeaseBucket)
	if err != nil {
		t.Fatal(err)
	}
	v, _ := json.Marshal(map[string]any{"owner": "host-1", "until": time.Now().Add(time.Hour)})
	if _, err := kv.Put(context.Background(), "outbox", v); err != nil {
		t.Fatal(err)
	}
	run := func(owner string) (bool, time.Duration) {
		ctx, cancel := context.WithTimeout(context.Background(), 700*time.Millisecond)
		defer cancel()
		started := time.Now()
		took := make(chan time.Duration, 1)
		l := &events.Lease{Store: store, Name: "outbox", Owner: owner, TTL: time.Second}
		err := l.Run(ctx, func(ctx context.Context) error {
			took <- time.Since(started)
			<-ctx.Done()
			return nil
		}, nil)
		if err != nil {
			t.Fatal(err)
		}
		select {
		case d := <-took:
			return true, d
		default:
			return false, 0
		}
	}
	if took, _ := run("host-2"); took {
		t.Errorf("host-2 took the lease host-1 holds for another hour")
	}
	if took, d := run("host-1"); !took || d > 500*time.Millisecond {
		t.Errorf("host-1, back after a crash, took its own lease: %v after %v", took, d)
	}
	// host-1 dies without giving the lease up: another takes it once it
	// runs out, not before.
	v, _ = json.Marshal(map[string]any{"owner": "host-1", "until": time.Now().Add(300 * time.Millisecond)})
	if _, err := kv.Put(context.Background(), "outbox", v); err != nil {
		t.Fatal(err)
	}
	if took, d := run("host-2"); !took || d < 250*time.Millisecond {
		t.Errorf("host-2 took the lease of host-1, which died 300 ms before it ran out: %v after %v", took, d)
	}
}

// TestLeaseStopped: a holder whose lease runs out unrenewed (its process
// stopped, its clock jumped) stops its part and says it no longer holds
// it.
func TestLeaseStopped(t *testing.T) {
	store := storetest.MustOpen(t)
	var skew atomic.Int64
	l := &events.Lease{Store: store, Name: "clock", Owner: "a", TTL: 400 * time.Millisecond,
		Now: func() time.Time { return time.Now().Add(time.Duration(skew.Load())) }}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	stopped := make(chan struct{})
	go func() {
		_ = l.Run(ctx, func(ctx context.Context) error {
			<-ctx.Done()
			select {
			case stopped <- struct{}{}:
			default:
			}
			return nil
		}, nil)
	}()
	waitHeld(t, 2*time.Second, l)
	skew.Store(int64(time.Hour)) // the process wakes an hour later
	if l.Held() {
		t.Errorf("a lease an hour past its time is held")
	}
	select {
	case <-stopped:
	case <-time.After(time.Second):
		t.Fatalf("the part runs on with its lease run out")
	}
}

// TestLeaseYield: a holder that yields stops its part and gives the lease
// up, another process takes it, and the one that yielded does not take
// it back at once; LeaseHolders names the holders.
func TestLeaseYield(t *testing.T) {
	store := storetest.MustOpen(t)
	const ttl = 400 * time.Millisecond
	lp := &leaseParts{ran: map[string]*atomic.Int32{"a": {}, "b": {}}}
	ctx, cancel := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	defer func() { cancel(); wg.Wait() }()
	a := &events.Lease{Store: store, Name: "outbox", Owner: "a", TTL: ttl}
	wg.Add(1)
	go func() { defer wg.Done(); _ = a.Run(ctx, lp.part("a"), nil) }()
	waitHeld(t, 2*time.Second, a)
	b := &events.Lease{Store: store, Name: "outbox", Owner: "b", TTL: ttl}
	wg.Add(1)
	go func() { defer wg.Done(); _ = b.Run(ctx, lp.part("b"), nil) }()
	if h, err := events.LeaseHolders(ctx, store, "out", time.Now()); err != nil || h["outbox"] != "a" {
		t.Fatalf("LeaseHolders = %v, %v; want a holding the outbox", h, err)
	}
	a.Yield()
	for deadline := time.Now().Add(2 * ttl); !b.Held(); time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("b did not take the lease a gave up")
		}
	}
	time.Sleep(ttl)
	if a.Held() || lp.ran["a"].Load() != 1 || lp.most.Load() != 1 {
		t.Errorf("after yielding: a holds %v, a's part started %d times, %d parts ran at once", a.Held(), lp.ran["a"].Load(), lp.most.Load())
	}
}
