package storetest

import (
	"context"
	"errors"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/pbem-games/pbem/events"
)

// subscribeKeyed runs SubscribeKeyed with four workers, keyed by subject,
// until it has handled n events of this run's games, and returns them by
// game in the order handled, with the most handled at once.
func (e *env) subscribeKeyed(durable string, n int, fail func(events.Record) bool) (map[string][]uint64, int) {
	e.t.Helper()
	c, cancel := context.WithCancel(context.Background())
	defer cancel()
	var (
		mu          sync.Mutex
		got         = map[string][]uint64{}
		count       int
		busy, most  int
		enough      = make(chan struct{})
		done        = make(chan error, 1)
		enoughClose sync.Once
	)
	go func() {
		done <- e.s.SubscribeKeyed(c, durable, events.GameSubject+">", 4, func(r events.Record) string { return r.Subject },
			func(r events.Record) error {
				if !strings.HasSuffix(r.Subject, "-"+e.id) {
					return nil
				}
				mu.Lock()
				busy++
				most = max(most, busy)
				mu.Unlock()
				time.Sleep(5 * time.Millisecond) // long enough for others to start
				mu.Lock()
				defer mu.Unlock()
				busy--
				if fail != nil && fail(r) {
					return errors.New("not now")
				}
				ev, err := events.Decode(r.Data)
				if err != nil {
					return err
				}
				got[ev.Game] = append(got[ev.Game], ev.Seq)
				if count++; count >= n {
					enoughClose.Do(func() { close(enough) })
				}
				return nil
			})
	}()
	select {
	case <-enough:
	case err := <-done:
		e.t.Fatalf("SubscribeKeyed(%s) = %v after %d events, want it to run until cancelled", durable, err, count)
	case <-time.After(10 * time.Second):
		e.t.Fatalf("SubscribeKeyed(%s) handled %v, want %d events", durable, got, n)
	}
	cancel()
	select {
	case err := <-done:
		if err != nil {
			e.t.Errorf("SubscribeKeyed(%s) after cancel = %v, want nil", durable, err)
		}
	case <-time.After(10 * time.Second):
		e.t.Fatalf("SubscribeKeyed(%s) did not return after cancel", durable)
	}
	mu.Lock()
	defer mu.Unlock()
	return got, most
}

// testSubscribeKeyed handles several games' events at once, each game's
// in order, retries a failing event before its game's next one, and goes
// on after a restart with what was not handled.
func testSubscribeKeyed(t *testing.T, e *env) {
	games := []string{e.game("ka"), e.game("kb"), e.game("kc"), e.game("kd"), e.game("ke"), e.game("kf")}
	heads := map[string]events.Head{}
	want := map[string][]uint64{}
	add := func(n int) int {
		total := 0
		for _, g := range games {
			h := heads[g]
			heads[g] = e.mustAppend(g, h, moves(t, int(h.Seq), n))
			for s := h.Seq + 1; s <= heads[g].Seq; s++ {
				want[g] = append(want[g], s)
				total++
			}
		}
		return total
	}
	n := add(1) + add(2)
	tries := map[uint64]int{}
	fail := func(r events.Record) bool { // each of games[1]'s events fails twice
		if r.Subject == events.GameSubject+games[1] && r.Delivered < 3 {
			tries[r.Delivered]++
			return true
		}
		return false
	}
	durable := "keyed-" + e.id
	got, most := e.subscribeKeyed(durable, n, fail)
	for _, g := range games {
		if !slices.Equal(got[g], want[g]) {
			t.Errorf("SubscribeKeyed(%s) handled %s's events %v, want %v", durable, g, got[g], want[g])
		}
	}
	if most < 2 {
		t.Errorf("SubscribeKeyed(%s, 4 workers) handled at most %d events at once, want more", durable, most)
	}
	if k := len(want[games[1]]); tries[1] != k || tries[2] != k {
		t.Errorf("SubscribeKeyed(%s) offered %d failing events with Delivered %v, want each with 1 then 2", durable, k, tries)
	}

	e.restart()
	clear(want)
	n = add(1)
	got, _ = e.subscribeKeyed(durable, n, nil)
	for _, g := range games {
		if !slices.Equal(got[g], want[g]) {
			t.Errorf("SubscribeKeyed(%s) after restart handled %s's events %v, want %v", durable, g, got[g], want[g])
		}
	}
}
