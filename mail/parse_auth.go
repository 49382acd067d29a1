package mail

import (
	"errors"
	"strings"
)

// AuthResult is one result of an Authentication-Results header (RFC 8601),
// as the server that received the mail wrote it. A header that reports no
// result ("none") gives one AuthResult without Method and with Result
// none, and one that does not follow the grammar one without Method and
// with Result permerror, so that it still counts as its server's header.
type AuthResult struct {
	Server string `json:"server"`           // the authserv-id of the server that checked, lower-cased
	Method string `json:"method"`           // dkim, spf, dmarc, arc, …; "" for a header without results
	Result string `json:"result"`           // pass, fail, none, softfail, …
	Domain string `json:"domain,omitempty"` // what passed or failed: dkim header.d, spf smtp.mailfrom, dmarc header.from
	Header int    `json:"header"`           // which Authentication-Results header, 0 for the topmost
}

// Results of a header without results of its own.
const (
	authNone      = "none"      // the server checked nothing ("none")
	authPermError = "permerror" // the header does not follow RFC 8601
)

// topmost returns the results of the topmost Authentication-Results
// header of server: servers add theirs on top, so any below may have come
// with the mail.
func (p *Parsed) topmost(server string) []AuthResult {
	server = strings.ToLower(server)
	var out []AuthResult
	header := -1
	for _, r := range p.AuthResults {
		if r.Server != server {
			continue
		}
		if header < 0 {
			header = r.Header
		}
		if r.Header == header {
			out = append(out, r)
		}
	}
	return out
}

// Passed reports whether the server with id server found that method
// (dkim, spf or dmarc) passed for the From domain of the mail.
//
// Only the topmost Authentication-Results header of that server counts,
// and only when every result it gives for method is a pass: two verdicts
// for one method mean that someone else wrote one of them (a value the
// server took from the mail and did not quote, say). A dkim or spf pass
// counts only for the From domain or a parent of it, a dmarc pass only
// when it names the From domain or none.
func (p *Parsed) Passed(server, method string) bool {
	method = strings.ToLower(method)
	_, fromDomain, ok := splitAddr(p.From)
	if !ok {
		return false
	}
	passed := false
	for _, r := range p.topmost(server) {
		if r.Method != method {
			continue
		}
		if r.Result != "pass" {
			return false
		}
		if r.Domain == fromDomain || (method != "dmarc" && strings.HasSuffix(fromDomain, "."+r.Domain)) ||
			(method == "dmarc" && r.Domain == "") {
			passed = true
		}
	}
	return passed
}

// Authenticated reports whether the server with id server vouches for the
// From of the mail: DMARC passed, or DKIM or SPF passed for the From
// domain and DMARC did not fail. A DKIM or SPF pass for the From domain
// makes DMARC pass, so a DMARC fail beside one says that the pass is not
// the server's, or that the domain's owner asked for stricter alignment.
func (p *Parsed) Authenticated(server string) bool {
	if p.Passed(server, "dmarc") {
		return true
	}
	for _, r := range p.topmost(server) {
		if r.Method == "dmarc" && r.Result == "fail" {
			return false
		}
	}
	return p.Passed(server, "dkim") || p.Passed(server, "spf")
}

// authResults reads the Authentication-Results headers, topmost first.
func authResults(values []string) []AuthResult {
	var out []AuthResult
	for i, v := range values {
		h, err := parseAuthResults(v)
		server := sanitize(strings.ToLower(h.server), maxAddrLen)
		switch {
		case server == "":
			continue
		case err != nil:
			out = append(out, AuthResult{Server: server, Result: authPermError, Header: i})
			continue
		case len(h.results) == 0:
			out = append(out, AuthResult{Server: server, Result: authNone, Header: i})
		}
		for _, r := range h.results {
			a := r.authResult()
			a.Server, a.Header = server, i
			out = append(out, a)
		}
	}
	return out
}

// resinfo is one result of a header: method=result and its properties
// ("header.d", "smtp.mailfrom", "reason", …, lower-cased) with their
// values, quoted-strings unquoted.
type resinfo struct {
	method, result string
	props          map[string]string
}

func (r resinfo) authResult() AuthResult {
	a := AuthResult{Method: r.method, Result: r.result}
	switch r.method {
	case "dkim", "domainkeys":
		a.Domain = r.props["header.d"]
		if a.Domain == "" {
			a.Domain = domainOf(r.props["header.i"])
		}
	case "spf":
		a.Domain = domainOf(r.props["smtp.mailfrom"])
	case "dmarc":
		a.Domain = r.props["header.from"]
	}
	a.Method = sanitize(strings.ToLower(a.Method), 64)
	a.Result = sanitize(strings.ToLower(a.Result), 64)
	a.Domain = sanitize(strings.ToLower(a.Domain), maxAddrLen)
	return a
}

