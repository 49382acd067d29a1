package storetest

import (
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/pbem-games/pbem/events"
)

// testConflict has two writers append after the same head at once:
// exactly one wins, the other gets ErrConflict, and the history is the
// winner's.
func testConflict(t *testing.T, e *env) {
	tests := []struct {
		name   string
		before int // events already in the game
		a, b   int // events each writer appends
	}{
		{"first event", 0, 1, 1},
		{"after history", 2, 1, 1},
		{"batches", 1, 3, 2},
	}
	for i, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			game := e.game(fmt.Sprint("cf", i))
			var head events.Head
			var hist []events.Event
			if tt.before > 0 {
				evs := moves(t, 0, tt.before)
				hist = sealAfter(game, head, evs)
				head = e.mustAppend(game, head, evs)
			}
			writes := [][]events.Event{moves(t, 100, tt.a), moves(t, 200, tt.b)}
			heads := make([]events.Head, 2)
			errs := make([]error, 2)
			var wg sync.WaitGroup
			for w := range writes {
				wg.Go(func() {
					heads[w], errs[w] = e.s.Append(ctx(t), game, head, writes[w])
				})
			}
			wg.Wait()
			winner := -1
			for w, err := range errs {
				switch {
				case err == nil && winner < 0:
					winner = w
				case err == nil:
					t.Errorf("Append(%s, seq %d) by both writers = nil, nil, want one ErrConflict", game, head.Seq)
				case !errors.Is(err, events.ErrConflict):
					t.Errorf("Append(%s, seq %d) by writer %d = %v, want nil or ErrConflict", game, head.Seq, w, err)
				}
			}
			if winner < 0 {
				t.Fatalf("Append(%s, seq %d) by two writers = %v, %v, want one nil", game, head.Seq, errs[0], errs[1])
			}
			want := append(hist, sealAfter(game, head, writes[winner])...)
			e.checkHistory(game, want, heads[winner])
		})
	}
}

// testIdempotentRetry appends, then appends the very same thing again, as
// a writer does when its acknowledgement was lost: the retry succeeds with
// the same head and nothing is stored twice. Once someone else has
// appended, the retry is a conflict.
func testIdempotentRetry(t *testing.T, e *env) {
	tests := []struct {
		name    string
		n       int  // events in the append
		extra   bool // with a secret message
		msgID   bool // the secret message has a message id
		between int  // events someone else appends before the retry
		wantErr error
	}{
		{"one event", 1, false, false, 0, nil},
		{"batch", 3, false, false, 0, nil},
		{"batch with extra", 2, true, true, 0, nil},
		{"extra without id", 1, true, false, 0, nil},
		{"overtaken", 1, false, false, 1, events.ErrConflict},
		{"overtaken batch", 2, true, true, 2, events.ErrConflict},
	}
	for i, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			game := e.game(fmt.Sprint("ir", i))
			first := moves(t, 0, 1)
			head := e.mustAppend(game, events.Head{}, first)
			hist := sealAfter(game, events.Head{}, first)
			secret := events.SecretSubject + game
			var extra []events.Message
			if tt.extra {
				x := events.Message{Subject: secret, Data: []byte("seed " + game)}
				if tt.msgID {
					x.MsgID = game + ".secret"
				}
				extra = append(extra, x)
			}
			evs := moves(t, 1, tt.n)
			h1 := e.mustAppend(game, head, evs, extra...)
			hist = append(hist, sealAfter(game, head, evs)...)
			if tt.between > 0 {
				other := moves(t, 50, tt.between)
				hist = append(hist, sealAfter(game, h1, other)...)
				h1 = e.mustAppend(game, h1, other)
			}

			h2, err := e.s.Append(ctx(t), game, head, evs, extra...)
			if !errorsIs(err, tt.wantErr) {
				t.Fatalf("Append(%s, seq %d) again = %v, want %v", game, head.Seq, err, tt.wantErr)
			}
			if err == nil && h2 != h1 {
				t.Errorf("Append(%s, seq %d) again = %+v, want %+v", game, head.Seq, h2, h1)
			}
			e.checkHistory(game, hist, h1)
			var wantExtra uint64
			if tt.extra {
				wantExtra = 1
			}
			if got := e.count(secret); got != wantExtra {
				t.Errorf("messages on %s = %d, want %d", secret, got, wantExtra)
			}
		})
	}
}

