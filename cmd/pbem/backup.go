package main

import (
	"context"
	"flag"
	"fmt"
	"path/filepath"
	"time"

	"github.com/pbem-games/pbem/events"
	"github.com/pbem-games/pbem/internal/backups"
)

// runBackup writes a snapshot of the whole store into a new directory.
// While "pbem serve" runs, the snapshot goes through its server.
func runBackup(ctx context.Context, e *env, args []string) error {
	fs := flag.NewFlagSet("backup", flag.ContinueOnError)
	out := fs.String("out", "", "directory to write the backup to; it must be empty or not exist (with --keep, the directory of backups)")
	passFile := fs.String("passphrase-file", "", "encrypt the backup with the passphrase on this file's first line (\"-\": PBEM_BACKUP_PASSPHRASE)")
	keep := fs.Int("keep", 0, "write the backup into a new pbem-<time> directory under --out and keep only the newest N there")
	if _, err := e.parse(fs, args, 0); err != nil {
		return err
	}
	if *out == "" || *keep < 0 {
		return usageOf("backup")
	}
	dir := *out
	if *keep > 0 {
		dir = filepath.Join(*out, backups.Name(time.Now()))
	}
	var passphrase []byte
	if *passFile != "" {
		var err error
		if passphrase, err = backups.ReadPassphrase(*passFile); err != nil {
			return fmt.Errorf("backup: %w", err)
		}
	}
	open := func() (*events.Store, error) {
		svc, err := e.service(ctx)
		if err != nil {
			return nil, err
		}
		return svc.Store, nil
	}
	if err := backups.Take(ctx, open, e.data, dir, passphrase, e.stdout); err != nil {
		return err
	}
	if *keep > 0 {
		removed, err := backups.Rotate(*out, *keep)
		if err != nil {
			return fmt.Errorf("backup: keep %d: %w", *keep, err)
		}
		for _, r := range removed {
			fmt.Fprintf(e.stdout, "removed the older backup %s\n", filepath.Join(*out, r))
		}
	}
	return nil
}

// runRestore restores a backup into a store that holds nothing yet.
func runRestore(ctx context.Context, e *env, args []string) error {
	fs := flag.NewFlagSet("restore", flag.ContinueOnError)
	from := fs.String("from", "", "directory of a backup made by pbem backup")
	passFile := fs.String("passphrase-file", "", "the passphrase of an encrypted backup, on this file's first line (\"-\": PBEM_BACKUP_PASSPHRASE)")
	if _, err := e.parse(fs, args, 0); err != nil {
		return err
	}
	if *from == "" {
		return usageOf("restore")
	}
	var passphrase []byte
	if backups.Sealed(*from) {
		if *passFile == "" {
			return usageError{fmt.Sprintf("restore: %s is encrypted: give its passphrase with --passphrase-file", *from)}
		}
		var err error
		if passphrase, err = backups.ReadPassphrase(*passFile); err != nil {
			return fmt.Errorf("restore: %w", err)
		}
	}
	m, err := backups.Restore(ctx, events.Options{URL: e.nats, DataDir: e.data}, *from, passphrase)
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
