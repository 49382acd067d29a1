package web_test

import (
	"bytes"
	"context"
	"html"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/pbem-games/pbem/catalog/all"

	"github.com/pbem-games/pbem/events"
	"github.com/pbem-games/pbem/games"
	"github.com/pbem-games/pbem/mail"
	"github.com/pbem-games/pbem/projections"
	"github.com/pbem-games/pbem/rules"
	"github.com/pbem-games/pbem/rules/rulestest"
	"github.com/pbem-games/pbem/templates/words"
	"github.com/pbem-games/pbem/web"
)

// get fetches url and returns its status, headers and body.
func get(t *testing.T, url string) (int, http.Header, string) {
	t.Helper()
	resp, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp.StatusCode, resp.Header, string(b)
}

// TestPageTokens: a seat's link opens that seat's page and the public
// link the observer's; every other address is a 404 that says nothing
// of the game, however close to a good one it is.
func TestPageTokens(t *testing.T) {
	f := newFixture(t)
	id, other := f.ids["atacama"], f.ids["altiplano"]
	g, n := f.game(t, "atacama", 0)
	seat1 := f.link(t, "atacama", 1)
	path := func(tok string) string { return f.url + mail.PagePath(id, tok, false) }
	flipped := []byte(f.tokens.Page(id, 1, "Bea@example.org"))
	flipped[3] ^= 1
	for _, tt := range []struct {
		name, url string
		status    int
		want      string // in the body
	}{
		{"Seat0", f.link(t, "atacama", 0), 200, "Seen by Ana (seat 0)."},
		{"Seat1", seat1, 200, "Seen by Bea (seat 1)."},
		{"Public", f.link(t, "atacama", rules.Observer), 200, "Seen by an observer."},
		{"At", seat1 + "?at=3", 200, "after event 3 of " + strconv.Itoa(n)},
		{"ErrReplyToken", path(f.tokens.Token(id, 1)), 404, "no such page"},
		{"ErrReplyTokenPadded", path(f.tokens.Token(id, 1) + "aaaaaaaaaa"), 404, "no such page"},
		{"ErrChangedLetter", path(string(flipped)), 404, "no such page"},
		{"ErrUpperCaseIsTheSame", path(strings.ToUpper(f.tokens.Page(id, 1, "bea@example.org"))), 200, "Seen by Bea"},
		{"ErrFormerPlayer", path(f.tokens.Page(id, 1, "someone@example.org")), 404, "no such page"},
		{"ErrOtherGame", f.url + mail.PagePath(other, f.tokens.Page(id, 1, "Bea@example.org"), false), 404, "no such page"},
		{"ErrOtherSecret", path(mail.Tokens{Secret: []byte("another")}.Page(id, 1, "Bea@example.org")), 404, "no such page"},
		{"ErrSeatTokenAsPublic", f.url + mail.PagePath(id, f.tokens.Page(id, 0, "Ana@example.org"), true), 404, "no such page"},
		{"ErrPublicAsSeat", path(f.tokens.PublicPage(id)), 404, "no such page"},
		{"ErrUnknownGame", f.url + mail.PagePath("zzzz", f.tokens.Page("zzzz", 0, "Ana@example.org"), false), 404, "no such page"},
		{"ErrAtZero", seat1 + "?at=0", 404, "no such page"},
		{"ErrAtPastTheEnd", seat1 + "?at=" + strconv.Itoa(n+1), 404, "no such page"},
		{"ErrExportBeforeTheEnd", seat1 + "/export", 404, "no such page"},
		{"ErrExportPublic", f.link(t, "atacama-over", rules.Observer) + "/export", 404, "no such page"},
		{"ErrPathAfterToken", seat1 + "/x", 404, "no such page"},
		{"ErrNoToken", f.url + "/g/" + id + "/", 404, "no such page"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			status, h, body := get(t, tt.url)
			if status != tt.status || !strings.Contains(body, tt.want) {
				t.Errorf("GET %s = %d %.80q, want %d with %q", tt.url, status, body, tt.status, tt.want)
			}
			if status == 404 && strings.Contains(body, g.Created.Players[0].Name) {
				t.Errorf("GET %s: a 404 that names a player: %q", tt.url, body)
			}
			checkHeaders(t, h, body)
		})
	}
}

