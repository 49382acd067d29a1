package web

import (
	"bytes"
	"context"
	"html/template"
	"net/url"
	"strconv"
	"strings"

	gamelocale "github.com/pbem-games/pbem/games/locale"

	"github.com/pbem-games/pbem/events"
	"github.com/pbem-games/pbem/games"
	"github.com/pbem-games/pbem/mail"
	"github.com/pbem-games/pbem/projections"
	"github.com/pbem-games/pbem/rules"
	"github.com/pbem-games/pbem/templates/words"
)

// page is what the page template shows.
type page struct {
	Lang     string        // the BCP 47 tag of the page's language
	L        words.Printer // the page's own words, by message id
	Nonce    string
	ID       string
	Title    string // the game's, with its variants
	Who      string // who reads: "Ana (seat 0)" or "an observer"
	Status   string // the game now: who is to move and until when, or how it ended
	Board    template.HTML
	At       int // the event the board is shown after
	Events   int // how many the history holds
	Nav      nav
	Players  []player
	History  []entry
	Checks   []string // what the verification found
	Broken   string   // why the verification failed; "" when it passed
	Export   string   // the export's address; "" when none is offered
	NoExport string   // why none is offered
	Share    string   // the public page's address, for a player once the game is over
}

// nav is the replay's links; "" where there is nowhere to go.
type nav struct{ First, Prev, Next, Last string }

type player struct {
	Seat   int
	Name   string
	Score  string
	You    bool
	ToAct  bool
	Until  string // the seat's deadline, if it has one
	Note   string // resigned, played by pbem, waiting to join…
	Winner bool
}

type entry struct {
	Seq     int
	Time    string
	Text    string
	Link    string
	Current bool
}

// page gathers the page of game g (folded from its whole history evs) as
// who sees it, with the board as after the at-th of the events they may
// know of, whose Seqs are known.
func (p *Pages) page(ctx context.Context, g *projections.Game, evs []events.Event, known []int, who reader, at int) (*page, error) {
	l := who.locale
	shown := g
	if seq := known[at-1]; seq < len(evs) {
		var err error
		shown, _, _, err = p.Service.LoadAt(ctx, g.ID, seq)
		if err != nil {
			return nil, err
		}
	}
	svg, err := p.board(g.Created.Game, shown.State.View(who.seat), l)
	if err != nil {
		return nil, err
	}
	self := "/g/" + g.ID + "/" + who.token
	if who.seat == rules.Observer {
		self = "/g/" + g.ID + "/public/" + who.token
	}
	atLink := func(n int) string {
		if n < 1 || n > len(known) || n == at {
			return ""
		}
		q := url.Values{}
		if n != len(known) {
			q.Set("at", strconv.Itoa(n))
		}
		if who.asked != "" {
			q.Set("lang", who.asked) // the reader chose the language: the links keep it
		}
		if len(q) == 0 {
			return self
		}
		return self + "?" + q.Encode()
	}
	pg := &page{Lang: l.Lang(), L: l.Printer, ID: g.ID, Title: title(g, l), Who: readerName(g, who.seat, l), Status: status(g, l),
		Board: svg, At: at, Events: len(known), Players: players(g, shown, who.seat, l),
		Nav: nav{First: atLink(1), Prev: atLink(at - 1), Next: atLink(at + 1), Last: atLink(len(known))}}
	lines := make([]string, len(evs))
	if p.Describe != nil {
		lines = p.Describe(g, evs, int(who.seat), l.Lang(), l.zone)
	} else {
		for i, e := range evs {
			lines[i] = e.Type
		}
	}
	for n, seq := range known {
		n, i, e := n+1, seq-1, evs[seq-1]
		if lines[i] == "" && n != at {
			continue
		}
		text := lines[i]
		if text == "" {
			text = e.Type // the event shown has no sentence for this reader
		}
		pg.History = append(pg.History, entry{Seq: n, Time: l.when(e.Time), Text: text,
			Link: atLink(n), Current: n == at})
	}
	pg.Checks, pg.Broken = p.verify(ctx, g, evs, l)
	switch {
	case who.seat == rules.Observer:
		pg.NoExport = l.S("web.noexport.observer")
	case g.Ended == nil:
		pg.NoExport = l.S("web.noexport.running")
	default:
		pg.Export = self + "/export"
		gen, err := mail.PublicGen(ctx, p.Service.Store, g.ID)
		if err != nil {
			return nil, err
		}
		pg.Share = Link("", p.Tokens, g, rules.Observer, gen)
	}
	return pg, nil
}

