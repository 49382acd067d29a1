package web

import (
	"fmt"
	"net/url"
	"slices"
	"strings"

	"github.com/pbem-games/pbem/campaigns"
	"github.com/pbem-games/pbem/mail"
)

// playerHistory is one player's campaign on its page: every game they
// sat in and every bye, round by round, what each brought them and the
// running total, and how they kept to their games' clocks.
type playerHistory struct {
	Anchor      string // the section's id: "player-" and its place in the standings
	Player      string
	Summary     string // rank, points, and why they left if they did
	Reliability string
	Rows        []historyRow
}

type historyRow struct {
	Round     int
	Game      string // its id; "" for a bye or a table whose game is not started
	Link      string
	Seat      int    // from 1; 0 for a bye
	Opponents string // the others at the table, in seat order
	Result    string // the place, "being played", "bye"
	Points    string // what the game (or the bye) brought; "" while it runs
	Total     string // the points so far, after this line
}

// playerHistories lists each player's history in the campaign, in the
// order of the standings. Points are the ones the standings count
// (campaigns.TablePoints, a Swiss's bye as a win), added up round by
// round.
func (p *Pages) playerHistories(c *campaigns.Campaign, l locale, asked string) []playerHistory {
	reliability := map[string]campaigns.Reliability{}
	for _, r := range c.Reliability() {
		reliability[r.Player] = r
	}
	win := campaigns.TablePoints([]int{1, 2}, c.Created.Options.PlacePoints)[0]
	var out []playerHistory
	for i, st := range c.Standings() {
		h := playerHistory{Anchor: fmt.Sprintf("player-%d", i+1), Player: entryName(st.Player),
			Summary: l.S("web.campaign.player.summary", st.Rank, st.Points.String(), st.Played)}
		if st.Withdrawn != "" {
			h.Summary += l.aside(l.S("web.campaign.withdrawn"))
		}
		r := reliability[st.Player]
		h.Reliability = l.S("web.campaign.player.reliability", r.Moves, r.Timeouts, r.Abandoned, fmt.Sprintf("%.0f%%", 100*r.OnTime))
		var total campaigns.Score
		for round, rp := range c.Rounds {
			if slices.Contains(rp.Byes, st.Player) {
				row := historyRow{Round: round + 1, Result: l.S("web.campaign.player.bye")}
				if c.Created.Kind == campaigns.Swiss {
					total += win
					row.Points = win.String()
				} else {
					row.Points = campaigns.Score(0).String()
				}
				row.Total = total.String()
				h.Rows = append(h.Rows, row)
			}
			for t, seats := range rp.Tables {
				seat := slices.Index(seats, st.Player)
				if seat < 0 {
					continue
				}
				row := historyRow{Round: round + 1, Seat: seat + 1, Result: l.S("web.campaign.unstarted"), Total: total.String()}
				var others []string
				for s, q := range seats {
					if s != seat {
						others = append(others, entryName(q))
					}
				}
				row.Opponents = strings.Join(others, l.S("sep,"))
				if g := gameAt(c, round+1, t+1); g != nil {
					row.Game, row.Link, row.Result = g.Game, mail.PagePath(g.Game, p.Tokens.PublicPage(g.Game), true), l.S("web.campaign.playing")
					if asked != "" {
						row.Link += "?" + url.Values{"lang": {asked}}.Encode()
					}
					if g.Result != nil {
						pts := campaigns.TablePoints(g.Result.Places, c.Created.Options.PlacePoints)[seat]
						total += pts
						row.Result = l.S("web.campaign.player.place", g.Result.Places[seat], len(seats))
						if g.Adjudicated {
							row.Result += l.aside(l.S("web.campaign.adjudicated"))
						}
						row.Points, row.Total = pts.String(), total.String()
					}
				}
				h.Rows = append(h.Rows, row)
			}
		}
		out = append(out, h)
	}
	return out
}

// gameAt is the campaign's game of a round's table, or nil before it starts.
func gameAt(c *campaigns.Campaign, round, table int) *campaigns.Game {
	for i := range c.Games {
		if c.Games[i].Round == round && c.Games[i].Table == table {
			return &c.Games[i]
		}
	}
	return nil
}
