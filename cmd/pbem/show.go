package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"slices"
	"strings"

	"github.com/pbem-games/pbem/games/letters"
	"github.com/pbem-games/pbem/projections"
	"github.com/pbem-games/pbem/rules"
	"github.com/pbem-games/pbem/templates/words"
)

// shown is the JSON form of "pbem show".
type shown struct {
	Game   string       `json:"game"`
	Rules  string       `json:"rules"`
	Seq    uint64       `json:"seq"`
	ToAct  []rules.Seat `json:"toAct"`
	Over   bool         `json:"over"`
	Scores []int        `json:"scores"`
	Places []int        `json:"places,omitempty"` // by seat, 1 for the winners, once the game has ended
	Seat   rules.Seat   `json:"seat"`
	View   rules.View   `json:"view"`
}

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
		return usageError{fmt.Sprintf("show: --json and --format %s ask for two formats", *format)}
	case *asJSON:
		*format = "json"
	case !slices.Contains(showFormats, *format):
		return usageError{fmt.Sprintf("show: --format must be one of %s, not %q", strings.Join(showFormats, ", "), *format)}
	}
	if _, ok := words.Match(*lang); !ok {
		return usageError{fmt.Sprintf("show: pbem writes %s, not %q", strings.Join(words.Languages(), " and "), *lang)}
	}
	if *at < 0 {
		return usageError{fmt.Sprintf("show: --at must be an event number from 1, not %d", *at)}
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
	scores, over := g.State.Result()
	view := g.State.View(s)
	switch *format {
	case "svg", "png":
		return writePicture(e, g.Created.Game, view, *format, *lang)
	case "json":
		toAct := g.State.ToAct()
		if toAct == nil || g.Ended != nil {
			toAct = []rules.Seat{} // a resignation or an agreement ends a game the rules would go on with
		}
		return writeJSON(e, shown{Game: g.ID, Rules: g.Created.Game, Seq: g.Seq, ToAct: toAct,
			Over: over || g.Ended != nil, Scores: scores, Places: g.Places(), Seat: s, View: view})
	}
	fmt.Fprintln(e.stdout, heading(g, s, e.offered.Words().For(*lang)))
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

// heading is the one-line summary above a board, in the language of p.
func heading(g *projections.Game, s rules.Seat, p words.Printer) string {
	title := g.Rules.Info().Title
	if len(g.Setup.Variants) > 0 {
		title += " (" + strings.Join(g.Setup.Variants, ", ") + ")"
	}
	seat := func(t rules.Seat) string { return p.S("show.seat", int(t), g.Created.Players[t].Name) }
	who := p.S("show.observer")
	if s != rules.Observer {
		who = seat(s)
	}
	var state string
	if g.Ended != nil {
		state = ended(g, p)
	} else if scores, over := g.State.Result(); over {
		state = p.S("show.over", joinInts(scores))
	} else {
		var names []string
		for _, t := range g.State.ToAct() {
			names = append(names, seat(t))
		}
		state = p.S("show.to.act", strings.Join(names, p.S("sep,")))
	}
	return p.S("show.heading", g.ID, title, int(g.Seq), state, who)
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
		return usageError{fmt.Sprintf("log: pbem writes %s, not %q", strings.Join(words.Languages(), " and "), *lang)}
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
	lines := letters.New(svc, e.offered).DescribeEachIn(g, evs, int(rules.Observer), *lang)
	for i, ev := range evs {
		fmt.Fprintf(e.stdout, "%4d  %s  %-14s %s\n", ev.Seq, ev.Time.Format("2006-01-02 15:04:05Z"), ev.Type, lines[i])
	}
	return nil
}

func writeJSON(e *env, v any) error {
	enc := json.NewEncoder(e.stdout)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}

// ended says how an ended game came out: the scores and who won, which
// a resignation decides whatever the scores.
func ended(g *projections.Game, p words.Printer) string {
	var names []string
	for _, s := range g.Winners() {
		names = append(names, g.Created.Players[s].Name)
	}
	won := ""
	for i, n := range names {
		if i == 0 {
			won = n
		} else {
			won = p.S("and", won, n)
		}
	}
	out := p.S("show.won", joinInts(g.Ended.Scores), won)
	for _, s := range g.Resigned {
		out += p.S("show.resigned", g.Created.Players[s].Name)
	}
	return out
}
