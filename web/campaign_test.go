package web_test

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"

	"github.com/pbem-games/pbem/catalog"
	"github.com/pbem-games/pbem/catalog/all"
	"github.com/pbem-games/pbem/games/letters"
	"github.com/pbem-games/pbem/games/notice"

	"github.com/pbem-games/pbem/campaigns"
	"github.com/pbem-games/pbem/campaigns/organiser"
	"github.com/pbem-games/pbem/events"
	"github.com/pbem-games/pbem/events/storetest"
	"github.com/pbem-games/pbem/games"
	"github.com/pbem-games/pbem/mail"
	"github.com/pbem-games/pbem/rules"
	"github.com/pbem-games/pbem/web"
)

// campaignFixture is a round robin of four at Atacama whose round 1 is
// played (one game to its end, one resigned) and round 2 is being
// played, served as pbem serve serves it: the campaigns' pages under /c/
// and the games' under /g/.
type campaignFixture struct {
	games  *catalog.Catalog // every game pbem offers
	svc    *games.Service
	org    *organiser.Service
	tokens mail.Tokens
	key    events.SigningKey
	url    string
	id     string
}

func newCampaignFixture(t *testing.T) *campaignFixture {
	t.Helper()
	ctx := context.Background()
	offered, err := all.Catalog()
	if err != nil {
		t.Fatal(err)
	}
	f := &campaignFixture{games: offered, svc: &games.Service{Store: storetest.MustOpen(t), Catalog: offered.Rules()},
		tokens: mail.Tokens{Secret: []byte("a secret of the tests, 32 bytes.")}}
	f.org = &organiser.Service{Games: f.svc}
	if f.key, err = events.NewSigningKey(make([]byte, 32)); err != nil {
		t.Fatal(err)
	}
	seed := rules.SeedFromInt(5)
	f.id, err = f.org.Create(ctx, organiser.NewCampaign{Kind: campaigns.RoundRobin, Game: "atacama", Organiser: "operator", Seed: &seed,
		Players: []string{"Ana <ana@example.org>", "Bea <bea@example.org>", "Cai <cai@example.org>", "Dov <dov@example.org>"}})
	if err != nil {
		t.Fatal(err)
	}
	round1, err := f.org.Pair(ctx, f.id)
	if err != nil || len(round1) != 2 {
		t.Fatalf("pair round 1 = %v, %v", round1, err)
	}
	play(t, f.svc, round1[0].Game, 1000, 1) // played to its end
	if _, err := f.svc.Resign(ctx, round1[1].Game, 0, games.Cause{}); err != nil {
		t.Fatal(err)
	}
	if round2, err := f.org.Pair(ctx, f.id); err != nil || len(round2) != 2 { // records round 1 first
		t.Fatalf("pair round 2 = %v, %v", round2, err)
	}
	pages := &web.Pages{Service: f.svc, Games: f.games, Tokens: f.tokens, Key: &f.key, Describe: letters.New(f.svc, f.games).DescribeEachFor, LeftOut: notice.LeftOut}
	mux := http.NewServeMux()
	mux.Handle("GET /g/", pages.Handler())
	mux.Handle("GET /c/", pages.Campaigns())
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	f.url = srv.URL
	return f
}

// standingRow reads a line of the standings table: rank, name, points.
var standingRow = regexp.MustCompile(`<tr><td class="n">(\d+)</td><td>([^<]+)(?:<span class="note">[^<]*</span>)?</td><td class="n">([^<]+)</td>`)

