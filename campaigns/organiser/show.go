package organiser

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/text/width"

	"github.com/pbem-games/pbem/campaigns"
	"github.com/pbem-games/pbem/events"
	"github.com/pbem-games/pbem/projections"
	"github.com/pbem-games/pbem/rules"
	"github.com/pbem-games/pbem/templates/words"
)

// IDs lists the ids of the campaigns in the store, sorted.
func (s *Service) IDs(ctx context.Context) ([]string, error) {
	subjects, err := s.Games.Store.Counts(ctx, events.CampaignSubject+">")
	if err != nil {
		return nil, err
	}
	var ids []string
	for subject := range subjects {
		ids = append(ids, strings.TrimPrefix(subject, events.CampaignSubject))
	}
	slices.Sort(ids)
	return ids, nil
}

// Summary is a campaign as pbem campaign standings --json prints it.
type Summary struct {
	ID          string                  `json:"id"`
	Kind        string                  `json:"kind"`
	Game        string                  `json:"game"`
	Over        bool                    `json:"over"`
	Rounds      int                     `json:"rounds"`
	Games       []SummaryGame           `json:"games"`
	Standings   []SummaryStanding       `json:"standings"`
	Ratings     []campaigns.Rating      `json:"ratings"`
	Reliability []campaigns.Reliability `json:"reliability"`
	// Page is the campaign's public page (pbem campaign show only).
	Page string `json:"page,omitempty"`
}

// SummaryGame is a game of a campaign in its Summary.
type SummaryGame struct {
	ID      string   `json:"id"`
	Round   int      `json:"round"`
	Table   int      `json:"table"`
	Players []string `json:"players"` // in seat order
	Places  []int    `json:"places,omitempty"`
}

// SummaryStanding is a line of the standings with its scores in points,
// not the sixtieths they are counted in.
type SummaryStanding struct {
	campaigns.Standing
	Points          float64 `json:"points"`
	Buchholz        float64 `json:"buchholz"`
	SonnebornBerger float64 `json:"sonnebornBerger"`
}

// Show writes campaign id's standings to w in the language of p (the
// JSON is the same in every language), after its page's address when
// page is not "".
func (s *Service) Show(ctx context.Context, w io.Writer, id string, asJSON bool, page string, p words.Printer) error {
	c, _, _, err := s.Load(ctx, id)
	if err != nil {
		return err
	}
	if asJSON {
		return writeJSON(w, c, page)
	}
	if page != "" {
		fmt.Fprintln(w, p.S("campaign.show.page", page))
	}
	writeStandings(w, c, GameTitle(s.Games.Catalog, c.Created.Game, p), p)
	return nil
}

