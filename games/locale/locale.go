// Package locale is how one reader reads pbem's mail: the Locale (the
// language of its words and the zone of its times), the language and
// zone a reader sets or pbem detects, the catalog's helpers that store
// what a mail says by message id and write it in the reader's words, and
// the words of the deadline and vacation commands.
package locale

import (
	"fmt"
	"strings"
	"time"

	"github.com/pbem-games/pbem/mail"
	"github.com/pbem-games/pbem/projections"
	"github.com/pbem-games/pbem/rules"
	"github.com/pbem-games/pbem/templates"
	"github.com/pbem-games/pbem/templates/words"
)

// Locale is how one reader reads pbem's mail: the language of its words
// And the zone of its times. The zero Locale is English and UTC.
type Locale struct {
	words.Printer
	Zone     *time.Location // nil for UTC
	ZoneName string         // the zone as set, "Asia/Shanghai" or "+08:00"; "" for UTC
}

// When writes t for the reader: "Fri 4 Dec 02:00 UTC+08:00".
func (l Locale) When(t time.Time) string { return l.Printer.When(t, l.Zone) }

// ZoneLabel names the reader's zone: "Asia/Shanghai (UTC+08:00)" or "UTC".
func (l Locale) ZoneLabel(at time.Time) string {
	off := words.Offset(at.In(l.Location()))
	if l.ZoneName == "" || l.ZoneName == off || "UTC"+l.ZoneName == off {
		return off
	}
	return l.ZoneName + " (" + off + ")"
}

// Location is the reader's zone, UTC where they have none.
func (l Locale) Location() *time.Location {
	if l.Zone == nil {
		return time.UTC
	}
	return l.Zone
}

// Of is the Locale of an address's settings, its texts those of
// book (nil: pbem's own, without any game's).
func Of(book *words.Book, p mail.Pref) Locale {
	l := Locale{Printer: words.For(p.Lang)}
	if book != nil {
		l.Printer = book.For(p.Lang)
	}
	if name, loc, err := ParseZone(p.Zone); err == nil && p.Zone != "" {
		l.Zone, l.ZoneName = loc, name
	}
	return l
}

// Phrase writes a phrase of a game's rules in the reader's language,
// each of its parts in English where the catalog lacks it, and its
// notation in the reader's (rules.Notated).
// A phrase with a Pad is filled to its columns by display width, so that
// a table of Chinese names lines up as the English one does.
func (l Locale) Phrase(p rules.Phrase) string {
	s := p.Text
	if in, ok := p.In[l.Lang()]; ok {
		s = in // notation, as the reader writes it
	}
	if p.Format != "" {
		args := make([]any, len(p.Args))
		for i, a := range p.Args {
			args[i] = l.Phrase(a)
		}
		if l.Has(words.ID(p.Format)) {
			s = l.S(words.ID(p.Format), args...)
		} else {
			s = fmt.Sprintf(p.Format, args...)
		}
	}
	if p.Pad > 0 {
		return p.Padded(s, templates.Width(s))
	}
	return s
}

// Stage names the stretch of play st is in (rules.Staged) in the
// reader's language: "round 3", "第 3 轮".
func (l Locale) Stage(st rules.State) string {
	if ps, ok := st.(rules.PhrasedStage); ok {
		return l.Tidy(l.Phrase(ps.StagePhrase()))
	}
	return projections.Stage(st)
}

// List joins items as the reader's language lists them, with sep between
// them in English ("A, B"; "move 1; move 2") and the language's own mark
// in another (Chinese: "、" for ", ", "；" for "; ").
func (l Locale) List(items []string, sep string) string {
	return strings.Join(items, l.S(words.ID("sep"+strings.TrimSpace(sep))))
}

// And joins names as a sentence lists them: "Ana", "Ana and Bea", "Ana,
// Bea and Cai"; "Ana、Bea 和 Cai".
func (l Locale) And(names []string) string {
	if len(names) < 2 {
		return strings.Join(names, "")
	}
	return l.S("and", l.List(names[:len(names)-1], ","), names[len(names)-1])
}

// Tidy mends the spacing of a sentence put together from parts, as the
// reader's language spaces them (lang.Pack.Tidy): in Chinese a name
// stands between spaces ("替 Bea 走棋"), but none before or after a
// Chinese mark or at either end.
func (l Locale) Tidy(s string) string { return l.Printer.Tidy(s, true) }

// TidyMarks is Tidy without joining runs of spaces, for a line whose
// spacing lines its parts up (a board's legend).
func (l Locale) TidyMarks(s string) string { return l.Printer.Tidy(s, false) }
