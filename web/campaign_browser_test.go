package web_test

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/log"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
)

// TestBrowserCampaignPage reads a campaign's page in chromium, as wide as
// a phone (360 px), a small tablet (800 px) and a desktop: it loads
// without a console error, nothing on it is wider than the screen (the
// wide tables scroll in their own box), no text is smaller than 10 px,
// the standings have a line per player and each player's history a
// section with a line per game, a game's link opens that game's public
// page, and the link 中文 gives the page in Chinese, as readable at
// 360 px.
func TestBrowserCampaignPage(t *testing.T) {
	path := browser(t)
	f := newCampaignFixture(t)
	tab := chromium(t, path, 90*time.Second, chromedp.WindowSize(1400, 900))
	var mu sync.Mutex
	var problems []string
	if err := chromedp.Listen(tab, func(ev any) {
		mu.Lock()
		defer mu.Unlock()
		switch ev := ev.(type) {
		case *runtime.EventConsoleAPICalled:
			if ev.Type == runtime.ConsoleAPICalledTypeError || ev.Type == runtime.ConsoleAPICalledTypeWarning {
				problems = append(problems, fmt.Sprintf("console.%s %v", ev.Type, ev.Args))
			}
		case *runtime.EventExceptionThrown:
			problems = append(problems, "exception: "+ev.ExceptionDetails.Text)
		case *log.EventEntryAdded:
			if ev.Entry.Level == log.EntryLevelError {
				problems = append(problems, "console: "+ev.Entry.Text+" "+ev.Entry.URL)
			}
		}
	}); err != nil {
		t.Fatal(err)
	}
	open := func(what string, a chromedp.Action[chromedp.Void]) {
		t.Helper()
		ctx, cancel := context.WithTimeout(tab, 15*time.Second)
		defer cancel()
		resp, err := chromedp.RunResponse(ctx, a)
		if err != nil || resp.Status != 200 {
			t.Fatalf("%s: %v, %v", what, resp, err)
		}
	}
	link := f.url + f.tokens.CampaignLink("", f.id)
	readable := func(lang string, width int64) {
		t.Helper()
		wide, err := chromedp.Run(tab, chromedp.Evaluate[int](`document.documentElement.scrollWidth`))
		if err != nil || wide > int(width) {
			widest, _ := chromedp.Run(tab, chromedp.Evaluate[string](`[...document.querySelectorAll("body *")].filter(e => e.getBoundingClientRect().right > `+fmt.Sprint(width)+`).map(e => e.tagName + "." + e.className).join(" ")`))
			t.Errorf("%s at %d px the page is %d px wide (%v): it scrolls sideways; wider than the screen: %s", lang, width, wide, err, widest)
		}
		// The smallest text: every element holding text of its own.
		type text struct {
			Px   float64 `json:"px"`
			What string  `json:"what"`
		}
		smallest, err := chromedp.Run(tab, chromedp.Evaluate[text](`(() => {
			let px = 1e9, what = "";
			for (const e of document.querySelectorAll("body *")) {
				if (![...e.childNodes].some(n => n.nodeType === 3 && n.textContent.trim())) continue;
				const size = parseFloat(getComputedStyle(e).fontSize);
				if (size < px) { px = size; what = e.tagName + "." + e.className + " " + e.textContent.trim().slice(0, 30); }
			}
			return {px, what};
		})()`))
		if err != nil || smallest.Px < 10 {
			t.Errorf("%s at %d px the smallest text is %v px, %q (%v); want at least 10", lang, width, smallest.Px, smallest.What, err)
		}
	}
	for _, width := range []int64{360, 800, 1400} {
		if _, err := chromedp.Run(tab, chromedp.EmulateViewport(width, 800)); err != nil {
			t.Fatal(err)
		}
		open(fmt.Sprintf("the campaign's page at %d px", width), chromedp.Navigate(link))
		readable("in English", width)
		rows, err := chromedp.Run(tab, chromedp.Evaluate[int](`document.querySelectorAll("#standings tbody tr").length`))
		if err != nil || rows != 4 {
			t.Errorf("at %d px the standings have %d lines (%v), want 4", width, rows, err)
		}
		// Each player sat at a table in both rounds paired.
		histories, err := chromedp.Run(tab, chromedp.Evaluate[[]int](`[...document.querySelectorAll("#players section.player")].map(s => s.querySelectorAll("tbody tr").length)`))
		if err != nil || len(histories) != 4 || slices.ContainsFunc(histories, func(n int) bool { return n != 2 }) {
			t.Errorf("at %d px the players' histories have %v lines (%v), want 4 players of 2 games each", width, histories, err)
		}
	}
	open("a game's link", chromedp.Click(chromedp.CSS(`#round-1 a`)))
	text, err := chromedp.Run(tab, chromedp.Text(chromedp.CSS("body")))
	if err != nil || !strings.Contains(text, "Seen by an observer.") {
		t.Errorf("the first game's link opens a page saying %q (%v)", text, err)
	}
	open("back", chromedp.Navigate(link))
	open("中文", chromedp.Click(chromedp.CSS(`nav.langs a[href="?lang=zh"]`)))
	heading, err := chromedp.Run(tab, chromedp.Text(chromedp.CSS("h2")))
	if err != nil || heading != "排名" {
		t.Errorf("after 中文 the first heading is %q (%v), want 排名", heading, err)
	}
	if _, err := chromedp.Run(tab, chromedp.EmulateViewport(360, 800)); err != nil {
		t.Fatal(err)
	}
	open("the page in Chinese at 360 px", chromedp.Navigate(link+"?lang=zh"))
	readable("in Chinese", 360)
	players, err := chromedp.Run(tab, chromedp.Text(chromedp.CSS("#players h2")))
	if err != nil || players != "各棋手的赛程" {
		t.Errorf("in Chinese the players' histories are headed %q (%v), want 各棋手的赛程", players, err)
	}
	mu.Lock()
	defer mu.Unlock()
	for _, p := range problems {
		t.Error(p)
	}
}
