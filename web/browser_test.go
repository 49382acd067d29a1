package web_test

import (
	"bufio"
	"bytes"
	"context"
	"flag"
	"fmt"
	"image"
	"image/png"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/log"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	"golang.org/x/image/draw"

	"github.com/pbem-games/pbem/rules"
	"github.com/pbem-games/pbem/rules/altiplano"
	"github.com/pbem-games/pbem/rules/archipelago"
	"github.com/pbem-games/pbem/rules/atacama"
	"github.com/pbem-games/pbem/rules/rulestest"
)

var screenshots = flag.Bool("screenshots", false, "write each game's page as docs/pictures/web-<game>.png")

// The environment the browser is found by; scripts/browser.sh writes the
// first into STATE/env.
const (
	envChromium = "PBEM_TEST_CHROMIUM"
	envDir      = "PBEM_BROWSER_DIR"
	// envRequired, set to 1, turns a skip for want of a browser into a
	// failure: CI sets it where scripts/browser.sh start found one.
	envRequired = "PBEM_TEST_BROWSER_REQUIRED"
)

// chromium starts the browser at path for the test, for at most d, and
// returns its first tab, closed when the test ends; it skips the test
// when the browser does not start (fails, with envRequired=1). opts are
// added to the defaults (a window size, say).
func chromium(t *testing.T, path string, d time.Duration, opts ...chromedp.ExecAllocatorOption) context.Context {
	t.Helper()
	all := append(append(chromedp.DefaultExecAllocatorOptions[:], chromedp.ExecPath(path)), opts...)
	if os.Geteuid() == 0 {
		all = append(all, chromedp.NoSandbox) // the sandbox cannot run as root
	}
	ctx, cancel := context.WithTimeout(context.Background(), d)
	t.Cleanup(cancel)
	alloc, cancelAlloc := chromedp.NewExecAllocator(ctx, all...)
	t.Cleanup(cancelAlloc)
	tab, cancelTab := chromedp.NewContext(alloc)
	t.Cleanup(cancelTab)
	if err := chromedp.Do(tab); err != nil {
		if os.Getenv(envRequired) == "1" {
			t.Fatalf("%s does not start: %v (and %s=1)", path, err, envRequired)
		}
		t.Skipf("%s does not start: %v", path, err)
	}
	return tab
}

// serveHTML serves pages[i] at /i for the test; it returns the server's
// address.
func serveHTML(t *testing.T, pages []string) string {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		i, err := strconv.Atoi(strings.TrimPrefix(r.URL.Path, "/"))
		if err != nil || i < 0 || i >= len(pages) {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		io.WriteString(w, pages[i])
	}))
	t.Cleanup(srv.Close)
	return srv.URL
}

// browser returns the path of the browser the tests drive, or skips the
// test saying why there is none (fails, with envRequired=1).
func browser(t *testing.T) string {
	t.Helper()
	path, why := findBrowser()
	if why != "" {
		if os.Getenv(envRequired) == "1" {
			t.Fatalf("%s (and %s=1)", why, envRequired)
		}
		t.Skip(why)
	}
	return path
}

func findBrowser() (path, why string) {
	if p := os.Getenv(envChromium); p != "" {
		return p, ""
	}
	dir := os.Getenv(envDir)
	if dir == "" {
		dir = "/tmp/pbem-browser"
	}
	if b, err := os.ReadFile(filepath.Join(dir, "env")); err == nil {
		sc := bufio.NewScanner(bytes.NewReader(b))
		for sc.Scan() {
			if v, ok := strings.CutPrefix(sc.Text(), "export "+envChromium+"="); ok {
				return v, ""
			}
		}
	}
	if reason, err := os.ReadFile(filepath.Join(dir, "unavailable")); err == nil {
		return "", "browser unavailable: " + strings.TrimSpace(string(reason))
	}
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			return p, ""
		}
	}
	return "", "no chromium to drive: run scripts/browser.sh start"
}

// pieces is what a view says its picture shows: a kind of piece (a class
// of the SVG's shapes) and how many.
func pieces(t *testing.T, v rules.View) (class string, n int) {
	switch v := v.(type) {
	case *atacama.View:
		for _, c := range v.Cells {
			if c.Rig != nil {
				n++
			}
		}
		return "rig", n
	case *altiplano.View:
		for _, pv := range v.Table.Seats {
			n += len(pv.Houses) + len(pv.Boats)
			if pv.Pawn != "" {
				n++
			}
		}
		return "pawn, .house, .boat", n
	case *archipelago.View:
		for _, r := range v.Map {
			for _, u := range r.Units {
				if u.Citizens+u.Working+u.Rebels+u.Housed > 0 {
					n++
				}
			}
		}
		return "citizens", n
	}
	t.Fatalf("no pieces known of a %T", v)
	return "", 0
}

