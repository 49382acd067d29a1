package events_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/pbem-games/pbem/events"
)

// TestBackupRestore backs up a store with two games, a key-value bucket
// and a consumer part way through, restores it into an empty data
// directory and finds everything as it was: the histories, the bucket,
// and the consumer going on after what it had acknowledged.
func TestBackupRestore(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	s := open(t, t.TempDir())
	var heads []events.Head
	for _, game := range []string{"g1", "g2"} {
		head, err := s.Append(ctx, game, events.Head{}, []events.Event{move(t, 1), move(t, 2)},
			events.Message{Subject: "pbem.outbox." + game, MsgID: game + ".n", Data: []byte("notice")})
		if err != nil {
			t.Fatal(err)
		}
		heads = append(heads, head)
	}
	kv, err := s.Bucket(ctx, "cursor")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := kv.Put(ctx, "INBOX", []byte("7")); err != nil {
		t.Fatal(err)
	}
	var seen []uint64
	count := func(d events.Delivery) error { seen = append(seen, d.StreamSeq); return nil }
	if err := s.CatchUp(ctx, "reader", count); err != nil {
		t.Fatal(err)
	}
	backup := filepath.Join(t.TempDir(), "backup")
	m, err := s.Backup(ctx, backup, events.BackupOptions{Before: []string{"KV_cursor"}})
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, sb := range m.Streams {
		names = append(names, sb.Name)
	}
	if !slices.Equal(names, []string{"KV_cursor", events.StreamName}) || m.Streams[1].Messages != 6 {
		t.Errorf("backup streams = %v with %d messages in %s, want KV_cursor then %s with 6", names, m.Streams[1].Messages, events.StreamName, events.StreamName)
	}
	if _, err := s.Backup(ctx, backup, events.BackupOptions{}); err == nil {
		t.Errorf("a second backup into the same directory succeeded, want an error")
	}
	// One more event after the backup, which the restored store lacks.
	if _, err := s.Append(ctx, "g1", heads[0], []events.Event{move(t, 3)}); err != nil {
		t.Fatal(err)
	}
	s.Close()

	dir := t.TempDir()
	if _, err := events.Restore(ctx, events.Options{DataDir: dir}, backup); err != nil {
		t.Fatal(err)
	}
	r := open(t, dir)
	defer r.Close()
	for i, game := range []string{"g1", "g2"} {
		evs, head, err := r.Load(ctx, game)
		if err != nil || len(evs) != 2 || head != heads[i] {
			t.Errorf("restored Load(%s) = %d events, head %+v, %v; want 2 events, head %+v", game, len(evs), head, err, heads[i])
		}
	}
	rkv, err := r.Bucket(ctx, "cursor")
	if err != nil {
		t.Fatal(err)
	}
	if e, err := rkv.Get(ctx, "INBOX"); err != nil || string(e.Value) != "7" {
		t.Errorf("restored bucket cursor INBOX = %v, want 7", err)
	}
	// The consumer goes on after what it acknowledged before the backup.
	if _, err := r.Append(ctx, "g2", heads[1], []events.Event{move(t, 3)}); err != nil {
		t.Fatal(err)
	}
	before := len(seen)
	if err := r.CatchUp(ctx, "reader", count); err != nil {
		t.Fatal(err)
	}
	if len(seen) != before+1 {
		t.Errorf("after the restore the consumer got %d events, want only the 1 appended since", len(seen)-before)
	}

	t.Run("ErrNotEmpty", func(t *testing.T) {
		if _, err := events.Restore(ctx, events.Options{DataDir: dir}, backup); !errors.Is(err, events.ErrNotEmpty) {
			t.Errorf("Restore into a data directory in use = %v, want ErrNotEmpty", err)
		}
	})
	t.Run("Damaged", func(t *testing.T) {
		file := filepath.Join(backup, m.Streams[1].File)
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		data[len(data)/2] ^= 1
		if err := os.WriteFile(file, data, 0o600); err != nil {
			t.Fatal(err)
		}
		if _, err := events.Restore(ctx, events.Options{DataDir: t.TempDir()}, backup); err == nil || !strings.Contains(err.Error(), "SHA-256") {
			t.Errorf("Restore of a damaged backup = %v, want an error about its SHA-256", err)
		}
	})
}

// TestBackupFiles backs up files of the data directory beside the streams
// (the service's signing key): Restore puts them back, readable by their
// owner only, refuses a data directory that holds a different one, and
// checks them against the manifest.
func TestBackupFiles(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	src := t.TempDir()
	s := open(t, src)
	if _, err := s.Append(ctx, "g1", events.Head{}, []events.Event{move(t, 1)}); err != nil {
		t.Fatal(err)
	}
	key := filepath.Join(src, "signing-key")
	if err := os.WriteFile(key, []byte("secret\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	backup := filepath.Join(t.TempDir(), "backup")
	m, err := s.Backup(ctx, backup, events.BackupOptions{Files: []string{key, filepath.Join(src, "absent")}})
	s.Close()
	if err != nil {
		t.Fatal(err)
	}
	if len(m.Files) != 1 || m.Files[0].Name != "signing-key" || m.Files[0].Size != 7 {
		t.Fatalf("backup files = %+v, want the signing key alone (an absent file is left out)", m.Files)
	}
	if fi, err := os.Stat(filepath.Join(backup, "signing-key")); err != nil || fi.Mode().Perm() != 0o600 {
		t.Errorf("the backup's copy of the key: %v, %v; want mode 0600", fi, err)
	}

	dir := t.TempDir()
	if _, err := events.Restore(ctx, events.Options{DataDir: dir}, backup); err != nil {
		t.Fatal(err)
	}
	if data, err := os.ReadFile(filepath.Join(dir, "signing-key")); err != nil || string(data) != "secret\n" {
		t.Errorf("restored key = %q, %v", data, err)
	}
	if fi, err := os.Stat(filepath.Join(dir, "signing-key")); err != nil || fi.Mode().Perm() != 0o600 {
		t.Errorf("the restored key: %v, %v; want mode 0600", fi, err)
	}

	other := t.TempDir()
	if err := os.WriteFile(filepath.Join(other, "signing-key"), []byte("another\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := events.Restore(ctx, events.Options{DataDir: other}, backup); err == nil || !strings.Contains(err.Error(), "differs from the backup's") {
		t.Errorf("Restore over a different key = %v, want a refusal", err)
	}
	if data, _ := os.ReadFile(filepath.Join(other, "signing-key")); string(data) != "another\n" {
		t.Errorf("Restore replaced the data directory's key with %q", data)
	}

	if err := os.WriteFile(filepath.Join(backup, "signing-key"), []byte("secreT\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := events.Restore(ctx, events.Options{DataDir: t.TempDir()}, backup); err == nil || !strings.Contains(err.Error(), "SHA-256") {
		t.Errorf("Restore of a damaged key = %v, want an error about its SHA-256", err)
	}
}
