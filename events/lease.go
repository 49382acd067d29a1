package events

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"sync"
	"time"
)

// LeaseBucket is the KV bucket of the leases: which process runs each part
// of the service that must run in one process at a time.
const LeaseBucket = "pbem_leases"

// DefaultLeaseTTL is how long a lease lasts when its holder stops renewing
// it: a part of a process that died runs again elsewhere within it.
const DefaultLeaseTTL = 10 * time.Second

// Lease is the right to run one part of the service (reading the mailbox,
// the outbox…), held by one process at a time among all those that share
// the store. A lease is a key of LeaseBucket naming its holder and until
// when it holds; it is taken with the key's revision (JetStream's
// compare-and-set), so two processes never take it at once, and renewed
// every quarter of its time. A holder that fails to renew it, or finds
// another holder, stops its part at once; one that cannot reach the store
// stops it once the lease would have run out. The processes' clocks must
// agree to well within the lease's time, as NTP keeps them.
type Lease struct {
	Store Buckets
	Name  string // the part's name: the key
	// Owner names the process asking, the same across its restarts: a
	// process that comes back after a crash takes its leases again at once,
	// not after they run out. Two live processes must not share a name.
	Owner string
	TTL   time.Duration    // 0: DefaultLeaseTTL
	Now   func() time.Time // nil: time.Now

	mu        sync.Mutex
	until     time.Time     // when the lease as this process last wrote it runs out; zero: not held
	yield     chan struct{} // Yield's request to the holder
	notBefore time.Time     // after a Yield, when this process may take the lease again
}

// leaseValue is a lease's key's value.
type leaseValue struct {
	Owner string    `json:"owner"`
	Until time.Time `json:"until"`
}

// Held reports whether this process holds the lease now, as far as it
// knows: it took or renewed it and the time it wrote has not run out, with
// a margin of a quarter of it, so that its part has stopped before any
// other process may take the lease. A
// part checks it before an effect that another holder would repeat (a
// mail sent), for a process stopped for longer than the lease (SIGSTOP, a
// long pause of the machine) comes back thinking it holds it.
func (l *Lease) Held() bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	return !l.until.IsZero() && l.now().Before(l.until.Add(-l.ttl()/4))
}

// Yield gives the lease up if this process holds it, so that another
// process takes the part over: the part stops, the lease is released, and
// this process does not take it again for twice the lease's time (unless
// nobody else has by then). It shares the parts out among processes.
func (l *Lease) Yield() {
	l.mu.Lock()
	ch := l.yield
	l.mu.Unlock()
	if ch != nil && l.Held() {
		select {
		case ch <- struct{}{}:
		default:
		}
	}
}

// Run runs part whenever this process holds the lease, until ctx ends:
// it takes the lease when it is free, run out or its owner's own, and
// then runs part with a context that ends when the lease is lost (a
// renewal refused, or the lease run out unrenewed). When part returns an
// error while the lease is held, Run returns it; when the lease is lost,
// Run waits to take it again. held, when not nil, is told each time the
// lease is taken (true) or lost (false).
func (l *Lease) Run(ctx context.Context, part func(context.Context) error, held func(bool)) error {
	var kv KV
	for { // the store away (a node of the cluster down): ask again
		var err error
		if kv, err = l.Store.Bucket(ctx, LeaseBucket); err == nil {
			break
		}
		select {
		case <-ctx.Done():
			return nil
		case <-time.After(l.ttl() / 4):
		}
	}
	l.mu.Lock()
	l.yield = make(chan struct{}, 1)
	l.mu.Unlock()
	for {
		l.mu.Lock()
		wait := l.notBefore.Sub(l.now())
		l.mu.Unlock()
		if wait > 0 {
			select {
			case <-ctx.Done():
				return nil
			case <-time.After(wait):
			}
		}
		rev, err := l.take(ctx, kv)
		if err != nil {
			if ctx.Err() != nil {
				return nil
			}
			select { // the store unreachable, or held by another: ask again
			case <-ctx.Done():
				return nil
			case <-time.After(l.ttl() / 4):
			}
			continue
		}
		if held != nil {
			held(true)
		}
		err = l.hold(ctx, kv, rev, part)
		l.mu.Lock()
		l.until = time.Time{}
		l.mu.Unlock()
		if held != nil {
			held(false)
		}
		if err != nil || ctx.Err() != nil {
			return err
		}
	}
}

// errLeaseHeld says another process holds the lease.
var errLeaseHeld = errors.New("held by another process")