// testAtomicBatch appends events with extra messages on other subjects: a
// batch after the right head stores all of them, one after a stale head
// none, the extra messages included.
func testAtomicBatch(t *testing.T, e *env) {
	game := e.game("ab")
	created, err := events.New(events.TypeGameCreated, events.SystemActor, base, events.GameCreated{Game: "test", Host: "host"})
	if err != nil {
		t.Fatal(err)
	}
	secret := events.SecretSubject + game
	mail := "pbem.mail." + game
	evs := append([]events.Event{created}, moves(t, 0, 2)...)
	head := e.mustAppend(game, events.Head{}, evs,
		events.Message{Subject: secret, MsgID: game + ".seed", Data: []byte("seed")},
		events.Message{Subject: mail, Data: []byte("mail 1")})
	hist := sealAfter(game, events.Head{}, evs)
	stale := head
	stale.StreamSeq--

	tests := []struct {
		name string
		head events.Head
	}{
		{"empty head", events.Head{}},
		{"stale stream sequence", stale},
		{"earlier head", events.Head{Seq: 1, Hash: hist[0].Hash, StreamSeq: head.StreamSeq - 2}},
	}
	for i, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			other := fmt.Sprintf("%s.%d", mail, i)
			_, err := e.s.Append(ctx(t), game, tt.head, moves(t, 10, 2),
				events.Message{Subject: secret, Data: []byte("other seed")},
				events.Message{Subject: other, MsgID: other, Data: []byte("mail 2")})
			if !errors.Is(err, events.ErrConflict) {
				t.Errorf("Append(%s, %+v) = %v, want ErrConflict", game, tt.head, err)
			}
			if _, err := e.s.Last(ctx(t), other); !errors.Is(err, events.ErrNotFound) {
				t.Errorf("Last(%s) = %v, want ErrNotFound", other, err)
			}
			if got, err := e.s.Last(ctx(t), secret); err != nil || string(got) != "seed" {
				t.Errorf("Last(%s) = %q, %v, want %q", secret, got, err, "seed")
			}
			e.checkHistory(game, hist, head)
		})
	}
}

// testRejects checks appends that are wrong whatever the history.
func testRejects(t *testing.T, e *env) {
	game := e.game("rj")
	tests := []struct {
		name  string
		game  string
		evs   []events.Event
		extra []events.Message
	}{
		{"empty game id", "", moves(t, 0, 1), nil},
		{"game id with dot", game + ".x", moves(t, 0, 1), nil},
		{"game id with wildcard", game + "*", moves(t, 0, 1), nil},
		{"no events", game, nil, nil},
		{"extra on the game subject", game, moves(t, 0, 1), []events.Message{{Subject: events.GameSubject + game, Data: []byte("x")}}},
		{"extra without subject", game, moves(t, 0, 1), []events.Message{{Data: []byte("x")}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := e.s.Append(ctx(t), tt.game, events.Head{}, tt.evs, tt.extra...)
			if err == nil || errors.Is(err, events.ErrConflict) {
				t.Errorf("Append(%q, %d events, %d extra) = %v, want an error other than ErrConflict", tt.game, len(tt.evs), len(tt.extra), err)
			}
		})
	}
	if _, _, err := e.s.Load(ctx(t), game); !errors.Is(err, events.ErrNotFound) {
		t.Errorf("Load(%s) after rejected appends = %v, want ErrNotFound", game, err)
	}

	// An extra message id used by another game's append is not a conflict.
	used := events.Message{Subject: "pbem.mail." + game, MsgID: "mail-" + game, Data: []byte("x")}
	e.mustAppend(e.game("rj-other"), events.Head{}, moves(t, 0, 1), used)
	_, err := e.s.Append(ctx(t), game, events.Head{}, moves(t, 0, 2), used)
	if err == nil || errors.Is(err, events.ErrConflict) {
		t.Errorf("Append(%s) with a used extra message id = %v, want an error other than ErrConflict", game, err)
	}
	if _, _, err := e.s.Load(ctx(t), game); !errors.Is(err, events.ErrNotFound) {
		t.Errorf("Load(%s) after a used extra message id = %v, want ErrNotFound", game, err)
	}
}

