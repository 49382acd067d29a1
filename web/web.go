// Package web serves each game's page: the board as one seat (or an
// observer) sees it, the players, whose turn it is and until when, the
// history with a replay of every position as that seat saw it, the
// verification of the history and, for its players once it is over, the
// signed export. The pages are read-only: mail stays the one way to play.
//
// A page's address carries a token (mail.Tokens.Page, PublicPage): only
// the service can make one, a seat's opens that seat's view and no other,
// and any other address, a reply token or a departed player's token
// included, is a 404 like a page that never was.
package web

import (
	"bytes"
	"context"
	"crypto/rand"
	_ "embed"
	"encoding/hex"
	"errors"
	"fmt"
	"html/template"
	"log/slog"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/pbem-games/pbem/catalog"
	"github.com/pbem-games/pbem/events"
	"github.com/pbem-games/pbem/games"
	"github.com/pbem-games/pbem/mail"
	"github.com/pbem-games/pbem/pictures"
	"github.com/pbem-games/pbem/projections"
	"github.com/pbem-games/pbem/rules"
)

// Pages serves the pages of the games of Service.
type Pages struct {
	Service *games.Service
	// Games are the games served: their words, the pictures of their
	// boards and their rules documents.
	Games  *catalog.Catalog
	Tokens mail.Tokens // the service's secret; an empty Secret opens no page
	// Key signs the export a page offers, and is the key the history's
	// signature is checked against; nil exports unsigned histories.
	Key *events.SigningKey
	// Describe says what each event of a history did, in a sentence for
	// the reader at seat (rules.Observer for the public page) in language
	// lang with times in zone (nil: UTC), "" for events it need not read
	// about: the mail's wording (letters.DescribeEachFor), so that a
	// page tells a seat what its mail does. Nil names each event by its
	// type.
	Describe func(g *projections.Game, evs []events.Event, seat int, lang string, zone *time.Location) []string
	// Prefs are each address's language and zone (LANG, TZ): a seat's
	// page is in its player's. Nil writes every page in the language the
	// browser asks for (Accept-Language, ?lang=), times in UTC.
	Prefs *mail.Prefs
	// LeftOut says which events a seat (rules.Observer for an observer)
	// may not know of: the others' plans and mail settings
	// (notice.LeftOut). Its export leaves them out, and its page
	// neither counts nor steps through them, so no number tells of them;
	// nil leaves out nothing.
	LeftOut func(e events.Event, seat int) bool
	// Stop is the stop list the one-click unsubscribe links (RFC 8058)
	// write to; nil serves none.
	Stop *mail.StopList
	// Pictures keeps the boards' pictures written lately, shared with
	// the mail side; nil draws each page's picture anew.
	Pictures *pictures.Cache
	// Log records what failed inside; nil logs nothing.
	Log *slog.Logger

	cache pageCache // the pages drawn, by game, event, reader and position
}

// Unsubscribe serves the one-click unsubscribe link every mail names in
// its List-Unsubscribe header (RFC 8058): a POST to /u/<address>/<token>
// puts the address on the stop list, as its STOP by mail would; a GET
// (a person, or a link checker that must not unsubscribe anyone) shows a
// page with the button that posts. A wrong token is 404.
func (p *Pages) Unsubscribe() http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		secure(w.Header())
		encoded, token, ok := strings.Cut(strings.TrimPrefix(r.URL.Path, "/u/"), "/")
		address, valid := p.Tokens.CheckUnsubscribe(encoded, token)
		if !ok || !valid || p.Stop == nil {
			notFound(w)
			return
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		l := p.addressLocale(r, address)
		head := fmt.Sprintf("<!doctype html><html lang=%s><title>pbem</title>", l.Lang())
		switch r.Method {
		case http.MethodPost:
			if err := p.Stop.Stop(r.Context(), address, p.Service.Time()); err != nil {
				p.fail(w, "unsubscribe", "", err)
				return
			}
			fmt.Fprintf(w, "%s<p>%s</p>\n", head, template.HTMLEscapeString(l.S("web.unsubscribed", address)))
		case http.MethodGet, http.MethodHead:
			// Its button posts to the page itself: form-action 'none'
			// would have the browser refuse it.
			w.Header().Set("Content-Security-Policy", strings.Replace(policy(""), "form-action 'none'", "form-action 'self'", 1))
			fmt.Fprintf(w, "%s<form method=post><p>%s</p><button type=submit name=List-Unsubscribe value=One-Click>%s</button></form>\n",
				head, template.HTMLEscapeString(l.S("web.unsubscribe", address)), template.HTMLEscapeString(l.S("web.unsubscribe.button")))
		default:
			notFound(w)
		}
	})
}

