package mail

import (
	"context"
	"sync"

	"github.com/pbem-games/pbem/events"
)

// keySet is the keys of a bucket whose entries count (an address
// stopped, an address marked), kept in memory as the bucket changes
// while it is followed, so that the outbox asks it before every mail
// without reading the bucket.
type keySet struct {
	mu        sync.Mutex
	following bool
	in        map[string]bool
}

// follow reads kv into s and keeps s as kv changes, until ctx ends;
// counts says whether an entry counts. It returns once kv as it stands
// is read.
func (s *keySet) follow(ctx context.Context, kv events.KV, counts func(events.KVEntry) bool) error {
	set := map[string]bool{}
	done, err := kv.Follow(ctx, func(e events.KVEntry) {
		s.mu.Lock()
		set[e.Key] = counts(e)
		s.mu.Unlock()
	})
	if err != nil {
		return err
	}
	s.mu.Lock()
	s.in, s.following = set, true
	s.mu.Unlock()
	go func() {
		<-done
		s.mu.Lock()
		s.following = false
		s.mu.Unlock()
	}()
	return nil
}

// has says whether key counts, and whether s knows: false while s is
// not followed, when the caller reads the bucket.
func (s *keySet) has(key string) (in, known bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.in[key], s.following
}
