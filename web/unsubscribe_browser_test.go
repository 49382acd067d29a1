package web_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/pbem-games/pbem/mail"
	"github.com/pbem-games/pbem/web"
)

// TestBrowserUnsubscribeButton: a person who opens the unsubscribe link
// of a mail in chromium and presses its button stops the mail. The page's
// own Content-Security-Policy once said form-action 'none', and the
// browser refused to post its form: the button did nothing.
func TestBrowserUnsubscribeButton(t *testing.T) {
	path := browser(t)
	f := newFixture(t)
	ctx := context.Background()
	stop, err := mail.OpenStopList(ctx, f.svc.Store)
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer((&web.Pages{Service: f.svc, Tokens: f.tokens, Prefs: f.prefs, Stop: stop}).Unsubscribe())
	defer srv.Close()
	tab := chromium(t, path, 60*time.Second)
	const addr = "eve@example.org"
	if _, err := chromedp.Run(tab, chromedp.Navigate(srv.URL+f.tokens.UnsubscribePath(addr))); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Run(tab, chromedp.Click(chromedp.CSS("button"))); err != nil {
		t.Fatal(err)
	}
	time.Sleep(time.Second) // the post, if the page lets it go
	text, err := chromedp.Run(tab, chromedp.Text(chromedp.CSS("body")))
	if err != nil {
		t.Fatal(err)
	}
	stopped, err := stop.Stopped(ctx, addr)
	if err != nil {
		t.Fatal(err)
	}
	if !stopped || strings.Contains(text, "?") {
		t.Errorf("after pressing the unsubscribe page's button %s is stopped = %v; the page says %q", addr, stopped, text)
	}
}

// TestUnsubscribePagePolicy: where no browser runs, the header that made
// the button useless is read: the unsubscribe page lets its own form post
// to itself, and nowhere else; no other page takes a form.
func TestUnsubscribePagePolicy(t *testing.T) {
	f := newFixture(t)
	stop, err := mail.OpenStopList(context.Background(), f.svc.Store)
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer((&web.Pages{Service: f.svc, Tokens: f.tokens, Prefs: f.prefs, Stop: stop}).Unsubscribe())
	defer srv.Close()
	resp, err := http.Get(srv.URL + f.tokens.UnsubscribePath("eve@example.org"))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if csp := resp.Header.Get("Content-Security-Policy"); !strings.Contains(csp, "form-action 'self'") || strings.Contains(csp, "form-action 'none'") {
		t.Errorf("the unsubscribe page's Content-Security-Policy %q does not let its form post to itself", csp)
	}
	pages := httptest.NewServer((&web.Pages{Service: f.svc, Tokens: f.tokens, Prefs: f.prefs}).Handler())
	defer pages.Close()
	resp, err = http.Get(pages.URL + "/g/nothing/here")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if csp := resp.Header.Get("Content-Security-Policy"); !strings.Contains(csp, "form-action 'none'") {
		t.Errorf("a game page's Content-Security-Policy %q lets forms post", csp)
	}
}
