package events_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/pbem-games/pbem/events"
)

// TestOwnerWaits: a second store on a data directory waits until the
// first is closed, and is told once after a second.
func TestOwnerWaits(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	first, err := events.Open(ctx, events.Options{DataDir: dir})
	if err != nil {
		t.Fatal(err)
	}
	time.AfterFunc(1500*time.Millisecond, func() { first.Close() })
	waited := 0
	start := time.Now()
	second, err := events.Open(ctx, events.Options{DataDir: dir, OnWait: func() { waited++ }})
	if err != nil {
		t.Fatal(err)
	}
	defer second.Close()
	if d := time.Since(start); d < 1500*time.Millisecond || waited != 1 {
		t.Errorf("the second store opened after %v, told %d times to wait; want after the first closed, told once", d, waited)
	}
	if second.Server() == nil {
		t.Error("the second store did not start a server of its own once the directory was free")
	}

	// Waiting ends with its context.
	short, cancel := context.WithTimeout(ctx, 200*time.Millisecond)
	defer cancel()
	if _, err := events.Open(short, events.Options{DataDir: dir}); !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("Open on a held directory with a context ending = %v, want the context's error", err)
	}
}

// TestOwnerServes: while a store serves its data directory, another
// store on it is the server's client, sees what it appends and backs it
// up; a second server refuses; once the server is closed its file is
// gone, and a file left by a server that died is not trusted.
func TestOwnerServes(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	srv, err := events.Open(ctx, events.Options{DataDir: dir, Serve: true})
	if err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(dir, events.ServingFile)
	fi, err := os.Stat(file)
	if err != nil || fi.Mode().Perm() != 0o600 {
		t.Fatalf("the serving file: %v, %v; want mode 0600", fi, err)
	}
	start := time.Now()
	client, err := events.Open(ctx, events.Options{DataDir: dir, OnWait: func() { t.Error("a client waited") }})
	if err != nil {
		t.Fatal(err)
	}
	if client.Server() != nil || time.Since(start) > time.Second {
		t.Errorf("the client started a server of its own or took %v", time.Since(start))
	}
	created := mustNew(t, events.TypeGameCreated, events.SystemActor, events.GameCreated{Game: "atacama"})
	if _, err := client.Append(ctx, "abc123", events.Head{}, []events.Event{created}); err != nil {
		t.Fatal(err)
	}
	if evs, _, err := srv.Load(ctx, "abc123"); err != nil || len(evs) != 1 {
		t.Errorf("the server loads %d events (%v) after the client appended one", len(evs), err)
	}
	if m, err := client.Backup(ctx, filepath.Join(t.TempDir(), "backup"), events.BackupOptions{}); err != nil || len(m.Streams) == 0 {
		t.Errorf("a backup through the server: %+v, %v", m, err)
	}
	client.Close()

	if _, err := events.Open(ctx, events.Options{DataDir: dir, Serve: true}); !errors.Is(err, events.ErrServed) {
		t.Errorf("a second server = %v, want ErrServed", err)
	}
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	srv.Close()
	if _, err := os.Stat(file); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the serving file after Close: %v", err)
	}

	// A file left by a server that died names a port where nobody
	// answers now: the next store owns the directory at once.
	if err := os.WriteFile(file, data, 0o600); err != nil {
		t.Fatal(err)
	}
	start = time.Now()
	again, err := events.Open(ctx, events.Options{DataDir: dir})
	if err != nil {
		t.Fatal(err)
	}
	defer again.Close()
	if again.Server() == nil || time.Since(start) > time.Second {
		t.Errorf("after a stale serving file the store took %v, server %v", time.Since(start), again.Server())
	}
	if _, err := os.Stat(file); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the stale serving file is still there: %v", err)
	}
}

// TestCatchUpBesideSubscriber: a command line catching a durable
// consumer up (pbem games) while the serving process's subscriber of the
// same consumer holds the last event returns once that event is
// acknowledged, though no event is left for it to receive.
func TestCatchUpBesideSubscriber(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	dir := t.TempDir()
	srv, err := events.Open(ctx, events.Options{DataDir: dir, Serve: true})
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	holding := make(chan struct{}, 1)
	go srv.Subscribe(ctx, "index", func(events.Delivery) error {
		holding <- struct{}{}
		time.Sleep(500 * time.Millisecond)
		return nil
	})
	created := mustNew(t, events.TypeGameCreated, events.SystemActor, events.GameCreated{Game: "atacama"})
	if _, err := srv.Append(ctx, "abc123", events.Head{}, []events.Event{created}); err != nil {
		t.Fatal(err)
	}
	<-holding
	client, err := events.Open(ctx, events.Options{DataDir: dir})
	if err != nil {
		t.Fatal(err)
	}
	defer client.Close()
	short, stop := context.WithTimeout(ctx, 10*time.Second)
	defer stop()
	start := time.Now()
	if err := client.CatchUp(short, "index", func(events.Delivery) error { return nil }); err != nil {
		t.Errorf("CatchUp beside a subscriber holding the last event: %v after %v", err, time.Since(start).Round(time.Millisecond))
	}
}
