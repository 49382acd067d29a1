package mail

import (
	"mime"
	"regexp"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/emersion/go-message/charset"
	gomail "github.com/emersion/go-message/mail"
)

// Lengths past which header-derived strings are cut: RFC 5322 lines are at
// most 998 bytes, and nothing pbem reads from a header needs more.
const (
	maxIDLen   = 998
	maxAddrLen = 254
	maxNameLen = 200
)

// sanitize makes s safe to use anywhere: valid UTF-8, no control characters
// (so no CR or LF to inject a header with), spaces collapsed and trimmed,
// at most max bytes.
func sanitize(s string, max int) string {
	s = strings.ToValidUTF8(s, "\uFFFD")
	var b strings.Builder
	space := false
	for _, r := range s {
		if unicode.IsControl(r) || unicode.IsSpace(r) || r == '\u2028' || r == '\u2029' {
			space = b.Len() > 0
			continue
		}
		if space {
			b.WriteByte(' ')
			space = false
		}
		b.WriteRune(r)
		if b.Len() >= max {
			break
		}
	}
	return cutBytes(b.String(), max)
}

// cutBytes cuts s to at most max bytes without splitting a rune.
func cutBytes(s string, max int) string {
	if len(s) <= max {
		return s
	}
	for max > 0 && !utf8.RuneStart(s[max]) {
		max--
	}
	return s[:max]
}

// splitAddr splits an address at its last "@".
func splitAddr(addr string) (local, domain string, ok bool) {
	i := strings.LastIndexByte(addr, '@')
	if i <= 0 || i == len(addr)-1 {
		return "", "", false
	}
	return addr[:i], addr[i+1:], true
}

// addrSpec finds the bare addresses in a header that the strict parser
// refuses; angleAddr those in angle brackets, which are the real ones when
// a display name looks like an address too.
var (
	addrSpec  = regexp.MustCompile(`[^\s<>,;:"()\[\]\\@]+@[^\s<>,;:"()\[\]\\@]+`)
	angleAddr = regexp.MustCompile(`<\s*([^\s<>,;:"()\[\]\\@]+@[^\s<>,;:"()\[\]\\@]+)\s*>`)
)

// addressList reads the addresses of an address header, lower-cased, with
// their decoded display names. A header the strict parser refuses gives
// its addresses in angle brackets, or failing those anything shaped like
// an address, and the text before the first bracket as the name.
func addressList(h gomail.Header, key string) (addrs, names []string) {
	for _, v := range h.Values(key) {
		list, err := gomail.ParseAddressList(v)
		if err == nil {
			for _, a := range list {
				addrs = append(addrs, normAddr(a.Address))
				names = append(names, displayName(a.Name))
			}
			continue
		}
		found := angleAddr.FindAllStringSubmatch(v, 100)
		if found == nil {
			for _, a := range addrSpec.FindAllString(v, 100) {
				found = append(found, []string{a, a})
			}
		}
		name := ""
		if before, _, ok := strings.Cut(v, "<"); ok {
			name = strings.Trim(strings.TrimSpace(before), `"`)
		}
		for i, m := range found {
			if i > 0 {
				name = ""
			}
			addrs = append(addrs, normAddr(m[1]))
			names = append(names, displayName(name))
		}
	}
	return addrs, names
}

// displayName decodes a display name, also the encoded words that some
// clients (Foxmail, QQ Mail, NetEase) put inside quotes, and cleans it.
func displayName(name string) string {
	if strings.Contains(name, "=?") {
		dec := mime.WordDecoder{CharsetReader: charset.Reader}
		if d, err := dec.DecodeHeader(name); err == nil {
			name = d
		}
	}
	return sanitize(name, maxNameLen)
}

// normAddr is an address as pbem compares them: trimmed of spaces and
// angle brackets, lower-cased and cleaned; "" when it has no "@".
func normAddr(a string) string {
	a = sanitize(strings.ToLower(strings.Trim(a, " \t<>")), maxAddrLen)
	if _, _, ok := splitAddr(a); !ok || strings.ContainsAny(a, " <>,;\"") {
		return ""
	}
	return a
}

// appendNew appends the addresses not already in list, skipping empty ones.
func appendNew(list []string, addrs ...string) []string {
	for _, a := range addrs {
		if a != "" && !slices.Contains(list, a) {
			list = append(list, a)
		}
	}
	return list
}
