// Package words writes every sentence pbem writes to a player, in each
// language it speaks, by message id, with each language's plural rules
// (golang.org/x/text/message). A language's texts come with its pack
// (package lang: lang/en, lang/zh), which gives a text for every id
// English gives: TestComplete fails on one missing. A game's own phrases
// come with the game (package catalog), each game's checked the same way
// (Complete), and a Book holds pbem's texts and every game's together.
//
// The ids name what is said, not how ("note.lang", "refuse.zone"); the
// code says which to print and with what arguments, and the language's
// texts say it, its arguments in the order the language wants them
// (%[2]s). A text with a count is a Plural of its forms (Forms).
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

	"github.com/pbem-games/pbem/lang"
	"github.com/pbem-games/pbem/lang/all"
)

// Fallback is the language of a reader whose own pbem does not speak.
const Fallback = lang.Fallback

// Texts are one language's texts by message id: a string, or a
// lang.Plural (Forms) for a text whose words change with a number.
type Texts = lang.Texts

type dict = Texts

// ID is a message id (lang.ID).
type ID = lang.ID

// Forms is a text whose words change with the count in argument arg: its
// plural forms ("one", "other"; "=0" for an exact value), as
// plural.Selectf takes them.
func Forms(arg int, cases ...any) lang.Plural {
	return lang.Plural{Arg: arg, Cases: cases}
}

// Book is every text pbem writes: its own and those of the games it
// offers, each by language.
type Book struct {
	langs *lang.Registry
	dicts map[string]dict
	built *catalog.Builder
}

// own is the book of the languages pbem speaks (lang/all), without a
// game's.
var own = sync.OnceValue(func() *Book {
	b, err := NewBook()
	if err != nil {
		panic(err) // pbem's own texts are the program's: TestComplete
	}
	return b
})

// Default returns the book of the languages pbem speaks (lang/all),
// without a game's texts.
func Default() *Book { return own() }

// defaults are the languages pbem speaks, lang/all's.
var defaults = sync.OnceValue(func() *lang.Registry {
	r, err := all.Registry()
	if err != nil {
		panic(err) // the program's own packs: TestComplete
	}
	return r
})

// NewBook returns the book of the languages pbem speaks (lang/all) with
// more, each the texts of one game by language. It fails when one is in
// a language pbem does not speak, or gives an id a text other than the
// one pbem or another game gives it.
func NewBook(more ...map[string]Texts) (*Book, error) { return NewBookOf(defaults(), more...) }

// NewBookOf is NewBook for the languages of langs. A game without texts
// in a language whose pack derives them (lang.Pack.Derive) has them
// derived from its English.
func NewBookOf(langs *lang.Registry, more ...map[string]Texts) (*Book, error) {
	b := &Book{langs: langs, dicts: map[string]dict{}, built: catalog.NewBuilder(catalog.Fallback(language.English))}
	for _, p := range langs.Packs() {
		b.dicts[p.Tag] = maps.Clone(p.Texts)
	}
	for _, m := range more {
		m = derived(langs, m)
		for tag, d := range m {
			texts, ok := b.dicts[tag]
			if !ok {
				return nil, fmt.Errorf("words: texts in %q, which pbem does not speak", tag)
			}
			for id, text := range d {
				if had, ok := texts[id]; ok && !reflect.DeepEqual(had, text) {
					return nil, fmt.Errorf("words: %s %q has two texts, %q and %q", tag, id, had, text)
				}
				texts[id] = text
			}
		}
	}
	for l, d := range b.dicts {
		tag := language.Make(l)
		for id, text := range d {
			var err error
			switch t := text.(type) {
			case string:
				err = b.built.SetString(tag, string(id), t)
			case lang.Plural:
				err = b.built.Set(tag, string(id), plural.Selectf(t.Arg, "%d", t.Cases...))
			default:
				err = fmt.Errorf("a %T", text)
			}
			if err != nil {
				return nil, fmt.Errorf("words: %s %q: %w", l, id, err)
			}
		}
	}
	return b, nil
}

// derived returns a game's texts m with those of each language of langs
// that derives them from English and that m lacks.
func derived(langs *lang.Registry, m map[string]Texts) map[string]Texts {
	out := maps.Clone(m)
	for _, p := range langs.Packs() {
		if _, ok := m[p.Tag]; !ok && p.Derive != nil && m[Fallback] != nil {
			out[p.Tag] = p.Derive(m[Fallback])
		}
	}
	return out
}

// Langs returns the registry of the book's languages.
func (b *Book) Langs() *lang.Registry { return b.langs }

