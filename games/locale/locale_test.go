package locale_test

import (
	"testing"
	"time"

	"github.com/pbem-games/pbem/games/locale"
	"github.com/pbem-games/pbem/mail"
	"github.com/pbem-games/pbem/rules"
	"github.com/pbem-games/pbem/templates/words"
)

func prefLang(tag string) mail.Pref { return mail.Pref{Lang: tag} }

// friday is Fri 4 Dec 2026 02:00 in Shanghai, 18:00 the day before in UTC.
var friday = time.Date(2026, 12, 3, 18, 0, 0, 0, time.UTC)

// TestOf: a reader's Locale speaks the language they set and tells the
// time in the zone they set, UTC where they set none or one pbem cannot
// read; a game's book adds its texts.
func TestOf(t *testing.T) {
	for _, c := range []struct {
		pref      mail.Pref
		lang      string
		zone      string // ZoneName
		when      string
		zoneLabel string
	}{
		{mail.Pref{}, "en", "", "Thu 3 Dec 18:00 UTC", "UTC"},
		{mail.Pref{Lang: "zh", Zone: "Asia/Shanghai"}, "zh", "Asia/Shanghai", "12月4日（周五）02:00 UTC+08:00", "Asia/Shanghai (UTC+08:00)"},
		{mail.Pref{Lang: "en", Zone: "asia/shanghai"}, "en", "Asia/Shanghai", "Fri 4 Dec 02:00 UTC+08:00", "Asia/Shanghai (UTC+08:00)"},
		{mail.Pref{Zone: "+08:00"}, "en", "+08:00", "Fri 4 Dec 02:00 UTC+08:00", "UTC+08:00"},
		{mail.Pref{Zone: "UTC-5"}, "en", "-05:00", "Thu 3 Dec 13:00 UTC-05:00", "UTC-05:00"},
		{mail.Pref{Zone: "UTC"}, "en", "UTC", "Thu 3 Dec 18:00 UTC", "UTC"},
		{mail.Pref{Zone: "Europe/London"}, "en", "Europe/London", "Thu 3 Dec 18:00 UTC", "Europe/London (UTC)"},
		{mail.Pref{Zone: "Mars/Olympus"}, "en", "", "Thu 3 Dec 18:00 UTC", "UTC"},
		{mail.Pref{Lang: "xx"}, "en", "", "Thu 3 Dec 18:00 UTC", "UTC"},
	} {
		l := locale.Of(nil, c.pref)
		if l.Lang() != c.lang || l.ZoneName != c.zone {
			t.Errorf("Of(%+v) speaks %q in zone %q, want %q in %q", c.pref, l.Lang(), l.ZoneName, c.lang, c.zone)
		}
		if (c.zone == "") != (l.Zone == nil) {
			t.Errorf("Of(%+v).Zone = %v, want one: %v", c.pref, l.Zone, c.zone != "")
		}
		if got := l.When(friday); got != c.when {
			t.Errorf("Of(%+v).When = %q, want %q", c.pref, got, c.when)
		}
		if got := l.ZoneLabel(friday); got != c.zoneLabel {
			t.Errorf("Of(%+v).ZoneLabel = %q, want %q", c.pref, got, c.zoneLabel)
		}
		if c.zone == "" && l.Location() != time.UTC {
			t.Errorf("Of(%+v).Location = %v, want UTC", c.pref, l.Location())
		}
		if c.zone != "" && l.Location() != l.Zone {
			t.Errorf("Of(%+v).Location = %v, want its zone %v", c.pref, l.Location(), l.Zone)
		}
	}
	book, err := words.NewBook(map[string]words.Texts{"zh": {"Pass the ball.": "传球。"}, "en": {"Pass the ball.": "Pass the ball."}})
	if err != nil {
		t.Fatal(err)
	}
	if got := locale.Of(book, prefLang("zh")).Text("Pass the ball."); got != "传球。" {
		t.Errorf("Text of a game's book = %q, want 传球。", got)
	}
	if got := locale.Of(nil, prefLang("zh")).Text("Pass the ball."); got != "Pass the ball." {
		t.Errorf("Text without the game's book = %q, want it in English", got)
	}
}

