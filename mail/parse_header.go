package mail

import (
	"regexp"
	"strings"
	"unicode/utf8"

	gomail "github.com/emersion/go-message/mail"
)

// maxRefs is how many of the last References are kept: enough to find the
// prompt a reply answers, however long the thread.
const maxRefs = 50

// readFields fills in what p takes from the header of the mail. A subject
// written in raw 8-bit bytes rather than encoded words, as some clients
// do, is read in the charset of the body, cs.
func (p *Parsed) readFields(h gomail.Header, cs string) {
	p.MessageID = firstOf(msgIDs(h.Get("Message-Id")))
	p.InReplyTo = msgIDs(strings.Join(h.Values("In-Reply-To"), " "))
	p.References = msgIDs(strings.Join(h.Values("References"), " "))
	if n := len(p.References); n > maxRefs {
		p.References = p.References[n-maxRefs:]
	}
	subject, err := h.Subject()
	if err != nil {
		subject = h.Get("Subject")
	}
	if !utf8.ValidString(subject) {
		subject = decodeCharset([]byte(subject), cs)
	}
	p.Subject = sanitize(subject, maxIDLen)
	if from, names := addressList(h, "From"); len(from) > 0 {
		p.From, p.FromName = from[0], names[0]
	}
	if rp := strings.TrimSpace(h.Get("Return-Path")); rp != "" {
		if strings.Trim(rp, " \t<>") == "" {
			p.ReturnPath = "<>"
		} else {
			p.ReturnPath = normAddr(firstOf(addrSpec.FindAllString(rp, 1)))
		}
	}
	p.Recipients = recipients(h)
	if date, err := h.Date(); err == nil {
		p.Date = date
	}
	p.AuthResults = authResults(h.Values("Authentication-Results"))
	p.Language = languageTag(h.Get("Content-Language"))
}

// languageTag reads the first language tag of a Content-Language header
// (RFC 3282: a list of BCP 47 tags); "" for none or one malformed.
func languageTag(v string) string {
	tag, _, _ := strings.Cut(v, ",")
	tag = strings.TrimSpace(tag)
	if tag == "" || len(tag) > 35 {
		return ""
	}
	for _, r := range tag {
		if !(r == '-' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z') {
			return ""
		}
	}
	return tag
}

// recipients lists who the mail was delivered to, in the order the
// service should look for its reply address.
func recipients(h gomail.Header) []string {
	list := []string{}
	for _, key := range []string{"Delivered-To", "X-Original-To"} {
		for _, v := range h.Values(key) {
			list = appendNew(list, normAddr(firstOf(addrSpec.FindAllString(v, 1))))
		}
	}
	for _, key := range []string{"To", "Cc"} {
		addrs, _ := addressList(h, key)
		list = appendNew(list, addrs...)
	}
	return list
}

// msgID matches one message id; ids are read without their brackets.
var msgID = regexp.MustCompile(`<([^<>\s]*)>`)

// msgIDs reads the message ids of a header, also the bare ones some
// clients write without brackets.
func msgIDs(v string) []string {
	var ids []string
	matches := msgID.FindAllStringSubmatch(v, -1)
	if matches == nil {
		for _, f := range strings.Fields(v) {
			if strings.Contains(f, "@") {
				matches = append(matches, []string{f, strings.Trim(f, "<>")})
			}
		}
	}
	for _, m := range matches {
		if id := sanitize(m[1], maxIDLen); id != "" {
			ids = append(ids, id)
		}
	}
	return ids
}

func firstOf(list []string) string {
	if len(list) == 0 {
		return ""
	}
	return list[0]
}

// stripComments removes the comments of a header value, "(like this)";
// they may nest and quote parentheses with a backslash.
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
