package mail

import (
	"crypto/hmac"
	"strings"
)

// Consent: what acts for an address (taking a seat, following a game,
// stopping all mail) must come from someone who reads that address's
// mail. A From header proves nothing without DKIM or a trusted
// authentication server, so pbem asks for a reply to an address it
// mailed to that address alone: a confirmation address, whose token is
// bound to the purpose, the game and the recipient's address. Whoever
// forges a From gets the confirmation mailed to the address they forged,
// and acts for nobody.

// The purposes of a confirmation address.
const (
	ConfirmJoin  = "join"  // take an open seat of a game
	ConfirmWatch = "watch" // follow a game as the observer its host asked
	ConfirmStop  = "stop"  // stop all mail to the address
	// ConfirmCampaign is a campaign's address for one reader: what they
	// write to it (ENTER, WITHDRAW, an organiser's decision) is theirs.
	// Every mail of the campaign to them has it as its Reply-To.
	ConfirmCampaign = "campaign"
)

// Confirmation returns the token of the confirmation address that pbem
// mails to address for purpose in game ("" for a purpose of no game):
// the first ten characters of the lowercase, unpadded base32 of
// HMAC-SHA256(Secret, "confirm."+purpose+"."+game+"."+address).
func (t Tokens) Confirmation(purpose, game, address string) string {
	return t.mac("confirm." + purpose + "." + game + "." + strings.ToLower(strings.TrimSpace(address)))[:TokenLen]
}

// ConfirmTo returns the confirmation address of mailbox for purpose in
// game, mailed to address: "games+<game>.join.<token>@domain" to take a
// seat, "games+<game>.watch.<token>@domain" to follow a game,
// "games+stop.<token>@domain" to stop all mail.
// A reply to it from address is the consent pbem asks for.
func (t Tokens) ConfirmTo(mailbox, purpose, game, address string) string {
	tag := purpose + "." + t.Confirmation(purpose, game, address)
	if game != "" {
		tag = game + "." + tag
	}
	local, domain, ok := splitAddr(mailbox)
	if !ok {
		return mailbox + "+" + tag
	}
	return local + "+" + tag + "@" + domain
}

// CheckConfirm reports whether tag, a confirmation address's tag, was
// made for address: the mail comes from the one it was mailed to (or
// from whoever reads their mail).
func (t Tokens) CheckConfirm(tag Tag, address string) bool {
	return len(t.Secret) > 0 && tag.Confirm != "" &&
		hmac.Equal([]byte(strings.ToLower(tag.Token)), []byte(t.Confirmation(tag.Confirm, tag.Game, address)))
}

// parseConfirmTag reads the tag of a confirmation address (after the
// plus): "stop.<token>", "<game>.join.<token>", "<game>.watch.<token>"
// or "<campaign>.campaign.<token>".
func parseConfirmTag(rest string) (Tag, bool) {
	parts := strings.Split(rest, ".")
	switch {
	case len(parts) == 2 && parts[0] == ConfirmStop && isToken(parts[1]):
		return Tag{Seat: -1, Token: parts[1], Confirm: ConfirmStop}, true
	case len(parts) == 3 && (parts[1] == ConfirmJoin || parts[1] == ConfirmWatch || parts[1] == ConfirmCampaign) && isGameID(parts[0]) && isToken(parts[2]):
		return Tag{Game: parts[0], Seat: -1, Token: parts[2], Confirm: parts[1]}, true
	}
	return Tag{}, false
}
