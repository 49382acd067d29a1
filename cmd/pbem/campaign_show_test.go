package main

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"
	"unicode"

	"github.com/pbem-games/pbem/catalog/all"
	"github.com/pbem-games/pbem/events"
	"github.com/pbem-games/pbem/games"
	"github.com/pbem-games/pbem/internal/postoffice"
	"github.com/pbem-games/pbem/web"
)

// TestCampaignShowLinks: pbem campaign show prints the address of the
// campaign's page (in its JSON too), pbem links prints the same and each
// game's public page, and each address opens its page on the handler
// pbem serve runs, with the data directory's token secret.
func TestCampaignShowLinks(t *testing.T) {
	dir := t.TempDir()
	id := strings.TrimSpace(mustPbem(t, dir, "campaign", "new", "swiss", "--game", "atacama", "--players", "Ana <ana@example.org>,Bea <bea@example.org>,Cai <cai@example.org>,Dov <dov@example.org>"))
	mustPbem(t, dir, "campaign", "pair", id)
	show := mustPbem(t, dir, "campaign", "show", id)
	first, rest, _ := strings.Cut(show, "\n")
	page, ok := strings.CutPrefix(first, "page: /c/"+id+"/")
	if !ok || !strings.Contains(rest, "rank") {
		t.Fatalf("pbem campaign show = %q, want the page's address, then the standings", show)
	}
	page = "/c/" + id + "/" + page
	var shown struct {
		Page string `json:"page"`
	}
	if err := json.Unmarshal([]byte(mustPbem(t, dir, "campaign", "show", id, "--json")), &shown); err != nil || shown.Page != page {
		t.Errorf("pbem campaign show --json gives the page %q (%v), want %q", shown.Page, err, page)
	}
	if strings.Contains(mustPbem(t, dir, "campaign", "standings", id), "page:") {
		t.Errorf("pbem campaign standings prints the page's address; only show does")
	}
	links := strings.Split(strings.TrimSpace(mustPbem(t, dir, "links", id)), "\n")
	if len(links) != 3 || !strings.HasSuffix(links[0], " "+page) || !strings.HasPrefix(links[0], "campaign ") {
		t.Fatalf("pbem links %s = %q, want the campaign's page, then its two games'", id, links)
	}

	ctx := context.Background()
	store, err := events.Open(ctx, events.Options{DataDir: dir})
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	tokens, err := postoffice.Config{Data: dir}.Tokens()
	if err != nil {
		t.Fatal(err)
	}
	offered, err := all.Catalog()
	if err != nil {
		t.Fatal(err)
	}
	pages := &web.Pages{Service: &games.Service{Store: store, Catalog: offered.Rules()}, Games: offered, Tokens: tokens}
	mux := http.NewServeMux()
	mux.Handle("GET /g/", pages.Handler())
	mux.Handle("GET /c/", pages.Campaigns())
	srv := httptest.NewServer(mux)
	defer srv.Close()
	for i, l := range links {
		fields := strings.Fields(l)
		resp, err := http.Get(srv.URL + fields[len(fields)-1])
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		want := map[bool]string{true: "Swiss tournament of Atacama", false: "Seen by an observer."}[i == 0]
		if resp.StatusCode != 200 || !strings.Contains(string(body), want) {
			t.Errorf("%s = %d, want a page saying %q", l, resp.StatusCode, want)
		}
	}
}

// TestCampaignShowLang: pbem campaign show --lang zh writes the standings
// in Chinese from the catalog, the game by its Chinese name, the columns lined up as a terminal shows
// wide characters; --lang en is the table shown by default; the JSON is
// the same in every language; a language pbem does not speak is refused.
func TestCampaignShowLang(t *testing.T) {
	dir := t.TempDir()
	id := strings.TrimSpace(mustPbem(t, dir, "campaign", "new", "swiss", "--game", "atacama", "--players", "ana@example.org,bea@example.org,cai@example.org,dov@example.org,eva@example.org"))
	mustPbem(t, dir, "campaign", "pair", id)
	mustPbem(t, dir, "campaign", "withdraw", id, "eva@example.org", "--reason", "moved away")

	zh := mustPbem(t, dir, "campaign", "show", id, "--lang", "zh")
	lines := strings.Split(strings.TrimRight(zh, "\n"), "\n")
	if len(lines) < 11 || !strings.HasPrefix(lines[0], "网页：/c/"+id+"/") || !strings.Contains(lines[1], "阿塔卡马瑞士制比赛") || !strings.Contains(lines[1], "已编排 1 轮，共 2 局，进行中 2 局") {
		t.Fatalf("campaign show --lang zh = %q, want the page, then a heading in Chinese", zh)
	}
	header := strings.Fields(lines[3])
	if !slices.Equal(header[:4], []string{"名次", "玩家", "积分", "已赛"}) {
		t.Errorf("the standings' header in Chinese = %q", lines[3])
	}
	for _, english := range []string{"rank", "points", "playing", "withdrew", "page:", "campaign ", "atacama"} {
		if strings.Contains(zh, english) {
			t.Errorf("campaign show --lang zh still says %q:\n%s", english, zh)
		}
	}
	if !strings.Contains(zh, "eva@example.org (已退赛)") || strings.Count(zh, "进行中") != 3 {
		t.Errorf("campaign show --lang zh = %q, want eva withdrawn and both games being played, in Chinese", zh)
	}
	// The standings' rows (the header and five players) and the games'
	// (the header and two games) are each as wide as a terminal shows
	// them: every column lined up.
	for _, block := range [][]string{lines[3:9], lines[10:13]} {
		for _, l := range block[1:] {
			if terminalColumns(l) != terminalColumns(block[0]) {
				t.Errorf("row %q is %d columns wide, its header %q %d", l, terminalColumns(l), block[0], terminalColumns(block[0]))
			}
		}
	}

	en := mustPbem(t, dir, "campaign", "show", id)
	if got := mustPbem(t, dir, "campaign", "show", id, "--lang", "en"); got != en || !strings.Contains(en, "rank") || !strings.Contains(en, "eva@example.org (withdrew)") {
		t.Errorf("campaign show --lang en = %q, by default %q; want the same English table", got, en)
	}
	if got := mustPbem(t, dir, "campaign", "show", id, "--lang", "zh-Hans-CN"); got != zh {
		t.Errorf("campaign show --lang zh-Hans-CN = %q, want the Chinese table", got)
	}
	if a, b := mustPbem(t, dir, "campaign", "show", id, "--json", "--lang", "zh"), mustPbem(t, dir, "campaign", "show", id, "--json"); a != b {
		t.Errorf("campaign show --json --lang zh = %q, without --lang %q; want the same JSON", a, b)
	}
	if out, err := pbem(t, dir, "campaign", "show", id, "--lang", "fr"); err == nil || !strings.Contains(err.Error(), `pbem speaks en, zh, not "fr"`) {
		t.Errorf("campaign show --lang fr = %q, %v; want it refused, naming the languages pbem speaks", out, err)
	}
}

// terminalColumns is how wide a terminal shows s, told apart from the
// code's own measure: a Han character or a CJK or fullwidth punctuation
// mark takes two columns, anything else one.
func terminalColumns(s string) int {
	n := 0
	for _, r := range s {
		n++
		if unicode.Is(unicode.Han, r) || (r >= 0x3000 && r <= 0x303f) || (r >= 0xff01 && r <= 0xff60) {
			n++
		}
	}
	return n
}
