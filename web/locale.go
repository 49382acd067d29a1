package web

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"time"

	"golang.org/x/text/language"

	"github.com/pbem-games/pbem/projections"
	"github.com/pbem-games/pbem/rules"
	"github.com/pbem-games/pbem/templates/words"
)

// locale is how a page's reader reads it: its words, from the catalog the
// mail writes with (templates/words), and the zone of its times.
type locale struct {
	words.Printer
	zone *time.Location // nil for UTC
}

// when writes t in the reader's zone, as their mail does.
func (l locale) when(t time.Time) string { return l.Printer.When(t, l.zone) }

// aside writes s in brackets after a title, as the reader's language
// writes them: " (s)", "（s）".
func (l locale) aside(s string) string {
	if l.Has(" (%s)") {
		return l.S(" (%s)", s)
	}
	return fmt.Sprintf(" (%s)", s)
}

// and joins names as a sentence lists them: "Ana and Bea", "Ana、Bea 和 Cai".
func (l locale) and(names []string) string {
	if len(names) < 2 {
		return strings.Join(names, "")
	}
	return l.S("and", strings.Join(names[:len(names)-1], l.S("sep,")), names[len(names)-1])
}

// locale chooses how who reads the page of g: in the language ?lang=
// asks for, where pbem writes it (which the page's links then keep, as
// asked); else, on a seat's page, in its player's language as their LANG
// (or their first mail) set it; else in the first language of the
// browser's Accept-Language pbem writes; else in English. Times are in
// the seat's player's zone (TZ), UTC for an observer.
func (p *Pages) locale(ctx context.Context, r *http.Request, g *projections.Game, seat rules.Seat) (l locale, asked string, err error) {
	lang := ""
	if q := r.URL.Query().Get("lang"); q != "" {
		if tag, ok := p.Games.Words().Match(q); ok {
			lang, asked = tag, tag
		}
	}
	if seat != rules.Observer && p.Prefs != nil {
		pref, err := p.Prefs.At(ctx, g.Created.Players[seat].Address, p.Service.Time())
		if err != nil {
			return locale{}, "", err
		}
		if lang == "" && pref.Lang != "" {
			lang, _ = p.Games.Words().Match(pref.Lang)
		}
		if _, zone, err := projections.ParseZone(pref.Zone); err == nil && pref.Zone != "" {
			l.zone = zone
		}
	}
	if lang == "" {
		lang = p.accepted(r.Header.Get("Accept-Language"))
	}
	l.Printer = p.Games.Words().For(lang)
	return l, asked, nil
}

// addressLocale is how the person at address reads a page about them
// alone (the unsubscribe page): in their language as their LANG (or their
// first mail) set it, else as their browser asks, else in English.
func (p *Pages) addressLocale(r *http.Request, address string) locale {
	lang := ""
	if p.Prefs != nil {
		if pref, err := p.Prefs.At(r.Context(), address, p.Service.Time()); err == nil && pref.Lang != "" {
			lang, _ = p.Games.Words().Match(pref.Lang)
		}
	}
	if lang == "" {
		lang = p.accepted(r.Header.Get("Accept-Language"))
	}
	return locale{Printer: p.Games.Words().For(lang)}
}

// accepted is the first language of an Accept-Language header, by its
// weights, that pbem writes; English when there is none.
func (p *Pages) accepted(header string) string {
	tags, _, err := language.ParseAcceptLanguage(header)
	if err != nil {
		return words.Fallback
	}
	for _, t := range tags {
		base, _ := t.Base()
		if lang, ok := p.Games.Words().Match(base.String()); ok {
			return lang
		}
	}
	return words.Fallback
}
