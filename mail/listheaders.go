package mail

import (
	"fmt"
	"net/url"
	"strings"

	"golang.org/x/net/idna"
)

// ListHeaders returns the header fields that present the mail of one game
// as a mailing list's, for mail clients and filters (a "mute this game"
// or a folder per game) and for providers' bulk-sender rules: List-Id
// (RFC 2919), one per game, as "<game>.<mailbox's local part>.<domain>";
// List-Help (RFC 2369), a mail asking HELP; and List-Archive (RFC 2369),
// the reader's page of the game, when archive gives one. service names
// the list in List-Id where it is plain ASCII.
func ListHeaders(service, mailbox, game, archive string) map[string]string {
	local, domain, ok := splitAddr(strings.ToLower(mailbox))
	if !ok || game == "" {
		return nil
	}
	// The fields hold ASCII alone (RFC 2919's list-id is a dot-atom, RFC
	// 2369's URLs are URLs): a mailbox or a page under an international
	// domain is written with its A-labels, a local part of other letters
	// percent-encoded (RFC 6068).
	if ascii, err := idna.Lookup.ToASCII(domain); err == nil {
		domain = ascii
	}
	id := "<" + game + "." + dotAtom(local) + "." + domain + ">"
	if phrase := service + " " + game; plainPhrase(phrase) {
		id = `"` + phrase + `" ` + id
	}
	h := map[string]string{
		"List-Id":   id,
		"List-Help": "<" + MailtoURL(mailbox, "subject=HELP&body=HELP") + ">",
	}
	if archive != "" {
		h["List-Archive"] = "<" + ASCIIURL(archive) + ">"
	}
	return h
}

// MailtoURL is the mailto URL (RFC 6068) of addr, with query ("" for
// none), in ASCII as a header field's URL must be: the domain with its
// A-labels, a local part of other letters percent-encoded. The List-*
// fields of game mail and List-Unsubscribe are written with it.
func MailtoURL(addr, query string) string {
	local, domain, ok := splitAddr(strings.TrimSpace(addr))
	if !ok {
		return "mailto:" + mailtoEscape(addr)
	}
	if ascii, err := idna.Lookup.ToASCII(domain); err == nil {
		domain = ascii
	}
	u := "mailto:" + mailtoEscape(local) + "@" + domain
	if query != "" {
		u += "?" + query
	}
	return u
}

// mailtoEscape percent-encodes what a mailto URI's address may not hold
// as it is (RFC 6068, 2): bytes beyond ASCII, and the URI's own marks.
func mailtoEscape(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c <= ' ' || c >= 0x7f || strings.IndexByte(`%/?#[]<>"\^`+"`{|}", c) >= 0 {
			fmt.Fprintf(&b, "%%%02X", c)
			continue
		}
		b.WriteByte(c)
	}
	return b.String()
}

// ASCIIURL writes u's host with its A-labels and its path, query and
// fragment percent-encoded, as a header field's URL must be; u as it is
// when it is no URL.
func ASCIIURL(u string) string {
	p, err := url.Parse(u)
	if err != nil {
		return u
	}
	if host, err := idna.Lookup.ToASCII(p.Hostname()); err == nil && host != p.Hostname() {
		if port := p.Port(); port != "" {
			host += ":" + port
		}
		p.Host = host
	}
	return p.String()
}

// dotAtom keeps of a local part what a List-Id's label may hold: letters,
// digits and hyphens, in dot-separated words.
func dotAtom(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch {
		case r >= 'a' && r <= 'z', r >= '0' && r <= '9', r == '-':
			b.WriteRune(r)
		case r == '.' && b.Len() > 0:
			b.WriteRune(r)
		}
	}
	if out := strings.Trim(b.String(), "."); out != "" {
		return strings.ReplaceAll(out, "..", ".")
	}
	return "pbem"
}

// plainPhrase says whether s may stand in a quoted string as it is:
// printable ASCII without quotes or backslashes.
func plainPhrase(s string) bool {
	for _, r := range s {
		if r < ' ' || r > '~' || r == '"' || r == '\\' {
			return false
		}
	}
	return s != ""
}
