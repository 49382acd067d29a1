package games

import (
	"net/mail"
	"strings"
)

// ParseAddress returns addr as pbem records the address of a player or an
// observer: an RFC 5322 addr-spec (local@domain: no display name, no
// comment, no quoted local part, no second @), in lower case, written
// bare or in one pair of angle brackets. mailbox is the service's own
// game mailbox ("" for none): it, and every reply address of it, is
// refused, or pbem would mail itself. The refusal says which.
func ParseAddress(addr, mailbox string) (string, error) {
	s := strings.TrimSpace(addr)
	if strings.HasPrefix(s, "<") && strings.HasSuffix(s, ">") {
		s = s[1 : len(s)-1]
	}
	a, err := mail.ParseAddress(s)
	if err != nil || a.Name != "" || !strings.EqualFold(a.Address, s) || strings.ContainsAny(s, "\"\\<>()[],;: ") {
		return "", refuse(ErrSetup, "%q is not an address", addr)
	}
	s = strings.ToLower(s)
	if own(s, mailbox) {
		return "", refuse(ErrSetup, "%q is pbem's own address: pbem mails players and observers, never itself", addr)
	}
	return s, nil
}

// own reports whether addr is mailbox, or one of its reply addresses
// (local+tag@domain).
func own(addr, mailbox string) bool {
	boxLocal, boxDomain, ok := strings.Cut(strings.ToLower(strings.TrimSpace(mailbox)), "@")
	if !ok {
		return false
	}
	local, domain, _ := strings.Cut(addr, "@")
	local, _, _ = strings.Cut(local, "+")
	return local == boxLocal && domain == boxDomain
}
