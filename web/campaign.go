package web

import (
	"bytes"
	"cmp"
	"context"
	_ "embed"
	"errors"
	"fmt"
	"html/template"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"time"

	"github.com/pbem-games/pbem/campaigns"
	"github.com/pbem-games/pbem/campaigns/organiser"
	"github.com/pbem-games/pbem/mail"
	"github.com/pbem-games/pbem/rules"
	"github.com/pbem-games/pbem/templates/words"
)

// Campaigns serves GET /c/<id>/<token>: a campaign's public page, its
// standings with their tiebreaks, its rounds with each game's public page
// and result, its ratings, and the verification of its history and of
// every result against its game's, all folded from the campaign's
// history as the page is asked for; ?lang= chooses the language, else
// the browser's. Any other address under /c/ is 404, as is a wrong token.
func (p *Pages) Campaigns() http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		secure(w.Header())
		rest, _ := strings.CutPrefix(r.URL.Path, "/c/")
		id, token, ok := strings.Cut(rest, "/")
		if !ok || !campaignID(id) || len(token) != mail.PageTokenLen || strings.Contains(token, "/") ||
			!p.Tokens.CheckPage(token, p.Tokens.PublicPage(id)) || r.Method != http.MethodGet && r.Method != http.MethodHead {
			notFound(w)
			return
		}
		ctx, cancel := context.WithTimeout(r.Context(), 20*time.Second)
		defer cancel()
		l, asked := p.pageLocale(r)
		pg, err := p.campaignPage(ctx, id, l, asked)
		if errors.Is(err, organiser.ErrUnknown) {
			notFound(w)
			return
		}
		if err != nil {
			p.fail(w, "campaign page", id, err)
			return
		}
		var b bytes.Buffer
		if err := campaignTemplate.Execute(&b, pg); err != nil {
			p.fail(w, "write campaign page", id, err)
			return
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		_, _ = w.Write(b.Bytes())
	})
}

// campaignID reports whether s is a campaign's id as the organiser makes
// them.
func campaignID(s string) bool {
	return len(s) == len(organiser.IDPrefix)+6 && strings.HasPrefix(s, organiser.IDPrefix) && gameID(s)
}

// pageLocale is the language of a page about no one in particular: the
// one ?lang= asks for, where pbem writes it (asked, which the page's links
// keep), else the browser's, else English; times in UTC.
func (p *Pages) pageLocale(r *http.Request) (l locale, asked string) {
	lang := ""
	if q := r.URL.Query().Get("lang"); q != "" {
		if tag, ok := p.Games.Words().Match(q); ok {
			lang, asked = tag, tag
		}
	}
	if lang == "" {
		lang = p.accepted(r.Header.Get("Accept-Language"))
	}
	return locale{Printer: p.Games.Words().For(lang)}, asked
}

// campaignPage is what the campaign template shows.
type campaignPage struct {
	Lang      string
	L         words.Printer
	ID        string
	Heading   string // "Round robin of <game>"
	State     string
	Tiebreaks string
	Standings []standingRow
	Rounds    []roundRow
	Ratings   []ratingRow
	Glicko    bool // the ratings have a Glicko-2 column
	Players   []playerHistory
	Checks    []string
	Broken    string // why the verification failed; "" when it passed
	Langs     []langLink
}

type standingRow struct {
	Rank                 int
	Player, Note         string // Note: withdrew, a ladder's place, a division, a knockout's round out
	Points, Buchholz, SB string
	Played, Byes         int
	GameScore, Timeouts  int
	Elo, OnTime          string
}

type roundRow struct {
	Round  int
	Tables []tableRow
	Byes   string
}

type tableRow struct {
	Table   int
	Game    string // its id; "" for a table whose game is not started
	Link    string // the game's public page
	Players string // in seat order
	Result  string // the places, or that it is being played
	Hash    string // the final hash recorded, shortened
}

type ratingRow struct {
	Player      string
	Games       int
	Elo, Glicko string
}

type langLink struct {
	Name, Link string
	Current    bool
}