// Rules serves GET /rules/<game>: the game's rules as pbem plays them
// (its document in the catalog, docs/rules/<game>.md), house rules and
// their reasons included, as plain text, in the language ?lang= or the
// browser asks for where the game has it, else in English. Any other
// game is 404.
func (p *Pages) Rules() http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		secure(w.Header())
		lang := p.accepted(r.Header.Get("Accept-Language"))
		if q, ok := p.Games.Words().Match(r.URL.Query().Get("lang")); ok {
			lang = q
		}
		doc, ok := p.Games.Doc(strings.TrimPrefix(r.URL.Path, "/rules/"), lang)
		if !ok {
			notFound(w)
			return
		}
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		_, _ = w.Write(doc)
	})
}

// Handler serves every page under /g/: GET /g/<id>/<token> (a seat's
// page), /g/<id>/public/<token> (the public page), /g/<id>/<token>/export
// (the signed history, to a player once the game is over), each page with
// ?at=N for the position after event N. Anything else under /g/ is 404.
func (p *Pages) Handler() http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		secure(w.Header())
		rest, ok := strings.CutPrefix(r.URL.Path, "/g/")
		id, rest, ok2 := strings.Cut(rest, "/")
		if !ok || !ok2 || r.Method != http.MethodGet && r.Method != http.MethodHead {
			notFound(w)
			return
		}
		p.serve(w, r, id, rest)
	})
}

// reader is who a page is for: a seat, or rules.Observer for the public
// page.
type reader struct {
	seat   rules.Seat
	token  string // as in the address, for the links the page makes
	locale locale // the page's language and zone
	asked  string // the language the address asked for (?lang=), which the links keep
}

// route reads the path after /g/<id>/: "<token>", "<token>/export" or
// "public/<token>".
func route(rest string) (token string, public, export bool, ok bool) {
	parts := strings.Split(rest, "/")
	switch {
	case len(parts) == 1:
		return parts[0], false, false, true
	case len(parts) == 2 && parts[0] == "public":
		return parts[1], true, false, true
	case len(parts) == 2 && parts[1] == "export":
		return parts[0], false, true, true
	}
	return "", false, false, false
}

func (p *Pages) serve(w http.ResponseWriter, r *http.Request, id, rest string) {
	token, public, export, ok := route(rest)
	if !ok || !gameID(id) || len(token) != mail.PageTokenLen {
		notFound(w)
		return
	}
	ctx, cancel := context.WithTimeout(r.Context(), 20*time.Second)
	defer cancel()
	g, evs, _, err := p.Service.LoadAt(ctx, id, 0)
	if errors.Is(err, games.ErrUnknownGame) || errors.Is(err, events.ErrNotFound) {
		notFound(w)
		return
	}
	if err != nil {
		p.fail(w, "load game", id, err)
		return
	}
	gen, err := mail.PublicGen(ctx, p.Service.Store, id)
	if err != nil {
		p.fail(w, "read the public link", id, err)
		return
	}
	who, ok := p.who(g, token, public, gen)
	switch {
	case ok && expelled(g, who.seat):
		goneAway(w, goneExpelled)
		return
	case !ok && !public && p.gone(g, evs, token) != "":
		goneAway(w, p.gone(g, evs, token))
		return
	case !ok && public && p.oldPublic(g.ID, token, gen):
		goneAway(w, goneRotated)
		return
	case !ok:
		notFound(w)
		return
	}
	if export {
		p.export(w, g, evs, who)
		return
	}
	known := p.known(evs, who.seat)
	at := len(known)
	if s := r.URL.Query().Get("at"); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil || n < 1 || n > len(known) {
			notFound(w)
			return
		}
		at = n
	}
	if who.locale, who.asked, err = p.locale(ctx, r, g, who.seat); err != nil {
		p.fail(w, "read prefs", id, err)
		return
	}
	key := pageKey{game: g.ID, seq: g.Seq, gen: gen, token: token, at: at, lang: who.locale.Lang(), asked: who.asked, zone: who.locale.zone.String()}
	pg, cached := p.cache.get(key)
	if !cached {
		if pg, err = p.page(ctx, g, evs, known, who, at); err != nil {
			p.fail(w, "draw page", id, err)
			return
		}
		p.cache.put(key, pg)
	}
	shown := *pg // each answer its own nonce; the kept page stays as drawn
	pg = &shown
	pg.Nonce = newNonce()
	var b bytes.Buffer
	if err := pageTemplate.Execute(&b, pg); err != nil {
		p.fail(w, "write page", id, err)
		return
	}
	w.Header().Set("Content-Security-Policy", policy(pg.Nonce))
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	_, _ = w.Write(b.Bytes())
}

