package events

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/nats-io/nats.go"
)

// ManifestFile names the file of a backup that lists its streams.
const ManifestFile = "manifest.json"

// Manifest describes a backup: one snapshot file per stream.
type Manifest struct {
	Time    time.Time      `json:"time"`
	Streams []StreamBackup `json:"streams"` // in the order they were taken and are restored
	// Files are files of the data directory kept beside JetStream, such
	// as the service's signing key: JetStream's snapshots do not hold them.
	Files []FileBackup `json:"files,omitempty"`
}

// FileBackup is one file of the data directory, copied into the backup
// under its name.
type FileBackup struct {
	Name   string `json:"name"`
	Size   int64  `json:"size"`
	SHA256 string `json:"sha256"`
}

// StreamBackup is one stream's snapshot, as JetStream made it: its
// messages, and its consumers with what each has acknowledged.
type StreamBackup struct {
	Name     string          `json:"name"`
	File     string          `json:"file"`
	Size     int64           `json:"size"`
	SHA256   string          `json:"sha256"`
	Messages uint64          `json:"messages"`
	LastSeq  uint64          `json:"lastSeq"`
	Config   json.RawMessage `json:"config"` // the stream's configuration, as the server gave it
	State    json.RawMessage `json:"state"`  // its state, which a restore hands back to the server
}

// BackupOptions say what a backup takes first.
type BackupOptions struct {
	// Before names streams taken before the event stream, because they
	// must not be ahead of it (such as the intake's cursor: a cursor past
	// a mail the stream lacks would lose that mail). The other streams,
	// read models derived from the events, are taken after it, so that
	// they are never behind the consumers that feed them.
	Before []string
	// Files are paths of files to copy into the backup, which Restore
	// puts back into the data directory under the same names; a path that
	// does not exist is left out.
	Files []string
}

// snapshotChunkWait bounds the wait for the next chunk of a snapshot and
// for the server to take a chunk of a restore.
const snapshotChunkWait = 30 * time.Second

// Backup writes a snapshot of every stream of the account (the event
// stream and the key-value buckets kept beside it), consumers included,
// into dir, which must be empty or not exist yet, and returns what it
// wrote. JetStream checks every message's checksum as it takes them.
// Streams are taken one after the other, so a backup taken while the
// service runs is consistent only within each stream; see
// BackupOptions.Before.
func (s *Store) Backup(ctx context.Context, dir string, opt BackupOptions) (Manifest, error) {
	m := Manifest{Time: time.Now().UTC()}
	if err := emptyDir(dir); err != nil {
		return m, fmt.Errorf("events: backup: %w", err)
	}
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return m, fmt.Errorf("events: backup: %w", err)
	}
	names, err := s.streamNames(ctx)
	if err != nil {
		return m, fmt.Errorf("events: backup: %w", err)
	}
	slices.Sort(names)
	slices.SortStableFunc(names, func(a, b string) int { return backupRank(a, opt) - backupRank(b, opt) })
	for _, name := range names {
		sb, err := s.snapshot(ctx, name, dir)
		if err != nil {
			return m, fmt.Errorf("events: backup stream %s: %w", name, err)
		}
		m.Streams = append(m.Streams, sb)
	}
	for _, path := range opt.Files {
		fb, err := copyFile(path, dir)
		if errors.Is(err, os.ErrNotExist) {
			continue
		}
		if err != nil {
			return m, fmt.Errorf("events: backup: %w", err)
		}
		m.Files = append(m.Files, fb)
	}
	data, err := json.MarshalIndent(m, "", "  ")
	if err != nil {
		return m, err
	}
	if err := writeSynced(filepath.Join(dir, ManifestFile), func(w io.Writer) error { _, err := w.Write(data); return err }); err != nil {
		return m, fmt.Errorf("events: backup: %w", err)
	}
	return m, nil
}

// streamNames lists the account's streams.
func (s *Store) streamNames(ctx context.Context) ([]string, error) {
	lister := s.js.StreamNames(ctx)
	var names []string
	for name := range lister.Name() {
		names = append(names, name)
	}
	return names, lister.Err()
}

// backupRank orders streams for a backup: Before in its order, the event
// stream, then the rest.
func backupRank(name string, opt BackupOptions) int {
	switch i := slices.Index(opt.Before, name); {
	case i >= 0:
		return i - len(opt.Before) - 1
	case name == StreamName:
		return 0
	}
	return 1
}

// apiError is the error part of a JetStream API response.
type apiError struct {
	Error *struct {
		Code        int    `json:"code"`
		ErrCode     int    `json:"err_code"`
		Description string `json:"description"`
	} `json:"error,omitempty"`
}

func (e apiError) err() error {
	if e.Error == nil {
		return nil
	}
	return fmt.Errorf("%s (error %d)", e.Error.Description, e.Error.ErrCode)
}

