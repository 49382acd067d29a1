// Package storetest is an acceptance suite for events.Store: anything that
// opens a store, embedded or on a NATS cluster, must pass Run.
package storetest

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"testing"
	"time"

	"github.com/pbem-games/pbem/events"
)

// Opener starts a store whose embedded server, if any, keeps its data in
// dir. It registers no cleanup: the suite closes every store it opens.
type Opener func(t *testing.T, dir string) *events.Store

// Run runs the acceptance suite against the stores open returns. Each
// subtest uses fresh game ids, so a shared external server works too.
func Run(t *testing.T, open func(t *testing.T, dir string) *events.Store) {
	tests := []struct {
		name string
		run  func(t *testing.T, e *env)
	}{
		{"AppendLoad", testAppendLoad},
		{"Conflict", testConflict},
		{"IdempotentRetry", testIdempotentRetry},
		{"AtomicBatch", testAtomicBatch},
		{"Note", testNote},
		{"Status", testStatus},
		{"ManyAtOnce", testManyAtOnce},
		{"ReadAll", testReadAll},
		{"PutOnceWith", testPutOnceWith},
		{"Replace", testReplace},
		{"Rejects", testRejects},
		{"Bucket", testBucket},
		{"Last", testLast},
		{"Erase", testErase},
		{"NotFound", testNotFound},
		{"Subscribe", testSubscribe},
		{"CatchUp", testCatchUp},
		{"SubscribeKeyed", testSubscribeKeyed},
		{"Restart", testRestart},
		{"LoadLong", testLoadLong},
		{"LoadMany", testLoadMany},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tt.run(t, newEnv(t, open))
		})
	}
}

// env is one subtest's store, on its own data directory.
type env struct {
	t    *testing.T
	open Opener
	dir  string
	s    *events.Store
	id   string // random, to keep game ids of different runs apart
}

func newEnv(t *testing.T, open Opener) *env {
	t.Helper()
	var b [6]byte
	if _, err := rand.Read(b[:]); err != nil {
		t.Fatal(err)
	}
	e := &env{t: t, open: open, dir: t.TempDir(), id: hex.EncodeToString(b[:])}
	e.s = open(t, e.dir)
	t.Cleanup(func() {
		if e.s != nil {
			if err := e.s.Close(); err != nil {
				t.Errorf("Close() = %v, want nil", err)
			}
		}
	})
	return e
}

// game returns a game id unique to this run.
func (e *env) game(name string) string { return name + "-" + e.id }

// restart closes the store and opens it again on the same directory.
func (e *env) restart() {
	e.t.Helper()
	s := e.s
	e.s = nil
	if err := s.Close(); err != nil {
		e.t.Fatalf("Close() = %v, want nil", err)
	}
	e.s = e.open(e.t, e.dir)
}

// ctx returns a context that ends with the test, bounded to a few seconds.
func ctx(t *testing.T) context.Context {
	c, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	t.Cleanup(cancel)
	return c
}

var base = time.Date(2024, 5, 1, 12, 0, 0, 0, time.UTC)

// moves returns n unsealed MovePlayed events numbered from first.
func moves(t *testing.T, first, n int) []events.Event {
	t.Helper()
	evs := make([]events.Event, n)
	for i := range evs {
		k := first + i
		p := events.MovePlayed{Seat: k % 2, Move: fmt.Sprintf("m%d", k)}
		ev, err := events.New(events.TypeMovePlayed, k%2, base.Add(time.Duration(k)*time.Second), p)
		if err != nil {
			t.Fatal(err)
		}
		evs[i] = ev
	}
	return evs
}

// sealAfter seals evs after head the way Append does.
func sealAfter(game string, head events.Head, evs []events.Event) []events.Event {
	out := make([]events.Event, len(evs))
	prev := head.Hash
	for i, ev := range evs {
		out[i] = ev.Seal(game, head.Seq+1+uint64(i), prev)
		prev = out[i].Hash
	}
	return out
}

// mustAppend appends evs after head and fails the test on an error.
func (e *env) mustAppend(game string, head events.Head, evs []events.Event, extra ...events.Message) events.Head {
	e.t.Helper()
	h, err := e.s.Append(ctx(e.t), game, head, evs, extra...)
	if err != nil {
		e.t.Fatalf("Append(%s, seq %d, %d events) = %v, want nil", game, head.Seq, len(evs), err)
	}
	return h
}

// checkHistory loads game and compares it with want and head.
func (e *env) checkHistory(game string, want []events.Event, head events.Head) {
	e.t.Helper()
	got, h, err := e.s.Load(ctx(e.t), game)
	if err != nil {
		e.t.Fatalf("Load(%s) = %v, want %d events", game, err, len(want))
	}
	if h != head {
		e.t.Errorf("Load(%s) head = %+v, want %+v", game, h, head)
	}
	if len(got) != len(want) {
		e.t.Fatalf("Load(%s) = %d events, want %d", game, len(got), len(want))
	}
	for i := range want {
		if g, w := got[i].Encode(), want[i].Encode(); !bytes.Equal(g, w) {
			e.t.Errorf("Load(%s)[%d] = %s, want %s", game, i, g, w)
		}
	}
}

// count returns how many messages subject holds.
func (e *env) count(subject string) uint64 {
	e.t.Helper()
	counts, err := e.s.Counts(ctx(e.t), subject)
	if err != nil {
		e.t.Fatal(err)
	}
	return counts[subject]
}

func testAppendLoad(t *testing.T, e *env) {
	tests := []struct {
		name    string
		batches []int // events per Append
	}{
		{"one event", []int{1}},
		{"one batch", []int{3}},
		{"several appends", []int{1, 2, 3, 1}},
	}
	for i, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			game := e.game(fmt.Sprint("al", i))
			var head events.Head
			var want []events.Event
			k := 0
			for _, n := range tt.batches {
				evs := moves(t, k, n)
				k += n
				want = append(want, sealAfter(game, head, evs)...)
				h := e.mustAppend(game, head, evs)
				if h.Seq != head.Seq+uint64(n) || h.Hash != want[len(want)-1].Hash || h.StreamSeq <= head.StreamSeq {
					t.Errorf("Append(%s, seq %d, %d events) = %+v, want seq %d hash %.12s", game, head.Seq, n, h, head.Seq+uint64(n), want[len(want)-1].Hash)
				}
				head = h
			}
			e.checkHistory(game, want, head)
		})
	}
}

// errorsIs reports whether err matches target, for table tests.
func errorsIs(err, target error) bool {
	if target == nil {
		return err == nil
	}
	return errors.Is(err, target)
}