// who says whose token token is: a seat's (its current player's), or the
// public page's; false for any other.
func (p *Pages) who(g *projections.Game, token string, public bool, gen int) (reader, bool) {
	if public {
		return reader{seat: rules.Observer, token: token}, p.Tokens.CheckPage(token, p.Tokens.PublicPageAt(g.ID, gen))
	}
	for _, pl := range g.Created.Players {
		if pl.Address != "" && p.Tokens.CheckPage(token, p.Tokens.Page(g.ID, pl.Seat, pl.Address)) {
			return reader{seat: rules.Seat(pl.Seat), token: token}, true
		}
	}
	return reader{}, false
}

// export sends the signed history to a player of a game that is over.
// Before the end it would give away what other seats played in secret
// (the history holds every move as written), and an observer's would
// give the players' addresses: neither is offered.
func (p *Pages) export(w http.ResponseWriter, g *projections.Game, evs []events.Event, who reader) {
	if who.seat == rules.Observer || g.Ended == nil {
		notFound(w)
		return
	}
	w.Header().Set("Content-Type", "application/jsonl")
	w.Header().Set("Content-Disposition", `attachment; filename="`+g.ID+`.jsonl"`)
	_, _ = w.Write(games.SignedExportLeaving(evs, p.Key, func(e events.Event) bool { return p.LeftOut != nil && p.LeftOut(e, int(who.seat)) }))
}

// known returns the Seqs of the events of evs that seat may know of, in
// order: the page numbers them 1, 2, 3….
func (p *Pages) known(evs []events.Event, seat rules.Seat) []int {
	var out []int
	for _, e := range evs {
		if p.LeftOut == nil || !p.LeftOut(e, int(seat)) {
			out = append(out, int(e.Seq))
		}
	}
	return out
}

func (p *Pages) fail(w http.ResponseWriter, what, id string, err error) {
	p.logger().Error("page failed", "what", what, "game", id, "err", err)
	http.Error(w, "This page cannot be shown now; try again later.", http.StatusInternalServerError)
}

func (p *Pages) logger() *slog.Logger {
	if p.Log != nil {
		return p.Log
	}
	return slog.New(slog.DiscardHandler)
}

// secure sets the headers every answer carries: the token is in the
// address, so no page may be kept or passed on as a referrer.
func secure(h http.Header) {
	h.Set("Referrer-Policy", "no-referrer")
	h.Set("Cache-Control", "no-store")
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("X-Frame-Options", "DENY")
	h.Set("Content-Security-Policy", policy(""))
}

// policy is the Content-Security-Policy of a page whose one script carries
// nonce. Styles may be inline: the board's SVG paints each shape with a
// style attribute, and a style runs no code.
func policy(nonce string) string {
	script := "'none'"
	if nonce != "" {
		script = "'nonce-" + nonce + "'"
	}
	return "default-src 'none'; script-src " + script + "; style-src 'unsafe-inline'; font-src data:; img-src data:; " +
		"base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
}

func notFound(w http.ResponseWriter) {
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.WriteHeader(http.StatusNotFound)
	_, _ = w.Write([]byte("There is no such page.\n"))
}

func newNonce() string {
	b := make([]byte, 16)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

// gameID reports whether s is a game id as the service makes them.
func gameID(s string) bool {
	if len(s) < 1 || len(s) > 12 {
		return false
	}
	for _, c := range []byte(s) {
		if (c < 'a' || c > 'z') && (c < '0' || c > '9') {
			return false
		}
	}
	return true
}

//go:embed page.html
var pageHTML string

var pageTemplate = template.Must(template.New("page").Parse(pageHTML))
