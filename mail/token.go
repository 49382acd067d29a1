package mail

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base32"
	"encoding/base64"
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// TokenLen is the length of the token in a reply address.
const TokenLen = 10

// ErrBadToken is returned by [Tokens.Check] when a reply address does not
// carry the token of its game and seat.
var ErrBadToken = errors.New("mail: bad token")

var tokenEncoding = base32.StdEncoding.WithPadding(base32.NoPadding)

// Tokens makes and checks the token in a player's reply address.
//
// The token is a truncated HMAC of the game and seat, so only the holder
// of Secret can make one, and a player's address cannot be turned into
// another seat's. Secret should be at least 16 random bytes; an empty
// Secret makes [Tokens.Check] refuse every token.
type Tokens struct{ Secret []byte }

// Token returns the token for seat of game: the first ten characters of
// the lowercase, unpadded base32 of HMAC-SHA256(Secret, game+"."+seat).
func (t Tokens) Token(game string, seat int) string {
	mac := hmac.New(sha256.New, t.Secret)
	mac.Write([]byte(game + "." + strconv.Itoa(seat)))
	return strings.ToLower(tokenEncoding.EncodeToString(mac.Sum(nil))[:TokenLen])
}

// Invitation returns the code that lets someone take an open seat of game
// with "JOIN <game> <code>": the first ten characters of the lowercase,
// unpadded base32 of HMAC-SHA256(Secret, game+".join"). Only the host is
// mailed it, to pass on to the players they invite; knowing a game's id
// (from a GAMES list, a forwarded mail) is not enough to sit down in it.
func (t Tokens) Invitation(game string) string {
	mac := hmac.New(sha256.New, t.Secret)
	mac.Write([]byte(game + ".join"))
	return strings.ToLower(tokenEncoding.EncodeToString(mac.Sum(nil))[:TokenLen])
}

// CheckInvitation reports whether code is game's invitation code,
// comparing in constant time and ignoring case.
func (t Tokens) CheckInvitation(game, code string) bool {
	return len(t.Secret) > 0 && hmac.Equal([]byte(strings.ToLower(code)), []byte(t.Invitation(game)))
}

// ReplyTo returns the address a player of seat in game replies to:
// for mailbox "games@pbem.example.org" it is
// "games+<game>.<seat>.<token>@pbem.example.org".
// Seats outside 0..99 and game ids outside [a-z0-9]{1,12} make addresses
// that [ParseTag] refuses.
func (t Tokens) ReplyTo(mailbox, game string, seat int) string {
	tag := game + "." + strconv.Itoa(seat) + "." + t.Token(game, seat)
	local, domain, ok := splitAddr(mailbox)
	if !ok {
		return mailbox + "+" + tag
	}
	return local + "+" + tag + "@" + domain
}

// Check reports whether token is the token of seat in game. It compares in
// constant time, ignores case, and returns an error wrapping [ErrBadToken]
// that says why when the token does not match.
func (t Tokens) Check(game string, seat int, token string) error {
	if len(t.Secret) == 0 {
		return fmt.Errorf("%w: no secret is configured", ErrBadToken)
	}
	if len(token) != TokenLen {
		return fmt.Errorf("%w: %d characters, want %d", ErrBadToken, len(token), TokenLen)
	}
	want := t.Token(game, seat)
	if !hmac.Equal([]byte(strings.ToLower(token)), []byte(want)) {
		return fmt.Errorf("%w: it is not the token of game %s seat %d", ErrBadToken, sanitize(game, maxIDLen), seat)
	}
	return nil
}

// Tag is what a recipient address carries after the plus.
type Tag struct {
	Game  string `json:"game"`
	Seat  int    `json:"seat"`
	Token string `json:"token"`
	// Confirm is the purpose of a confirmation address (ConfirmJoin,
	// ConfirmWatch, ConfirmStop; see [Tokens.ConfirmTo]), "" for a seat's reply
	// address. A confirmation address names no seat: Seat is -1.
	Confirm string `json:"confirm,omitempty"`
}

// ParseTag reads the tag of addr, a reply address of mailbox. It ignores
// case, and reports false unless addr's local part is mailbox's local part,
// a plus and a tag "<game>.<seat>.<token>", and both domains are the same.
// Game ids are [a-z0-9]{1,12}, seats a decimal 0..99 without leading zeros,
// tokens [a-z2-7]{10}; a confirmation address's tag is "stop.<token>",
// "<game>.join.<token>" or "<game>.watch.<token>" (see [Tokens.ConfirmTo]). The token is not
// checked: that is [Tokens.Check] or [Tokens.CheckConfirm].
func ParseTag(addr, mailbox string) (Tag, bool) {
	local, domain, ok := splitAddr(strings.ToLower(strings.Trim(addr, " \t<>")))
	if !ok {
		return Tag{}, false
	}
	boxLocal, boxDomain, ok := splitAddr(strings.ToLower(strings.TrimSpace(mailbox)))
	if !ok || domain != boxDomain {
		return Tag{}, false
	}
	rest, ok := strings.CutPrefix(local, boxLocal+"+")
	if !ok {
		return Tag{}, false
	}
	if t, ok := parseConfirmTag(rest); ok {
		return t, true
	}
	parts := strings.Split(rest, ".")
	if len(parts) != 3 || !isGameID(parts[0]) || !isToken(parts[2]) {
		return Tag{}, false
	}
	seat, ok := parseSeat(parts[1])
	if !ok {
		return Tag{}, false
	}
	return Tag{Game: parts[0], Seat: seat, Token: parts[2]}, true
}