// campaignPage gathers campaign id's page, folded from its history, in
// l's language; asked is the language the address asked for.
func (p *Pages) campaignPage(ctx context.Context, id string, l locale, asked string) (*campaignPage, error) {
	org := &organiser.Service{Games: p.Service}
	c, _, _, err := org.Load(ctx, id)
	if err != nil {
		return nil, err
	}
	game := organiser.GameTitle(p.Service.Catalog, c.Created.Game, l.Printer)
	pg := &campaignPage{Lang: l.Lang(), L: l.Printer, ID: id,
		Heading: l.S("web.campaign.heading", l.S(words.ID("web.campaign.kind."+c.Created.Kind)), game)}
	state := l.S("web.campaign.running")
	if c.Over() {
		state = l.S("web.campaign.over")
	}
	pg.State = strings.Join([]string{l.S("web.campaign.tables", max(c.Created.Options.Table, 2)),
		l.S("web.campaign.state", len(c.Rounds), len(c.Games), len(c.Running())), state}, " ")
	tbs := c.Created.Options.Tiebreaks
	if len(tbs) == 0 {
		tbs = campaigns.Tiebreaks
	}
	names := make([]string, len(tbs))
	for i, tb := range tbs {
		names[i] = l.S(words.ID("web.campaign.tb." + tb))
	}
	pg.Tiebreaks = l.S("web.campaign.tiebreaks", strings.Join(names, l.S("sep,")))
	pg.Standings = standingRows(c, l)
	pg.Rounds = p.roundRows(c, l, asked)
	pg.Ratings, pg.Glicko = ratingRows(c)
	pg.Players = p.playerHistories(c, l, asked)
	pg.Checks, pg.Broken = p.verifyCampaign(ctx, org, c, l)
	for _, lang := range p.Games.Words().Langs().Tags() {
		q := url.Values{"lang": {lang}}
		pg.Langs = append(pg.Langs, langLink{Name: p.Games.Words().For(lang).S("lang.name"), Link: "?" + q.Encode(), Current: lang == l.Lang()})
	}
	return pg, nil
}

// entryName is how the public page names a campaign's entry: by name, never
// by address.
func entryName(entry string) string { return organiser.Player(entry).Name }

func standingRows(c *campaigns.Campaign, l locale) []standingRow {
	elo, onTime := map[string]float64{}, map[string]float64{}
	for _, r := range c.Ratings() {
		elo[r.Player] = r.Elo
	}
	for _, r := range c.Reliability() {
		onTime[r.Player] = r.OnTime
	}
	var out []standingRow
	for _, st := range c.Standings() {
		row := standingRow{Rank: st.Rank, Player: entryName(st.Player), Points: st.Points.String(), Buchholz: st.Buchholz.String(),
			SB: st.SonnebornBerger.String(), Played: st.Played, Byes: st.Byes, GameScore: st.GameScore, Timeouts: st.Timeouts,
			Elo: fmt.Sprintf("%.0f", elo[st.Player]), OnTime: fmt.Sprintf("%.0f%%", 100*onTime[st.Player])}
		var notes []string
		if st.Withdrawn != "" {
			notes = append(notes, l.S("web.campaign.withdrawn"))
		}
		if st.Ladder > 0 {
			notes = append(notes, l.S("web.campaign.ladder", st.Ladder))
		}
		if st.Division > 0 {
			notes = append(notes, l.S("web.campaign.division", st.Division))
		}
		if st.Out > 0 {
			notes = append(notes, l.S("web.campaign.out", st.Out))
		}
		if len(notes) > 0 {
			row.Note = l.aside(strings.Join(notes, l.S("sep,")))
		}
		out = append(out, row)
	}
	return out
}