// TestPhrase: a phrase is written in the reader's language where the
// catalog has its format, in English where it has not, its arguments
// each so, and padded to its columns by display width.
func TestPhrase(t *testing.T) {
	en, zh := locale.Of(nil, prefLang("en")), locale.Of(nil, prefLang("zh"))
	over := rules.Say("game %s is over", "g1")
	for _, c := range []struct {
		name   string
		p      rules.Phrase
		en, zh string
	}{
		{"text", rules.Phrase{Text: "g1"}, "g1", "g1"},
		{"a format of the catalog", over, "game g1 is over", "对局 g1 已经结束"},
		{"a format it lacks, around one it has", rules.Say("(%s)", over), "(game g1 is over)", "(对局 g1 已经结束)"},
		{"padded text", rules.Column(rules.Phrase{Text: "白方"}, 6), "白方  ", "白方  "},
		{"padded beyond", rules.Column(rules.Phrase{Text: "longer"}, 3), "longer", "longer"},
		{"a padded format", rules.Column(over, 20), "game g1 is over     ", "对局 g1 已经结束    "},
	} {
		if got := en.Phrase(c.p); got != c.en {
			t.Errorf("%s in English = %q, want %q", c.name, got, c.en)
		}
		if got := zh.Phrase(c.p); got != c.zh {
			t.Errorf("%s in Chinese = %q, want %q", c.name, got, c.zh)
		}
	}
}

type plain struct{ rules.State }

type staged struct{ rules.State }

func (staged) Stage() string { return "round 3" }

type phrasedStage struct{ staged }

func (phrasedStage) StagePhrase() rules.Phrase { return rules.Say("game %s is over", "g1") }

// TestStage: a state names its stage in the reader's language where it
// has it as a phrase, in English where it has it only so, and none has
// none.
func TestStage(t *testing.T) {
	zh := locale.Of(nil, prefLang("zh"))
	for _, c := range []struct {
		st   rules.State
		want string
	}{
		{plain{}, ""},
		{staged{}, "round 3"},
		{phrasedStage{}, "对局 g1 已经结束"},
	} {
		if got := zh.Stage(c.st); got != c.want {
			t.Errorf("Stage of %T = %q, want %q", c.st, got, c.want)
		}
	}
}

// TestListAnd: a list is joined with the language's own marks, and a
// sentence's names with "and" before the last.
func TestListAnd(t *testing.T) {
	en, zh := locale.Of(nil, prefLang("en")), locale.Of(nil, prefLang("zh"))
	for _, c := range []struct {
		names  []string
		en, zh string
	}{
		{nil, "", ""},
		{[]string{"Ana"}, "Ana", "Ana"},
		{[]string{"Ana", "Bea"}, "Ana and Bea", "Ana 和 Bea"},
		{[]string{"Ana", "Bea", "Cai"}, "Ana, Bea and Cai", "Ana、Bea 和 Cai"},
	} {
		if got := en.And(c.names); got != c.en {
			t.Errorf("And(%q) in English = %q, want %q", c.names, got, c.en)
		}
		if got := zh.And(c.names); got != c.zh {
			t.Errorf("And(%q) in Chinese = %q, want %q", c.names, got, c.zh)
		}
	}
	if got, want := en.List([]string{"move 1", "move 2"}, "; "), "move 1; move 2"; got != want {
		t.Errorf("List in English = %q, want %q", got, want)
	}
	if got, want := zh.List([]string{"move 1", "move 2"}, "; "), "move 1；move 2"; got != want {
		t.Errorf("List in Chinese = %q, want %q", got, want)
	}
}

