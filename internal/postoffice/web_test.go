package postoffice

import (
	"context"
	"html"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/pbem-games/pbem/events"
	"github.com/pbem-games/pbem/games"
	"github.com/pbem-games/pbem/games/notice"
	"github.com/pbem-games/pbem/mail"
	"github.com/pbem-games/pbem/rules"
	"github.com/pbem-games/pbem/web"
)

// TestWebPagesServed: the post office serves the games' pages beside
// /healthz and /metrics, on the address of --health (Listen) or, without
// it, of http_listen, with the service's own token secret: a seat's link
// opens its page, a reply token does not.
func TestWebPagesServed(t *testing.T) {
	_, ms := loopbackServers(t, "games", "ana", "bea")
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	s := serve(t, ms, serving{change: func(c *Config) { c.HTTPListen = addr }})
	ctx := context.Background()
	id, err := s.svc.Create(ctx, games.NewGame{Game: "atacama", Host: "operator", Players: []events.Player{
		{Name: "Ana", Address: ms.Address("ana")}, {Name: "Bea", Address: ms.Address("bea")}}})
	if err != nil {
		t.Fatal(err)
	}
	g, evs, _, err := s.svc.LoadAt(ctx, id, 0)
	if err != nil {
		t.Fatal(err)
	}
	created := html.EscapeString(notice.DescribeEach(g, evs, 1)[0]) // the page tells the history as the mail does
	if created == "" {
		t.Fatal("the game's creation has no sentence to look for")
	}
	tokens := mail.Tokens{Secret: []byte(OnLoopback("", "", "", "").Secret)}
	for _, base := range []string{strings.TrimSuffix(s.health, "/healthz?detail"), "http://" + addr} {
		for _, tt := range []struct {
			path   string
			status int // 0: any (the health depends on the intake's login)
			want   string
		}{
			{web.Link("", tokens, g, 1, 0), 200, "Seen by Bea (seat 1)."},
			{web.Link("", tokens, g, 1, 0), 200, created},
			{web.Link("", tokens, g, rules.Observer, 0), 200, "Seen by an observer."},
			{mail.PagePath(id, tokens.Token(id, 1), false), 404, "no such page"},
			{"/healthz", 0, `"healthy"`},
			{"/rules/atacama", 200, "# Atacama"},
			{"/rules/chess", 404, ""},
		} {
			status, body := fetch(t, base+tt.path)
			if tt.status != 0 && status != tt.status || !strings.Contains(body, tt.want) {
				t.Errorf("GET %s%s = %d %.60q, want %d with %q", base, tt.path, status, body, tt.status, tt.want)
			}
		}
	}
}

// fetch gets url, trying again while nothing listens there yet.
func fetch(t *testing.T, url string) (int, string) {
	t.Helper()
	var err error
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		var resp *http.Response
		if resp, err = http.Get(url); err != nil {
			continue
		}
		b, err := io.ReadAll(resp.Body)
		resp.Body.Close()
		if err != nil {
			t.Fatal(err)
		}
		return resp.StatusCode, string(b)
	}
	t.Fatalf("GET %s: %v", url, err)
	return 0, ""
}

// TestOneClickUnsubscribe: the link of RFC 8058 stops an address's mail
// when posted to, as STOP by mail does; a GET (a link checker) stops
// nothing, and a link with another address or a wrong token is 404.
func TestOneClickUnsubscribe(t *testing.T) {
	_, ms := loopbackServers(t, "games", "ana", "bea")
	s := serve(t, ms, serving{})
	base := strings.TrimSuffix(s.health, "/healthz?detail")
	tokens := mail.Tokens{Secret: []byte(OnLoopback("", "", "", "").Secret)}
	bea := ms.Address("bea")
	link := base + tokens.UnsubscribePath(bea)
	stopped := func() bool {
		l, err := mail.OpenStopList(context.Background(), s.svc.Store)
		if err != nil {
			t.Fatal(err)
		}
		ok, err := l.Stopped(context.Background(), bea)
		if err != nil {
			t.Fatal(err)
		}
		return ok
	}
	if status, body := fetch(t, link); status != 200 || !strings.Contains(body, "Stop all mail") || stopped() {
		t.Fatalf("GET of the link = %d %.80q, stopped %v; want the page with the button, nothing stopped", status, body, stopped())
	}
	anaPath := tokens.UnsubscribePath(ms.Address("ana"))
	beaToken := link[strings.LastIndex(link, "/"):]
	for _, bad := range []string{
		base + anaPath[:strings.LastIndex(anaPath, "/")] + beaToken, // bea's token on ana's address
		base + anaPath[:strings.LastIndex(anaPath, "/")] + "/" + strings.Repeat("a", 20),
	} {
		resp, err := http.Post(bad, "application/x-www-form-urlencoded", strings.NewReader("List-Unsubscribe=One-Click"))
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != 404 {
			t.Errorf("POST %s = %d, want 404", bad, resp.StatusCode)
		}
	}
	for range 2 { // a second click, or a client posting again, is the same
		resp, err := http.Post(link, "application/x-www-form-urlencoded", strings.NewReader("List-Unsubscribe=One-Click"))
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != 200 || !stopped() {
			t.Errorf("POST of the link = %d, stopped %v; want 200 and bea's mail stopped", resp.StatusCode, stopped())
		}
	}
}
