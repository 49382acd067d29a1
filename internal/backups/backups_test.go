package backups

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/pbem-games/pbem/events"
)

// TestTakeKeep: backups taken with Keep each get a directory named by
// their time, and only the newest Keep stay, each removed one said; one
// taken with a passphrase is the sealed file alone, which restores only
// with its passphrase into an empty store, saying what it restored.
func TestTakeKeep(t *testing.T) {
	ctx := context.Background()
	data := t.TempDir()
	st, err := events.Open(ctx, events.Options{DataDir: data})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	open := func() (events.Backups, error) { return st, nil }

	out := t.TempDir()
	start := time.Date(2026, 12, 5, 3, 0, 0, 0, time.FixedZone("CST", 8*3600))
	for i := range 3 {
		var said bytes.Buffer
		o := Options{Out: out, Keep: 2, Now: start.Add(time.Duration(i) * time.Hour)}
		if err := Take(ctx, open, data, o, &said); err != nil {
			t.Fatalf("backup %d: %v", i, err)
		}
		removed := strings.Contains(said.String(), "removed the older backup "+filepath.Join(out, "pbem-20261204T190000Z"))
		if removed != (i == 2) {
			t.Errorf("backup %d said:\n%s\nwant the first one's removal said only at the third", i, said.String())
		}
	}
	entries, _ := os.ReadDir(out)
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	if want := "pbem-20261204T200000Z pbem-20261204T210000Z"; strings.Join(names, " ") != want {
		t.Errorf("kept %v, want %s", names, want)
	}

	pass := filepath.Join(t.TempDir(), "pass")
	if err := os.WriteFile(pass, []byte("口令 one\nsecond line\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	sealed := filepath.Join(t.TempDir(), "sealed")
	if err := Take(ctx, open, data, Options{Out: sealed, PassphraseFile: pass}, &bytes.Buffer{}); err != nil {
		t.Fatal(err)
	}
	if entries, _ := os.ReadDir(sealed); len(entries) != 1 || entries[0].Name() != SealedFile {
		t.Fatalf("the sealed backup holds %v, want %s alone", entries, SealedFile)
	}
	if err := Take(ctx, open, data, Options{Out: sealed, PassphraseFile: pass}, &bytes.Buffer{}); err == nil {
		t.Error("a backup into a directory holding one succeeded")
	}
	if err := Take(ctx, open, data, Options{Out: filepath.Join(out, "x"), PassphraseFile: filepath.Join(out, "none")}, &bytes.Buffer{}); err == nil {
		t.Error("a backup with a passphrase file that is not there succeeded")
	}

	fresh := events.Options{DataDir: filepath.Join(t.TempDir(), "data")}
	if err := Restore(ctx, fresh, sealed, "", &bytes.Buffer{}); !errors.Is(err, ErrNoPassphrase) {
		t.Errorf("Restore of a sealed backup without a passphrase = %v, want ErrNoPassphrase", err)
	}
	var said bytes.Buffer
	if err := Restore(ctx, fresh, sealed, pass, &said); err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(said.String(), "restored ") || !strings.Contains(said.String(), "into "+fresh.DataDir) {
		t.Errorf("Restore said %q, want what it restored and where", said.String())
	}
}
