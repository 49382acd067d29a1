package mail

import (
	"crypto/hmac"
	"strings"
)

// The envelope sender of each mail pbem sends is an address of the game
// mailbox of its own (VERP, variable envelope return path): a delivery
// report comes back to it, and says by it which game's mail to which
// recipient bounced, whatever the report itself says or leaves out.
//
//	games+bounce-<token>@pbem.example.org          mail about no game
//	games+bounce-<game>-<token>@pbem.example.org   mail about a game
//
// The token is the first ten characters of HMAC-SHA256(Secret,
// "bounce."+game+"."+recipient), recipient in lower case, written as
// [Tokens.Page] writes them: only pbem can make it, and a report counts
// only for the recipient the token was made for, so nobody can make
// pbem believe that mail to someone else bounces.
//
//	games+probe-<token>@pbem.example.org           the probe of a bouncing address
//
// The probe ([BounceScores], [ProbeNotice]) has a bounce address of its
// own, its token made of "probe."+recipient: its bounce is told apart from
// the bounce of any other mail. (A recipient sees their
// own bounce address in the Return-Path of the mail they get; with it
// they can only report themselves.)

// bouncePrefix starts the tag of a bounce address, after the plus;
// probePrefix that of a probe's.
const (
	bouncePrefix = "bounce-"
	probePrefix  = "probe-"
)

// ProbeAddress returns the envelope sender of the probe to recipient, an
// address of mailbox.
func (t Tokens) ProbeAddress(mailbox, recipient string) string {
	local, domain, ok := splitAddr(mailbox)
	if !ok {
		return mailbox
	}
	return local + "+" + probePrefix + t.probeToken(recipient) + "@" + domain
}

func (t Tokens) probeToken(recipient string) string {
	return t.mac("probe." + strings.ToLower(strings.TrimSpace(recipient)))[:TokenLen]
}

// BounceAddress returns the envelope sender of the mail to recipient
// about game ("" for mail about no game), an address of mailbox.
func (t Tokens) BounceAddress(mailbox, game, recipient string) string {
	tag := bouncePrefix + t.bounceToken(game, recipient)
	if game != "" {
		tag = bouncePrefix + game + "-" + t.bounceToken(game, recipient)
	}
	local, domain, ok := splitAddr(mailbox)
	if !ok {
		return mailbox
	}
	return local + "+" + tag + "@" + domain
}

func (t Tokens) bounceToken(game, recipient string) string {
	return t.mac("bounce." + game + "." + strings.ToLower(strings.TrimSpace(recipient)))[:TokenLen]
}

// BounceTag is what a bounce address says: the game (or "") and the
// token, or that it is a probe's.
type BounceTag struct {
	Game  string `json:"game,omitempty"`
	Token string `json:"token"`
	Probe bool   `json:"probe,omitempty"`
}

// ParseBounceAddress reads addr as a bounce address of mailbox, ignoring
// case; false when it is none. The token is not checked: that is
// [Tokens.CheckBounce].
func ParseBounceAddress(addr, mailbox string) (BounceTag, bool) {
	local, domain, ok := splitAddr(strings.ToLower(strings.Trim(addr, " \t<>")))
	if !ok {
		return BounceTag{}, false
	}
	boxLocal, boxDomain, ok := splitAddr(strings.ToLower(strings.TrimSpace(mailbox)))
	if !ok || domain != boxDomain {
		return BounceTag{}, false
	}
	if token, ok := strings.CutPrefix(local, boxLocal+"+"+probePrefix); ok && isToken(token) {
		return BounceTag{Token: token, Probe: true}, true
	}
	rest, ok := strings.CutPrefix(local, boxLocal+"+"+bouncePrefix)
	if !ok {
		return BounceTag{}, false
	}
	game, token, withGame := strings.Cut(rest, "-")
	if !withGame {
		game, token = "", rest
	} else if !isGameID(game) {
		return BounceTag{}, false
	}
	if !isToken(token) {
		return BounceTag{}, false
	}
	return BounceTag{Game: game, Token: token}, true
}

// CheckBounce reports whether tag's token was made for mail to recipient,
// comparing in constant time; with no Secret nothing is.
func (t Tokens) CheckBounce(tag BounceTag, recipient string) bool {
	want := t.bounceToken(tag.Game, recipient)
	if tag.Probe {
		want = t.probeToken(recipient)
	}
	return len(t.Secret) > 0 && hmac.Equal([]byte(strings.ToLower(tag.Token)), []byte(want))
}

// BounceTag returns the tag of the first of p's recipients that is a
// bounce address of mailbox.
func (p *Parsed) BounceTag(mailbox string) (BounceTag, bool) {
	for _, r := range p.Recipients {
		if tag, ok := ParseBounceAddress(r, mailbox); ok {
			return tag, true
		}
	}
	return BounceTag{}, false
}