func isGameID(s string) bool {
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

func isToken(s string) bool {
	if len(s) != TokenLen {
		return false
	}
	for _, c := range []byte(s) {
		if (c < 'a' || c > 'z') && (c < '2' || c > '7') {
			return false
		}
	}
	return true
}

func parseSeat(s string) (int, bool) {
	if len(s) < 1 || len(s) > 2 || (len(s) == 2 && s[0] == '0') {
		return 0, false
	}
	n := 0
	for _, c := range []byte(s) {
		if c < '0' || c > '9' {
			return 0, false
		}
		n = n*10 + int(c-'0')
	}
	return n, true
}

// Tag returns the tag of the first of p's recipients that is a reply
// address of mailbox.
func (p *Parsed) Tag(mailbox string) (Tag, bool) {
	for _, r := range p.Recipients {
		if tag, ok := ParseTag(r, mailbox); ok {
			return tag, true
		}
	}
	return Tag{}, false
}

// PageTokenLen is the length of the token in a game page's address. It is
// longer than a reply token's: a page's address is guessed at over HTTP,
// where nothing but its length stands in the way.
const PageTokenLen = 20

// Page returns the token of the web page of seat in game, while address
// holds the seat: the first twenty characters of the lowercase, unpadded
// base32 of HMAC-SHA256(Secret, game+".page."+seat+"."+address). Its own
// purpose in the MAC keeps a reply token from opening a page and a page's
// token from answering for a seat; the address makes the link of a player
// who left the seat (replaced, or the seat taken by a newcomer) stop
// working.
func (t Tokens) Page(game string, seat int, address string) string {
	return t.mac(game + ".page." + strconv.Itoa(seat) + "." + strings.ToLower(address))[:PageTokenLen]
}

// PublicPage returns the token of the public page of game, the one
// observers read and players may pass on once the game is over: the
// first twenty characters of HMAC-SHA256(Secret, game+".public") as
// [Tokens.Page] writes them.
func (t Tokens) PublicPage(game string) string {
	return t.mac(game + ".public")[:PageTokenLen]
}

// PublicPageAt returns the token of the public page of game once its
// link was changed gen times (see RotatePublic): PublicPage's for 0,
// else the first twenty characters of HMAC-SHA256(Secret,
// game+".public."+gen) as [Tokens.Page] writes them.
func (t Tokens) PublicPageAt(game string, gen int) string {
	if gen == 0 {
		return t.PublicPage(game)
	}
	return t.mac(game + ".public." + strconv.Itoa(gen))[:PageTokenLen]
}

// CheckPage reports whether token is want, the page token made for it,
// comparing in constant time and ignoring case; with no Secret nothing is.
func (t Tokens) CheckPage(token, want string) bool {
	return len(t.Secret) > 0 && hmac.Equal([]byte(strings.ToLower(token)), []byte(want))
}

// PagePath returns the path of a game's page for a token of
// [Tokens.Page] ("/g/<game>/<token>") or, public, of
// [Tokens.PublicPage] ("/g/<game>/public/<token>").
func PagePath(game, token string, public bool) string {
	if public {
		return "/g/" + game + "/public/" + token
	}
	return "/g/" + game + "/" + token
}

// UnsubscribePath returns the path of the one-click unsubscribe link
// (RFC 8058) of address: "/u/<address in unpadded base64url>/<token>",
// the token being the first twenty characters of HMAC-SHA256(Secret,
// "stop."+address), lowercase, as [Tokens.Page] writes them. Only pbem
// can make it, so the link stops the mail of that address alone.
func (t Tokens) UnsubscribePath(address string) string {
	address = strings.ToLower(strings.TrimSpace(address))
	return "/u/" + base64.RawURLEncoding.EncodeToString([]byte(address)) + "/" + t.mac("stop." + address)[:PageTokenLen]
}

// CheckUnsubscribe returns the address of an unsubscribe path's two
// parts, and whether its token is the one pbem made for it.
func (t Tokens) CheckUnsubscribe(encoded, token string) (string, bool) {
	raw, err := base64.RawURLEncoding.DecodeString(encoded)
	if err != nil || len(t.Secret) == 0 {
		return "", false
	}
	address := strings.ToLower(string(raw))
	return address, hmac.Equal([]byte(strings.ToLower(token)), []byte(t.mac("stop." + address)[:PageTokenLen]))
}

func (t Tokens) mac(text string) string {
	mac := hmac.New(sha256.New, t.Secret)
	mac.Write([]byte(text))
	return strings.ToLower(tokenEncoding.EncodeToString(mac.Sum(nil)))
}
