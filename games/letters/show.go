package letters

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/pbem-games/pbem/events"
	"github.com/pbem-games/pbem/games"
	"github.com/pbem-games/pbem/projections"
	"github.com/pbem-games/pbem/rules"
	"github.com/pbem-games/pbem/templates/words"
)

// Heading is the one-line summary above a board shown to seat s (or an
// observer), in the language of p: the game, its rules and variants, the
// event it stands at, who acts or how it ended.
func Heading(g *projections.Game, s rules.Seat, p words.Printer) string {
	title := p.Text(g.Rules.Info().Title)
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
		state = p.S("show.over", projections.JoinInts(scores))
	} else {
		var names []string
		for _, t := range g.State.ToAct() {
			names = append(names, seat(t))
		}
		state = p.S("show.to.act", strings.Join(names, p.S("sep,")))
	}
	return p.S("show.heading", g.ID, title, int(g.Seq), state, who)
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
	out := p.S("show.won", projections.JoinInts(g.Ended.Scores), won)
	if len(names) == 0 {
		out = p.S("show.none", projections.JoinInts(g.Ended.Scores))
	}
	for _, s := range g.Resigned {
		out += p.S("show.resigned", g.Created.Players[s].Name)
	}
	return out
}

// WriteLog writes game g's history evs to w, one line per event: its
// number, time, type and what it did as an observer reading lang is told.
func (s *Service) WriteLog(w io.Writer, g *projections.Game, evs []events.Event, lang string) error {
	lines := s.DescribeEachIn(g, evs, int(rules.Observer), lang)
	for i, ev := range evs {
		if _, err := fmt.Fprintf(w, "%4d  %s  %-14s %s\n", ev.Seq, ev.Time.Format("2006-01-02 15:04:05Z"), ev.Type, lines[i]); err != nil {
			return err
		}
	}
	return nil
}

// BoardFormats are the forms WriteBoard writes a board in.
var BoardFormats = []string{"text", "json", "svg", "png"}

// WriteBoard writes game g as seat (or an observer) sees it to w, in one
// of BoardFormats: the heading and the text board, the JSON of
// projections.Game.ShownTo, or the picture a mail (png) or the page (svg)
// shows; its words in lang, as a player reading it gets them by mail.
func (s *Service) WriteBoard(w io.Writer, g *projections.Game, seat rules.Seat, format, lang string) error {
	if seat != rules.Observer {
		if err := games.CheckSeat(g, int(seat)); err != nil {
			return err
		}
	}
	view := g.State.View(seat)
	switch format {
	case "text":
		_, err := fmt.Fprintf(w, "%s\n\n%s\n", Heading(g, seat, s.games.Words().For(lang)), strings.TrimRight(s.BoardIn(view, lang), "\n"))
		return err
	case "json":
		enc := json.NewEncoder(w)
		enc.SetIndent("", "  ")
		return enc.Encode(g.ShownTo(seat))
	case "svg", "png":
		pic, err := s.PictureIn(g.Created.Game, view, lang)
		if err != nil {
			return err
		}
		if format == "svg" {
			return pic.WriteSVG(w)
		}
		return pic.WritePNG(w)
	}
	return fmt.Errorf("letters: no board format %q; the formats are %s", format, strings.Join(BoardFormats, ", "))
}

// Legal is seat's legal moves in game g, in the order the rules give
// them, each as a player writing lang writes it.
func Legal(g *projections.Game, seat rules.Seat, lang string) ([]string, error) {
	if err := games.CheckSeat(g, int(seat)); err != nil {
		return nil, err
	}
	var out []string
	for _, m := range g.State.Legal(seat) {
		out = append(out, rules.MoveIn(g.State, lang, m))
	}
	return out, nil
}
