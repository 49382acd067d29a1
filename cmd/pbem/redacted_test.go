package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/pbem-games/pbem/events"
)

// TestRedactedAsAnotherType is issue 27's attack on a signed export: the
// expulsion and the replacement of a finished game are each swapped for
// the line that leaves an event out, made to say ReminderSent (an event
// an export may leave out) and keeping the hash. What a left-out line
// says of its event must be bound by the chain: verify refuses it and
// names the first line swapped.
func TestRedactedAsAnotherType(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	id := newGame(t, dir, "--players", "Ana <ana@example.org>,Bea <bea@example.net>,Cai <cai@example.com>")
	mustPbem(t, dir, "expel", id, "--seat", "1")
	mustPbem(t, dir, "replace", id, "--seat", "2", "--player", "dan@w.org")
	mustPbem(t, dir, "end", id)
	lines := strings.Split(strings.TrimSuffix(mustPbem(t, dir, "export", id), "\n"), "\n")
	file := filepath.Join(t.TempDir(), "export.jsonl")
	write := func(lines []string) {
		t.Helper()
		if err := os.WriteFile(file, []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(lines)
	if out := mustPbem(t, dir, "verify", "--file", file); !strings.HasPrefix(out, "ok: game "+id) {
		t.Fatalf("verify --file of the genuine export = %q, want ok", out)
	}

	forged := append([]string{}, lines...)
	first := 0
	for i, line := range lines {
		e, err := events.Decode([]byte(line))
		if err != nil || (e.Type != events.TypeSeatAbandoned && e.Type != events.TypePlayerReplaced) {
			continue
		}
		if first == 0 {
			first = i + 1
		}
		forged[i] = string(bytes.Replace(events.Redact(e), []byte(`"type":"`+e.Type+`"`), []byte(`"type":"`+events.TypeReminderSent+`"`), 1))
	}
	if first == 0 {
		t.Fatalf("the export has no expulsion nor replacement:\n%s", strings.Join(lines, "\n"))
	}
	write(forged)
	out, err := pbem(t, dir, "verify", "--file", file)
	if want := "line " + strconv.Itoa(first) + ":"; err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("verify --file of the export with the expulsion and the replacement redacted as reminders = %q, %v; want a refusal at %q", out, err, want)
	}
}
