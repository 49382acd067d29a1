package mail

import (
	"strings"

	"github.com/emersion/go-msgauth/authres"
)

// AuthResult is one result of an Authentication-Results header (RFC 8601),
// as the server that received the mail wrote it.
type AuthResult struct {
	Server string `json:"server"`           // the authserv-id of the server that checked, lower-cased
	Method string `json:"method"`           // dkim, spf, dmarc, arc, …
	Result string `json:"result"`           // pass, fail, none, softfail, …
	Domain string `json:"domain,omitempty"` // what passed or failed: dkim header.d, spf smtp.mailfrom, dmarc header.from
	Header int    `json:"header"`           // which Authentication-Results header, 0 for the topmost
}

// Passed reports whether the server with id server found that method
// (dkim, spf or dmarc) passed for the From domain of the mail.
//
// Only the topmost Authentication-Results header of that server counts:
// servers add theirs on top, so any below may have come with the mail.
// A dkim or spf pass counts only for the From domain or a parent of it,
// a dmarc pass only when it names the From domain or none.
func (p *Parsed) Passed(server, method string) bool {
	server, method = strings.ToLower(server), strings.ToLower(method)
	_, fromDomain, ok := splitAddr(p.From)
	if !ok {
		return false
	}
	header := -1
	for _, r := range p.AuthResults {
		if r.Server != server {
			continue
		}
		if header < 0 {
			header = r.Header
		}
		if r.Header != header || r.Method != method || r.Result != "pass" {
			continue
		}
		if r.Domain == fromDomain || (method != "dmarc" && strings.HasSuffix(fromDomain, "."+r.Domain)) ||
			(method == "dmarc" && r.Domain == "") {
			return true
		}
	}
	return false
}

// authResults reads the Authentication-Results headers, topmost first.
// A header that does not parse gives the results read before the fault.
func authResults(values []string) []AuthResult {
	var out []AuthResult
	for i, v := range values {
		server, results, _ := authres.Parse(stripComments(v))
		server = sanitize(strings.ToLower(server), maxAddrLen)
		for _, r := range results {
			a := authResult(r)
			if a.Method == "" {
				continue
			}
			a.Server, a.Header = server, i
			out = append(out, a)
		}
	}
	return out
}

func authResult(r authres.Result) AuthResult {
	var a AuthResult
	var value authres.ResultValue
	switch r := r.(type) {
	case *authres.DKIMResult:
		a.Method, value, a.Domain = "dkim", r.Value, r.Domain
		if a.Domain == "" {
			_, a.Domain, _ = strings.Cut(r.Identifier, "@")
		}
	case *authres.SPFResult:
		a.Method, value, a.Domain = "spf", r.Value, r.From
		if _, d, ok := strings.Cut(r.From, "@"); ok {
			a.Domain = d
		}
	case *authres.DMARCResult:
		a.Method, value, a.Domain = "dmarc", r.Value, r.From
	case *authres.ARCResult:
		a.Method, value = "arc", r.Value
	case *authres.IPRevResult:
		a.Method, value = "iprev", r.Value
	case *authres.AuthResult:
		a.Method, value = "auth", r.Value
	case *authres.DomainKeysResult:
		a.Method, value, a.Domain = "domainkeys", r.Value, r.Domain
	case *authres.SenderIDResult:
		a.Method, value = "sender-id", r.Value
	case *authres.GenericResult:
		a.Method, value = r.Method, r.Value
	}
	a.Method = sanitize(strings.ToLower(a.Method), 64)
	a.Result = sanitize(strings.ToLower(string(value)), 64)
	a.Domain = sanitize(strings.ToLower(a.Domain), maxAddrLen)
	return a
}

// stripComments removes the comments of a header value, "(like this)",
// which the authres parser would read as results; they may nest and
// quote parentheses with a backslash.
func stripComments(v string) string {
	var b strings.Builder
	depth, quoted, escaped := 0, false, false
	for _, r := range v {
		switch {
		case escaped:
			escaped = false
			if depth > 0 {
				continue
			}
		case r == '\\':
			escaped = true
			if depth > 0 {
				continue
			}
		case r == '"' && depth == 0:
			quoted = !quoted
		case r == '(' && !quoted:
			depth++
			continue
		case r == ')' && !quoted && depth > 0:
			depth--
			continue
		}
		if depth == 0 {
			b.WriteRune(r)
		}
	}
	return b.String()
}