// testNote appends with and without a note: only each Append's last event
// carries the Seq of its first and the note, for a reader of the history
// and for a durable consumer alike; a note that would pass for
// JetStream's own headers is refused.
func testNote(t *testing.T, e *env) {
	game := e.game("nt")
	head, err := e.s.AppendNoted(ctx(t), game, events.Head{}, moves(t, 0, 3), map[string]string{"Pbem-Reply-To": "<m1@example.org>"})
	if err != nil {
		t.Fatal(err)
	}
	e.mustAppend(game, head, moves(t, 3, 1))
	_, err = e.s.AppendNoted(ctx(t), game, head, moves(t, 3, 1), map[string]string{"Nats-Msg-Id": "x"})
	if err == nil || errors.Is(err, events.ErrConflict) {
		t.Errorf("AppendNoted with a Nats- header = %v, want an error other than ErrConflict", err)
	}
	want := []string{"", "", "1 <m1@example.org>", "4 "}
	check := func(how string, got []string) {
		t.Helper()
		if fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("%s: batch first and note of each event = %q, want %q", how, got, want)
		}
	}
	of := func(r events.Record) string {
		first, ok := r.BatchFirst()
		if !ok {
			return ""
		}
		return fmt.Sprintf("%d %s", first, r.Header["Pbem-Reply-To"])
	}
	var read []string
	if _, err := e.s.ReadAll(ctx(t), events.GameSubject+game, func(r events.Record) error {
		read = append(read, of(r))
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	check("ReadAll", read)
	var caught []string
	if err := e.s.CatchUpRecords(ctx(t), "note-"+e.id, events.GameSubject+game, func(r events.Record) error {
		caught = append(caught, of(r))
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	check("CatchUpRecords", caught)
}

// testStatus: what the store says of a durable consumer, of subjects and
// of a bucket.
func testStatus(t *testing.T, e *env) {
	game := e.game("st")
	durable := "status-" + e.id
	if _, err := e.s.Consumer(ctx(t), durable); !errors.Is(err, events.ErrNotFound) {
		t.Errorf("Consumer of one never started = %v, want ErrNotFound", err)
	}
	head := e.mustAppend(game, events.Head{}, moves(t, 0, 3))
	if err := e.s.CatchUpRecords(ctx(t), durable, events.GameSubject+game, func(events.Record) error { return nil }); err != nil {
		t.Fatal(err)
	}
	e.mustAppend(game, head, moves(t, 3, 2))
	c, err := e.s.Consumer(ctx(t), durable)
	if err != nil || c.Pending != 2 || c.AckFloor != head.StreamSeq || c.Filter != events.GameSubject+game {
		t.Errorf("Consumer = %+v, %v; want 2 pending after stream sequence %d on %s", c, err, head.StreamSeq, events.GameSubject+game)
	}
	if at, err := e.s.StoredAt(ctx(t), c.AckFloor+1, c.Filter); err != nil || time.Since(at) > time.Minute {
		t.Errorf("StoredAt the first pending = %v, %v; want a moment ago", at, err)
	}
	if counts, err := e.s.Counts(ctx(t), events.GameSubject+game); err != nil || counts[events.GameSubject+game] != 5 {
		t.Errorf("Counts = %v, %v; want 5 on the game's subject", counts, err)
	}
	for range 2 {
		kv, err := e.s.Bucket(ctx(t), "status_"+e.id)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := kv.Put(ctx(t), "k", []byte("v")); err != nil {
			t.Fatal(err)
		}
	}
}
