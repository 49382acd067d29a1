package web

import (
	"github.com/pbem-games/pbem/mail"
	"github.com/pbem-games/pbem/projections"
	"github.com/pbem-games/pbem/rules"
)

// RulesLink is the address, under base, of the page of game's rules as
// pbem plays them.
func RulesLink(base, game string) string { return mail.RulesLink(base, game) }

// Link returns the address of game g's page for seat, or for
// rules.Observer the public page's, under base (the service's address as
// its readers reach it, such as "https://games.example.org"; "" gives the
// path alone). A seat's link works while its player holds the seat; an
// open seat has none (""). The public link is the one of generation gen
// (see mail.PublicGen).
func Link(base string, t mail.Tokens, g *projections.Game, seat rules.Seat, gen int) string {
	addr := ""
	if int(seat) >= 0 && int(seat) < len(g.Created.Players) {
		addr = g.Created.Players[seat].Address
	}
	return t.PageLink(base, g.ID, int(seat), addr, gen)
}

// Reader is one reader of a game's pages and their link.
type Reader struct {
	Seat rules.Seat // rules.Observer for the public page
	Name string     // the player's, or "public"
	Link string
}

// Links returns the link of every seat of g, then the public page's of
// generation gen.
func Links(base string, t mail.Tokens, g *projections.Game, gen int) []Reader {
	var out []Reader
	for _, p := range g.Created.Players {
		out = append(out, Reader{Seat: rules.Seat(p.Seat), Name: p.Name, Link: Link(base, t, g, rules.Seat(p.Seat), gen)})
	}
	return append(out, Reader{Seat: rules.Observer, Name: "public", Link: Link(base, t, g, rules.Observer, gen)})
}
