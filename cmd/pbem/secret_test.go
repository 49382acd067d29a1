package main

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/pbem-games/pbem/events"
	"github.com/pbem-games/pbem/projections"
)

// TestEndedGameKeepsNoSecret: once a game ends, its GameEnded holds the
// seed and the secret kept beside the history is erased, so the store
// indexes one subject for a finished game, not two; the game still shows,
// exports, verifies with every move replayed, and folds again in pbem
// rebuild, which erases such a secret a store from before kept. A game
// still running keeps its secret.
func TestEndedGameKeepsNoSecret(t *testing.T) {
	dir := t.TempDir()
	over := newGame(t, dir, "--players", "ana@example.org,bea@example.net", "--seed", "7")
	playOut(t, dir, over, 2)
	running := newGame(t, dir, "--players", "cid@example.org,dan@example.net", "--seed", "8")

	ctx := context.Background()
	st, err := events.Open(ctx, events.Options{DataDir: dir})
	if err != nil {
		t.Fatal(err)
	}
	secrets, err := st.Counts(ctx, events.SecretSubject+">")
	if err != nil {
		st.Close()
		t.Fatal(err)
	}
	_, lastErr := st.Last(ctx, events.SecretSubject+over)
	st.Close()
	if _, kept := secrets[events.SecretSubject+over]; kept || !errors.Is(lastErr, events.ErrNotFound) {
		t.Errorf("the ended game's secret: counted %v, last read %v; want it erased", kept, lastErr)
	}
	if secrets[events.SecretSubject+running] != 1 {
		t.Errorf("the running game's secret counted %d times, want once", secrets[events.SecretSubject+running])
	}

	if out := mustPbem(t, dir, "verify", over); !strings.HasPrefix(out, "ok: game "+over) || !strings.Contains(out, "every move replayed") {
		t.Errorf("verify of the ended game = %q, want ok with every move replayed", out)
	}
	if out := mustPbem(t, dir, "verify", running); !strings.HasPrefix(out, "ok: game "+running) {
		t.Errorf("verify of the running game = %q, want ok", out)
	}
	if head, _, _ := strings.Cut(mustPbem(t, dir, "show", over), "\n"); !strings.Contains(head, "over") {
		t.Errorf("show of the ended game begins %q, want it over", head)
	}
	// A store written before pbem erased secrets at the end keeps the
	// ended game's: pbem rebuild erases it, and only it.
	withStore(t, dir, func(st *events.Store) {
		seed, err := projections.Seed(ctx, st, over)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := st.Put(ctx, events.SecretSubject+over, "", []byte(seed.String())); err != nil {
			t.Fatal(err)
		}
	})
	before := mustPbem(t, dir, "games")
	out := mustPbem(t, dir, "rebuild")
	if !strings.HasPrefix(out, "rebuilt the read models from") || !strings.Contains(out, "erased 1 secret seeds") {
		t.Errorf("pbem rebuild printed %q, want the read models rebuilt and the old secret erased", out)
	}
	withStore(t, dir, func(st *events.Store) {
		secrets, err := st.Counts(ctx, events.SecretSubject+">")
		if err != nil {
			t.Fatal(err)
		}
		if len(secrets) != 1 || secrets[events.SecretSubject+running] != 1 {
			t.Errorf("the secrets after pbem rebuild: %v, want the running game's alone", secrets)
		}
	})
	if after := mustPbem(t, dir, "games"); after != before {
		t.Errorf("the games list changed in the rebuild:\nbefore\n%s\nafter\n%s", before, after)
	}
	if out := mustPbem(t, dir, "rebuild"); strings.Contains(out, "erased") {
		t.Errorf("pbem rebuild again printed %q, want nothing erased", out)
	}
}

// withStore runs do on the store in dir, opened and closed around it.
func withStore(t *testing.T, dir string, do func(*events.Store)) {
	t.Helper()
	st, err := events.Open(context.Background(), events.Options{DataDir: dir})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	do(st)
}
