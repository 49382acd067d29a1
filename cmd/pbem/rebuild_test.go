package main

import (
	"bytes"
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/pbem-games/pbem/events"
	"github.com/pbem-games/pbem/internal/postoffice"
)

// TestRebuild folds the read models again from the histories: the games
// list reads the same after, and the command says how many events it
// folded.
func TestRebuild(t *testing.T) {
	dir := t.TempDir()
	over := newGame(t, dir, "--players", "ana@example.org,bea@example.net", "--seed", "3")
	moves := playOut(t, dir, over, 2)
	newGame(t, dir, "--players", "cid@example.org,dan@example.net", "--seed", "4")
	before := mustPbem(t, dir, "games")

	var out, errOut bytes.Buffer
	if err := run(context.Background(), []string{"--data", dir, "rebuild"}, &out, &errOut); err != nil {
		t.Fatalf("pbem rebuild: %v\n%s", err, errOut.String())
	}
	// Two GameCreated, the moves, the ended game's GameEnded; pbem's own
	// moves for a seat with one choice are events too, so at least these.
	var folded int
	if _, err := fmt.Sscanf(out.String(), "rebuilt the read models from %d events in", &folded); err != nil {
		t.Fatalf("pbem rebuild printed %q: %v", out.String(), err)
	}
	if folded < moves+3 {
		t.Errorf("pbem rebuild folded %d events; the two games hold at least %d", folded, moves+3)
	}
	if after := mustPbem(t, dir, "games"); after != before {
		t.Errorf("the games list changed in the rebuild:\nbefore\n%s\nafter\n%s", before, after)
	}
	// Run again, as an operator unsure the first went through would: the
	// same events folded, the same list.
	again := mustPbem(t, dir, "rebuild")
	var refolded int
	if _, err := fmt.Sscanf(again, "rebuilt the read models from %d events in", &refolded); err != nil || refolded != folded {
		t.Errorf("pbem rebuild run again printed %q, want %d events folded again", again, folded)
	}
	if after := mustPbem(t, dir, "games"); after != before {
		t.Errorf("the games list changed in the second rebuild:\nbefore\n%s\nafter\n%s", before, after)
	}
}

// TestRebuildBesideServe: while a pbem serve process keeps the read models
// (it holds the projector's lease), pbem rebuild refuses and names it,
// rather than writing them at once or waiting for ever.
func TestRebuildBesideServe(t *testing.T) {
	dir := t.TempDir()
	newGame(t, dir, "--players", "ana@example.org,bea@example.net")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	store, err := events.Open(ctx, events.Options{DataDir: dir, Serve: true})
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	l := &events.Lease{Store: store, Name: postoffice.ProjectorPart, Owner: "serving-host:/srv/pbem"}
	held := make(chan bool, 1)
	go l.Run(ctx, func(ctx context.Context) error { <-ctx.Done(); return nil }, func(h bool) { held <- h })
	select {
	case <-held:
	case <-time.After(10 * time.Second):
		t.Fatal("the lease was not taken")
	}
	_, err = pbem(t, dir, "rebuild")
	if err == nil || !strings.Contains(err.Error(), "serving-host:/srv/pbem") || !strings.Contains(err.Error(), "stop it") {
		t.Fatalf("pbem rebuild beside a serving projector: %v; want a refusal naming the process", err)
	}
}
