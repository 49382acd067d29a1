package main

import (
	"context"
	"flag"
	"fmt"

	"github.com/pbem-games/pbem/events"
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
	// The intake's cursor goes before the events: a cursor behind the
	// events only reads a mail again, which is recorded once anyway.
	m, err := svc.Store.Backup(ctx, *out, events.BackupOptions{Before: []string{"KV_" + mail.CursorBucket}})
	if err != nil {
		return err
	}
	for _, sb := range m.Streams {
		fmt.Fprintf(e.stdout, "%-16s %8d messages %10d bytes\n", sb.Name, sb.Messages, sb.Size)
	}
	fmt.Fprintf(e.stdout, "backed up %d streams to %s\n", len(m.Streams), *out)
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
	fmt.Fprintf(e.stdout, "restored %d streams, backed up at %s, into %s\n", len(m.Streams), m.Time.Format("2006-01-02 15:04:05 MST"), where)
	return nil
}
