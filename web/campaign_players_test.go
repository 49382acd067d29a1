package web_test

import (
	"context"
	"fmt"
	"html"
	"slices"
	"strings"
	"testing"

	"github.com/pbem-games/pbem/campaigns"
	"github.com/pbem-games/pbem/campaigns/organiser"
	"github.com/pbem-games/pbem/mail"
)

// TestCampaignPlayerHistory: the campaign's page gives each player's
// history in it, in the order of the standings: a line per game they sat
// in, with the game's link, their seat, their opponents by name, their
// place and the points it brought as the game's own history places them,
// and the running total, which ends at their points in the standings;
// and their reliability. In Chinese, the same in Chinese words.
func TestCampaignPlayerHistory(t *testing.T) {
	f := newCampaignFixture(t)
	ctx := context.Background()
	c, _, _, err := f.org.Load(ctx, f.id)
	if err != nil {
		t.Fatal(err)
	}
	link := f.url + f.tokens.CampaignLink("", f.id)
	for _, lang := range []struct {
		query, heading, place, playing string
	}{
		{"", "Each player's campaign", "%d of %d", "being played"},
		{"?lang=zh", "各棋手的赛程", "第 %d 名（共 %d 人）", "进行中"},
	} {
		status, _, body := get(t, link+lang.query)
		if status != 200 {
			t.Fatalf("GET %s = %d", link+lang.query, status)
		}
		body = html.UnescapeString(body)
		_, players, ok := strings.Cut(body, `<section id="players">`)
		if !ok || !strings.Contains(players, "<h2>"+lang.heading+"</h2>") {
			t.Fatalf("the page%s has no players' histories headed %q:\n%s", lang.query, lang.heading, body)
		}
		players, _, _ = strings.Cut(players, "<section>\n<h2>") // the ratings' section
		for i, st := range c.Standings() {
			name := organiser.Player(st.Player).Name
			_, sec, ok := strings.Cut(players, fmt.Sprintf(`<section class="player" id="player-%d">`, i+1))
			sec, _, _ = strings.Cut(sec, "</section>")
			if !ok || !strings.HasPrefix(sec, "\n<h3>"+name+"</h3>") {
				t.Errorf("%s: the history of the %d. in the standings is not %s's:\n%s", lang.query, i+1, name, sec)
				continue
			}
			if strings.Contains(sec, "@") {
				t.Errorf("%s: %s's history shows an address:\n%s", lang.query, name, sec)
			}
			var total campaigns.Score
			for _, g := range c.Games {
				seat := slices.Index(g.Seats, st.Player)
				if seat < 0 {
					continue
				}
				var others []string
				for s, q := range g.Seats {
					if s != seat {
						others = append(others, organiser.Player(q).Name)
					}
				}
				// The place, from the game's own history.
				pg, _, _, err := f.svc.LoadAt(ctx, g.Game, 0)
				if err != nil {
					t.Fatal(err)
				}
				result, points := lang.playing, ""
				if places := pg.Places(); places != nil {
					pts := campaigns.TablePoints(places, nil)[seat]
					total += pts
					result, points = fmt.Sprintf(lang.place, places[seat], len(places)), pts.String()
				}
				row := fmt.Sprintf(`<tr><td class="n">%d</td><td><a href="%s">%s</a></td><td class="n">%d</td><td>%s</td><td>%s</td><td class="n">%s</td><td class="n">%s</td></tr>`,
					g.Round, pageLink(f, g.Game, lang.query), g.Game, seat+1, strings.Join(others, ", "), result, points, total)
				if lang.query != "" {
					row = strings.Replace(row, strings.Join(others, ", "), strings.Join(others, "、"), 1)
				}
				if !strings.Contains(sec, row) {
					t.Errorf("%s: %s's history has no line\n%s\nin\n%s", lang.query, name, row, sec)
				}
			}
			if total != st.Points {
				t.Errorf("%s's games bring %s points, the standings say %s", name, total, st.Points)
			}
			rel := c.Reliability()[slices.IndexFunc(c.Reliability(), func(r campaigns.Reliability) bool { return r.Player == st.Player })]
			if !strings.Contains(sec, fmt.Sprint(rel.Moves)) || !strings.Contains(sec, fmt.Sprintf("%.0f%%", 100*rel.OnTime)) {
				t.Errorf("%s: %s's history does not give their reliability (%d moves, %.0f%% on time):\n%s", lang.query, name, rel.Moves, 100*rel.OnTime, sec)
			}
		}
	}
}

// pageLink is game's public page as the campaign's page links it.
func pageLink(f *campaignFixture, game, query string) string {
	return mail.PagePath(game, f.tokens.PublicPage(game), true) + query
}
