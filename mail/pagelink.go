package mail

import "strings"

// PageLink returns the address of game's page for the player at address
// in seat, or for seat -1 (an observer) the public page's as it is after
// gen changes (see RotatePublic), under base:
// the service's address as its readers reach it, such as
// "https://games.example.org" ("" gives the path alone). A seat's link
// works while its player holds the seat; a seat without a player (an
// open seat, address "") has none: "".
func (t Tokens) PageLink(base, game string, seat int, address string, gen int) string {
	base = strings.TrimRight(base, "/")
	if seat == -1 {
		return base + PagePath(game, t.PublicPageAt(game, gen), true)
	}
	if seat < 0 || address == "" {
		return ""
	}
	return base + PagePath(game, t.Page(game, seat, address), false)
}

// RulesLink is the address, under base, of the page of game's rules as
// pbem plays them.
func RulesLink(base, game string) string {
	return strings.TrimRight(base, "/") + "/rules/" + game
}

// CampaignLink returns the address of campaign id's public page under
// base (as PageLink), "/c/<id>/<token>": its token is the one
// PublicPage makes for the campaign's id, which no game's id shares (a
// campaign's is one letter longer). The campaign's mail gives it, and
// the web pages serve it.
func (t Tokens) CampaignLink(base, id string) string {
	return strings.TrimRight(base, "/") + "/c/" + id + "/" + t.PublicPage(id)
}
