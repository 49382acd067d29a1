package web

import (
	"net/http"

	"github.com/pbem-games/pbem/events"
	"github.com/pbem-games/pbem/games"
	"github.com/pbem-games/pbem/projections"
	"github.com/pbem-games/pbem/rules"
)

// Links outlive no right: a seat's page is its player's while they hold
// the seat. The host's EXPEL takes it from them; a REPLACE, or a newcomer
// in an open seat, gives it to someone else (the token, made of the
// seat's address, no longer matches). Either is told in a plain sentence,
// 410 Gone, to whoever opens the old link.

// gone reports why the page of token, which opens no page of g now, once
// was a seat's: the sentence to answer, "" when it never was.
func (p *Pages) gone(g *projections.Game, evs []events.Event, token string) string {
	for _, e := range evs {
		var seat int
		var addrs []string
		switch e.Type {
		case events.TypeGameCreated:
			var c events.GameCreated
			if e.Unmarshal(&c) != nil {
				continue
			}
			for _, pl := range c.Players {
				if pl.Address != "" && p.Tokens.CheckPage(token, p.Tokens.Page(g.ID, pl.Seat, pl.Address)) {
					return goneReplaced
				}
			}
			continue
		case events.TypePlayerReplaced:
			var r events.PlayerReplaced
			if e.Unmarshal(&r) != nil {
				continue
			}
			seat, addrs = r.Seat, []string{r.Address}
		default:
			continue
		}
		for _, a := range addrs {
			if a != "" && p.Tokens.CheckPage(token, p.Tokens.Page(g.ID, seat, a)) {
				return goneReplaced
			}
		}
	}
	return ""
}

// expelled reports whether the host expelled seat's player.
func expelled(g *projections.Game, seat rules.Seat) bool {
	return seat >= 0 && g.Abandoned[int(seat)] == games.ReasonExpelled
}

// oldPublic reports whether token was game's public link before one of
// the gen changes of it.
func (p *Pages) oldPublic(game, token string, gen int) bool {
	for i := range gen {
		if p.Tokens.CheckPage(token, p.Tokens.PublicPageAt(game, i)) {
			return true
		}
	}
	return false
}

const (
	goneRotated  = "This game's public page has a new link now; the old one shows nothing more. Ask the game's host for the new one.\n"
	goneReplaced = "This page was yours while you held a seat in this game; the seat is someone else's now, so it shows you nothing more.\n"
	goneExpelled = "The host expelled you from this game: its page shows you nothing more.\n"
)

// goneAway answers a page its reader has no right to any more.
func goneAway(w http.ResponseWriter, why string) {
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.WriteHeader(http.StatusGone)
	_, _ = w.Write([]byte(why))
}