// snapshot takes one stream's snapshot through the JetStream API: the
// server streams it in chunks to an inbox, each acknowledged to pace it,
// and ends with an empty message whose status says whether all went well.
func (s *Store) snapshot(ctx context.Context, name, dir string) (StreamBackup, error) {
	sb := StreamBackup{Name: name, File: name + ".snapshot"}
	inbox := s.nc.NewInbox()
	sub, err := s.nc.SubscribeSync(inbox)
	if err != nil {
		return sb, err
	}
	defer sub.Unsubscribe()
	req, _ := json.Marshal(map[string]any{"deliver_subject": inbox, "jsck": true})
	resp, err := s.nc.RequestWithContext(ctx, "$JS.API.STREAM.SNAPSHOT."+name, req)
	if err != nil {
		return sb, err
	}
	var r struct {
		apiError
		Config json.RawMessage `json:"config"`
		State  json.RawMessage `json:"state"`
	}
	if err := json.Unmarshal(resp.Data, &r); err != nil {
		return sb, err
	}
	if err := r.err(); err != nil {
		return sb, err
	}
	sb.Config, sb.State = r.Config, r.State
	var st struct {
		Msgs    uint64 `json:"messages"`
		LastSeq uint64 `json:"last_seq"`
	}
	if err := json.Unmarshal(r.State, &st); err != nil {
		return sb, err
	}
	sb.Messages, sb.LastSeq = st.Msgs, st.LastSeq
	h := sha256.New()
	err = writeSynced(filepath.Join(dir, sb.File), func(w io.Writer) error {
		for {
			cctx, cancel := context.WithTimeout(ctx, snapshotChunkWait)
			m, err := sub.NextMsgWithContext(cctx)
			cancel()
			if err != nil {
				return fmt.Errorf("waiting for the snapshot: %w", err)
			}
			if len(m.Data) == 0 {
				if code := m.Header.Get("Status"); code != "" && code != "204" {
					return fmt.Errorf("the server ended the snapshot with %s %s", code, m.Header.Get("Description"))
				}
				return nil
			}
			n, err := w.Write(m.Data)
			sb.Size += int64(n)
			h.Write(m.Data)
			if err != nil {
				return err
			}
			if m.Reply != "" {
				if err := m.Respond(nil); err != nil {
					return err
				}
			}
		}
	})
	sb.SHA256 = hex.EncodeToString(h.Sum(nil))
	return sb, err
}

// writeSynced writes a file through write, syncs it and only then gives it
// its name, so that a file with the name is whole.
func writeSynced(path string, write func(io.Writer) error) error {
	f, err := os.CreateTemp(filepath.Dir(path), filepath.Base(path)+".*")
	if err != nil {
		return err
	}
	defer os.Remove(f.Name())
	if err := write(f); err != nil {
		f.Close()
		return err
	}
	if err := f.Sync(); err != nil {
		f.Close()
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	return os.Rename(f.Name(), path)
}

// copyFile copies the file at path into dir under its name, readable by
// its owner only (a backup holds secrets), and returns what it copied.
func copyFile(path, dir string) (FileBackup, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return FileBackup{}, err
	}
	fb := FileBackup{Name: filepath.Base(path), Size: int64(len(data)), SHA256: hashBytes(data)}
	return fb, writeFile(filepath.Join(dir, fb.Name), data)
}

// writeFile writes a file, synced and under its name only once whole;
// writeSynced's temporary files, and so the file, are the owner's only.
func writeFile(path string, data []byte) error {
	return writeSynced(path, func(w io.Writer) error { _, err := w.Write(data); return err })
}

// restoreFiles checks the files of a backup against the manifest and
// against what the data directory holds: a file there already must be
// the same (a different signing key would disown every history signed
// before). With write, it then puts the missing ones there.
func restoreFiles(dir, dataDir string, files []FileBackup, write bool) error {
	if len(files) > 0 && dataDir == "" {
		return fmt.Errorf("the backup holds files of a data directory, and there is none to put them in")
	}
	for _, fb := range files {
		data, err := os.ReadFile(filepath.Join(dir, filepath.Base(fb.Name)))
		if err != nil {
			return err
		}
		if sum := hashBytes(data); int64(len(data)) != fb.Size || sum != fb.SHA256 {
			return fmt.Errorf("%s has %d bytes with SHA-256 %.12s…, the manifest says %d bytes with %.12s…", fb.Name, len(data), sum, fb.Size, fb.SHA256)
		}
		target := filepath.Join(dataDir, filepath.Base(fb.Name))
		have, err := os.ReadFile(target)
		switch {
		case err == nil && string(have) != string(data):
			return fmt.Errorf("%s differs from the backup's %s; move it away to restore the backup's", target, fb.Name)
		case err == nil:
			continue
		case !errors.Is(err, os.ErrNotExist):
			return err
		}
		if !write {
			continue
		}
		if err := os.MkdirAll(dataDir, 0o700); err != nil {
			return err
		}
		if err := writeFile(target, data); err != nil {
			return err
		}
	}
	return nil
}

