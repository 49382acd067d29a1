package main

import (
	"context"
	"flag"
	"fmt"
	"path/filepath"

	"github.com/pbem-games/pbem/events"
	"github.com/pbem-games/pbem/internal/postoffice"
	"github.com/pbem-games/pbem/mail"
)

// runBackup writes a snapshot of the whole store into a new directory.
// While "pbem serve" runs, the snapshot goes through its server.
func runBackup(ctx context.Context, e *env, args []string) error {
	fs := flag.NewFlagSet("backup", flag.ContinueOnError)
	out := fs.String("out", "", "directory to write the backup to; it must be empty or not exist")
	if _, err := e.parse(fs, args, 0, "--out DIR"); err != nil {
		return err
	}
	if *out == "" {
		return usageError{"usage: pbem backup --out DIR"}
	}
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
	m, err := svc.Store.Backup(ctx, *out, events.BackupOptions{Before: []string{"KV_" + mail.CursorBucket}, Files: files})
	if err != nil {
		return err
	}
	for _, sb := range m.Streams {
		fmt.Fprintf(e.stdout, "%-16s %8d messages %10d bytes\n", sb.Name, sb.Messages, sb.Size)
	}
	for _, fb := range m.Files {
		fmt.Fprintf(e.stdout, "%-16s %28d bytes\n", fb.Name, fb.Size)
	}
	fmt.Fprintf(e.stdout, "backed up %d streams and %d files to %s\n", len(m.Streams), len(m.Files), *out)
	return nil
}

// runRestore restores a backup into a store that holds nothing yet.
func runRestore(ctx context.Context, e *env, args []string) error {
	fs := flag.NewFlagSet("restore", flag.ContinueOnError)
	from := fs.String("from", "", "directory of a backup made by pbem backup")
	if _, err := e.parse(fs, args, 0, "--from DIR"); err != nil {
		return err
	}
	if *from == "" {
		return usageError{"usage: pbem restore --from DIR"}
	}
	m, err := events.Restore(ctx, events.Options{URL: e.nats, DataDir: e.data}, *from)
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
