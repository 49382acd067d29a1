// Package words holds every sentence pbem writes to a player, in each
// language it speaks, by message id, with each language's plural rules
// (golang.org/x/text/message). A language is one file (en.go, zh.go)
// that gives a text for every id: TestComplete fails on one missing.
//
// The ids name what is said, not how ("note.lang", "refuse.zone"); the
// code says which to print and with what arguments, and the language's
// file says it, its arguments in the order the language wants them
// (%[2]s). A text with a count is a plural.Selectf of its forms.
package words

import (
	"fmt"
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

// dict is one language's texts: a string, or a catalog.Message (a
// plural.Selectf) for a text whose words change with a number.
type dict map[string]any

// dicts are the languages pbem speaks, by BCP 47 base tag.
var dicts = map[string]dict{"en": en, "zh": zh}

// forms is a text whose words change with the count in argument arg: its
// plural forms ("one", "other"; "=0" for an exact value), as
// plural.Selectf takes them.
func forms(arg int, cases ...any) catalog.Message {
	return plural.Selectf(arg, "%d", cases...)
}

var built = sync.OnceValue(func() *catalog.Builder {
	b := catalog.NewBuilder(catalog.Fallback(language.English))
	for lang, d := range dicts {
		tag := language.MustParse(lang)
		for id, text := range d {
			var err error
			switch t := text.(type) {
			case string:
				err = b.SetString(tag, id, t)
			case catalog.Message:
				err = b.Set(tag, id, t)
			default:
				err = fmt.Errorf("a %T", text)
			}
			if err != nil {
				panic(fmt.Sprintf("words: %s %s: %v", lang, id, err))
			}
		}
	}
	return b
})

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

// IDs returns the ids lang gives a text for, sorted.
func IDs(lang string) []string {
	var ids []string
	for id := range dicts[lang] {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	return ids
}

// Has reports whether lang gives a text for id.
func Has(lang, id string) bool {
	_, ok := dicts[lang][id]
	return ok
}

// Text returns the text lang gives id as written, with its verbs, for a
// text without plural forms; "" for none.
func Text(lang, id string) string {
	s, _ := dicts[lang][id].(string)
	return s
}

// Printer writes the texts of one language.
type Printer struct {
	lang string
	p    *message.Printer
}

// For returns the printer of lang, Fallback's for a language pbem does
// not speak.
func For(lang string) Printer {
	l, _ := Match(lang)
	return Printer{lang: l, p: message.NewPrinter(language.MustParse(l), message.Catalog(built()))}
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
