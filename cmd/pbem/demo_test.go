package main

import (
	"bytes"
	"context"
	"regexp"
	"testing"
	"time"
)

// TestDemoAgain runs the demo twice in a row on one data directory, as
// "make run" twice in one checkout does: each run plays a whole fresh
// game to its verification, and leaves nothing behind that would make
// the next one take its mail for mail already read. It runs as "make run"
// does, with no --timeout: a run must end when its game does, long before
// the default deadline.
func TestDemoAgain(t *testing.T) {
	if testing.Short() {
		t.Skip("plays two games by mail")
	}
	t.Parallel()
	dir := t.TempDir()
	verified := regexp.MustCompile(`(?m)^ok: game ([a-z0-9]{6}), `)
	var ids []string
	for i := range 2 {
		var out, errOut bytes.Buffer
		start := time.Now()
		if err := run(context.Background(), []string{"--data", dir, "demo"}, &out, &errOut); err != nil {
			t.Fatalf("demo run %d: %v\n%s", i+1, err, errOut.String())
		}
		// The game itself takes seconds; a run that lasts anywhere near
		// the default three-minute deadline waited for it, not for play.
		if took := time.Since(start); took > 90*time.Second {
			t.Errorf("demo run %d took %v; want it to end with its game, well before the 3m default deadline", i+1, took.Round(time.Second))
		}
		m := verified.FindStringSubmatch(out.String())
		if m == nil {
			t.Fatalf("demo run %d verified no game:\n%s", i+1, out.String())
		}
		ids = append(ids, m[1])
	}
	if ids[0] == ids[1] {
		t.Errorf("both runs played game %s; want a fresh game each time", ids[0])
	}
}
