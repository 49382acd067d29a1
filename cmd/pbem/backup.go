package main

import (
	"context"
	"crypto/rand"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/pbem-games/pbem/events"
	"github.com/pbem-games/pbem/internal/postoffice"
	"github.com/pbem-games/pbem/mail"
)

// runBackup writes a snapshot of the whole store into a new directory.
// While "pbem serve" runs, the snapshot goes through its server.
func runBackup(ctx context.Context, e *env, args []string) error {
	fs := flag.NewFlagSet("backup", flag.ContinueOnError)
	out := fs.String("out", "", "directory to write the backup to; it must be empty or not exist (with --keep, the directory of backups)")
	passFile := fs.String("passphrase-file", "", "encrypt the backup with the passphrase on this file's first line (\"-\": PBEM_BACKUP_PASSPHRASE)")
	keep := fs.Int("keep", 0, "write the backup into a new pbem-<time> directory under --out and keep only the newest N there")
	if _, err := e.parse(fs, args, 0, "--out DIR [--passphrase-file FILE] [--keep N]"); err != nil {
		return err
	}
	if *out == "" || *keep < 0 {
		return usageError{"usage: pbem backup --out DIR [--passphrase-file FILE] [--keep N]"}
	}
	dir := *out
	if *keep > 0 {
		dir = filepath.Join(*out, backupName(time.Now()))
	}
	var passphrase []byte
	if *passFile != "" {
		var err error
		if passphrase, err = readPassphrase(*passFile); err != nil {
			return fmt.Errorf("backup: %w", err)
		}
	}
	if err := backupTo(ctx, e, dir, passphrase); err != nil {
		return err
	}
	if *keep > 0 {
		removed, err := rotateBackups(*out, *keep)
		if err != nil {
			return fmt.Errorf("backup: keep %d: %w", *keep, err)
		}
		for _, r := range removed {
			fmt.Fprintf(e.stdout, "removed the older backup %s\n", filepath.Join(*out, r))
		}
	}
	return nil
}

// backupTo writes the backup into dir: the snapshot's files, or, with a
// passphrase, the one file that seals them. The snapshot is written first
// into a directory of the data directory, which holds the same in the
// clear already, and removed once sealed.
func backupTo(ctx context.Context, e *env, dir string, passphrase []byte) error {
	if passphrase == nil {
		return backupFiles(ctx, e, dir)
	}
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return fmt.Errorf("backup: %w", err)
	}
	if entries, err := os.ReadDir(dir); err != nil || len(entries) > 0 {
		return fmt.Errorf("backup: %s is not empty", dir)
	}
	if err := os.MkdirAll(e.data, 0o700); err != nil {
		return fmt.Errorf("backup: %w", err)
	}
	clear, err := os.MkdirTemp(e.data, ".backup-")
	if err != nil {
		return fmt.Errorf("backup: %w", err)
	}
	defer os.RemoveAll(clear)
	snap := filepath.Join(clear, "snapshot")
	if err := backupFiles(ctx, e, snap); err != nil {
		return err
	}
	path := filepath.Join(dir, sealedBackupFile)
	f, err := os.OpenFile(path, os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o600)
	if err != nil {
		return fmt.Errorf("backup: %w", err)
	}
	err = sealBackup(f, snap, passphrase, rand.Reader)
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
	fmt.Fprintf(e.stdout, "encrypted into %s\n", path)
	return nil
}

// backupFiles writes the snapshot's files into dir.
func backupFiles(ctx context.Context, e *env, out string) error {
	svc, err := e.service(ctx)
	if err != nil {
		return err
	}
	// The signing key goes along, made now if it was not yet: histories
	// it signed must check against the restored service too. So does the
	// reply tokens' secret, when it is kept there, for reply addresses.
	if _, err := postoffice.SigningKey(e.data); err != nil {
		return err
	}
	files := []string{filepath.Join(e.data, postoffice.SigningKeyFile), filepath.Join(e.data, postoffice.TokenSecretFile)}
	// The intake's cursor goes before the events: a cursor behind the
	// events only reads a mail again, which is recorded once anyway.
	m, err := svc.Store.Backup(ctx, out, events.BackupOptions{Before: []string{"KV_" + mail.CursorBucket}, Files: files})
	if err != nil {
		return err
	}
	for _, sb := range m.Streams {
		fmt.Fprintf(e.stdout, "%-16s %8d messages %10d bytes\n", sb.Name, sb.Messages, sb.Size)
	}
	for _, fb := range m.Files {
		fmt.Fprintf(e.stdout, "%-16s %28d bytes\n", fb.Name, fb.Size)
	}
	fmt.Fprintf(e.stdout, "backed up %d streams and %d files to %s\n", len(m.Streams), len(m.Files), out)
	return nil
}

// runRestore restores a backup into a store that holds nothing yet.
func runRestore(ctx context.Context, e *env, args []string) error {
	fs := flag.NewFlagSet("restore", flag.ContinueOnError)
	from := fs.String("from", "", "directory of a backup made by pbem backup")
	passFile := fs.String("passphrase-file", "", "the passphrase of an encrypted backup, on this file's first line (\"-\": PBEM_BACKUP_PASSPHRASE)")
	if _, err := e.parse(fs, args, 0, "--from DIR [--passphrase-file FILE]"); err != nil {
		return err
	}
	if *from == "" {
		return usageError{"usage: pbem restore --from DIR [--passphrase-file FILE]"}
	}
	dir := *from
	sealed := filepath.Join(*from, sealedBackupFile)
	if _, err := os.Stat(sealed); err == nil {
		if *passFile == "" {
			return usageError{fmt.Sprintf("restore: %s is encrypted: give its passphrase with --passphrase-file", *from)}
		}
		passphrase, err := readPassphrase(*passFile)
		if err != nil {
			return fmt.Errorf("restore: %w", err)
		}
		if err := os.MkdirAll(e.data, 0o700); err != nil {
			return fmt.Errorf("restore: %w", err)
		}
		clear, err := os.MkdirTemp(e.data, ".restore-")
		if err != nil {
			return fmt.Errorf("restore: %w", err)
		}
		defer os.RemoveAll(clear)
		f, err := os.Open(sealed)
		if err != nil {
			return fmt.Errorf("restore: %w", err)
		}
		err = openBackup(f, clear, passphrase)
		f.Close()
		if err != nil {
			return fmt.Errorf("restore %s: %w", *from, err)
		}
		dir = clear
	}
	m, err := events.Restore(ctx, events.Options{URL: e.nats, DataDir: e.data}, dir)
	if err != nil {
		return err
	}
	where := e.data
	if e.nats != "" {
		where = e.nats
	}
	fmt.Fprintf(e.stdout, "restored %d streams and %d files, backed up at %s, into %s\n", len(m.Streams), len(m.Files), m.Time.Format("2006-01-02 15:04:05 MST"), where)
	return nil
}