// TestPageReplacedPlayer: when the host seats someone else, the former
// player's link is a 404 at once and the newcomer's opens the seat's
// page.
func TestPageReplacedPlayer(t *testing.T) {
	f := newFixture(t)
	old := f.link(t, "archipelago", 2)
	if status, _, _ := get(t, old); status != 200 {
		t.Fatalf("the seat's link before: %d", status)
	}
	ctx := context.Background()
	if _, err := f.svc.Replace(ctx, f.ids["archipelago"], 0, 2, events.Player{Name: "Dov", Address: "Dov@example.org"}, games.Cause{}); err != nil {
		t.Fatal(err)
	}
	if status, _, _ := get(t, old); status != 410 {
		t.Errorf("the former player's link: %d, want 410 (gone)", status)
	}
	status, _, body := get(t, f.link(t, "archipelago", 2))
	if status != 200 || !strings.Contains(body, "Seen by Dov (seat 2).") {
		t.Errorf("the newcomer's link: %d, want their page", status)
	}
}

// checkHeaders: every answer is kept by no cache, sends no referrer,
// and runs no script but the page's own, by its nonce.
func checkHeaders(t *testing.T, h http.Header, body string) {
	t.Helper()
	for k, want := range map[string]string{"Referrer-Policy": "no-referrer", "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff"} {
		if got := h.Get(k); got != want {
			t.Errorf("%s: %q, want %q", k, got, want)
		}
	}
	csp := h.Get("Content-Security-Policy")
	script := regexp.MustCompile(`script-src ([^;]*)`).FindStringSubmatch(csp)
	if script == nil || strings.Contains(script[1], "unsafe") || !strings.Contains(csp, "default-src 'none'") {
		t.Errorf("Content-Security-Policy %q lets scripts run that are not the page's", csp)
	}
	nonces := regexp.MustCompile(`<script nonce="([^"]+)"`).FindAllStringSubmatch(body, -1)
	if strings.Count(body, "<script") != len(nonces) {
		t.Errorf("a script without a nonce")
	}
	for _, n := range nonces {
		if script[1] != "'nonce-"+n[1]+"'" {
			t.Errorf("script nonce %q, policy %q", n[1], script[1])
		}
	}
}

// TestPageNoOtherSeatsSecrets: at every position of each game, no
// reader's page, picture and history included, holds an address (of a
// player or of the observer) or a fact that the game's state
// (rules.Secrets) keeps for another seat or for nobody; and
// a seat's own secrets do show on its own page, so the search finds
// what is there.
func TestPageNoOtherSeatsSecrets(t *testing.T) {
	f := newFixture(t)
	for _, tb := range tables {
		t.Run(tb.name, func(t *testing.T) {
			_, n := f.game(t, tb.name, 0)
			own, checked := 0, 0
			for at := 1; at <= n; at = min(at+max(1, n/12), n+1) {
				if at > n-max(1, n/12) {
					at = n // the last position always, with every secret still kept
				}
				g, _ := f.game(t, tb.name, at)
				sec, ok := g.State.(rules.Secrets)
				if !ok {
					t.Fatalf("%s keeps no secrets", tb.name)
				}
				for s := rules.Observer; int(s) < tb.seats; s++ {
					status, _, body := get(t, f.link(t, tb.name, s)+"?at="+strconv.Itoa(at))
					if status != 200 {
						t.Fatalf("seat %d at %d: status %d", s, at, status)
					}
					text := html.UnescapeString(body)
					for _, addr := range append([]string{observer}, addresses(g)...) {
						if strings.Contains(strings.ToLower(text), strings.ToLower(addr)) {
							t.Errorf("after event %d, the page of seat %d shows the address %s", at, s, addr)
						}
					}
					for o := rules.Observer; int(o) < tb.seats; o++ {
						for _, secret := range rulestest.SecretFacts(sec.Secrets(o)) {
							checked++
							shown := strings.Contains(text, secret)
							switch {
							case shown && o == s && o != rules.Observer:
								own++
							case shown && o != s:
								t.Errorf("after event %d, the page of seat %d shows %q, which only seat %d may see", at, s, secret, o)
							}
						}
					}
				}
			}
			if tb.rules != "atacama" && own == 0 {
				t.Errorf("no seat's own secrets showed on its own page (of %d checked): the search finds nothing", checked)
			}
			if tb.name == "atacama" && checked == 0 {
				t.Errorf("no secrets to look for: the enhanced game hides no tiles")
			}
		})
	}
}

