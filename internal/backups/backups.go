package backups

import (
	"cmp"
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"time"

	"github.com/pbem-games/pbem/events"
	"github.com/pbem-games/pbem/internal/postoffice"
	"github.com/pbem-games/pbem/mail"
)

// Options say where a backup is written and how.
type Options struct {
	// Out is the backup's directory, which must be empty or not exist;
	// with Keep above 0, the directory of backups under which the backup
	// gets a new directory named by Name(Now).
	Out string
	// Keep, above 0, is how many of the newest backups under Out are kept
	// once this one is written (Rotate); 0 keeps them all.
	Keep int
	// PassphraseFile, when not "", names where the passphrase the backup
	// is sealed with is read from (ReadPassphrase); "" leaves it in the
	// clear.
	PassphraseFile string
	Now            time.Time
}

// Take writes a backup of the store of the data directory data as o
// says, and says on out what it wrote and which older backups it removed.
// open opens the store, once the backup's directory is known to be fit
// for a backup.
func Take(ctx context.Context, open func() (events.Backups, error), data string, o Options, out io.Writer) error {
	if o.Out == "" || o.Keep < 0 {
		return fmt.Errorf("backup: no directory to write to (%q), or keep %d below 0", o.Out, o.Keep)
	}
	var passphrase []byte
	if o.PassphraseFile != "" {
		var err error
		if passphrase, err = ReadPassphrase(o.PassphraseFile); err != nil {
			return fmt.Errorf("backup: %w", err)
		}
	}
	if o.Keep == 0 {
		return take(ctx, open, data, o.Out, passphrase, out)
	}
	if err := take(ctx, open, data, filepath.Join(o.Out, Name(o.Now)), passphrase, out); err != nil {
		return err
	}
	removed, err := Rotate(o.Out, o.Keep)
	if err != nil {
		return fmt.Errorf("backup: keep %d: %w", o.Keep, err)
	}
	for _, r := range removed {
		fmt.Fprintf(out, "removed the older backup %s\n", filepath.Join(o.Out, r))
	}
	return nil
}

// take writes a backup of the store of the data directory data into dir:
// the snapshot's files, or, with a passphrase, the one file that seals
// them (SealedFile). A sealed backup's snapshot is written first into a
// directory of the data directory, which holds the same in the clear
// already, and removed once sealed.
func take(ctx context.Context, open func() (events.Backups, error), data, dir string, passphrase []byte, out io.Writer) error {
	if passphrase == nil {
		return takeFiles(ctx, open, data, dir, out)
	}
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return fmt.Errorf("backup: %w", err)
	}
	if entries, err := os.ReadDir(dir); err != nil || len(entries) > 0 {
		return fmt.Errorf("backup: %s is not empty", dir)
	}
	if err := os.MkdirAll(data, 0o700); err != nil {
		return fmt.Errorf("backup: %w", err)
	}
	clear, err := os.MkdirTemp(data, ".backup-")
	if err != nil {
		return fmt.Errorf("backup: %w", err)
	}
	defer os.RemoveAll(clear)
	snap := filepath.Join(clear, "snapshot")
	if err := takeFiles(ctx, open, data, snap, out); err != nil {
		return err
	}
	path := filepath.Join(dir, SealedFile)
	f, err := os.OpenFile(path, os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o600)
	if err != nil {
		return fmt.Errorf("backup: %w", err)
	}
	err = Seal(f, snap, passphrase, rand.Reader)
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		os.Remove(path)
		return fmt.Errorf("backup: %w", err)
	}
	fmt.Fprintf(out, "encrypted into %s\n", path)
	return nil
}

// takeFiles writes the snapshot's files into dir.
func takeFiles(ctx context.Context, open func() (events.Backups, error), data, dir string, out io.Writer) error {
	store, err := open()
	if err != nil {
		return err
	}
	// The signing key goes along, made now if it was not yet: histories
	// it signed must check against the restored service too. So does the
	// reply tokens' secret, when it is kept there, for reply addresses.
	if _, err := postoffice.SigningKey(data); err != nil {
		return err
	}
	files := []string{filepath.Join(data, postoffice.SigningKeyFile), filepath.Join(data, postoffice.TokenSecretFile)}
	// The intake's cursor goes before the events: a cursor behind the
	// events only reads a mail again, which is recorded once anyway.
	m, err := store.Backup(ctx, dir, events.BackupOptions{Before: []string{"KV_" + mail.CursorBucket}, Files: files})
	if err != nil {
		return err
	}
	for _, sb := range m.Streams {
		fmt.Fprintf(out, "%-16s %8d messages %10d bytes\n", sb.Name, sb.Messages, sb.Size)
	}
	for _, fb := range m.Files {
		fmt.Fprintf(out, "%-16s %28d bytes\n", fb.Name, fb.Size)
	}
	fmt.Fprintf(out, "backed up %d streams and %d files to %s\n", len(m.Streams), len(m.Files), dir)
	return nil
}

// ErrNoPassphrase is what restoring an encrypted backup without a
// passphrase says.
var ErrNoPassphrase = errors.New("backups: its passphrase is needed")

// sealed says whether the backup in dir is sealed with a passphrase.
func sealed(dir string) bool {
	_, err := os.Stat(filepath.Join(dir, SealedFile))
	return err == nil
}

// Restore restores the backup in dir, sealed with the passphrase read
// from passFile (ReadPassphrase) or in the clear, into the empty store
// opt opens, and says so on out. A sealed backup's files are opened first
// into a directory of the data directory, removed at the end.
func Restore(ctx context.Context, opt events.Options, dir, passFile string, out io.Writer) error {
	m, err := restore(ctx, opt, dir, passFile)
	if err != nil {
		return err
	}
	where := cmp.Or(opt.URL, opt.DataDir)
	fmt.Fprintf(out, "restored %d streams and %d files, backed up at %s, into %s\n", len(m.Streams), len(m.Files), m.Time.Format("2006-01-02 15:04:05 MST"), where)
	return nil
}

// restore opens a sealed backup, if dir holds one, and restores it.
func restore(ctx context.Context, opt events.Options, dir, passFile string) (events.Manifest, error) {
	if sealed(dir) {
		if passFile == "" {
			return events.Manifest{}, fmt.Errorf("restore: %s is encrypted: %w", dir, ErrNoPassphrase)
		}
		passphrase, err := ReadPassphrase(passFile)
		if err != nil {
			return events.Manifest{}, fmt.Errorf("restore: %w", err)
		}
		if err := os.MkdirAll(opt.DataDir, 0o700); err != nil {
			return events.Manifest{}, fmt.Errorf("restore: %w", err)
		}
		clear, err := os.MkdirTemp(opt.DataDir, ".restore-")
		if err != nil {
			return events.Manifest{}, fmt.Errorf("restore: %w", err)
		}
		defer os.RemoveAll(clear)
		f, err := os.Open(filepath.Join(dir, SealedFile))
		if err != nil {
			return events.Manifest{}, fmt.Errorf("restore: %w", err)
		}
		err = Open(f, clear, passphrase)
		f.Close()
		if err != nil {
			return events.Manifest{}, fmt.Errorf("restore %s: %w", dir, err)
		}
		dir = clear
	}
	return events.Restore(ctx, opt, dir)
}