// board is the view's picture as SVG in the reader's words, to stand
// inline in the page, written once for every page that shows it while the
// cache keeps it.
func (p *Pages) board(game string, v rules.View, l locale) (template.HTML, error) {
	pic, err := p.Games.Draw(game, v, gamelocale.Locale{Printer: l.Printer, Zone: l.zone}.Phrase)
	if err != nil {
		return "", err
	}
	b, err := p.Pictures.SVG(pic)
	if err != nil {
		return "", err
	}
	return template.HTML(b), nil // drawn by pictures, whose texts are escaped there
}

// title is the game's title with its variants, each named in the
// reader's language where the catalog names it.
func title(g *projections.Game, l locale) string {
	t := l.Text(g.Rules.Info().Title)
	if len(g.Setup.Variants) > 0 {
		vs := make([]string, len(g.Setup.Variants))
		for i, v := range g.Setup.Variants {
			vs[i] = l.Text(v)
		}
		t += l.aside(strings.Join(vs, l.S("sep,")))
	}
	return t
}

func readerName(g *projections.Game, s rules.Seat, l locale) string {
	if s == rules.Observer {
		return l.S("web.observer")
	}
	return l.S("web.seat", g.Created.Players[s].Name, int(s))
}

// status says where the game stands now.
func status(g *projections.Game, l locale) string {
	if g.Ended != nil {
		var names []string
		for _, s := range g.Winners() {
			names = append(names, g.Created.Players[s].Name)
		}
		reason := g.Ended.Reason
		if l.Has(words.ID("web.reason." + reason)) {
			reason = l.S(words.ID("web.reason." + reason))
		}
		if len(names) == 0 {
			return l.S("web.over.none", reason)
		}
		return l.S("web.over", reason, l.and(names))
	}
	if g.Waiting() {
		return l.S("web.waiting")
	}
	if g.PausedAt != nil {
		return l.S("web.paused", l.when(*g.PausedAt))
	}
	var parts []string
	for _, s := range g.State.ToAct() {
		part := g.Created.Players[s].Name
		if d, ok := g.Deadline(int(s)); ok {
			part = l.S("web.until", part, l.when(d))
		}
		parts = append(parts, part)
	}
	if len(parts) == 0 {
		return l.S("web.nobody")
	}
	return l.S("web.to.move", strings.Join(parts, l.S("sep,")))
}

// players lists the seats with their scores in the position shown and
// their standing now.
func players(g, shown *projections.Game, you rules.Seat, l locale) []player {
	scores, _ := shown.State.Result()
	toAct := map[rules.Seat]bool{}
	if g.Ended == nil {
		for _, s := range g.State.ToAct() {
			toAct[s] = true
		}
	}
	winners := map[int]bool{}
	for _, s := range g.Winners() {
		winners[s] = true
	}
	var out []player
	for _, p := range g.Created.Players {
		pl := player{Seat: p.Seat, Name: p.Name, You: rules.Seat(p.Seat) == you, ToAct: toAct[rules.Seat(p.Seat)], Winner: winners[p.Seat]}
		if p.Seat < len(scores) {
			pl.Score = strconv.Itoa(scores[p.Seat])
		}
		if d, ok := g.Deadline(p.Seat); ok && pl.ToAct {
			pl.Until = l.when(d)
		}
		switch {
		case p.Open:
			pl.Note = l.S("web.note.open")
		case p.Invited:
			pl.Note = l.S("web.note.invited")
		case containsInt(g.Resigned, p.Seat):
			pl.Note = l.S("web.note.resigned")
		case g.Abandoned[p.Seat] != "":
			pl.Note = l.S("web.note.abandoned")
		}
		out = append(out, pl)
	}
	return out
}

func containsInt(xs []int, x int) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

// verify checks the history as its export would be checked: the chain,
// the seed against its commitment by replaying every move (the service
// holds the seed, so it can before the end), and the signature.
func (p *Pages) verify(ctx context.Context, g *projections.Game, evs []events.Event, l locale) (checks []string, broken string) {
	seed := g.Setup.Seed // the seed g was folded with: the service's, read once already
	export := bytes.TrimSuffix(games.SignedExport(evs, p.Key), []byte("\n"))
	rep, err := projections.Verify(p.Service.Catalog, bytes.Split(export, []byte("\n")), &seed)
	if err != nil {
		return nil, err.Error()
	}
	checks = append(checks, l.S("web.check.chain"))
	switch {
	case rep.Replayed && rep.Over:
		checks = append(checks, l.S("web.check.over"))
	case rep.Replayed:
		checks = append(checks, l.S("web.check.replayed"))
	default:
		checks = append(checks, l.S("web.check.noseed"))
	}
	if rep.Signer != nil && p.Key != nil && rep.Signer.Equal(p.Key.Public()) {
		checks = append(checks, l.S("web.check.signed", rep.Signer.String()))
	}
	return checks, ""
}
