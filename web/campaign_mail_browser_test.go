package web_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/pbem-games/pbem/campaigns/bymail"
	"github.com/pbem-games/pbem/events"
	"github.com/pbem-games/pbem/games/letters"
	"github.com/pbem-games/pbem/mail"
)

// TestBrowserCampaignMail reads a campaign's mail (each player's round
// and the standings after round 1, with the link to the campaign's page)
// in chromium as a phone 360 pixels wide shows it, in English and in
// Chinese: nothing is wider than the screen, so it never scrolls
// sideways, and no text is smaller than 10 px.
func TestBrowserCampaignMail(t *testing.T) {
	path := browser(t)
	f := newCampaignFixture(t)
	ctx := context.Background()
	post := letters.New(f.svc, f.games)
	prefs, err := mail.OpenPrefs(ctx, f.svc.Store)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := prefs.Set(ctx, "bea@example.org", mail.Pref{Lang: "zh"}, false); err != nil {
		t.Fatal(err)
	}
	lh := letters.Letterhead{Service: "pbem games", Mailbox: "games@pbem.example.org", Tokens: f.tokens, WebURL: "https://games.pbem.example.org"}
	source := post.CampaignNotices(lh)
	type shown struct{ name, html string }
	var mails []shown
	langs := map[string]bool{}
	err = f.svc.Store.CatchUpRecords(ctx, "browser-campaign-mails", events.CampaignSubject+">", func(r events.Record) error {
		ns, err := source(ctx, r)
		for _, n := range ns {
			if n.Kind != bymail.KindRound && n.Kind != bymail.KindStandings || n.To != "ana@example.org" && n.To != "bea@example.org" {
				continue
			}
			n.Time = time.Now() // as Bea reads now, in Chinese
			out, err := post.Render(ctx, lh, n)
			if err != nil {
				return err
			}
			if !strings.Contains(out.HTML, "https://games.pbem.example.org/") {
				t.Errorf("%s's %s mail has no link to the campaign's page", n.To, n.Kind)
			}
			langs[out.Headers["Content-Language"]] = true
			mails = append(mails, shown{fmt.Sprintf("%s's %s mail (%s)", n.To, n.Kind, out.Headers["Content-Language"]), out.HTML})
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(mails) < 4 || !langs["en"] || !langs["zh"] {
		t.Fatalf("%d mails of round and standings in %v; want Ana's and Bea's, in English and Chinese", len(mails), langs)
	}
	var pages []string
	for _, m := range mails {
		pages = append(pages, m.html)
	}
	base := serveHTML(t, pages)

	tab := chromium(t, path, 2*time.Minute)
	if _, err := chromedp.Run(tab, chromedp.EmulateViewport(360, 800, chromedp.EmulateScale(2))); err != nil {
		t.Fatal(err)
	}
	for i, m := range mails {
		if _, err := chromedp.Run(tab, chromedp.Navigate(fmt.Sprintf("%s/%d", base, i))); err != nil {
			t.Fatalf("%s: %v", m.name, err)
		}
		got, err := chromedp.Run(tab, chromedp.Evaluate[[]float64](`(() => {
			let px = 1e9;
			for (const e of document.querySelectorAll("body *")) {
				if ([...e.childNodes].some(n => n.nodeType === 3 && n.textContent.trim())) px = Math.min(px, parseFloat(getComputedStyle(e).fontSize));
			}
			return [document.documentElement.scrollWidth, window.innerWidth, px];
		})()`))
		if err != nil || len(got) != 3 {
			t.Fatalf("%s: %v, %v", m.name, got, err)
		}
		if got[0] > got[1] {
			t.Errorf("%s at 360 px is %v px wide: it scrolls sideways", m.name, got[0])
		}
		if got[2] < 10 {
			t.Errorf("%s at 360 px: its smallest text is %v px; want at least 10", m.name, got[2])
		}
	}
}
