package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"slices"
	"strings"

	"github.com/pbem-games/pbem/games/letters"
	"github.com/pbem-games/pbem/rules"
	"github.com/pbem-games/pbem/templates/words"
)

func runShow(ctx context.Context, e *env, args []string) error {
	fs := flag.NewFlagSet("show", flag.ContinueOnError)
	seat := seatFlag(fs)
	at := fs.Int("at", 0, "show the game as it was after event SEQ")
	asJSON := fs.Bool("json", false, "print JSON (as --format json)")
	format := fs.String("format", "text", "how to write the board: text, json, svg or png (a picture, to standard output)")
	lang := fs.String("lang", "en", "the language of the board's words, text or picture, as a player reading it gets it by mail: en or zh")
	pos, err := e.parse(fs, args, 1)
	if err != nil {
		return err
	}
	switch {
	case *asJSON && *format != "text" && *format != "json":
		return usageError{Msg: fmt.Sprintf("show: --json and --format %s ask for two formats", *format)}
	case *asJSON:
		*format = "json"
	case !slices.Contains(letters.BoardFormats, *format):
		return usageError{Msg: fmt.Sprintf("show: --format must be one of %s, not %q", strings.Join(letters.BoardFormats, ", "), *format)}
	}
	if _, ok := words.Match(*lang); !ok {
		return usageError{Msg: fmt.Sprintf("show: pbem writes %s, not %q", strings.Join(words.Languages(), " and "), *lang)}
	}
	if *at < 0 {
		return usageError{Msg: fmt.Sprintf("show: --at must be an event number from 1, not %d", *at)}
	}
	svc, err := e.service(ctx)
	if err != nil {
		return err
	}
	g, _, _, err := svc.LoadAt(ctx, argID(pos[0]), *at)
	if err != nil {
		return err
	}
	s := rules.Observer
	if *seat != noSeat {
		s = rules.Seat(*seat)
	}
	return letters.New(svc, e.offered).WriteBoard(e.stdout, g, s, *format, *lang)
}

func runLog(ctx context.Context, e *env, args []string) error {
	fs := flag.NewFlagSet("log", flag.ContinueOnError)
	asJSON := fs.Bool("json", false, "print JSON")
	lang := fs.String("lang", "en", "the language of what each event did, as a player reading it gets it by mail: en or zh")
	pos, err := e.parse(fs, args, 1)
	if err != nil {
		return err
	}
	if _, ok := words.Match(*lang); !ok {
		return usageError{Msg: fmt.Sprintf("log: pbem writes %s, not %q", strings.Join(words.Languages(), " and "), *lang)}
	}
	svc, err := e.service(ctx)
	if err != nil {
		return err
	}
	g, evs, _, err := svc.LoadAt(ctx, argID(pos[0]), 0)
	if err != nil {
		return err
	}
	if *asJSON {
		return writeJSON(e, evs)
	}
	return letters.New(svc, e.offered).WriteLog(e.stdout, g, evs, *lang)
}

func writeJSON(e *env, v any) error {
	enc := json.NewEncoder(e.stdout)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}