// take takes the lease if it may, and returns its revision.
func (l *Lease) take(ctx context.Context, kv KV) (uint64, error) {
	now := l.now()
	val, err := json.Marshal(leaseValue{Owner: l.Owner, Until: now.Add(l.ttl())})
	if err != nil {
		return 0, err
	}
	e, err := kv.Get(ctx, l.Name)
	var rev uint64
	switch {
	case errors.Is(err, ErrNotFound):
		rev, err = kv.Create(ctx, l.Name, val)
	case err != nil:
		return 0, err
	default:
		var cur leaseValue
		if json.Unmarshal(e.Value, &cur) == nil && cur.Owner != l.Owner && now.Before(cur.Until) {
			return 0, errLeaseHeld
		}
		rev, err = kv.Update(ctx, l.Name, val, e.Revision)
	}
	if err != nil {
		return 0, err
	}
	l.mu.Lock()
	l.until = now.Add(l.ttl())
	l.mu.Unlock()
	return rev, nil
}

// hold runs part while it renews the lease, from revision rev, and stops
// it when the lease is lost; it returns part's error, nil when the lease
// was lost or ctx ended.
func (l *Lease) hold(ctx context.Context, kv KV, rev uint64, part func(context.Context) error) error {
	select {
	case <-l.yield: // asked while it was not held
	default:
	}
	pctx, stop := context.WithCancel(ctx)
	defer stop()
	done := make(chan error, 1)
	go func() { done <- part(pctx) }()
	tick := time.NewTicker(l.ttl() / 4)
	defer tick.Stop()
	for {
		l.mu.Lock()
		left := l.until.Add(-l.ttl() / 4).Sub(l.now()) // until Held says no
		l.mu.Unlock()
		expire := time.NewTimer(max(left, 0))
		select {
		case err := <-done:
			expire.Stop()
			if ctx.Err() != nil {
				l.release(kv, rev) // the process stops: another may take over at once
				return nil
			}
			if pctx.Err() != nil {
				return nil // the lease was lost
			}
			l.release(kv, rev)
			return err
		case <-tick.C:
		case <-expire.C:
		case <-l.yield:
			expire.Stop()
			stop()
			<-done
			l.release(kv, rev)
			l.mu.Lock()
			l.notBefore = l.now().Add(2 * l.ttl())
			l.mu.Unlock()
			return nil
		}
		expire.Stop()
		if !l.Held() {
			stop() // run out unrenewed: the process was stopped, or the store away
			<-done
			return nil
		}
		now := l.now()
		val, err := json.Marshal(leaseValue{Owner: l.Owner, Until: now.Add(l.ttl())})
		if err != nil {
			stop()
			<-done
			return err
		}
		next, err := kv.Update(ctx, l.Name, val, rev)
		switch {
		case err == nil:
			rev = next
			l.mu.Lock()
			l.until = now.Add(l.ttl())
			l.mu.Unlock()
		case errors.Is(err, ErrConflict):
			stop() // another process took it
			<-done
			return nil
		}
		// Any other error: the store is away; the lease holds until it
		// runs out, and Held says so at the next tick.
	}
}

// LeaseHolders lists, of the leases whose names begin with prefix, the
// holders whose time has not run out, by lease name.
func LeaseHolders(ctx context.Context, store Buckets, prefix string, now time.Time) (map[string]string, error) {
	kv, err := store.Bucket(ctx, LeaseBucket)
	if err != nil {
		return nil, err
	}
	keys, err := kv.Keys(ctx)
	if err != nil {
		return nil, err
	}
	out := map[string]string{}
	for _, key := range keys {
		if !strings.HasPrefix(key, prefix) {
			continue
		}
		e, err := kv.Get(ctx, key)
		if errors.Is(err, ErrNotFound) {
			continue
		}
		if err != nil {
			return nil, err
		}
		var v leaseValue
		if json.Unmarshal(e.Value, &v) == nil && now.Before(v.Until) {
			out[key] = v.Owner
		}
	}
	return out, nil
}

// release gives the lease up, if it is still at revision rev, so that
// another process takes it over without waiting for it to run out.
func (l *Lease) release(kv KV, rev uint64) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	val, err := json.Marshal(leaseValue{Owner: l.Owner, Until: l.now()})
	if err == nil {
		_, _ = kv.Update(ctx, l.Name, val, rev) // a lease another took meanwhile is theirs
	}
}

func (l *Lease) ttl() time.Duration {
	if l.TTL > 0 {
		return l.TTL
	}
	return DefaultLeaseTTL
}

func (l *Lease) now() time.Time {
	if l.Now != nil {
		return l.Now()
	}
	return time.Now()
}