// TestBrowserPages drives chromium through the page of each game: it
// loads without a console error (a script or style the policy blocks is
// one), the board is an SVG with the pieces the view says, the replay
// reaches the first and the last event by links and by the arrow keys
// and the board changes, a seat's page shows nothing of another seat's
// secrets, and a bad token is a 404.
func TestBrowserPages(t *testing.T) {
	path := browser(t)
	f := newFixture(t)
	bctx := chromium(t, path, 90*time.Second, chromedp.WindowSize(1400, 900))
	for _, tb := range tables {
		t.Run(tb.name, func(t *testing.T) {
			tab, cancel := chromedp.NewContext(bctx)
			defer cancel()
			var mu sync.Mutex
			var problems []string
			err := chromedp.Listen(tab, func(ev any) {
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
			})
			if err != nil {
				t.Fatal(err)
			}
			browse(t, tab, f, tb)
			mu.Lock()
			for _, p := range problems {
				t.Errorf("%s: %s", tb.name, p)
			}
			mu.Unlock()
			// A token with its last letter changed: the 404 the browser
			// logs as an error comes after the check above.
			link := f.link(t, tb.name, 0)
			last := link[len(link)-1]
			bad := link[:len(link)-1] + map[bool]string{true: "b", false: "a"}[last == 'a']
			resp, err := chromedp.RunResponse(tab, chromedp.Navigate(bad))
			if err != nil || resp.Status != 404 {
				t.Errorf("a bad token: %v, %v; want 404", resp, err)
			}
		})
	}
}

// browse reads the page of seat 0 of table tb and replays it to the
// first event and back.
func browse(t *testing.T, tab context.Context, f *fixture, tb table) {
	link := f.link(t, tb.name, 0)
	g, n := f.game(t, tb.name, 0)
	open := func(what string, a chromedp.Action[chromedp.Void]) {
		t.Helper()
		ctx, cancel := context.WithTimeout(tab, 15*time.Second) // a step that loads no page waits for ever
		defer cancel()
		resp, err := chromedp.RunResponse(ctx, a)
		if err != nil || resp.Status != 200 {
			t.Fatalf("%s: %v, %v", what, resp, err)
		}
	}
	// at says which event the page shows, and counts the view's pieces in
	// its SVG as the browser parsed it.
	at := func(want int) string {
		t.Helper()
		shown, _ := f.game(t, tb.name, want)
		class, count := pieces(t, shown.State.View(0))
		pos, err := chromedp.Run(tab, chromedp.Text(chromedp.CSS("#position")))
		if err != nil || pos != fmt.Sprintf("after event %d of %d", want, n) {
			t.Fatalf("the page says %q, %v; want event %d of %d", pos, err, want, n)
		}
		got, err := chromedp.Run(tab, chromedp.Evaluate[int](`document.querySelectorAll("#board svg ."+`+strconv.Quote(class)+`).length`))
		if err != nil || got != count {
			t.Errorf("after event %d the board has %d pieces of class %s, %v; the view says %d", want, got, class, err, count)
		}
		svg, err := chromedp.Run(tab, chromedp.Evaluate[string](`document.querySelector("#board svg").outerHTML`))
		if err != nil || !strings.HasPrefix(svg, "<svg") {
			t.Fatalf("no SVG board after event %d: %v", want, err)
		}
		return svg
	}
	open("the page", chromedp.Navigate(link))
	last := at(n)
	text, err := chromedp.Run(tab, chromedp.Evaluate[string](`document.body.innerText + "\n" + document.querySelector("#board svg").textContent`))
	if err != nil {
		t.Fatal(err)
	}
	secrets, _ := g.State.(rules.Secrets)
	for o := rules.Observer; int(o) < tb.seats; o++ {
		for _, s := range rulestest.SecretFacts(secrets.Secrets(o)) {
			if o != 0 && strings.Contains(text, s) {
				t.Errorf("seat 0's page shows %q, which only seat %d may see", s, o)
			}
		}
	}
	if *screenshots && tb.name == tb.rules { // one picture a game
		screenshot(t, tab, tb.name)
	}
	open("first", chromedp.Click(chromedp.CSS("#first")))
	first := at(1)
	if first == last {
		t.Errorf("the board after the first event is the board after the last")
	}
	open("→", chromedp.KeyEvent(kb.ArrowRight))
	at(2)
	open("←", chromedp.KeyEvent(kb.ArrowLeft))
	if at(1) != first {
		t.Errorf("the board after event 1 differs the second time")
	}
	open("last", chromedp.Click(chromedp.CSS("#last")))
	if at(n) != last {
		t.Errorf("the board after the last event differs the second time")
	}
}

// screenshot writes the page as a PNG half its size into docs/pictures.
func screenshot(t *testing.T, tab context.Context, name string) {
	b, err := chromedp.Run(tab, chromedp.CaptureScreenshot())
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	r := img.Bounds()
	small := image.NewRGBA(image.Rect(0, 0, r.Dx()/2, r.Dy()/2))
	draw.CatmullRom.Scale(small, small.Bounds(), img, r, draw.Src, nil)
	var out bytes.Buffer
	if err := (&png.Encoder{CompressionLevel: png.BestCompression}).Encode(&out, small); err != nil {
		t.Fatal(err)
	}
	file := filepath.Join("..", "docs", "pictures", "web-"+name+".png")
	if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(file, out.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("wrote %s (%d KiB)", file, out.Len()/1024)
}
