package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"time"

	"github.com/pbem-games/pbem/events"
	"github.com/pbem-games/pbem/internal/backups"
)

// runBackup writes a snapshot of the whole store into a new directory.
// While "pbem serve" runs, the snapshot goes through its server.
func runBackup(ctx context.Context, e *env, args []string) error {
	fs := flag.NewFlagSet("backup", flag.ContinueOnError)
	o := backups.Options{Now: time.Now()}
	fs.StringVar(&o.Out, "out", "", "directory to write the backup to; it must be empty or not exist (with --keep, the directory of backups)")
	fs.StringVar(&o.PassphraseFile, "passphrase-file", "", "encrypt the backup with the passphrase on this file's first line (\"-\": PBEM_BACKUP_PASSPHRASE)")
	fs.IntVar(&o.Keep, "keep", 0, "write the backup into a new pbem-<time> directory under --out and keep only the newest N there")
	if _, err := e.parse(fs, args, 0); err != nil {
		return err
	}
	if o.Out == "" || o.Keep < 0 {
		return usageOf("backup")
	}
	open := func() (events.Backups, error) {
		if _, err := e.service(ctx); err != nil {
			return nil, err
		}
		return e.store, nil
	}
	return backups.Take(ctx, open, e.data, o, e.stdout)
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
	err := backups.Restore(ctx, events.Options{URL: e.nats, DataDir: e.data}, *from, *passFile, e.stdout)
	if errors.Is(err, backups.ErrNoPassphrase) {
		return usageError{Msg: fmt.Sprintf("restore: %s is encrypted: give its passphrase with --passphrase-file", *from)}
	}
	return err
}