// domainOf returns what follows the last "@" of addr, or addr without one;
// an address in angle brackets, as some servers write it, is read without.
func domainOf(addr string) string {
	if len(addr) > 2 && addr[0] == '<' && addr[len(addr)-1] == '>' {
		addr = addr[1 : len(addr)-1]
	}
	return addr[strings.LastIndexByte(addr, '@')+1:]
}

// authHeader is an Authentication-Results header read.
type authHeader struct {
	server  string
	results []resinfo
}

var errAuthSyntax = errors.New("authentication results do not follow RFC 8601")

// parseAuthResults reads the value of an Authentication-Results header by
// the grammar of RFC 8601 section 2.2, with the lexical rules of RFC 5322
// and RFC 2045 it refers to:
//
//	authres-payload = [CFWS] authserv-id [CFWS authres-version] (no-result / 1*resinfo) [CFWS]
//	no-result       = [CFWS] ";" [CFWS] "none"
//	resinfo         = [CFWS] ";" methodspec [CFWS reasonspec] [CFWS 1*propspec]
//	methodspec      = [CFWS] method [CFWS] "=" [CFWS] result
//	method          = Keyword [[CFWS] "/" [CFWS] method-version]
//	propspec        = ptype [CFWS] "." [CFWS] property [CFWS] "=" pvalue
//
// A value is a token or a quoted-string, whose quoted-pairs are undone; a
// comment, "(…)", nests and is skipped wherever CFWS may be. So a ";" or
// "=" inside quotes or parentheses never starts or ends anything.
//
// Where real servers stray from the grammar without ambiguity, it reads
// them as they mean it: a property without a ptype (Microsoft's
// "action=none"), a value with "/" or "=" unquoted (a DKIM header.b), a
// trailing ";". Anything else it cannot read, such as a word that is no
// property, is an error, and then the results read are not to be used,
// only the authserv-id, if it was read: the results of a header that does
// not parse are not guessed.
func parseAuthResults(v string) (authHeader, error) {
	l := &authLexer{s: v}
	var h authHeader
	if err := l.cfws(); err != nil {
		return h, err
	}
	id, err := l.value(false)
	if err != nil || id == "" {
		return h, errAuthSyntax
	}
	h.server = id
	if err := l.cfws(); err != nil {
		return h, err
	}
	if version := l.digits(); version != "" {
		if strings.TrimLeft(version, "0") != "1" {
			return h, errAuthSyntax // a version this reading does not know
		}
		if err := l.cfws(); err != nil {
			return h, err
		}
	}
	if !l.take(';') {
		return h, errAuthSyntax
	}
	none := false
	for {
		if err := l.cfws(); err != nil {
			return h, err
		}
		if l.end() {
			break
		}
		if l.take(';') {
			continue // an empty resinfo, as a trailing ";" leaves
		}
		if none {
			return h, errAuthSyntax // "none" is all a header says, or it is no "none"
		}
		r, isNone, err := l.resinfo()
		if err != nil {
			return h, err
		}
		if isNone {
			if len(h.results) > 0 {
				return h, errAuthSyntax
			}
			none = true
			continue
		}
		h.results = append(h.results, r)
	}
	if !none && len(h.results) == 0 {
		return h, errAuthSyntax
	}
	return h, nil
}

// authLexer reads an Authentication-Results value from its position i.
type authLexer struct {
	s string
	i int
}

func (l *authLexer) end() bool { return l.i >= len(l.s) }

// take consumes c if it is next.
func (l *authLexer) take(c byte) bool {
	if l.i < len(l.s) && l.s[l.i] == c {
		l.i++
		return true
	}
	return false
}

// cfws skips folding white space and comments; an unclosed comment is an
// error.
func (l *authLexer) cfws() error {
	for l.i < len(l.s) {
		switch l.s[l.i] {
		case ' ', '\t', '\r', '\n':
			l.i++
		case '(':
			if err := l.comment(); err != nil {
				return err
			}
		default:
			return nil
		}
	}
	return nil
}

// comment skips a comment, which may nest and hold quoted-pairs.
func (l *authLexer) comment() error {
	depth := 0
	for l.i < len(l.s) {
		c := l.s[l.i]
		l.i++
		switch c {
		case '\\':
			l.i++
		case '(':
			depth++
		case ')':
			if depth--; depth == 0 {
				return nil
			}
		}
	}
	return errAuthSyntax
}

