package endtoend_test

import (
	"context"
	"regexp"
	"strings"
	"testing"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/pbem-games/pbem/events"
	"github.com/pbem-games/pbem/games/letters"
	"github.com/pbem-games/pbem/mail"
	"github.com/pbem-games/pbem/rules/atacama"
)

// sent renders every notice to addr written since the outbox held
// before of them, answers and the mail of events alike.
func (mt *mailTable) sent(before int, addr string) []mail.Outgoing {
	mt.t.Helper()
	lh := letters.Letterhead{Service: "pbem", Mailbox: mt.m.Mailbox, Tokens: mt.m.Tokens}
	var out []mail.Outgoing
	for _, n := range mt.outbox()[before:] {
		if n.To != addr {
			continue
		}
		o, err := mt.svc.Render(context.Background(), lh, n)
		if err != nil {
			mt.t.Fatal(err)
		}
		again, err := mt.svc.Render(context.Background(), lh, n)
		if err != nil || again.Text != o.Text || again.HTML != o.HTML || again.Subject != o.Subject {
			mt.t.Errorf("%s rendered twice differs (%v)", n.ID, err)
		}
		out = append(out, o)
	}
	return out
}

// flat is a mail's text on one line, its runs of spaces one space, so
// that a phrase is found whatever the wrapping; a line broken between two
// Chinese characters is joined without one.
func flat(o mail.Outgoing) string {
	lines := strings.Split(o.Text, "\n")
	var b strings.Builder
	for i, l := range lines {
		l = strings.TrimSpace(l)
		if i > 0 && b.Len() > 0 && l != "" {
			last, _ := utf8.DecodeLastRuneInString(b.String())
			first, _ := utf8.DecodeRuneInString(l)
			if !unicode.Is(unicode.Han, last) || !unicode.Is(unicode.Han, first) {
				b.WriteByte(' ')
			}
		}
		b.WriteString(l)
	}
	return strings.Join(strings.Fields(b.String()), " ")
}

// deadlineLine finds the deadline a prompt gives.
var deadlineLine = regexp.MustCompile(`Deadline: ([^;\n]*UTC[^;\n ]*)`)

// TestTimeZoneByMail: TZ by mail sets the zone a player's times are
// written in, in all their games: Bea in Shanghai reads her deadline
// eight hours ahead of Ana's, the same instant, and Ana's stays UTC.
func TestTimeZoneByMail(t *testing.T) {
	mt := newMailTable(t, atacama.Game)
	id := mt.create("atacama", 2)
	out := mt.fresh(id, 1, "TZ Asia/Shanghai\r\n")
	if len(out) != 1 || !strings.Contains(flat(out[0]), "From now on pbem gives you times in Asia/Shanghai (UTC+08:00)") {
		t.Fatalf("TZ answered with:\n%s", texts(out))
	}
	if r := refusals(mt.fresh(id, 0, "DEADLINE 48h GRACE 6h\r\n")); len(r) > 0 {
		t.Fatalf("DEADLINE refused: %q", r)
	}
	before := len(mt.outbox())
	if r := refusals(mt.fresh(id, 0, "E5\r\n")); len(r) > 0 {
		t.Fatalf("E5 refused: %q", r)
	}
	bea := mt.sent(before, tableAddrs[1])
	if len(bea) != 1 {
		t.Fatalf("Bea got %d mails after Ana's move, want her prompt:\n%s", len(bea), texts(bea))
	}
	got := deadlineLine.FindStringSubmatch(flat(bea[0]))
	if got == nil || !strings.HasSuffix(got[1], "UTC+08:00") {
		t.Fatalf("Bea's prompt gives no deadline in her zone:\n%s", bea[0].Text)
	}
	// Her grace ends in her zone too.
	if !regexp.MustCompile(`after 6h of grace, at \w+ \d+ \w+ \d\d:\d\d UTC\+08:00, pbem plays for you`).MatchString(flat(bea[0])) {
		t.Errorf("Bea's grace is not in her zone:\n%s", bea[0].Text)
	}
	// The same game seen from Ana, in UTC: the same deadline.
	if r := refusals(mt.fresh(id, 1, "G7\r\n")); len(r) > 0 {
		t.Fatalf("G7 refused: %q", r)
	}
	before = len(mt.outbox())
	out = mt.fresh(id, 0, "BOARD\r\n")
	ana := deadlineLine.FindStringSubmatch(flat(out[0]))
	if ana == nil || !strings.HasSuffix(ana[1], " UTC") {
		t.Errorf("Ana's board gives no deadline in UTC:\n%s", out[0].Text)
	}
	// The days of her VACATION are hers: from midnight in Shanghai.
	if r := refusals(mt.fresh(id, 1, "VACATION 2026-12-20 2026-12-27\r\n")); len(r) > 0 {
		t.Fatalf("VACATION refused: %q", r)
	}
	if v := mt.game(id).Vacations; len(v) == 0 {
		t.Errorf("no vacation recorded")
	}
	evs, err := mt.svc.History(t.Context(), id)
	if err != nil {
		t.Fatal(err)
	}
	var away events.VacationDeclared
	if err := evs[len(evs)-1].Unmarshal(&away); err != nil || !away.From.Equal(time.Date(2026, 12, 19, 16, 0, 0, 0, time.UTC)) || !away.Until.Equal(time.Date(2026, 12, 27, 16, 0, 0, 0, time.UTC)) {
		t.Errorf("Bea's vacation in Shanghai is recorded from %v until %v, want from 19 Dec 16:00 UTC until 27 Dec 16:00 UTC (%v)", away.From, away.Until, err)
	}

	// And in a second game, Bea's zone holds without a word from her.
	id2 := mt.create("atacama", 2)
	before = len(mt.outbox())
	mt.fresh(id2, 0, "DEADLINE 24h\r\nE5\r\n")
	bea = mt.sent(before, tableAddrs[1])
	if len(bea) == 0 || !strings.Contains(flat(bea[len(bea)-1]), "UTC+08:00") {
		t.Errorf("Bea's prompt in her second game is not in her zone:\n%s", texts(bea))
	}
}