// writeJSON writes c's Summary to w as indented JSON, with its page's
// address page ("" for none).
func writeJSON(w io.Writer, c *campaigns.Campaign, page string) error {
	out := Summary{ID: c.ID, Kind: c.Created.Kind, Game: c.Created.Game, Over: c.Over(), Rounds: len(c.Rounds),
		Games: []SummaryGame{}, Ratings: c.Ratings(), Reliability: c.Reliability(), Page: page}
	for _, g := range c.Games {
		j := SummaryGame{ID: g.Game, Round: g.Round, Table: g.Table, Players: g.Seats}
		if g.Result != nil {
			j.Places = g.Result.Places
		}
		out.Games = append(out.Games, j)
	}
	for _, st := range c.Standings() {
		out.Standings = append(out.Standings, SummaryStanding{Standing: st, Points: st.Points.Float(),
			Buchholz: st.Buchholz.Float(), SonnebornBerger: st.SonnebornBerger.Float()})
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(out)
}

// GameTitle is game as a reader of p's language names it: its title as
// games gives it, in p's words where they have it, or game itself where
// games has none.
func GameTitle(games rules.Catalog, game string, p words.Printer) string {
	g, err := games.Lookup(game)
	if err != nil {
		return game
	}
	return p.Text(g.Info().Title)
}

// writeStandings writes the campaign's state, its standings and its games
// as tables to w, in the language of p, which calls its game game.
func writeStandings(w io.Writer, c *campaigns.Campaign, game string, p words.Printer) {
	heading := p.S("campaign.show.heading", c.ID, c.Created.Kind, game, max(c.Created.Options.Table, 2),
		p.S("campaign.show.rounds", len(c.Rounds)), p.S("campaign.show.games", len(c.Games)), len(c.Running()), p.S(words.ID("web.campaign.kind."+c.Created.Kind)))
	if c.Over() {
		heading += p.S("campaign.show.over")
	}
	fmt.Fprintln(w, heading)
	fmt.Fprintln(w)
	ratings, rel := map[string]campaigns.Rating{}, map[string]campaigns.Reliability{}
	for _, r := range c.Ratings() {
		ratings[r.Player] = r
	}
	for _, r := range c.Reliability() {
		rel[r.Player] = r
	}
	rows := [][]string{{p.S("web.campaign.col.rank"), p.S("campaign.show.col.player"), p.S("web.campaign.col.points"), p.S("web.campaign.col.played"),
		p.S("web.campaign.col.byes"), p.S("campaign.show.col.buchholz"), p.S("campaign.show.col.sb"), p.S("web.campaign.col.gamescore"),
		p.S("web.campaign.col.timeouts"), p.S("campaign.show.col.elo"), p.S("web.campaign.col.ontime")}}
	for _, st := range c.Standings() {
		player := st.Player
		switch {
		case st.Withdrawn != "":
			why := strings.SplitN(st.Withdrawn, ":", 2)[0]
			if id := words.ID("campaign.show.left." + why); words.Has(p.Lang(), id) {
				why = p.S(id)
			}
			player += " (" + why + ")"
		case st.Ladder > 0:
			player += " (" + p.S("campaign.show.ladder", st.Ladder) + ")"
		case st.Division > 0:
			player += " (" + p.S("web.campaign.division", st.Division) + ")"
		}
		rows = append(rows, []string{strconv.Itoa(st.Rank), player, st.Points.String(), strconv.Itoa(st.Played), strconv.Itoa(st.Byes), st.Buchholz.String(),
			st.SonnebornBerger.String(), strconv.Itoa(st.GameScore), strconv.Itoa(st.Timeouts), fmt.Sprintf("%.0f", ratings[st.Player].Elo),
			fmt.Sprintf("%.0f%%", 100*rel[st.Player].OnTime)})
	}
	writeTable(w, rows)
	if len(c.Games) > 0 {
		fmt.Fprintln(w)
		rows = [][]string{{p.S("web.campaign.col.game"), p.S("campaign.show.col.round"), p.S("web.campaign.col.table"), p.S("web.campaign.col.players"), p.S("campaign.show.col.places")}}
		for _, g := range c.Games {
			places := p.S("campaign.show.playing")
			if g.Result != nil {
				places = projections.JoinInts(g.Result.Places)
			}
			rows = append(rows, []string{g.Game, strconv.Itoa(g.Round), strconv.Itoa(g.Table), strings.Join(g.Seats, ", "), places})
		}
		writeTable(w, rows)
	}
}

// writeTable writes rows as columns, each cell padded to its column's
// width and two spaces more, as a terminal shows them: a wide character
// (汉字, a fullwidth form) takes two columns, so that a table in Chinese
// lines up as one in English does.
func writeTable(w io.Writer, rows [][]string) {
	var widths []int
	for _, r := range rows {
		for i, cell := range r {
			if i == len(widths) {
				widths = append(widths, 0)
			}
			widths[i] = max(widths[i], displayWidth(cell))
		}
	}
	for _, r := range rows {
		var b strings.Builder
		for i, cell := range r {
			b.WriteString(cell)
			b.WriteString(strings.Repeat(" ", widths[i]-displayWidth(cell)+2))
		}
		fmt.Fprintln(w, b.String())
	}
}

// displayWidth is how many columns a terminal gives s: two for each wide
// or fullwidth rune, one for any other.
func displayWidth(s string) int {
	n := 0
	for _, r := range s {
		switch width.LookupRune(r).Kind() {
		case width.EastAsianWide, width.EastAsianFullwidth:
			n += 2
		default:
			n++
		}
	}
	return n
}

// Verdict is the line a campaign that verifies gets, clauses joined by
// "; " as the game verifier's verdict (docs/history-format.md): checked
// says its origin was checked, origin what was found of it.
func Verdict(rep Report, checked bool, origin string) string {
	c := rep.Campaign
	var v []string
	if checked {
		v = append(v, fmt.Sprintf("ok: campaign %s, %d events, hash chain intact", c.ID, rep.Events))
	} else {
		v = append(v, fmt.Sprintf("chain intact; origin not checked: campaign %s, %d events", c.ID, rep.Events))
	}
	results := fmt.Sprintf("%d results match their games' own histories", rep.Results)
	if rep.FromFile > 0 {
		results += fmt.Sprintf(" (%d of them in the file, each verified)", rep.FromFile)
	}
	v = append(v, results)
	if rep.Pairings {
		v = append(v, "every round paired again from the seed as recorded")
	} else {
		v = append(v, "the seed stays secret until the campaign is over, so the pairings can be drawn again only then")
	}
	if st := c.Standings(); len(st) > 0 {
		v = append(v, fmt.Sprintf("standings folded: %s first with %s", st[0].Player, st[0].Points))
	}
	if origin != "" {
		v = append(v, origin)
	}
	return strings.Join(v, "; ")
}
