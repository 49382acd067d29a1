package main

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/pbem-games/pbem/internal/backups"
)

// TestEncryptedBackup: a backup encrypted with a passphrase holds nothing
// readable of the store (no player's address, not the signing key),
// restores with the passphrase into a fresh data directory with every
// game as it was, and refuses a wrong passphrase and a damaged file,
// leaving the data directory as empty as it found it.
func TestEncryptedBackup(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	id := newGame(t, dir, "--players", "ana@example.org,bea@example.net", "--seed", "3")
	pass := filepath.Join(t.TempDir(), "passphrase")
	if err := os.WriteFile(pass, []byte("correct horse battery staple\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	wrong := filepath.Join(t.TempDir(), "wrong")
	if err := os.WriteFile(wrong, []byte("incorrect horse\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	backup := filepath.Join(t.TempDir(), "backup")
	if out := mustPbem(t, dir, "backup", "--out", backup, "--passphrase-file", pass); !strings.Contains(out, "encrypted into") {
		t.Errorf("pbem backup --passphrase-file printed %q", out)
	}
	entries, _ := os.ReadDir(backup)
	if len(entries) != 1 || entries[0].Name() != backups.SealedFile {
		t.Fatalf("the encrypted backup holds %v, want %s alone", entries, backups.SealedFile)
	}
	sealed, err := os.ReadFile(filepath.Join(backup, backups.SealedFile))
	if err != nil {
		t.Fatal(err)
	}
	key, _ := os.ReadFile(filepath.Join(dir, "signing-key"))
	for _, secret := range [][]byte{[]byte("ana@example.org"), []byte("manifest.json"), bytes.TrimSpace(key)} {
		if bytes.Contains(sealed, secret) {
			t.Errorf("the encrypted backup holds %q in the clear", secret)
		}
	}
	if left, _ := filepath.Glob(filepath.Join(dir, ".backup-*")); len(left) != 0 {
		t.Errorf("the backup left its clear copy behind: %v", left)
	}

	fresh := filepath.Join(t.TempDir(), "data")
	if _, err := pbem(t, fresh, "restore", "--from", backup); err == nil || !strings.Contains(err.Error(), "--passphrase-file") {
		t.Errorf("pbem restore of an encrypted backup without a passphrase = %v, want it asked for", err)
	}
	if _, err := pbem(t, fresh, "restore", "--from", backup, "--passphrase-file", wrong); err == nil || !strings.Contains(err.Error(), "does not open with this passphrase") {
		t.Errorf("pbem restore with a wrong passphrase = %v, want it refused", err)
	}
	damaged := filepath.Join(t.TempDir(), "damaged")
	if err := os.MkdirAll(damaged, 0o700); err != nil {
		t.Fatal(err)
	}
	bad := slices.Clone(sealed)
	bad[len(bad)-40] ^= 1
	if err := os.WriteFile(filepath.Join(damaged, backups.SealedFile), bad, 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := pbem(t, fresh, "restore", "--from", damaged, "--passphrase-file", pass); err == nil {
		t.Error("pbem restore of a damaged encrypted backup succeeded")
	}
	if _, err := os.Stat(filepath.Join(fresh, "signing-key")); err == nil || !emptyDirT(fresh) {
		t.Errorf("refused restores left a signing key or streams in the data directory")
	}
	if left, _ := filepath.Glob(filepath.Join(fresh, ".restore-*")); len(left) != 0 {
		t.Errorf("refused restores left their clear copies behind: %v", left)
	}

	if out := mustPbem(t, fresh, "restore", "--from", backup, "--passphrase-file", pass); !strings.Contains(out, "restored") {
		t.Errorf("pbem restore --passphrase-file printed %q", out)
	}
	if got, want := mustPbem(t, fresh, "export", id), mustPbem(t, dir, "export", id); got != want {
		t.Errorf("pbem export %s after the encrypted restore differs:\n%s\nwant\n%s", id, got, want)
	}
	if got, _ := os.ReadFile(filepath.Join(fresh, "signing-key")); !bytes.Equal(got, key) {
		t.Errorf("the restored signing key = %q, want the backed-up one", got)
	}
}

// emptyDirT reports whether dir's jetstream directory is empty.
func emptyDirT(dir string) bool {
	entries, _ := os.ReadDir(filepath.Join(dir, "jetstream"))
	return len(entries) == 0
}

// TestKeepBackups: --keep N writes each backup into a directory of its
// own and keeps the newest N.
func TestKeepBackups(t *testing.T) {
	// Two backups with --keep 1 leave the newer.
	dir := t.TempDir()
	newGame(t, dir, "--players", "ana@example.org,bea@example.net", "--seed", "3")
	out := filepath.Join(t.TempDir(), "backups")
	mustPbem(t, dir, "backup", "--out", out, "--keep", "1")
	time.Sleep(1100 * time.Millisecond) // the names are to the second
	second := mustPbem(t, dir, "backup", "--out", out, "--keep", "1")
	entries, _ := os.ReadDir(out)
	if len(entries) != 1 || !strings.Contains(second, "removed the older backup") {
		t.Errorf("two backups with --keep 1 left %v and said %q; want the newer alone", entries, second)
	}
	if _, err := os.Stat(filepath.Join(out, entries[0].Name(), "manifest.json")); err != nil {
		t.Errorf("the kept backup has no manifest: %v", err)
	}
}
