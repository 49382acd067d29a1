package web

import (
	"bytes"
	"context"
	"fmt"
	"html/template"
	"strconv"
	"strings"
	"time"

	"github.com/pbem-games/pbem/events"
	"github.com/pbem-games/pbem/games"
	"github.com/pbem-games/pbem/pictures"
	"github.com/pbem-games/pbem/projections"
	"github.com/pbem-games/pbem/rules"
)

// page is what the page template shows.
type page struct {
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
	shown := g
	if seq := known[at-1]; seq < len(evs) {
		var err error
		shown, _, _, err = p.Service.LoadAt(ctx, g.ID, seq)
		if err != nil {
			return nil, err
		}
	}
	svg, err := board(shown.State.View(who.seat))
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
		if n == len(known) {
			return self
		}
		return self + "?at=" + strconv.Itoa(n)
	}
	pg := &page{ID: g.ID, Title: title(g), Who: readerName(g, who.seat), Status: status(g), Board: svg,
		At: at, Events: len(known), Players: players(g, shown, who.seat),
		Nav: nav{First: atLink(1), Prev: atLink(at - 1), Next: atLink(at + 1), Last: atLink(len(known))}}
	lines := make([]string, len(evs))
	if p.Describe != nil {
		lines = p.Describe(g, evs, int(who.seat))
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
		pg.History = append(pg.History, entry{Seq: n, Time: e.Time.UTC().Format("2 Jan 15:04"), Text: text,
			Link: atLink(n), Current: n == at})
	}
	pg.Checks, pg.Broken = p.verify(ctx, g, evs)
	switch {
	case who.seat == rules.Observer:
		pg.NoExport = "The history is offered to the players only: it holds their addresses."
	case g.Ended == nil:
		pg.NoExport = "The history can be downloaded once the game is over: until then it would show what the others played in secret."
	default:
		pg.Export = self + "/export"
		pg.Share = Link("", p.Tokens, g, rules.Observer)
	}
	return pg, nil
}

// board is the view's picture as SVG, to stand inline in the page.
func board(v rules.View) (template.HTML, error) {
	pic, err := pictures.Draw(v)
	if err != nil {
		return "", err
	}
	var b bytes.Buffer
	if err := pic.WriteSVG(&b); err != nil {
		return "", err
	}
	return template.HTML(b.String()), nil // drawn by pictures, whose texts are escaped there
}

func title(g *projections.Game) string {
	t := g.Rules.Info().Title
	if len(g.Setup.Variants) > 0 {
		t += " (" + strings.Join(g.Setup.Variants, ", ") + ")"
	}
	return t
}

func readerName(g *projections.Game, s rules.Seat) string {
	if s == rules.Observer {
		return "an observer"
	}
	return fmt.Sprintf("%s (seat %d)", g.Created.Players[s].Name, s)
}

// when writes a time as every reader of the page reads it alike.
func when(t time.Time) string { return t.UTC().Format("Mon 2 Jan 2006 15:04 UTC") }

// status says where the game stands now.
func status(g *projections.Game) string {
	if g.Ended != nil {
		var names []string
		for _, s := range g.Winners() {
			names = append(names, g.Created.Players[s].Name)
		}
		return "The game is over (" + g.Ended.Reason + "): won by " + strings.Join(names, " and ") + "."
	}
	if g.Waiting() {
		return "The game waits for its players to join."
	}
	if g.PausedAt != nil {
		return "The game is paused since " + when(*g.PausedAt) + "."
	}
	var parts []string
	for _, s := range g.State.ToAct() {
		part := g.Created.Players[s].Name
		if d, ok := g.Deadline(int(s)); ok {
			part += " (until " + when(d) + ")"
		}
		parts = append(parts, part)
	}
	if len(parts) == 0 {
		return "Nobody is to move."
	}
	return "To move: " + strings.Join(parts, ", ") + "."
}

// players lists the seats with their scores in the position shown and
// their standing now.
func players(g, shown *projections.Game, you rules.Seat) []player {
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
			pl.Until = when(d)
		}
		switch {
		case p.Open:
			pl.Note = "open seat"
		case p.Invited:
			pl.Note = "invited"
		case containsInt(g.Resigned, p.Seat):
			pl.Note = "resigned"
		case g.Abandoned[p.Seat] != "":
			pl.Note = "played by pbem"
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
func (p *Pages) verify(ctx context.Context, g *projections.Game, evs []events.Event) (checks []string, broken string) {
	var seed *rules.Seed
	if s, err := projections.Seed(ctx, p.Service.Store, g.ID); err == nil {
		seed = &s
	}
	export := bytes.TrimSuffix(games.SignedExport(evs, p.Key), []byte("\n"))
	rep, err := projections.Verify(p.Service.Catalog, bytes.Split(export, []byte("\n")), seed)
	if err != nil {
		return nil, err.Error()
	}
	checks = append(checks, "The chain of hashes holds through the whole history.")
	switch {
	case rep.Replayed && rep.Over:
		checks = append(checks, "The seed revealed at the end matches the commitment made at the start, and every move replays by the rules to the final scores.")
	case rep.Replayed:
		checks = append(checks, "Every move replays by the rules from the seed, which matches the commitment made at the start; the seed is revealed when the game ends.")
	default:
		checks = append(checks, "The seed is not at hand, so the moves were not replayed.")
	}
	if rep.Signer != nil && p.Key != nil && rep.Signer.Equal(p.Key.Public()) {
		checks = append(checks, "The history is signed by this service's key "+rep.Signer.String()+".")
	}
	return checks, ""
}