// quoted reads a quoted-string, without its quotes and with its
// quoted-pairs undone and its folding removed.
func (l *authLexer) quoted() (string, error) {
	var b strings.Builder
	for l.i++; l.i < len(l.s); l.i++ {
		switch c := l.s[l.i]; c {
		case '"':
			l.i++
			return b.String(), nil
		case '\\':
			if l.i++; l.i < len(l.s) {
				b.WriteByte(l.s[l.i])
			}
		case '\r', '\n':
		default:
			b.WriteByte(c)
		}
	}
	return "", errAuthSyntax
}

// isKeywordChar is a character of a method, result, ptype or property: letters,
// digits and "-" (RFC 5321 Ldh-str), and "_", which some servers use.
func isKeywordChar(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_'
}

// isTokenChar is a character of an RFC 2045 token, and of UTF-8 (RFC 8616).
func isTokenChar(c byte) bool {
	return c > ' ' && c != 0x7f && !strings.ContainsRune(`()<>@,;:\"/[]?=`, rune(c))
}

// isLooseChar is a character of a value written without quotes as servers
// write them: a token, an address, a DKIM signature with "/" and "=".
func isLooseChar(c byte) bool {
	return c > ' ' && c != 0x7f && !strings.ContainsRune(`();"\`, rune(c))
}

// keyword reads a keyword, lower-cased; "" if none is next.
func (l *authLexer) keyword() string {
	start := l.i
	for l.i < len(l.s) && isKeywordChar(l.s[l.i]) {
		l.i++
	}
	return strings.ToLower(l.s[start:l.i])
}

// digits reads a version number; "" if none is next.
func (l *authLexer) digits() string {
	start := l.i
	for l.i < len(l.s) && l.s[l.i] >= '0' && l.s[l.i] <= '9' {
		l.i++
	}
	return l.s[start:l.i]
}

// value reads a value: tokens and quoted-strings side by side, as a
// quoted local part and its domain are ("x y"@example.com), or, loose, the
// characters isLooseChar allows in place of tokens.
func (l *authLexer) value(loose bool) (string, error) {
	char := isTokenChar
	if loose {
		char = isLooseChar
	}
	var b strings.Builder
	for l.i < len(l.s) {
		if l.s[l.i] == '"' {
			q, err := l.quoted()
			if err != nil {
				return "", err
			}
			b.WriteString(q)
			continue
		}
		start := l.i
		for l.i < len(l.s) && char(l.s[l.i]) {
			l.i++
		}
		if l.i == start {
			break
		}
		b.WriteString(l.s[start:l.i])
	}
	return b.String(), nil
}

// resinfo reads a result after its ";": methodspec, then the reason and
// properties up to the next ";". isNone reports the no-result "none".
func (l *authLexer) resinfo() (r resinfo, isNone bool, err error) {
	if r.method = l.keyword(); r.method == "" {
		return r, false, errAuthSyntax
	}
	if err := l.cfws(); err != nil {
		return r, false, err
	}
	if r.method == "none" && (l.end() || l.s[l.i] == ';') {
		return r, true, nil
	}
	if l.take('/') {
		if err := l.cfws(); err != nil {
			return r, false, err
		}
		if l.digits() == "" {
			return r, false, errAuthSyntax
		}
		if err := l.cfws(); err != nil {
			return r, false, err
		}
	}
	if !l.take('=') {
		return r, false, errAuthSyntax
	}
	if err := l.cfws(); err != nil {
		return r, false, err
	}
	if r.result = l.keyword(); r.result == "" {
		return r, false, errAuthSyntax
	}
	r.props = map[string]string{}
	for {
		if err := l.cfws(); err != nil {
			return r, false, err
		}
		if l.end() || l.s[l.i] == ';' {
			return r, false, nil
		}
		name := l.keyword()
		if name == "" {
			return r, false, errAuthSyntax
		}
		if err := l.cfws(); err != nil {
			return r, false, err
		}
		if l.take('.') {
			if err := l.cfws(); err != nil {
				return r, false, err
			}
			property := l.keyword()
			if property == "" {
				return r, false, errAuthSyntax
			}
			name += "." + property
			if err := l.cfws(); err != nil {
				return r, false, err
			}
		}
		if !l.take('=') {
			return r, false, errAuthSyntax
		}
		if err := l.cfws(); err != nil {
			return r, false, err
		}
		v, err := l.value(true)
		if err != nil {
			return r, false, err
		}
		if _, twice := r.props[name]; twice {
			return r, false, errAuthSyntax // which of the two would the server mean?
		}
		r.props[name] = v
	}
}