// emptyDir reports an error unless dir is empty or does not exist.
func emptyDir(dir string) error {
	entries, err := os.ReadDir(dir)
	if errors.Is(err, os.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	if len(entries) > 0 {
		return fmt.Errorf("%s is not empty", dir)
	}
	return nil
}

// ErrNotEmpty is returned by Restore when the JetStream to restore into
// already holds streams.
var ErrNotEmpty = errors.New("events: restore needs a JetStream without streams")

// Restore restores the backup in dir into the JetStream opt names, which
// must hold no stream yet: with no URL, an embedded server on an empty
// data directory. It checks every file against the manifest before it
// sends anything.
func Restore(ctx context.Context, opt Options, dir string) (Manifest, error) {
	var m Manifest
	data, err := os.ReadFile(filepath.Join(dir, ManifestFile))
	if err != nil {
		return m, fmt.Errorf("events: restore: %w", err)
	}
	if err := json.Unmarshal(data, &m); err != nil {
		return m, fmt.Errorf("events: restore: %s: %w", ManifestFile, err)
	}
	for _, sb := range m.Streams {
		if err := checkFile(dir, sb); err != nil {
			return m, fmt.Errorf("events: restore: %w", err)
		}
	}
	if err := restoreFiles(dir, opt.DataDir, m.Files, false); err != nil {
		return m, fmt.Errorf("events: restore: %w", err)
	}
	if opt.URL == "" {
		if err := emptyDir(filepath.Join(opt.DataDir, "jetstream")); err != nil {
			return m, fmt.Errorf("%w: %w", ErrNotEmpty, err)
		}
	}
	s, err := connect(ctx, opt)
	if err != nil {
		return m, err
	}
	defer s.Close()
	names, err := s.streamNames(ctx)
	if err != nil {
		return m, fmt.Errorf("events: restore: %w", err)
	}
	if len(names) > 0 {
		return m, fmt.Errorf("%w: it has %s", ErrNotEmpty, strings.Join(names, ", "))
	}
	// The files go first: should a stream fail, the restore is tried
	// again into an empty store, and finds them already there.
	if err := restoreFiles(dir, opt.DataDir, m.Files, true); err != nil {
		return m, fmt.Errorf("events: restore: %w", err)
	}
	for _, sb := range m.Streams {
		if err := s.restore(ctx, dir, sb); err != nil {
			return m, fmt.Errorf("events: restore stream %s: %w", sb.Name, err)
		}
	}
	return m, nil
}

// checkFile checks that a snapshot file is the one the manifest lists.
func checkFile(dir string, sb StreamBackup) error {
	f, err := os.Open(filepath.Join(dir, filepath.Base(sb.File)))
	if err != nil {
		return err
	}
	defer f.Close()
	h := sha256.New()
	n, err := io.Copy(h, f)
	if err != nil {
		return err
	}
	if sum := hex.EncodeToString(h.Sum(nil)); n != sb.Size || sum != sb.SHA256 {
		return fmt.Errorf("%s has %d bytes with SHA-256 %.12s…, the manifest says %d bytes with %.12s…", sb.File, n, sum, sb.Size, sb.SHA256)
	}
	return nil
}

// restore sends one snapshot to the JetStream API: a request with the
// stream's configuration and state gives the subject to send the chunks
// to, each acknowledged, and an empty message ends it.
func (s *Store) restore(ctx context.Context, dir string, sb StreamBackup) error {
	req, _ := json.Marshal(map[string]json.RawMessage{"config": sb.Config, "state": sb.State})
	resp, err := s.nc.RequestWithContext(ctx, "$JS.API.STREAM.RESTORE."+sb.Name, req)
	if err != nil {
		return err
	}
	var r struct {
		apiError
		DeliverSubject string `json:"deliver_subject"`
	}
	if err := json.Unmarshal(resp.Data, &r); err != nil {
		return err
	}
	if err := r.err(); err != nil {
		return err
	}
	f, err := os.Open(filepath.Join(dir, filepath.Base(sb.File)))
	if err != nil {
		return err
	}
	defer f.Close()
	chunk := make([]byte, 128<<10)
	for {
		n, err := io.ReadFull(f, chunk)
		if n > 0 {
			if err := s.sendChunk(ctx, r.DeliverSubject, chunk[:n]); err != nil {
				return err
			}
		}
		if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
			break
		}
		if err != nil {
			return err
		}
	}
	return s.sendChunk(ctx, r.DeliverSubject, nil)
}

// sendChunk sends one chunk of a restore, or its end (nil), and checks
// the server's answer.
func (s *Store) sendChunk(ctx context.Context, subject string, chunk []byte) error {
	cctx, cancel := context.WithTimeout(ctx, snapshotChunkWait)
	defer cancel()
	resp, err := s.nc.RequestMsgWithContext(cctx, &nats.Msg{Subject: subject, Data: chunk})
	if err != nil {
		return err
	}
	if len(resp.Data) == 0 {
		return nil
	}
	var r apiError
	if err := json.Unmarshal(resp.Data, &r); err != nil {
		return err
	}
	return r.err()
}
