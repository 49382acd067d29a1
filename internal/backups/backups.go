package backups

import (
	"context"
	"crypto/rand"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/pbem-games/pbem/events"
	"github.com/pbem-games/pbem/internal/postoffice"
	"github.com/pbem-games/pbem/mail"
)

// Take writes a backup of the store of the data directory data into dir:
// the snapshot's files, or, with a passphrase, the one file that seals
// them (SealedFile). It says what it wrote on out. open opens the store,
// once dir is known to be fit for a backup. A sealed backup's snapshot is
// written first into a directory of the data directory, which holds the
// same in the clear already, and removed once sealed.
func Take(ctx context.Context, open func() (*events.Store, error), data, dir string, passphrase []byte, out io.Writer) error {
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
func takeFiles(ctx context.Context, open func() (*events.Store, error), data, dir string, out io.Writer) error {
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

// Sealed says whether the backup in dir is sealed with a passphrase.
func Sealed(dir string) bool {
	_, err := os.Stat(filepath.Join(dir, SealedFile))
	return err == nil
}

// Restore restores the backup in dir, sealed with passphrase or in the
// clear (passphrase nil), into the empty store opt opens. A sealed
// backup's files are opened first into a directory of the data directory,
// removed at the end.
func Restore(ctx context.Context, opt events.Options, dir string, passphrase []byte) (events.Manifest, error) {
	if Sealed(dir) {
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