// TestCampaignPage: a campaign's public page, over HTTP from the running
// handler, shows the standings with the points each player's games give
// by their own histories, every round's tables with a link to each
// game's public page and its result and final hash as the game's history
// ends, the ratings and the verification, in English and in Chinese; it
// names players, never their addresses; a wrong token, a game's id and
// an unknown campaign are 404; and a result forged into the campaign's
// history shows as a broken verification.
func TestCampaignPage(t *testing.T) {
	f := newCampaignFixture(t)
	ctx := context.Background()
	c, _, _, err := f.org.Load(ctx, f.id)
	if err != nil {
		t.Fatal(err)
	}
	link := f.url + f.tokens.CampaignLink("", f.id)
	status, h, body := get(t, link)
	if status != 200 || !strings.HasPrefix(h.Get("Content-Type"), "text/html") {
		t.Fatalf("GET the campaign's page = %d %s:\n%s", status, h.Get("Content-Type"), body)
	}

	// The points, from each finished game's own history.
	want := map[string]string{"Ana": "0", "Bea": "0", "Cai": "0", "Dov": "0"}
	points := map[string]float64{}
	for _, g := range c.Games {
		pg, evs, _, err := f.svc.LoadAt(ctx, g.Game, 0)
		if err != nil {
			t.Fatal(err)
		}
		if pg.Ended == nil {
			if !strings.Contains(body, ">"+g.Game+"</a>") || !strings.Contains(body, "being played") {
				t.Errorf("the page does not show game %s as being played", g.Game)
			}
			continue
		}
		places := pg.Places()
		for s, p := range places {
			for o, q := range places {
				switch {
				case o == s:
				case p < q:
					points[pg.Created.Players[s].Name]++
				case p == q:
					points[pg.Created.Players[s].Name] += 0.5
				}
			}
		}
		last := evs[len(evs)-1].Hash
		if !strings.Contains(body, "final hash "+last[:12]+"…") {
			t.Errorf("the page does not give game %s's final hash %s…", g.Game, last[:12])
		}
		winner := pg.Created.Players[pg.Winners()[0]].Name
		if !strings.Contains(body, "1. "+winner) {
			t.Errorf("the page does not place %s first in game %s", winner, g.Game)
		}
	}
	for name, p := range points {
		want[name] = campaigns.Score(p * float64(campaigns.Point)).String()
	}
	rows := standingRow.FindAllStringSubmatch(body, -1)
	if len(rows) != 4 {
		t.Fatalf("the standings have %d lines, want 4:\n%s", len(rows), body)
	}
	for _, r := range rows {
		if want[r[2]] != r[3] {
			t.Errorf("the page gives %s %s points, want %s (from their games' histories)", r[2], r[3], want[r[2]])
		}
	}

	// Each game's link opens its public page.
	for _, g := range c.Games {
		path := mail.PagePath(g.Game, f.tokens.PublicPage(g.Game), true)
		if !strings.Contains(body, `href="`+path+`"`) {
			t.Errorf("the page has no link to game %s's public page %s", g.Game, path)
			continue
		}
		if status, _, page := get(t, f.url+path); status != 200 || !strings.Contains(page, "Seen by an observer.") {
			t.Errorf("game %s's link = %d", g.Game, status)
		}
	}
	for _, s := range []string{"Round 1", "Round 2", "Standings", "Ratings", "Buchholz", "Sonneborn-Berger",
		"Results checked against their games&#39; own histories (final hash, places, scores, moves, timeouts): 2.",
		"The campaign&#39;s chain of hashes holds", "signed by this service&#39;s key " + f.key.Public().String(),
		"Players equal on points are ordered by: Buchholz, Sonneborn-Berger, head-to-head, game score, fewest timeouts, the seed&#39;s draw."} {
		if !strings.Contains(body, s) {
			t.Errorf("the campaign's page lacks %q", s)
		}
	}
	if strings.Contains(body, "@example.org") {
		t.Errorf("the public page gives a player's address")
	}

	// In Chinese, as asked by the address or by the browser.
	for _, zh := range []func() (int, string){
		func() (int, string) { s, _, b := get(t, link+"?lang=zh"); return s, b },
		func() (int, string) {
			req, _ := http.NewRequest("GET", link, nil)
			req.Header.Set("Accept-Language", "zh-CN,zh;q=0.9,en;q=0.5")
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			defer resp.Body.Close()
			var b strings.Builder
			_, _ = io.Copy(&b, resp.Body)
			return resp.StatusCode, b.String()
		},
	} {
		status, page := zh()
		for _, s := range []string{`lang="zh"`, "排名", "第 1 轮", "第 2 轮", "等级分", "进行中", "循环赛"} {
			if status != 200 || !strings.Contains(page, s) {
				t.Errorf("the Chinese page (%d) lacks %q", status, s)
			}
		}
	}

	for _, tt := range []struct{ name, path string }{
		{"WrongToken", "/c/" + f.id + "/" + f.tokens.PublicPage(c.Games[0].Game)},
		{"GameID", "/c/" + c.Games[0].Game + "/" + f.tokens.PublicPage(c.Games[0].Game)},
		{"Unknown", f.tokens.CampaignLink("", "czzzzzz")},
		{"Longer", f.tokens.CampaignLink("", f.id) + "/export"},
	} {
		if status, _, page := get(t, f.url+tt.path); status != 404 || !strings.Contains(page, "no such page") {
			t.Errorf("%s: GET %s = %d, want 404", tt.name, tt.path, status)
		}
	}

	// A result written into the campaign's history by hand, for a game
	// still being played: the history still folds, and does not verify.
	running := c.Running()[0]
	_, _, head, err := f.org.Load(ctx, f.id)
	if err != nil {
		t.Fatal(err)
	}
	forged := campaigns.Result{Game: running.Game, Seq: 3, Hash: strings.Repeat("0", 64), Places: []int{1, 2}, Scores: []int{1, 0},
		Moves: []int{1, 1}, Timeouts: []int{0, 0}, Abandoned: []bool{false, false}}
	ev, err := events.New(forged.Type(), events.SystemActor, f.svc.Time(), forged)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.svc.Store.Campaigns().Append(ctx, f.id, head, []events.Event{ev}); err != nil {
		t.Fatal(err)
	}
	if _, _, page := get(t, link); !strings.Contains(page, `class="broken"`) || !strings.Contains(page, running.Game) {
		t.Errorf("the page of a campaign with a forged result does not say it fails to verify:\n%s", page)
	}
}
