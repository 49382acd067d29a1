package storetest

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/pbem-games/pbem/events"
)

// testLast reads the last message of subjects.
func testLast(t *testing.T, e *env) {
	game := e.game("ls")
	secret := events.SecretSubject + game
	head := e.mustAppend(game, events.Head{}, moves(t, 0, 1), events.Message{Subject: secret, Data: []byte("first")})
	e.mustAppend(game, head, moves(t, 1, 1), events.Message{Subject: secret, Data: []byte("second")})

	tests := []struct {
		subject string
		want    string
		wantErr error
	}{
		{secret, "second", nil},
		{events.SecretSubject + e.game("none"), "", events.ErrNotFound},
	}
	for _, tt := range tests {
		got, err := e.s.Last(ctx(t), tt.subject)
		if !errorsIs(err, tt.wantErr) || string(got) != tt.want {
			t.Errorf("Last(%s) = %q, %v, want %q, %v", tt.subject, got, err, tt.want, tt.wantErr)
		}
	}
}

// testErase erases a game's secret, as the service does when the game
// ends: the subject holds nothing, is counted no more, and the game's
// history is untouched; erasing it again, or a subject never written, is
// no error.
func testErase(t *testing.T, e *env) {
	game := e.game("er")
	secret := events.SecretSubject + game
	head := e.mustAppend(game, events.Head{}, moves(t, 0, 2), events.Message{Subject: secret, Data: []byte("seed")})
	for range 2 {
		if err := e.s.Erase(ctx(t), secret); err != nil {
			t.Fatalf("Erase(%s) = %v", secret, err)
		}
	}
	if got, err := e.s.Last(ctx(t), secret); !errors.Is(err, events.ErrNotFound) {
		t.Errorf("Last(%s) after Erase = %q, %v, want ErrNotFound", secret, got, err)
	}
	if counts, err := e.s.Counts(ctx(t), secret); err != nil || len(counts) != 0 {
		t.Errorf("Counts(%s) after Erase = %v, %v, want none", secret, counts, err)
	}
	e.checkHistory(game, sealAfter(game, events.Head{}, moves(t, 0, 2)), head)
	if err := e.s.Erase(ctx(t), events.SecretSubject+e.game("never")); err != nil {
		t.Errorf("Erase of a subject never written = %v, want nil", err)
	}
}

// testNotFound loads games that have no events.
func testNotFound(t *testing.T, e *env) {
	e.mustAppend(e.game("nf"), events.Head{}, moves(t, 0, 1))
	for _, game := range []string{e.game("unknown"), e.game("nf") + "x"} {
		evs, head, err := e.s.Load(ctx(t), game)
		if !errors.Is(err, events.ErrNotFound) || len(evs) != 0 || head != (events.Head{}) {
			t.Errorf("Load(%s) = %d events, %+v, %v, want ErrNotFound", game, len(evs), head, err)
		}
	}
}

// testRestart closes the store and opens it again on the same data: the
// history is the same and appending goes on from it.
func testRestart(t *testing.T, e *env) {
	game := e.game("rs")
	secret := events.SecretSubject + game
	first, second := moves(t, 0, 2), moves(t, 2, 3)
	h1 := e.mustAppend(game, events.Head{}, first, events.Message{Subject: secret, Data: []byte("seed")})
	head := e.mustAppend(game, h1, second)
	hist := append(sealAfter(game, events.Head{}, first), sealAfter(game, h1, second)...)

	e.restart()
	e.checkHistory(game, hist, head)
	if got, err := e.s.Last(ctx(t), secret); err != nil || string(got) != "seed" {
		t.Errorf("Last(%s) after restart = %q, %v, want %q", secret, got, err, "seed")
	}
	if _, err := e.s.Append(ctx(t), game, h1, moves(t, 9, 1)); !errors.Is(err, events.ErrConflict) {
		t.Errorf("Append(%s, seq %d) after restart = %v, want ErrConflict", game, h1.Seq, err)
	}
	more := moves(t, 5, 1)
	hist = append(hist, sealAfter(game, head, more)...)
	head = e.mustAppend(game, head, more)

	e.restart()
	e.checkHistory(game, hist, head)
}

// testLoadLong loads a game of a thousand events, which must be quick.
func testLoadLong(t *testing.T, e *env) {
	const n, per = 1000, 100
	game := e.game("ll")
	var head events.Head
	var hist []events.Event
	for k := 0; k < n; k += per {
		evs := moves(t, k, per)
		hist = append(hist, sealAfter(game, head, evs)...)
		head = e.mustAppend(game, head, evs)
	}
	start := time.Now()
	if _, _, err := e.s.Load(ctx(t), game); err != nil {
		t.Fatalf("Load(%s) = %v, want %d events", game, err, n)
	}
	took := time.Since(start)
	e.checkHistory(game, hist, head)
	t.Logf("Load(%s) of %d events took %v", game, n, took)
	if took > 2*time.Second {
		t.Errorf("Load(%s) of %d events took %v, want well under a second", game, n, took)
	}
}

// testLoadMany loads one game more times in a row than nats-server lets a
// stream have consumers (1,000 by default), as a restart that loads a
// thousand games within seconds does: each Load's consumer must be gone
// once it returns, not left to expire.
func testLoadMany(t *testing.T, e *env) {
	const n = 1100
	game := e.game("lm")
	head := e.mustAppend(game, events.Head{}, moves(t, 0, 2))
	c, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	for i := range n {
		if _, h, err := e.s.Load(c, game); err != nil || h != head {
			t.Fatalf("Load(%s) number %d = %+v, %v, want %+v", game, i+1, h, err, head)
		}
	}
}
