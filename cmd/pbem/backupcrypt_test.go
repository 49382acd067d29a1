package main

import (
	"bytes"
	"crypto/rand"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
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
	if len(entries) != 1 || entries[0].Name() != sealedBackupFile {
		t.Fatalf("the encrypted backup holds %v, want %s alone", entries, sealedBackupFile)
	}
	sealed, err := os.ReadFile(filepath.Join(backup, sealedBackupFile))
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
	if err := os.WriteFile(filepath.Join(damaged, sealedBackupFile), bad, 0o600); err != nil {
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

// TestSealBackup: what is sealed opens again, byte for byte, whatever its
// size against the chunks, only with its passphrase, and not once cut
// short at a chunk's end or reordered.
func TestSealBackup(t *testing.T) {
	for _, size := range []int{0, 1, sealedChunk - 1024, sealedChunk, 3*sealedChunk + 17} {
		src := t.TempDir()
		data := make([]byte, size)
		rand.Read(data)
		if err := os.WriteFile(filepath.Join(src, "stream.tar.s2"), data, 0o600); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(src, "中文.json"), []byte("{}"), 0o600); err != nil {
			t.Fatal(err)
		}
		var sealed bytes.Buffer
		if err := sealBackup(&sealed, src, []byte("pass"), rand.Reader); err != nil {
			t.Fatal(err)
		}
		dst := t.TempDir()
		if err := openBackup(bytes.NewReader(sealed.Bytes()), dst, []byte("pass")); err != nil {
			t.Fatalf("size %d: %v", size, err)
		}
		if got, _ := os.ReadFile(filepath.Join(dst, "stream.tar.s2")); !bytes.Equal(got, data) {
			t.Errorf("size %d: opened %d bytes, not what was sealed", size, len(got))
		}
		if got, _ := os.ReadFile(filepath.Join(dst, "中文.json")); string(got) != "{}" {
			t.Errorf("size %d: the file named in Chinese opened as %q", size, got)
		}
		if err := openBackup(bytes.NewReader(sealed.Bytes()), t.TempDir(), []byte("Pass")); err == nil || !strings.Contains(err.Error(), "passphrase") {
			t.Errorf("size %d: opened with another passphrase: %v", size, err)
		}
		header := len(sealedMagic) + 17
		chunk := sealedChunk + 16
		if sealed.Len() > header+chunk { // more than one chunk: cut after the first
			err := openBackup(bytes.NewReader(sealed.Bytes()[:header+chunk]), t.TempDir(), []byte("pass"))
			if err == nil {
				t.Errorf("size %d: a backup cut at a chunk's end opened", size)
			}
		}
	}
	if err := openBackup(strings.NewReader("not a backup at all"), t.TempDir(), []byte("pass")); err == nil || !strings.Contains(err.Error(), "not an encrypted pbem backup") {
		t.Errorf("openBackup of something else = %v", err)
	}
}

// TestKeepBackups: --keep N writes each backup into a directory of its
// own and keeps the newest N, leaving everything else alone.
func TestKeepBackups(t *testing.T) {
	backups := t.TempDir()
	start := time.Date(2026, 12, 4, 3, 0, 0, 0, time.UTC)
	for i := range 5 {
		if err := os.MkdirAll(filepath.Join(backups, backupName(start.Add(time.Duration(i)*24*time.Hour))), 0o700); err != nil {
			t.Fatal(err)
		}
	}
	for _, other := range []string{"notes.txt", "pbem-latest"} {
		if err := os.WriteFile(filepath.Join(backups, other), nil, 0o600); err != nil {
			t.Fatal(err)
		}
	}
	removed, err := rotateBackups(backups, 3)
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"pbem-20261204T030000Z", "pbem-20261205T030000Z"}; !slices.Equal(removed, want) {
		t.Errorf("rotateBackups removed %v, want the two oldest %v", removed, want)
	}
	var left []string
	entries, _ := os.ReadDir(backups)
	for _, e := range entries {
		left = append(left, e.Name())
	}
	if want := []string{"notes.txt", "pbem-20261206T030000Z", "pbem-20261207T030000Z", "pbem-20261208T030000Z", "pbem-latest"}; !slices.Equal(left, want) {
		t.Errorf("after rotating, %v are left, want %v", left, want)
	}

	// Through the command: two backups with --keep 1 leave the newer.
	dir := t.TempDir()
	newGame(t, dir, "--players", "ana@example.org,bea@example.net", "--seed", "3")
	out := filepath.Join(t.TempDir(), "backups")
	mustPbem(t, dir, "backup", "--out", out, "--keep", "1")
	time.Sleep(1100 * time.Millisecond) // the names are to the second
	second := mustPbem(t, dir, "backup", "--out", out, "--keep", "1")
	entries, _ = os.ReadDir(out)
	if len(entries) != 1 || !strings.Contains(second, "removed the older backup") {
		t.Errorf("two backups with --keep 1 left %v and said %q; want the newer alone", entries, second)
	}
	if _, err := os.Stat(filepath.Join(out, entries[0].Name(), "manifest.json")); err != nil {
		t.Errorf("the kept backup has no manifest: %v", err)
	}
}
