package main

import (
	"strings"
	"testing"
	"time"
)

// TestTickDryRun: an operator who tries a time out with tick --at
// --dry-run is told what the clock would do then and nothing is recorded;
// tick --at without it records, and says so.
func TestTickDryRun(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	id := newGame(t, dir, "--players", "Ana <ana@example.org>,Bea <bea@example.net>", "--seed", "9")
	mustPbem(t, dir, "deadline", id, "48h", "GRACE", "6h")
	before := mustPbem(t, dir, "log", id)
	later := time.Now().Add(10 * 24 * time.Hour).UTC().Format(time.RFC3339)

	out := mustPbem(t, dir, "tick", "--at", later, "--dry-run")
	if !strings.Contains(out, "not recorded") || !strings.Contains(out, id+"  seat 0 (Ana): the grace is over") {
		t.Errorf("tick --at %s --dry-run = %q, want the timeout of seat 0 not recorded", later, out)
	}
	if after := mustPbem(t, dir, "log", id); after != before {
		t.Errorf("tick --dry-run recorded something:\nbefore\n%s\nafter\n%s", before, after)
	}

	out = mustPbem(t, dir, "tick", "--at", later)
	if !strings.Contains(out, id+"  recorded as events") {
		t.Errorf("tick --at %s = %q, want it to say what it recorded", later, out)
	}
	if log := mustPbem(t, dir, "log", id); !strings.Contains(log, "Time ran out") {
		t.Errorf("after tick --at the log lacks the timeout:\n%s", log)
	}
	if out := mustPbem(t, dir, "tick", "--dry-run"); !strings.HasPrefix(out, "nothing is due") {
		t.Errorf("tick --dry-run now = %q, want nothing due", out)
	}
}
