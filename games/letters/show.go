package letters

import (
	"fmt"
	"io"
	"strings"

	"github.com/pbem-games/pbem/events"
	"github.com/pbem-games/pbem/projections"
	"github.com/pbem-games/pbem/rules"
	"github.com/pbem-games/pbem/templates/words"
)

// Heading is the one-line summary above a board shown to seat s (or an
// observer), in the language of p: the game, its rules and variants, the
// event it stands at, who acts or how it ended.
func Heading(g *projections.Game, s rules.Seat, p words.Printer) string {
	title := g.Rules.Info().Title
	if p.Has(title) {
		title = p.S(title)
	}
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