// Languages returns the languages pbem speaks (lang/all), sorted.
func Languages() []string { return defaults().Tags() }

// Match returns the language pbem speaks for tag ("zh" for "zh-Hant-TW"
// or "ZH"), and whether it speaks it; Fallback when it does not.
func Match(tag string) (string, bool) { return defaults().Match(tag) }

// Match returns the language of the book for tag, as Match.
func (b *Book) Match(tag string) (string, bool) { return b.langs.Match(tag) }

// IDs returns the ids of pbem's own texts in lang, sorted.
func IDs(lang string) []ID { return own().IDs(lang) }

// IDs returns the ids the book gives lang a text for, sorted.
func (b *Book) IDs(lang string) []ID {
	ids := slices.Collect(maps.Keys(b.dicts[lang]))
	slices.Sort(ids)
	return ids
}

// Has reports whether pbem's own texts in lang hold id.
func Has(lang string, id ID) bool { return own().Has(lang, id) }

// Has reports whether the book gives lang a text for id.
func (b *Book) Has(lang string, id ID) bool {
	_, ok := b.dicts[lang][id]
	return ok
}

// Text returns pbem's own text of id in lang, as Book.Text.
func Text(lang string, id ID) string { return own().Text(lang, id) }

// Text returns the text the book gives id in lang as written, with its
// verbs, for a text without plural forms; "" for none.
func (b *Book) Text(lang string, id ID) string {
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
	l, _ := b.Match(lang)
	return Printer{lang: l, book: b, p: message.NewPrinter(language.Make(l), message.Catalog(b.built))}
}

// Has reports whether the printer has a text for id.
func (p Printer) Has(id ID) bool {
	if p.book == nil {
		return Has(Fallback, id)
	}
	return p.book.Has(p.lang, id)
}

// Text writes an English text of a game's (its title, a variant's name,
// its house rules), which the catalog keys by itself, in the printer's
// language where the catalog has it, and as it is otherwise.
func (p Printer) Text(english string) string {
	if english == "" || !p.Has(ID(english)) {
		return english
	}
	return p.S(ID(english))
}

// Lang is the printer's language.
func (p Printer) Lang() string { return p.lang }

// Pack returns the pack of the printer's language.
func (p Printer) Pack() lang.Pack {
	b := p.book
	if b == nil {
		b = own()
	}
	pack, _ := b.langs.Pack(p.lang)
	return pack
}

// Tidy mends the spacing of a sentence put together from parts as the
// printer's language spaces them (lang.Pack.Tidy); join says runs of
// spaces become one.
func (p Printer) Tidy(s string, join bool) string {
	b := p.book
	if b == nil {
		b = own()
	}
	return b.langs.Tidy(p.lang, s, join)
}

// S prints the text of id with args.
func (p Printer) S(id ID, args ...any) string {
	if p.p == nil {
		p = For(Fallback)
	}
	return p.p.Sprintf(string(id), args...)
}

// Format prints the text of id with args as the mail templates print
// it: a plain text by fmt, its numbers as Go writes them, so that a mail
// reads the same whichever way its sentence is put together; a text with
// plural forms by the language's rules (S). A language without the text
// has English's; ok is false when English has none either.
func (p Printer) Format(id ID, args ...any) (s string, ok bool) {
	b := p.book
	if b == nil {
		b = own()
	}
	text, ok := b.dicts[p.lang][id]
	if !ok {
		if text, ok = b.dicts[Fallback][id]; !ok {
			return "", false
		}
	}
	if f, plain := text.(string); plain {
		if len(args) == 0 {
			return strings.ReplaceAll(f, "%%", "%"), true
		}
		return fmt.Sprintf(f, args...), true
	}
	return p.S(id, args...), true
}

// When writes t for a reader in zone loc, e.g. "Thu 3 Dec 18:00 UTC" or
// "12月4日（周五）02:00 UTC+08:00": the date, the time of day, and the
// offset from UTC, which names the zone without ambiguity.
func (p Printer) When(t time.Time, loc *time.Location) string {
	if loc == nil {
		loc = time.UTC
	}
	t = t.In(loc)
	return p.S("time.when", p.S(ID("day."+t.Weekday().String()[:3])), t.Day(), p.S(ID("month."+t.Month().String()[:3])),
		t.Format("15:04"), Offset(t), int(t.Month()))
}

// Offset names t's zone by its offset from UTC: "UTC", "UTC+08:00".
func Offset(t time.Time) string {
	if _, off := t.Zone(); off == 0 {
		return "UTC"
	}
	return "UTC" + t.Format("-07:00")
}