// addresses are the players' addresses in g.
func addresses(g *projections.Game) []string {
	var out []string
	for _, p := range g.Created.Players {
		out = append(out, p.Address)
	}
	return out
}

// TestPageExport: a player of a game that is over downloads the signed
// history, which verifies with the service's key; the page says so.
func TestPageExport(t *testing.T) {
	f := newFixture(t)
	g, n := f.game(t, "atacama-over", 0)
	if g.Ended == nil {
		t.Fatalf("the game is not over after %d events", n)
	}
	link := f.link(t, "atacama-over", 1)
	status, _, body := get(t, link)
	body = html.UnescapeString(body)
	if status != 200 || !strings.Contains(body, `id="export"`) || !strings.Contains(body, "signed by this service's key "+f.key.Public().String()) ||
		!strings.Contains(body, `id="share"`) {
		t.Fatalf("the page of a finished game offers no export, signature or public link:\n%s", body)
	}
	status, h, export := get(t, link+"/export")
	if status != 200 || !strings.Contains(h.Get("Content-Disposition"), g.ID+".jsonl") {
		t.Fatalf("export: %d %v", status, h)
	}
	rep, err := projections.Verify(f.svc.Catalog, bytes.Split(bytes.TrimSuffix([]byte(export), []byte("\n")), []byte("\n")), nil)
	if err != nil || !rep.Over || !rep.Replayed || rep.Signer == nil || !rep.Signer.Equal(f.key.Public()) || rep.Events != n {
		t.Errorf("the export verifies as %+v, %v; want all %d events, replayed, signed by the service", rep, err, n)
	}
	// The running game's page says why there is none yet, and that the
	// service checked the moves against the commitment.
	_, _, body = get(t, f.link(t, "atacama", 0))
	if strings.Contains(body, `id="export"`) || !strings.Contains(body, "once the game is over") || !strings.Contains(body, "matches the commitment") {
		t.Errorf("a running game's page: export offered, or no word why not, or no replay against the commitment")
	}
}

