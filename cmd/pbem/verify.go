package main

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"os"

	"github.com/pbem-games/pbem/games"
	"github.com/pbem-games/pbem/projections"
)

func runExport(ctx context.Context, e *env, args []string) error {
	fs := flag.NewFlagSet("export", flag.ContinueOnError)
	pos, err := e.parse(fs, args, 1, "ID")
	if err != nil {
		return err
	}
	svc, err := e.service(ctx)
	if err != nil {
		return err
	}
	evs, err := svc.History(ctx, gameID(pos[0]))
	if err != nil {
		return err
	}
	_, err = e.stdout.Write(games.Export(evs))
	return err
}

func runVerify(ctx context.Context, e *env, args []string) error {
	fs := flag.NewFlagSet("verify", flag.ContinueOnError)
	file := fs.String("file", "", "verify an exported history instead of a stored game")
	pos, err := e.parse(fs, args, -1, "ID | --file F")
	if err != nil {
		return err
	}
	if (len(pos) == 1) == (*file != "") || len(pos) > 1 {
		return usageError{"usage: pbem verify ID | --file F"}
	}
	var lines [][]byte
	var rep projections.Report
	if *file != "" {
		data, err := os.ReadFile(*file)
		if err != nil {
			return fmt.Errorf("verify: %w", err)
		}
		lines = splitLines(data)
		rep, err = projections.Verify(catalog(), lines, nil)
		if err != nil {
			return fmt.Errorf("verify %s: %w", *file, err)
		}
	} else {
		svc, err := e.service(ctx)
		if err != nil {
			return err
		}
		id := gameID(pos[0])
		evs, err := svc.History(ctx, id)
		if err != nil {
			return err
		}
		lines = games.ExportLines(evs)
		seed, err := projections.Seed(ctx, svc.Store, id)
		if err != nil {
			return err
		}
		if rep, err = projections.Verify(catalog(), lines, &seed); err != nil {
			return fmt.Errorf("verify %s: %w", id, err)
		}
	}
	fmt.Fprintf(e.stdout, "ok: game %s, %d events, hash chain intact", rep.Game, rep.Events)
	switch {
	case rep.Over:
		fmt.Fprintf(e.stdout, "; seed %s matches the commitment; every move replayed; final scores %s\n", rep.Seed, joinInts(rep.Scores))
	case rep.Replayed:
		fmt.Fprintln(e.stdout, "; the service's seed matches the commitment; every move replayed (the game is still running)")
	default:
		fmt.Fprintln(e.stdout, "; the seed stays secret until the game ends, so the moves can be replayed only then")
	}
	return nil
}

// splitLines splits JSON lines, dropping empty lines at the end only: an
// empty line inside a history is itself a break.
func splitLines(data []byte) [][]byte {
	lines := bytes.Split(bytes.TrimRight(data, "\r\n"), []byte("\n"))
	if len(lines) == 1 && len(lines[0]) == 0 {
		return nil
	}
	return lines
}
