package main

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/pbem-games/pbem/internal/postoffice"
)

// TestBackupRestore plays a few games, backs the store up, restores it
// into a fresh data directory and finds every game there as it was: each
// verifies, exports the same bytes, is listed the same, and the running
// one goes on.
func TestBackupRestore(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	mustPbem(t, dir, "selfplay", "--seed", "1")
	mustPbem(t, dir, "selfplay", "--seed", "2", "--variant", "enhanced")
	running := newGame(t, dir, "--players", "ana@example.org,bea@example.net", "--seed", "3")
	for seat := range 2 {
		legal := strings.Fields(mustPbem(t, dir, "legal", running, "--seat", strconv.Itoa(seat)))
		mustPbem(t, dir, "move", running, "--seat", strconv.Itoa(seat), legal[len(legal)/2])
	}
	list := mustPbem(t, dir, "games")
	ids := gameIDs(list)
	if len(ids) != 3 {
		t.Fatalf("pbem games lists %d games, want 3:\n%s", len(ids), list)
	}

	backup := filepath.Join(t.TempDir(), "backup")
	if out := mustPbem(t, dir, "backup", "--out", backup); !strings.Contains(out, "backed up") {
		t.Errorf("pbem backup printed %q", out)
	}
	if _, err := pbem(t, dir, "backup", "--out", backup); err == nil {
		t.Errorf("pbem backup into a backup succeeded, want an error")
	}
	fresh := filepath.Join(t.TempDir(), "data")
	mustPbem(t, fresh, "restore", "--from", backup)
	if _, err := pbem(t, fresh, "restore", "--from", backup); err == nil || !strings.Contains(err.Error(), "without streams") {
		t.Errorf("pbem restore into a data directory in use = %v, want a refusal", err)
	}

	if got := mustPbem(t, fresh, "games"); got != list {
		t.Errorf("pbem games after the restore:\n%s\nwant as before:\n%s", got, list)
	}
	for _, id := range ids {
		if out := mustPbem(t, fresh, "verify", id); !strings.HasPrefix(out, "ok: game "+id) {
			t.Errorf("pbem verify %s after the restore = %q", id, out)
		}
		if got, want := mustPbem(t, fresh, "export", id), mustPbem(t, dir, "export", id); got != want {
			t.Errorf("pbem export %s after the restore differs from before:\n%s\nwant\n%s", id, got, want)
		}
	}
	// The signing key came along: what the service signed before the
	// backup checks against the restored one.
	key, err := os.ReadFile(filepath.Join(dir, postoffice.SigningKeyFile))
	if err != nil {
		t.Fatal(err)
	}
	if got, err := os.ReadFile(filepath.Join(fresh, postoffice.SigningKeyFile)); err != nil || string(got) != string(key) {
		t.Errorf("the restored signing key = %q, %v; want the backed-up one", got, err)
	}
	if fi, err := os.Stat(filepath.Join(fresh, postoffice.SigningKeyFile)); err != nil || fi.Mode().Perm() != 0o600 {
		t.Errorf("the restored signing key's mode = %v, %v; want 0600", fi.Mode(), err)
	}
	file := filepath.Join(t.TempDir(), "before.jsonl")
	if err := os.WriteFile(file, []byte(mustPbem(t, dir, "export", ids[0])), 0o644); err != nil {
		t.Fatal(err)
	}
	if out := mustPbem(t, fresh, "verify", "--file", file); !strings.HasPrefix(out, "ok: game "+ids[0]) || !strings.Contains(out, "signed by this service's key") {
		t.Errorf("pbem verify --file of an export made before the backup, after the restore = %q", out)
	}
	// A data directory with a key of its own keeps it: the restore refuses.
	other := filepath.Join(t.TempDir(), "other")
	if err := os.MkdirAll(other, 0o700); err != nil {
		t.Fatal(err)
	}
	if _, err := postoffice.SigningKey(other); err != nil {
		t.Fatal(err)
	}
	if _, err := pbem(t, other, "restore", "--from", backup); err == nil || !strings.Contains(err.Error(), "differs from the backup's") {
		t.Errorf("pbem restore over another signing key = %v, want a refusal", err)
	}

	legal := strings.Fields(mustPbem(t, fresh, "legal", running, "--seat", "0"))
	mustPbem(t, fresh, "move", running, "--seat", "0", legal[0])
	if log := mustPbem(t, fresh, "log", running); strings.Count(log, "\n") != 4 {
		t.Errorf("the restored running game's log after one more move:\n%s\nwant 4 lines", log)
	}
}

// gameIDs reads the ids from the output of pbem games.
func gameIDs(list string) []string {
	var ids []string
	for _, line := range strings.Split(strings.TrimSpace(list), "\n")[1:] {
		ids = append(ids, strings.Fields(line)[0])
	}
	return ids
}
