package templates

import (
	"io/fs"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/pbem-games/pbem/lang"
	"github.com/pbem-games/pbem/lang/all"
	"github.com/pbem-games/pbem/templates/words"
)

// withTranslation returns the book of pbem's languages plus a made-up
// language "xx" of texts xx.
func withTranslation(t *testing.T, xx lang.Texts) *words.Book {
	t.Helper()
	r, err := lang.New(append(all.Packs(), lang.Pack{Tag: "xx", Texts: xx})...)
	if err != nil {
		t.Fatal(err)
	}
	book, err := words.NewBookOf(r)
	if err != nil {
		t.Fatal(err)
	}
	return book
}

var prompt = Mail{
	Kind: YourTurn, Lang: "xx", Service: "pbem games", Mailbox: "games@pbem.example.org",
	Game:     Game{ID: "k7q2mx", Title: "Atacama", Seq: 11, Move: 8},
	To:       Recipient{Name: "Bea", Address: "bea@example.net", Seat: 1},
	Board:    "   1   g2    s1",
	YourTurn: true, Example: "E5",
}

// TestFallback checks that a language's mail says what its texts say,
// with the one set of templates, and English's texts fill in the rest.
func TestFallback(t *testing.T) {
	all, err := parse(withTranslation(t, lang.Texts{"mail.your-turn.headline": "xx-turn %[1]d"}), Files())
	if err != nil {
		t.Fatal(err)
	}
	r, err := render(all, prompt)
	if err != nil {
		t.Fatal(err)
	}
	if r.Headline != "xx-turn 9" || !strings.HasPrefix(r.Text, "xx-turn 9\n") {
		t.Errorf("headline = %q, text = %q, want the translated headline", r.Headline, r.Text)
	}
	if r.Subject != "[pbem k7q2mx] Atacama" || !strings.Contains(r.Text, "Bea, it is your turn") {
		t.Errorf("subject = %q, text = %q, want the English ones", r.Subject, r.Text)
	}
	if !strings.Contains(r.HTML, `<html lang="xx">`) || !strings.Contains(r.HTML, "xx-turn 9") {
		t.Errorf("html does not say its language is xx, or lacks the translated headline")
	}
	regional := prompt
	regional.Lang = "XX-Latn-YY"
	if r, _ := render(all, regional); r.Headline != "xx-turn 9" {
		t.Errorf("Lang %q: headline = %q, want the xx one", regional.Lang, r.Headline)
	}
	en := prompt
	en.Lang = "en"
	if r, _ := render(all, en); r.Headline != "Your turn, move 9" {
		t.Errorf("English headline = %q: the translation leaked into English", r.Headline)
	}
}

// TestUnknownLanguage checks that a language without templates is English.
func TestUnknownLanguage(t *testing.T) {
	for _, lang := range []string{"", "zz", `en"><script>`} {
		m := prompt
		m.Lang = lang
		r, err := Render(m)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(r.HTML, `<html lang="en">`) || !strings.Contains(r.Text, "\nBea, it is your turn") {
			t.Errorf("Lang %q: not rendered in English", lang)
		}
	}
}

// TestUnknownID checks that a template printing an id no language has
// a text for is an error naming it, not a mail.
func TestUnknownID(t *testing.T) {
	fsys := fstest.MapFS{}
	names, _ := fs.Glob(Files(), "*.tmpl")
	for _, name := range names {
		b, _ := fs.ReadFile(Files(), name)
		fsys[name] = &fstest.MapFile{Data: b}
	}
	fsys["your-turn.text.tmpl"].Data = []byte(strings.Replace(string(fsys["your-turn.text.tmpl"].Data),
		`t "mail.your-turn.headline"`, `t "mail.your-turn.nobody"`, 1))
	all, err := parse(withTranslation(t, lang.Texts{"xx": "xx"}), fsys)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := render(all, prompt); err == nil || !strings.Contains(err.Error(), "mail.your-turn.nobody") {
		t.Errorf("render = %v, want an error naming the unknown id", err)
	}
}

// TestEnglishIsComplete checks that English defines every template of
// every Kind, so that any translation can fall back on it.
func TestEnglishIsComplete(t *testing.T) {
	all, err := parsed()
	if err != nil {
		t.Fatal(err)
	}
	en := all[fallback]
	for _, k := range Kinds() {
		for _, part := range []string{"subject", "headline", "text"} {
			if en.text.Lookup(string(k)+"."+part) == nil {
				t.Errorf("en defines no %s.%s", k, part)
			}
		}
		if en.html.Lookup(string(k)+".html") == nil {
			t.Errorf("en defines no %s.html", k)
		}
	}
	if !slices.Contains(Languages(), fallback) {
		t.Errorf("Languages() = %v, want it to hold %q", Languages(), fallback)
	}
}