// roundRows lists every round's tables: a ladder's challenges are its
// rounds.
func (p *Pages) roundRows(c *campaigns.Campaign, l locale, asked string) []roundRow {
	games := map[[2]int]campaigns.Game{}
	for _, g := range c.Games {
		games[[2]int{g.Round, g.Table}] = g
	}
	var out []roundRow
	for r, round := range c.Rounds {
		row := roundRow{Round: r + 1}
		var byes []string
		for _, b := range round.Byes {
			byes = append(byes, entryName(b))
		}
		if len(byes) > 0 {
			row.Byes = l.S("web.campaign.bye", strings.Join(byes, l.S("sep,")))
		}
		for t, seats := range round.Tables {
			tr := tableRow{Table: t + 1, Result: l.S("web.campaign.unstarted")}
			var players []string
			for _, s := range seats {
				players = append(players, entryName(s))
			}
			tr.Players = strings.Join(players, l.S("sep,"))
			if g, ok := games[[2]int{r + 1, t + 1}]; ok {
				tr.Game, tr.Link, tr.Result = g.Game, mail.PagePath(g.Game, p.Tokens.PublicPage(g.Game), true), l.S("web.campaign.playing")
				if asked != "" {
					tr.Link += "?" + url.Values{"lang": {asked}}.Encode()
				}
				if g.Result != nil {
					tr.Result = placed(g, l)
					if g.Adjudicated {
						tr.Result += l.aside(l.S("web.campaign.adjudicated"))
					} else if len(g.Result.Hash) >= 12 {
						tr.Hash = l.S("web.campaign.hash", g.Result.Hash[:12])
					}
				}
			}
			row.Tables = append(row.Tables, tr)
		}
		out = append(out, row)
	}
	return out
}

// placed writes a result as its places, first place first: "1. Ana,
// 2. Bea"; seats that tie share a place.
func placed(g campaigns.Game, l locale) string {
	seats := make([]int, len(g.Seats))
	for i := range seats {
		seats[i] = i
	}
	places := g.Result.Places
	slices.SortStableFunc(seats, func(a, b int) int { return cmp.Compare(places[a], places[b]) })
	var parts []string
	for _, s := range seats {
		if s < len(places) {
			parts = append(parts, l.S("web.campaign.placed", places[s], entryName(g.Seats[s])))
		}
	}
	return strings.Join(parts, l.S("sep,"))
}

// ratingRows lists the ratings, highest Elo first; glicko says whether
// any player has a Glicko-2 rating.
func ratingRows(c *campaigns.Campaign) (rows []ratingRow, glicko bool) {
	rs := c.Ratings()
	slices.SortStableFunc(rs, func(a, b campaigns.Rating) int {
		return cmp.Or(cmp.Compare(b.Elo, a.Elo), cmp.Compare(a.Player, b.Player))
	})
	for _, r := range rs {
		row := ratingRow{Player: entryName(r.Player), Games: r.Games, Elo: fmt.Sprintf("%.0f", r.Elo)}
		if r.Glicko != nil {
			row.Glicko, glicko = fmt.Sprintf("%.0f ± %.0f", r.Glicko.R, r.Glicko.RD), true
		}
		rows = append(rows, row)
	}
	return rows, glicko
}

// verifyCampaign checks the campaign's history as pbem campaign verify
// checks a stored one: its export's chain and signature, every fact,
// every round paired again from the seed (the service holds it before it
// is revealed), and every result against its game's own history.
func (p *Pages) verifyCampaign(ctx context.Context, org *organiser.Service, c *campaigns.Campaign, l locale) (checks []string, broken string) {
	export, err := org.Export(ctx, c.ID, p.Key, false)
	if err != nil {
		return nil, err.Error()
	}
	var seed *rules.Seed
	if s, err := org.Seed(ctx, c); err == nil {
		seed = &s
	}
	rep, err := org.Verify(ctx, bytes.Split(bytes.TrimSuffix(export, []byte("\n")), []byte("\n")), seed)
	if err != nil {
		return nil, err.Error()
	}
	checks = append(checks, l.S("web.campaign.check.chain"), l.S("web.campaign.check.results", rep.Results))
	switch {
	case rep.Pairings && c.Seed != nil:
		checks = append(checks, l.S("web.campaign.check.pairings"))
	case rep.Pairings:
		checks = append(checks, l.S("web.campaign.check.secret"))
	}
	if rep.Signer != nil && p.Key != nil && rep.Signer.Equal(p.Key.Public()) {
		checks = append(checks, l.S("web.check.signed", rep.Signer.String()))
	}
	return append(checks, l.S("web.campaign.check.folded")), ""
}

//go:embed campaign.html
var campaignHTML string

var campaignTemplate = template.Must(template.New("campaign").Parse(campaignHTML))
