package storetest

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/pbem-games/pbem/events"
)

// delivered is one event as a subscriber saw it.
type delivered struct {
	Game string
	Seq  uint64
}

func (d delivered) String() string { return fmt.Sprintf("%s#%d", d.Game, d.Seq) }

// subscribe runs Subscribe with durable until it has handled n events of
// this run's games, then stops it, and returns those events in the order
// they were handled. fail says which deliveries the handler refuses.
func (e *env) subscribe(durable string, n int, fail func(events.Delivery) bool) []delivered {
	e.t.Helper()
	c, cancel := context.WithCancel(context.Background())
	defer cancel()
	got := make(chan events.Delivery, 100)
	done := make(chan error, 1)
	go func() {
		done <- e.s.Subscribe(c, durable, func(d events.Delivery) error {
			if !strings.HasSuffix(d.Event.Game, "-"+e.id) {
				return nil
			}
			if fail != nil && fail(d) {
				return errors.New("not now")
			}
			got <- d
			return nil
		})
	}()
	var out []delivered
	var last uint64
	timeout := time.After(10 * time.Second)
	for len(out) < n {
		select {
		case d := <-got:
			if d.StreamSeq <= last {
				e.t.Errorf("Subscribe(%s) delivered stream sequence %d after %d", durable, d.StreamSeq, last)
			}
			last = d.StreamSeq
			out = append(out, delivered{d.Event.Game, d.Event.Seq})
		case err := <-done:
			e.t.Fatalf("Subscribe(%s) = %v after %d events, want it to run until cancelled", durable, err, len(out))
		case <-timeout:
			e.t.Fatalf("Subscribe(%s) delivered %v, want %d events", durable, out, n)
		}
	}
	cancel()
	select {
	case err := <-done:
		if err != nil {
			e.t.Errorf("Subscribe(%s) after cancel = %v, want nil", durable, err)
		}
	case <-time.After(10 * time.Second):
		e.t.Fatalf("Subscribe(%s) did not return after cancel", durable)
	}
	close(got)
	for d := range got {
		out = append(out, delivered{d.Event.Game, d.Event.Seq})
	}
	return out
}

// testSubscribe delivers the events of several games in stream order,
// redelivers an event whose handler failed before any later one, and
// resumes after a restart with what was not acknowledged.
func testSubscribe(t *testing.T, e *env) {
	a, b, c := e.game("sa"), e.game("sb"), e.game("sc")
	heads := map[string]events.Head{}
	var all []delivered
	add := func(game string, n int) []delivered {
		h := heads[game]
		heads[game] = e.mustAppend(game, h, moves(t, int(h.Seq), n))
		var ds []delivered
		for s := h.Seq + 1; s <= heads[game].Seq; s++ {
			ds = append(ds, delivered{game, s})
		}
		all = append(all, ds...)
		return ds
	}
	var before []delivered
	for _, x := range []struct {
		game string
		n    int
	}{{a, 1}, {b, 1}, {a, 2}, {c, 1}, {b, 2}} {
		before = append(before, add(x.game, x.n)...)
	}

	durable := "storetest-" + e.id
	failed := 0
	refuse := func(d events.Delivery) bool { // refuse b#1 twice
		if d.Event.Game == b && d.Event.Seq == 1 && failed < 2 {
			failed++
			return true
		}
		return false
	}
	if got := e.subscribe(durable, len(before), refuse); !slices.Equal(got, before) {
		t.Errorf("Subscribe(%s) = %v, want %v", durable, got, before)
	}
	if failed != 2 {
		t.Errorf("Subscribe(%s) handed b#1 to a failing handler %d times, want 2", durable, failed)
	}

	e.restart()
	after := append(add(a, 1), add(c, 1)...)
	if got := e.subscribe(durable, len(after), nil); !slices.Equal(got, after) {
		t.Errorf("Subscribe(%s) after restart = %v, want %v", durable, got, after)
	}
	fresh := durable + "-2"
	if got := e.subscribe(fresh, len(all), nil); !slices.Equal(got, all) {
		t.Errorf("Subscribe(%s) = %v, want %v", fresh, got, all)
	}
}

// catchUp runs CatchUp with durable and returns the events of this run's
// games it handled, in order. fail says which deliveries are refused.
func (e *env) catchUp(durable string, fail func(events.Delivery) bool) ([]delivered, error) {
	e.t.Helper()
	var out []delivered
	// A catch-up after its consumer is deleted reads the whole stream again,
	// the other tests' thousand-odd events included, one at a time: more
	// than one call's usual ten seconds on a busy machine.
	c, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	err := e.s.CatchUp(c, durable, func(d events.Delivery) error {
		if !strings.HasSuffix(d.Event.Game, "-"+e.id) {
			return nil
		}
		if fail != nil && fail(d) {
			return errors.New("not now")
		}
		out = append(out, delivered{d.Event.Game, d.Event.Seq})
		return nil
	})
	return out, err
}

// testCatchUp handles what is stored and returns, resumes where it
// stopped, and starts over once its consumer is deleted.
func testCatchUp(t *testing.T, e *env) {
	x, y := e.game("cx"), e.game("cy")
	hx := e.mustAppend(x, events.Head{}, moves(t, 0, 2))
	e.mustAppend(y, events.Head{}, moves(t, 0, 1))
	hx = e.mustAppend(x, hx, moves(t, 2, 1))
	all := []delivered{{x, 1}, {x, 2}, {y, 1}, {x, 3}}

	durable := "catchup-" + e.id
	refused := false
	refuseLast := func(d events.Delivery) bool { // the last event, once
		if d.Event.Game == x && d.Event.Seq == 3 && !refused {
			refused = true
			return true
		}
		return false
	}
	steps := []struct {
		name   string
		before func()
		fail   func(events.Delivery) bool
		want   []delivered
	}{
		{"everything", nil, refuseLast, all},
		{"nothing new", nil, nil, nil},
		{"one more", func() { e.mustAppend(x, hx, moves(t, 3, 1)) }, nil, []delivered{{x, 4}}},
		{"after delete", func() {
			if err := e.s.DeleteConsumer(ctx(t), durable); err != nil {
				t.Fatalf("DeleteConsumer(%s) = %v, want nil", durable, err)
			}
		}, nil, append(all, delivered{x, 4})},
	}
	for _, st := range steps {
		if st.before != nil {
			st.before()
		}
		got, err := e.catchUp(durable, st.fail)
		if err != nil || !slices.Equal(got, st.want) {
			t.Errorf("CatchUp(%s) %s = %v, %v, want %v, nil", durable, st.name, got, err, st.want)
		}
	}
	if !refused {
		t.Errorf("CatchUp(%s) never offered %s#3 to a failing handler", durable, x)
	}

	if err := e.s.DeleteConsumer(ctx(t), "none-"+e.id); err != nil {
		t.Errorf("DeleteConsumer(none) = %v, want nil", err)
	}
	c, cancel := context.WithCancel(context.Background())
	cancel()
	if err := e.s.CatchUp(c, "cancelled-"+e.id, func(events.Delivery) error { return nil }); !errors.Is(err, context.Canceled) {
		t.Errorf("CatchUp(cancelled context) = %v, want context.Canceled", err)
	}
}
