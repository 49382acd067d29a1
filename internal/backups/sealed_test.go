package backups

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
		if err := Seal(&sealed, src, []byte("pass"), rand.Reader); err != nil {
			t.Fatal(err)
		}
		dst := t.TempDir()
		if err := Open(bytes.NewReader(sealed.Bytes()), dst, []byte("pass")); err != nil {
			t.Fatalf("size %d: %v", size, err)
		}
		if got, _ := os.ReadFile(filepath.Join(dst, "stream.tar.s2")); !bytes.Equal(got, data) {
			t.Errorf("size %d: opened %d bytes, not what was sealed", size, len(got))
		}
		if got, _ := os.ReadFile(filepath.Join(dst, "中文.json")); string(got) != "{}" {
			t.Errorf("size %d: the file named in Chinese opened as %q", size, got)
		}
		if err := Open(bytes.NewReader(sealed.Bytes()), t.TempDir(), []byte("Pass")); err == nil || !strings.Contains(err.Error(), "passphrase") {
			t.Errorf("size %d: opened with another passphrase: %v", size, err)
		}
		header := len(sealedMagic) + 17
		chunk := sealedChunk + 16
		if sealed.Len() > header+chunk { // more than one chunk: cut after the first
			err := Open(bytes.NewReader(sealed.Bytes()[:header+chunk]), t.TempDir(), []byte("pass"))
			if err == nil {
				t.Errorf("size %d: a backup cut at a chunk's end opened", size)
			}
		}
	}
	if err := Open(strings.NewReader("not a backup at all"), t.TempDir(), []byte("pass")); err == nil || !strings.Contains(err.Error(), "not an encrypted pbem backup") {
		t.Errorf("Open of something else = %v", err)
	}
}

// TestRotate: the newest N backups are kept, and everything else in the
// directory of backups is left alone.
func TestRotate(t *testing.T) {
	dir := t.TempDir()
	start := time.Date(2026, 12, 4, 3, 0, 0, 0, time.UTC)
	for i := range 5 {
		if err := os.MkdirAll(filepath.Join(dir, Name(start.Add(time.Duration(i)*24*time.Hour))), 0o700); err != nil {
			t.Fatal(err)
		}
	}
	for _, other := range []string{"notes.txt", "pbem-latest"} {
		if err := os.WriteFile(filepath.Join(dir, other), nil, 0o600); err != nil {
			t.Fatal(err)
		}
	}
	removed, err := Rotate(dir, 3)
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"pbem-20261204T030000Z", "pbem-20261205T030000Z"}; !slices.Equal(removed, want) {
		t.Errorf("Rotate removed %v, want the two oldest %v", removed, want)
	}
	var left []string
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		left = append(left, e.Name())
	}
	if want := []string{"notes.txt", "pbem-20261206T030000Z", "pbem-20261207T030000Z", "pbem-20261208T030000Z", "pbem-latest"}; !slices.Equal(left, want) {
		t.Errorf("after rotating, %v are left, want %v", left, want)
	}
}