// TestTidy: Chinese spacing around names and marks is mended; Tidy joins
// runs of spaces and TidyMarks keeps them for a line whose columns they
// line up.
func TestTidy(t *testing.T) {
	zh := locale.Of(nil, prefLang("zh"))
	if got, want := zh.Tidy(" 替 Bea  走棋 。 "), "替 Bea 走棋。"; got != want {
		t.Errorf("Tidy = %q, want %q", got, want)
	}
	if got, want := zh.TidyMarks("a  b"), "a  b"; got != want {
		t.Errorf("TidyMarks = %q, want %q", got, want)
	}
}

// TestParseLangZone: LANG takes a tag or a language's name, TZ a zone
// by name or offset, each refusing what names none.
func TestParseLangZone(t *testing.T) {
	langs := words.Default().Langs()
	for _, c := range []struct {
		s, want string
		ok      bool
	}{
		{"zh-CN", "zh", true},
		{"中文", "zh", true},
		{"English", "en", true},
		{"Klingon", "en", false},
	} {
		if got, ok := locale.ParseLang(langs, c.s); got != c.want || ok != c.ok {
			t.Errorf("ParseLang(%q) = %q, %v; want %q, %v", c.s, got, ok, c.want, c.ok)
		}
	}
	if name, loc, err := locale.ParseZone("asia/shanghai"); err != nil || name != "Asia/Shanghai" || loc.String() != "Asia/Shanghai" {
		t.Errorf("ParseZone(asia/shanghai) = %q, %v, %v", name, loc, err)
	}
	if _, _, err := locale.ParseZone("Mars/Olympus"); err == nil {
		t.Errorf("ParseZone(Mars/Olympus) took it")
	}
}

// TestDetect: a newcomer's language is the one their Content-Language
// names where pbem speaks it, else the one their own words are written
// in (pbem's subject they reply to says nothing of them); their zone is
// the offset of their Date, none for UTC or a mail without a date.
func TestDetect(t *testing.T) {
	langs := words.Default().Langs()
	shanghai := time.Date(2026, 12, 4, 2, 0, 0, 0, time.FixedZone("", 8*3600))
	newYork := time.Date(2026, 12, 3, 13, 0, 0, 0, time.FixedZone("", -5*3600))
	for _, c := range []struct {
		name string
		p    mail.Parsed
		want mail.Pref
	}{
		{"nothing said", mail.Parsed{}, mail.Pref{Lang: "en", Detected: true}},
		{"Content-Language", mail.Parsed{Language: "zh-CN", Text: "JOIN g1"}, mail.Pref{Lang: "zh", Detected: true}},
		{"Content-Language over the text", mail.Parsed{Language: "en", Text: "加入对局"}, mail.Pref{Lang: "en", Detected: true}},
		{"a Content-Language pbem does not speak", mail.Parsed{Language: "de", Text: "加入对局"}, mail.Pref{Lang: "zh", Detected: true}},
		{"Chinese text", mail.Parsed{Text: "加入对局"}, mail.Pref{Lang: "zh", Detected: true}},
		{"a Chinese subject of their own", mail.Parsed{Subject: "回复：加入对局", Text: "JOIN"}, mail.Pref{Lang: "zh", Detected: true}},
		{"pbem's Chinese subject", mail.Parsed{Subject: "Re: [pbem g1] 轮到你走棋了", Text: "JOIN"}, mail.Pref{Lang: "en", Detected: true}},
		{"the offset of the Date", mail.Parsed{Date: shanghai}, mail.Pref{Lang: "en", Zone: "+08:00", Detected: true}},
		{"a Date west of UTC", mail.Parsed{Date: newYork}, mail.Pref{Lang: "en", Zone: "-05:00", Detected: true}},
		{"a Date in UTC", mail.Parsed{Date: friday}, mail.Pref{Lang: "en", Detected: true}},
	} {
		if got := locale.Detect(langs, &c.p); got != c.want {
			t.Errorf("%s: Detect = %+v, want %+v", c.name, got, c.want)
		}
	}
}
