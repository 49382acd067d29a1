// Package words holds every sentence pbem writes to a player, in each
// language it speaks, by message id, with each language's plural rules
// (golang.org/x/text/message). A language is one file (en.go, zh.go)
// that gives a text for every id: TestComplete fails on one missing. A
// game's own phrases come with the game (package catalog), each game's
// checked the same way (Complete), and a Book holds pbem's texts and
// every game's together.
//
// The ids name what is said, not how ("note.lang", "refuse.zone"); the
// code says which to print and with what arguments, and the language's
// file says it, its arguments in the order the language wants them
// (%[2]s). A text with a count is a plural.Selectf of its forms.
package words

import (
	"fmt"
	"maps"
	"reflect"
	"slices"
	"strings"
	"sync"
	"time"

	"golang.org/x/text/feature/plural"
	"golang.org/x/text/language"
	"golang.org/x/text/message"
	"golang.org/x/text/message/catalog"
)

// Fallback is the language of a reader whose own pbem does not speak.
const Fallback = "en"

// Texts are one language's texts by message id: a string, or a
// catalog.Message (Forms) for a text whose words change with a number.
type Texts map[string]any

type dict = Texts

// dicts are pbem's own texts in the languages it speaks, by BCP 47 base
// tag; a game's own texts come with the game (NewBook).
var dicts = map[string]dict{"en": en, "zh": zh}

// Forms is a text whose words change with the count in argument arg: its
// plural forms ("one", "other"; "=0" for an exact value), as
// plural.Selectf takes them.
func Forms(arg int, cases ...any) catalog.Message {
	return plural.Selectf(arg, "%d", cases...)
}

func forms(arg int, cases ...any) catalog.Message { return Forms(arg, cases...) }

// Book is every text pbem writes: its own and those of the games it
// offers, each by language.
type Book struct {
	dicts map[string]dict
	built *catalog.Builder
}

// own is the book of pbem's own texts, without a game's.
var own = sync.OnceValue(func() *Book {
	b, err := NewBook()
	if err != nil {
		panic(err) // pbem's own texts are the program's: TestComplete
	}
	return b
})

// NewBook returns the book of pbem's texts with more, each the texts of
// one game by language. It fails when one is in a language pbem does not
// speak, or gives an id a text other than the one pbem or another game
// gives it.
func NewBook(more ...map[string]Texts) (*Book, error) {
	b := &Book{dicts: map[string]dict{}, built: catalog.NewBuilder(catalog.Fallback(language.English))}
	for lang, d := range dicts {
		b.dicts[lang] = maps.Clone(d)
	}
	for _, m := range more {
		for lang, d := range m {
			all, ok := b.dicts[lang]
			if !ok {
				return nil, fmt.Errorf("words: texts in %q, which pbem does not speak", lang)
			}
			for id, text := range d {
				if had, ok := all[id]; ok && !reflect.DeepEqual(had, text) {
					return nil, fmt.Errorf("words: %s %q has two texts, %q and %q", lang, id, had, text)
				}
				all[id] = text
			}
		}
	}
	for lang, d := range b.dicts {
		tag := language.MustParse(lang)
		for id, text := range d {
			var err error
			switch t := text.(type) {
			case string:
				err = b.built.SetString(tag, id, t)
			case catalog.Message:
				err = b.built.Set(tag, id, t)
			default:
				err = fmt.Errorf("a %T", text)
			}
			if err != nil {
				return nil, fmt.Errorf("words: %s %q: %w", lang, id, err)
			}
		}
	}
	return b, nil
}

// Languages returns the languages pbem speaks, sorted.
func Languages() []string {
	var ls []string
	for l := range dicts {
		ls = append(ls, l)
	}
	slices.Sort(ls)
	return ls
}

// Match returns the language pbem speaks for tag ("zh" for "zh-Hant-TW"
// or "ZH"), and whether it speaks it; Fallback when it does not.
func Match(tag string) (string, bool) {
	base, _, _ := strings.Cut(strings.ToLower(strings.TrimSpace(tag)), "-")
	if _, ok := dicts[base]; ok {
		return base, true
	}
	return Fallback, false
}

// IDs returns the ids of pbem's own texts in lang, sorted.
func IDs(lang string) []string { return own().IDs(lang) }

// IDs returns the ids the book gives lang a text for, sorted.
func (b *Book) IDs(lang string) []string {
	ids := slices.Collect(maps.Keys(b.dicts[lang]))
	slices.Sort(ids)
	return ids
}

// Has reports whether pbem's own texts in lang hold id.
func Has(lang, id string) bool { return own().Has(lang, id) }

// Has reports whether the book gives lang a text for id.
func (b *Book) Has(lang, id string) bool {
	_, ok := b.dicts[lang][id]
	return ok
}

// Text returns pbem's own text of id in lang, as Book.Text.
func Text(lang, id string) string { return own().Text(lang, id) }

// Text returns the text the book gives id in lang as written, with its
// verbs, for a text without plural forms; "" for none.
func (b *Book) Text(lang, id string) string {
	s, _ := b.dicts[lang][id].(string)
	return s
}

// Printer writes the texts of one language.
type Printer struct {
	lang string
	book *Book
	p    *message.Printer
}

// For returns the printer of pbem's own texts in lang, without any
// game's, Fallback's for a language pbem does not speak.
func For(lang string) Printer { return own().For(lang) }

// For returns the printer of the book's texts in lang, Fallback's for a
// language pbem does not speak.
func (b *Book) For(lang string) Printer {
	l, _ := Match(lang)
	return Printer{lang: l, book: b, p: message.NewPrinter(language.MustParse(l), message.Catalog(b.built))}
}

// Has reports whether the printer has a text for id.
func (p Printer) Has(id string) bool {
	if p.book == nil {
		return Has(Fallback, id)
	}
	return p.book.Has(p.lang, id)
}

// Lang is the printer's language.
func (p Printer) Lang() string { return p.lang }

// S prints the text of id with args.
func (p Printer) S(id string, args ...any) string {
	if p.p == nil {
		p = For(Fallback)
	}
	return p.p.Sprintf(id, args...)
}

// When writes t for a reader in zone loc, e.g. "Thu 3 Dec 18:00 UTC" or
// "12月4日（周五）02:00 UTC+08:00": the date, the time of day, and the
// offset from UTC, which names the zone without ambiguity.
func (p Printer) When(t time.Time, loc *time.Location) string {
	if loc == nil {
		loc = time.UTC
	}
	t = t.In(loc)
	return p.S("time.when", p.S("day."+t.Weekday().String()[:3]), t.Day(), p.S("month."+t.Month().String()[:3]),
		t.Format("15:04"), Offset(t), int(t.Month()))
}

// Offset names t's zone by its offset from UTC: "UTC", "UTC+08:00".
func Offset(t time.Time) string {
	if _, off := t.Zone(); off == 0 {
		return "UTC"
	}
	return "UTC" + t.Format("-07:00")
}
