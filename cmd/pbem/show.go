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
	case !slices.Contains(showFormats, *format):
		return usageError{Msg: fmt.Sprintf("show: --format must be one of %s, not %q", strings.Join(showFormats, ", "), *format)}
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
	g, _, _, err := svc.LoadAt(ctx, gameID(pos[0]), *at)
	if err != nil {
		return err
	}
	s := rules.Observer
	if *seat != noSeat {
		if err := checkSeat(g.Created.Players, *seat); err != nil {
			return err
		}
		s = rules.Seat(*seat)
	}
	view := g.State.View(s)
	switch *format {
	case "svg", "png":
		return writePicture(e, g.Created.Game, view, *format, *lang)
	case "json":
		return writeJSON(e, g.ShownTo(s))
	}
	fmt.Fprintln(e.stdout, letters.Heading(g, s, e.offered.Words().For(*lang)))
	fmt.Fprintln(e.stdout)
	fmt.Fprint(e.stdout, strings.TrimRight(letters.New(svc, e.offered).BoardIn(view, *lang), "\n")+"\n")
	return nil
}

// showFormats are the forms "pbem show --format" writes a board in.
var showFormats = []string{"text", "json", "svg", "png"}

// writePicture draws the view of game as a picture in format, svg or png:
// the picture a mail to a reader of lang shows (as PNG) and the page (as
// SVG).
func writePicture(e *env, game string, view rules.View, format, lang string) error {
	offered, err := e.games()
	if err != nil {
		return err
	}
	pic, err := letters.New(nil, offered).PictureIn(game, view, lang)
	if err != nil {
		return err
	}
	if format == "svg" {
		return pic.WriteSVG(e.stdout)
	}
	return pic.WritePNG(e.stdout)
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
	g, evs, _, err := svc.LoadAt(ctx, gameID(pos[0]), 0)
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