// TestPageExportLeavesOthersPlans: Bea writes a move in advance that is
// never played, and the game ends. Ana's page neither counts nor steps
// through it, and her download holds a line of hashes in its place, not
// Bea's moves, and verifies; Bea's holds her plan.
func TestPageExportLeavesOthersPlans(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	id, err := f.svc.Create(ctx, games.NewGame{Game: "atacama", Host: "ana@example.org",
		Players: []events.Player{{Name: "Ana", Address: "ana@example.org"}, {Name: "Bea", Address: "bea@example.org"}}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.svc.Conditional(ctx, id, 1, "E5", "G7", games.Cause{}); err != nil {
		t.Fatal(err)
	}
	if _, err := f.svc.Move(ctx, id, 0, "A1", games.Cause{}); err != nil {
		t.Fatal(err)
	}
	g, err := f.svc.Resign(ctx, id, 0, games.Cause{})
	if err != nil {
		t.Fatal(err)
	}
	// Ana's page counts four events, Bea's five: her plan is hers.
	for seat, position := range []string{"after event 4 of 4", "after event 5 of 5"} {
		link := f.url + web.Link("", f.tokens, g.Game, rules.Seat(seat), 0)
		if _, _, body := get(t, link); !strings.Contains(body, position) {
			t.Errorf("seat %d's page does not say %q", seat, position)
		}
		if status, _, _ := get(t, link+"?at=5"); status != 200 && seat == 1 || status != 404 && seat == 0 {
			t.Errorf("seat %d's page ?at=5: %d", seat, status)
		}
	}
	for seat, want := range []bool{false, true} {
		status, _, export := get(t, f.url+web.Link("", f.tokens, g.Game, rules.Seat(seat), 0)+"/export")
		if status != 200 || strings.Contains(export, "G7") != want {
			t.Errorf("seat %d's export (%d) gives Bea's plan: %v, want %v:\n%s", seat, status, !want, want, export)
		}
		rep, err := projections.Verify(f.svc.Catalog, bytes.Split(bytes.TrimSuffix([]byte(export), []byte("\n")), []byte("\n")), nil)
		if err != nil || !rep.Replayed || rep.Signer == nil || rep.Redacted != map[bool]int{false: 1, true: 0}[want] {
			t.Errorf("seat %d's export verifies as %+v, %v", seat, rep, err)
		}
	}
}

// TestPageTurn: the page says who is to move and until when (the seat's
// deadline from the host's clock), and a finished game's page the final
// scores and the winners.
func TestPageTurn(t *testing.T) {
	f := newFixture(t)
	for _, tb := range tables {
		t.Run(tb.name, func(t *testing.T) {
			g, _ := f.game(t, tb.name, 0)
			_, _, body := get(t, f.link(t, tb.name, rules.Observer))
			body = html.UnescapeString(body)
			if g.Ended != nil {
				for s, score := range g.Ended.Scores {
					row := "<td>" + strconv.Itoa(s) + "</td><td>" + g.Created.Players[s].Name + "</td><td>" + strconv.Itoa(score) + "</td>"
					if !strings.Contains(body, row) {
						t.Errorf("no row %q for seat %d", row, s)
					}
				}
				for _, s := range g.Winners() {
					if !strings.Contains(body, "won by "+g.Created.Players[s].Name) {
						t.Errorf("the page does not say %s won", g.Created.Players[s].Name)
					}
				}
				return
			}
			toAct := g.State.ToAct()
			if len(toAct) == 0 {
				t.Fatal("nobody to move in a running game")
			}
			for _, s := range toAct {
				d, ok := g.Deadline(int(s))
				if !ok {
					t.Fatalf("seat %d has no deadline", s)
				}
				want := g.Created.Players[s].Name + " (until " + words.For("en").When(d, nil) + ")"
				if !strings.Contains(body, want) {
					t.Errorf("the page does not say %q", want)
				}
			}
		})
	}
}

// TestRulesPage: /rules/<game> serves each game's rules as pbem plays
// them, house rules and all, and nothing else: an unknown game or a path
// that climbs out is a 404.
func TestRulesPage(t *testing.T) {
	offered, err := all.Catalog()
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer((&web.Pages{Games: offered}).Rules())
	defer srv.Close()
	for _, game := range []string{"atacama", "altiplano", "archipelago"} {
		code, h, body := get(t, srv.URL+"/rules/"+game)
		want, _ := os.ReadFile("../docs/rules/" + game + ".md")
		if code != http.StatusOK || !strings.HasPrefix(h.Get("Content-Type"), "text/plain") || body != string(want) || len(want) == 0 {
			t.Errorf("GET /rules/%s = %d %q, %d bytes; want 200, text, docs/rules/%s.md", game, code, h.Get("Content-Type"), len(body), game)
		}
		// In Chinese, asked by ?lang= or by the browser.
		zh, _ := os.ReadFile("../docs/zh/rules/" + game + ".md")
		if code, _, body := get(t, srv.URL+"/rules/"+game+"?lang=zh"); code != http.StatusOK || body != string(zh) || len(zh) == 0 {
			t.Errorf("GET /rules/%s?lang=zh = %d, %d bytes; want docs/zh/rules/%s.md", game, code, len(body), game)
		}
	}
	for _, path := range []string{"/rules/chess", "/rules/", "/rules/..%2fREADME", "/rules/Atacama", "/rules/atacama.md"} {
		if code, _, _ := get(t, srv.URL+path); code != http.StatusNotFound {
			t.Errorf("GET %s = %d, want 404", path, code)
		}
	}
}