// TestLanguageByMail: LANG by mail, in English or Chinese words, sets the
// language a player is written to in; a refusal after it is in that
// language; and a newcomer's first mail sets theirs, which the answer
// says.
func TestLanguageByMail(t *testing.T) {
	mt := newMailTable(t, atacama.Game)
	id := mt.create("atacama", 2)
	out := mt.fresh(id, 1, "语言 中文\r\n")
	if len(out) != 1 || !strings.Contains(flat(out[0]), "从现在起，pbem 用中文给你写信。") {
		t.Fatalf("LANG answered with:\n%s", texts(out))
	}
	if out[0].Headers["Content-Language"] != "zh" || !strings.Contains(out[0].HTML, `<html lang="zh">`) {
		t.Errorf("the answer to LANG zh says it is in %q, html %.60q", out[0].Headers["Content-Language"], out[0].HTML)
	}
	out = mt.fresh(id, 1, "TZ Mars/Olympus\r\n")
	if len(refusals(out)) != 1 || !strings.Contains(flat(out[0]), "pbem 不认识 \"Mars/Olympus\"") {
		t.Errorf("a refused TZ after LANG zh is not refused in Chinese:\n%s", texts(out))
	}
	out = mt.fresh(id, 1, "LANG en\r\nTZ +05:30\r\n")
	if len(out) != 1 || !strings.Contains(flat(out[0]), "From now on pbem writes to you in English. From now on pbem gives you times in UTC+05:30") {
		t.Errorf("LANG en and TZ in one mail answered with:\n%s", texts(out))
	}

	t.Run("detected", func(t *testing.T) {
		mt.t = t
		zh := "Content-Language: zh-CN\r\n" + utf8Header
		out := mt.send("dai@example.cn", mt.m.Mailbox, zh, "HELP\r\n")
		if len(out) != 1 || !strings.Contains(flat(out[0]), "pbem 按你来信所用的语言，用中文给你写信") {
			t.Fatalf("a newcomer writing zh-CN was answered:\n%s", texts(out))
		}
		out = mt.send("dai@example.cn", mt.m.Mailbox, "", "HELP\r\n")
		if len(out) != 1 || strings.Contains(flat(out[0]), "按你来信") {
			t.Errorf("the second mail says again what pbem chose:\n%s", texts(out))
		}
		// Mostly Chinese text, no header: Chinese; an English mail: English.
		out = mt.send("eva@example.cn", mt.m.Mailbox, utf8Header, "帮我看看怎么玩\r\nHELP\r\n")
		if len(out) != 1 || !strings.Contains(flat(out[0]), "用中文给你写信") {
			t.Errorf("a newcomer writing Chinese was answered:\n%s", texts(out))
		}
		out = mt.send("fay@example.com", mt.m.Mailbox, "", "HELP\r\n")
		if len(out) != 1 || !strings.Contains(flat(out[0]), "pbem writes to you in English, as your mail was written, and gives you times in UTC.") {
			t.Errorf("a newcomer writing English was answered:\n%s", texts(out))
		}
	})
}

// TestDeadlineWeekdaysInHostZone: a host in Shanghai whose DEADLINE runs
// the clock on weekends only means Saturday and Sunday in Shanghai, which
// begin eight hours before UTC's; Bea, in New York, reads the deadline
// in her zone, and the settings name the zone the days are counted in.
func TestDeadlineWeekdaysInHostZone(t *testing.T) {
	mt := newMailTable(t, atacama.Game)
	id := mt.create("atacama", 2)
	mt.fresh(id, 0, "TZ Asia/Shanghai\r\n")
	mt.fresh(id, 1, "TZ America/New_York\r\n")
	before := len(mt.outbox())
	if r := refusals(mt.fresh(id, 0, "DEADLINE 24h sat-sun\r\n")); len(r) > 0 {
		t.Fatalf("DEADLINE refused: %q", r)
	}
	if r := refusals(mt.fresh(id, 0, "E5\r\n")); len(r) > 0 {
		t.Fatalf("E5 refused: %q", r)
	}
	// The clock starts on Saturday 5 December at midnight in Shanghai,
	// Friday 16:00 UTC, and runs 24 hours.
	want := time.Date(2026, 12, 5, 16, 0, 0, 0, time.UTC)
	if d, ok := mt.game(id).Deadline(1); !ok || !d.Equal(want) {
		t.Errorf("Bea's deadline is %v, want %v", d, want)
	}
	bea := mt.sent(before, tableAddrs[1])
	all := texts(bea)
	if !strings.Contains(all, "Sat 5 Dec 11:00 UTC-05:00") {
		t.Errorf("Bea's mail gives no deadline of Sat 5 Dec 11:00 UTC-05:00, her zone:\n%s", all)
	}
	if !strings.Contains(strings.Join(strings.Fields(all), " "), "counting only Sat, Sun, days as they are in Asia/Shanghai (UTC+08:00)") {
		t.Errorf("Bea's mail does not say in which zone the days count:\n%s", all)
	}
}
