package web_test

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/xml"
	"errors"
	"fmt"
	"image/png"
	"io"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/pbem-games/pbem/games/letters"
	"github.com/pbem-games/pbem/mail"
	"github.com/pbem-games/pbem/mail/mailtest"
	"github.com/pbem-games/pbem/rules"
)

// TestBrowserMailPictures renders, in chromium, the mails of each game
// of the fixture that show a board (the last ones to each seat and the
// observer: along the way and at the end, two to four players) as a
// phone 360 pixels wide and a desktop window 800 wide show them: the mail
// fits the screen without scrolling sideways, and the picture's smallest
// text, read from the SVG of the very drawing the mail's PNG is of, is
// at least 10 pixels as the picture is shown. Bea reads Chinese: her
// mails, the pictures in Chinese, are among them.
func TestBrowserMailPictures(t *testing.T) {
	path := browser(t)
	f := newFixture(t)
	ctx := context.Background()
	post := letters.New(f.svc, f.games)
	lh := letterhead(f)
	type mailShown struct {
		name     string
		html     string
		smallest float64 // the picture's smallest text, in its own pixels
		width    int     // the picture's width
	}
	var mails []mailShown
	games, chinese := map[string]bool{}, map[string]bool{}
	for _, n := range lastMails(t, f, post) {
		out, err := post.Render(ctx, lh, n)
		if err != nil {
			t.Fatalf("render %s: %v", n.ID, err)
		}
		if len(out.Inline) != 1 {
			continue
		}
		part := out.Inline[0]
		img, err := png.DecodeConfig(bytes.NewReader(part.Data))
		if err != nil {
			t.Fatalf("%s: %v", n.ID, err)
		}
		g, _, _, err := f.svc.LoadAt(ctx, n.Game, int(n.Seq))
		if err != nil {
			t.Fatal(err)
		}
		pic, err := post.PictureIn(g.Created.Game, g.State.View(rules.Seat(n.Seat)), out.Headers["Content-Language"])
		if err != nil {
			t.Fatal(err)
		}
		var b bytes.Buffer
		if err := pic.WritePNG(&b); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(b.Bytes(), part.Data) {
			t.Fatalf("%s: the mail's picture is not the drawing of its reader's view", n.ID)
		}
		b.Reset()
		if err := pic.WriteSVG(&b); err != nil {
			t.Fatal(err)
		}
		html := strings.Replace(out.HTML, `src="cid:`+url.PathEscape(part.ContentID)+`"`,
			`src="data:image/png;base64,`+base64.StdEncoding.EncodeToString(part.Data)+`"`, 1)
		if html == out.HTML {
			t.Fatalf("%s: the HTML shows no cid:%s", n.ID, part.ContentID)
		}
		mails = append(mails, mailShown{name: fmt.Sprintf("%s (%s, seat %d, %s)", n.ID, g.Created.Game, n.Seat, n.Kind),
			html: html, smallest: smallestText(t, b.String()), width: img.Width})
		games[g.Created.Game] = true
		if out.Headers["Content-Language"] == "zh" {
			chinese[g.Created.Game] = true
		}
	}
	if len(games) != 3 || len(chinese) != 3 {
		t.Fatalf("mails with pictures of %d games, %d of them in Chinese; want all three in both languages", len(games), len(chinese))
	}
	var pages []string
	for _, m := range mails {
		pages = append(pages, m.html)
	}
	showMails(t, path, pages, []int64{360, 800}, func(tab context.Context, screen int64, i int) {
		m := mails[i]
		got, err := chromedp.Run(tab, chromedp.Evaluate[[]float64](`new Promise(done => {
				const img = document.querySelector('img[src^="data:image/png"]');
				const measure = () => done([img.getBoundingClientRect().width, img.naturalWidth,
					document.documentElement.scrollWidth, window.innerWidth]);
				if (img.complete) measure(); else img.onload = measure;
			})`, chromedp.EvalAwaitPromise))
		if err != nil || len(got) != 4 {
			t.Fatalf("%s at %d px: %v, %v", m.name, screen, got, err)
		}
		shown, natural, scroll, inner := got[0], got[1], got[2], got[3]
		if int(natural) != m.width {
			t.Errorf("%s at %d px: the browser's picture is %v px wide, the PNG %d", m.name, screen, natural, m.width)
		}
		if scroll > inner {
			t.Errorf("%s at %d px: the mail is %v px wide, wider than the screen's %v", m.name, screen, scroll, inner)
		}
		if text := m.smallest * shown / natural; text < 10 {
			t.Errorf("%s at %d px: the picture is shown %.0f px wide, its smallest text %.1f px; want at least 10", m.name, screen, shown, text)
		}
	})
}

// letterhead is the letterhead of the mails the browser tests render.
func letterhead(f *fixture) letters.Letterhead {
	return letters.Letterhead{Service: "pbem games", Mailbox: "games@pbem.example.org", Tokens: f.tokens}
}

// lastMails are the last notice to each reader of each game of the
// fixture, as post derives them, Bea reading Chinese (set here).
func lastMails(t *testing.T, f *fixture, post *letters.Service) []mail.Notice {
	t.Helper()
	ctx := context.Background()
	if _, err := f.prefs.Set(ctx, "bea@example.org", mail.Pref{Lang: "zh", At: time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC)}, false); err != nil {
		t.Fatal(err)
	}
	ns, err := mailtest.CatchUpNotices(ctx, f.svc.Store, "browser-mails", post.Notices)
	if err != nil {
		t.Fatal(err)
	}
	last := map[string]int{}
	var out []mail.Notice
	for _, n := range ns {
		k := fmt.Sprintf("%s/%d/%s", n.Game, n.Seat, n.To)
		if i, seen := last[k]; seen {
			out[i] = n
			continue
		}
		last[k] = len(out)
		out = append(out, n)
	}
	return out
}

