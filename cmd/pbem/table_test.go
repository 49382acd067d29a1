package main

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/pbem-games/pbem/games"
)

// TestTableCommands runs the operator's commands for long-running games.
func TestTableCommands(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	id := newGame(t, dir, "--players", "Ana <ana@example.org>,Bea <bea@example.net>", "--seed", "9")
	mustPbem(t, dir, "deadline", id, "48h", "mon-fri", "GRACE", "6h", "TIMEOUTS", "2")
	mustPbem(t, dir, "pause", id)
	if _, err := pbem(t, dir, "move", id, "--seat", "0", "E5"); !errors.Is(err, games.ErrPaused) {
		t.Errorf("move while paused = %v, want ErrPaused", err)
	}
	mustPbem(t, dir, "resume", id)
	mustPbem(t, dir, "move", id, "--seat", "0", "E5")
	mustPbem(t, dir, "undo", id)
	if log := mustPbem(t, dir, "log", id); !strings.Contains(log, "taken back") {
		t.Errorf("log after undo lacks the undo:\n%s", log)
	}
	// Every ten weeks the clock plays for whoever is to move; after two
	// timeouts each seat is pbem's for good, and the game plays itself to
	// the end.
	for week := 10; week <= 40; week += 10 {
		mustPbem(t, dir, "tick", "--at", time.Now().Add(time.Duration(week)*7*24*time.Hour).UTC().Format(time.RFC3339))
	}
	var sh shownJSON
	if err := json.Unmarshal([]byte(mustPbem(t, dir, "show", id, "--json")), &sh); err != nil {
		t.Fatal(err)
	}
	if !sh.Over {
		t.Errorf("after the clock ran for weeks the game is not over (seq %d)", sh.Seq)
	}
	if log := mustPbem(t, dir, "log", id); !strings.Contains(log, "Time ran out") || !strings.Contains(log, "seat for good") {
		t.Errorf("log lacks the timeouts and the abandoned seats:\n%s", log)
	}
	if out := mustPbem(t, dir, "verify", id); !strings.HasPrefix(out, "ok") {
		t.Errorf("verify = %q", out)
	}
	if _, err := pbem(t, dir, "deadline", id, "soon"); err == nil {
		t.Error("deadline soon: want a refusal")
	}
}

// TestDeadlineZone: an operator's weekdays are days in the zone --tz
// names, UTC without it, as a host's by mail are in the host's zone; a
// zone pbem cannot read is refused.
func TestDeadlineZone(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"48h", "sat-sun", "--tz", "Asia/Shanghai"}, `"zone":"Asia/Shanghai"`},
		{[]string{"--tz", "+08:00", "48h", "mon-fri"}, `"zone":"+08:00"`},
		{[]string{"48h", "mon-fri"}, `"days":["mon","tue","wed","thu","fri"]}`},
	} {
		id := newGame(t, dir, "--players", "ana@example.org,bea@example.net")
		mustPbem(t, dir, append([]string{"deadline", id}, c.args...)...)
		if out := mustPbem(t, dir, "export", id); !strings.Contains(out, c.want) {
			t.Errorf("pbem deadline %s %v: the history lacks %s:\n%.1500s", id, c.args, c.want, out)
		}
	}
	id := newGame(t, dir, "--players", "ana@example.org,bea@example.net")
	if _, err := pbem(t, dir, "deadline", id, "48h", "mon-fri", "--tz", "Mars/Olympus"); err == nil {
		t.Error("deadline --tz Mars/Olympus: want a refusal")
	}
}
