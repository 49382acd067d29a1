package web_test

import (
	"context"
	"html"
	"io"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/pbem-games/pbem/games/letters"
	"github.com/pbem-games/pbem/mail"
	"github.com/pbem-games/pbem/rules"
	"github.com/pbem-games/pbem/web"
)

// getWith fetches url with the header Accept-Language, when not "".
func getWith(t *testing.T, url, accept string) (int, string) {
	t.Helper()
	req, err := http.NewRequest(http.MethodGet, url, nil)
	if err != nil {
		t.Fatal(err)
	}
	if accept != "" {
		req.Header.Set("Accept-Language", accept)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp.StatusCode, html.UnescapeString(string(b))
}

// english finds a word of the page's English: a page in Chinese has none
// outside its names, its notation and the board.
var pageEnglish = regexp.MustCompile(`Seen by|Players|Verification|History|previous|next ▶|after event|to move|The keys|Download|seat \d|The chain`)

// TestPageInReadersLanguage: a seat's page is in its player's language
// (LANG) and times in their zone (TZ), the history told in the words of
// their mail; the public page is in the language the address (?lang=)
// or the browser (Accept-Language) asks for, English otherwise, and its
// links keep the language asked for.
func TestPageInReadersLanguage(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	cai := "Cai@example.org"
	if _, err := f.prefs.Set(ctx, cai, mail.Pref{Lang: "zh", Zone: "Asia/Shanghai", At: time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC)}, false); err != nil {
		t.Fatal(err)
	}
	g, _ := f.game(t, "altiplano", 0)
	_, evs, _, err := f.svc.LoadAt(ctx, g.ID, 0)
	if err != nil {
		t.Fatal(err)
	}

	status, body := getWith(t, f.link(t, "altiplano", 2), "en")
	if status != 200 {
		t.Fatalf("Cai's page: %d", status)
	}
	for _, want := range []string{`<html lang="zh">`, "Cai（座位 2）看到的对局。", "<h2>玩家</h2>", "<h2>验证</h2>", "<h2>历史</h2>",
		"« 最前", "◀ 上一步", "<th>座位</th>", "（你）", "整个历史记录的哈希链完整无缺。", "UTC+08:00"} {
		if !strings.Contains(body, want) {
			t.Errorf("Cai's page, in Chinese, does not say %q", want)
		}
	}
	// The board's picture is drawn as the mail's is, in no language but
	// its title.
	words := regexp.MustCompile(`(?s)<svg.*</svg>`).ReplaceAllString(body, "")
	if m := pageEnglish.FindString(words); m != "" {
		i := strings.Index(words, m)
		t.Errorf("Cai's page says %q in English: …%s…", m, words[max(0, i-300):min(len(words), i+100)])
	}
	if strings.Contains(body, " UTC<") || strings.Contains(body, " UTC ") {
		t.Errorf("Cai's page gives a time in UTC, not in Shanghai")
	}
	told := 0
	for _, line := range letters.New(f.svc, f.games).DescribeEachFor(g, evs, 2, "zh", nil) {
		if line != "" && !strings.Contains(line, "UTC") {
			told++
			if !strings.Contains(body, line) {
				t.Errorf("Cai's page does not tell %q as her mail does", line)
			}
		}
	}
	if told == 0 {
		t.Error("no event of the history has a sentence in Chinese")
	}

	// Bea set nothing: her page is in her browser's language.
	if _, body := getWith(t, f.link(t, "altiplano", 1), "zh-CN,zh;q=0.9,en;q=0.8"); !strings.Contains(body, `<html lang="zh">`) || !strings.Contains(body, "Bea（座位 1）看到的对局。") {
		t.Errorf("Bea's page with Accept-Language zh-CN is not in Chinese")
	}

	public := f.link(t, "altiplano", rules.Observer)
	for _, c := range []struct {
		name, url, accept, lang, seen string
	}{
		{"English by default", public, "", "en", "Seen by an observer."},
		{"Accept-Language", public, "zh-TW;q=0.9, fr", "zh", "旁观者看到的对局。"},
		{"Accept-Language pbem does not write", public, "fr, de;q=0.5", "en", "Seen by an observer."},
		{"?lang=zh", public + "?lang=zh", "en", "zh", "旁观者看到的对局。"},
		{"?lang=en over the browser", public + "?lang=en", "zh", "en", "Seen by an observer."},
		{"?lang=en over the player's LANG", f.link(t, "altiplano", 2) + "?lang=en", "", "en", "Seen by Cai (seat 2)."},
	} {
		status, body := getWith(t, c.url, c.accept)
		if status != 200 || !strings.Contains(body, `<html lang="`+c.lang+`">`) || !strings.Contains(body, c.seen) {
			t.Errorf("%s: %d, want the page in %s saying %q", c.name, status, c.lang, c.seen)
		}
	}
	// The links of a page asked for in Chinese keep it.
	_, body = getWith(t, public+"?lang=zh", "")
	prev := regexp.MustCompile(`id="prev" href="([^"]+)"`).FindStringSubmatch(body)
	if prev == nil || !strings.Contains(prev[1], "lang=zh") {
		t.Fatalf("the public page's link back does not keep ?lang=zh: %v", prev)
	}
	if _, body := getWith(t, f.url+prev[1], ""); !strings.Contains(body, `<html lang="zh">`) {
		t.Errorf("the page one event back is not in Chinese")
	}
}

// TestUnsubscribeInReadersLanguage: the page of the unsubscribe link in a
// mail to a reader of Chinese asks and answers in Chinese; an address
// pbem knows no language of gets its browser's, else English.
func TestUnsubscribeInReadersLanguage(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	if _, err := f.prefs.Set(ctx, "cai@example.org", mail.Pref{Lang: "zh", At: time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC)}, false); err != nil {
		t.Fatal(err)
	}
	stop, err := mail.OpenStopList(ctx, f.svc.Store)
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer((&web.Pages{Service: f.svc, Games: f.games, Tokens: f.tokens, Prefs: f.prefs, Stop: stop}).Unsubscribe())
	defer srv.Close()
	for _, c := range []struct{ addr, accept, lang, ask, button string }{
		{"cai@example.org", "en", "zh", "停止 pbem 发往 cai@example.org 的所有邮件？", "停止邮件"},
		{"dan@example.org", "zh-CN,zh;q=0.9", "zh", "停止 pbem 发往 dan@example.org 的所有邮件？", "停止邮件"},
		{"eve@example.org", "", "en", "Stop all mail from pbem to eve@example.org?", "Stop the mail"},
	} {
		status, body := getWith(t, srv.URL+f.tokens.UnsubscribePath(c.addr), c.accept)
		if status != 200 || !strings.Contains(body, `<html lang=`+c.lang+`>`) || !strings.Contains(body, c.ask) || !strings.Contains(body, c.button) {
			t.Errorf("the unsubscribe page of %s (Accept-Language %q): %d\n%s", c.addr, c.accept, status, body)
		}
	}
	resp, err := http.Post(srv.URL+f.tokens.UnsubscribePath("cai@example.org"), "application/x-www-form-urlencoded", strings.NewReader("List-Unsubscribe=One-Click"))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	if !strings.Contains(string(b), "pbem 不再向 cai@example.org 发送任何邮件") {
		t.Errorf("the answer to Cai's unsubscribe: %s", b)
	}
}