// TestBrowserMailWithoutPictures renders, as a phone 360 pixels wide
// shows them, the mails of TestBrowserMailPictures as a service with
// no_pictures sends them, the board as text in the HTML: the mail is no
// wider than the screen, and the board's lines laid out in columns keep
// their rows whole, one line each (a row wrapped in two would leave its
// fields under the wrong letters), scrolling within their box where they
// are wider than the screen; its sentences wrap.
func TestBrowserMailWithoutPictures(t *testing.T) {
	path := browser(t)
	f := newFixture(t)
	ctx := context.Background()
	post := letters.New(f.svc, f.games)
	post.NoPictures = true
	lh := letterhead(f)
	type board struct{ name, html string }
	var boards []board
	games := map[string]bool{}
	for _, n := range lastMails(t, f, post) {
		out, err := post.Render(ctx, lh, n)
		if err != nil {
			t.Fatalf("render %s: %v", n.ID, err)
		}
		if len(out.Inline) != 0 {
			t.Fatalf("%s carries a picture with no_pictures", n.ID)
		}
		if !strings.Contains(out.HTML, "<pre") {
			continue
		}
		boards = append(boards, board{fmt.Sprintf("%s (%s, seat %d, %s)", n.ID, n.Game, n.Seat, n.Kind), out.HTML})
		games[n.Game] = true
	}
	if len(games) != len(tables) {
		t.Fatalf("mails with a board of %d games, want %d", len(games), len(tables))
	}
	var pages []string
	for _, b := range boards {
		pages = append(pages, b.html)
	}
	showMails(t, path, pages, []int64{360}, func(tab context.Context, _ int64, i int) {
		b := boards[i]
		// Each <pre> of the board: its lines, how many lines it takes, and
		// whether any of its lines lines up columns (two spaces running
		// inside it).
		got, err := chromedp.Run(tab, chromedp.Evaluate[[][]float64](`[...document.querySelectorAll('pre')].map(pre => {
			const cs = getComputedStyle(pre), text = pre.textContent.replace(/\n$/, '');
			const inner = pre.clientHeight - parseFloat(cs.paddingTop) - parseFloat(cs.paddingBottom);
			const columns = text.split('\n').some(l => l.trim().includes('  '));
			return [text.split('\n').length, inner / parseFloat(cs.lineHeight), columns ? 1 : 0,
				document.documentElement.scrollWidth, window.innerWidth];
		})`))
		if err != nil || len(got) == 0 {
			t.Fatalf("%s: %v, %v", b.name, got, err)
		}
		if scroll, inner := got[0][3], got[0][4]; scroll > inner {
			t.Errorf("%s: the mail is %v px wide, wider than the screen's %v", b.name, scroll, inner)
		}
		columned := 0
		for _, pre := range got {
			if lines, shown := pre[0], pre[1]; pre[2] == 1 {
				columned++
				if shown > lines+0.5 {
					t.Errorf("%s: %v lines laid out in columns take %.1f lines on a phone: rows are wrapped", b.name, lines, shown)
				}
			}
		}
		if columned == 0 {
			t.Errorf("%s: no line of its board lines up columns", b.name)
		}
	})
}

// showMails opens each of pages (mails' HTML) in chromium, at path, on
// screens of each width in turn, and calls look with the tab, the
// screen's width and the page's index once it is shown.
func showMails(t *testing.T, path string, pages []string, screens []int64, look func(tab context.Context, screen int64, i int)) {
	t.Helper()
	base := serveHTML(t, pages)
	tab := chromium(t, path, 3*time.Minute)
	for _, screen := range screens {
		if _, err := chromedp.Run(tab, chromedp.EmulateViewport(screen, 800, chromedp.EmulateScale(2))); err != nil {
			t.Fatal(err)
		}
		for i := range pages {
			if _, err := chromedp.Run(tab, chromedp.Navigate(fmt.Sprintf("%s/%d", base, i))); err != nil {
				t.Fatalf("page %d at %d px: %v", i, screen, err)
			}
			look(tab, screen, i)
		}
	}
}

var textSize = regexp.MustCompile(`font:[^;"]*?([0-9.]+)px`)

// smallestText is the size of the smallest text of an SVG document.
func smallestText(t *testing.T, svg string) float64 {
	t.Helper()
	d := xml.NewDecoder(strings.NewReader(svg))
	smallest, size := 1e9, 0.0
	for {
		tok, err := d.Token()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatalf("the SVG does not parse: %v", err)
		}
		switch tok := tok.(type) {
		case xml.StartElement:
			for _, a := range tok.Attr {
				if m := textSize.FindStringSubmatch(a.Value); a.Name.Local == "style" && m != nil {
					size, _ = strconv.ParseFloat(m[1], 64)
				}
			}
		case xml.CharData:
			if strings.TrimSpace(string(tok)) != "" && size > 0 {
				smallest = min(smallest, size)
			}
		case xml.EndElement:
			if tok.Name.Local == "text" {
				size = 0
			}
		}
	}
	if smallest == 1e9 {
		t.Fatal("the SVG has no text")
	}
	return smallest
}
