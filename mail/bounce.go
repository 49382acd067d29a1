package mail

import (
	"bufio"
	"bytes"
	"io"
	"regexp"
	"strings"

	"github.com/emersion/go-message"
	"github.com/emersion/go-message/textproto"
)

// Bounce is what a delivery report says failed: RFC 3464's
// message/delivery-status, or the header and text of the reports that
// follow no standard (Exim's X-Failed-Recipients).
type Bounce struct {
	Recipients []BounceRecipient `json:"recipients"`
	// MessageID is the Message-ID of the mail that bounced, from the
	// header the report returns with it; "" when it returns none.
	MessageID string `json:"messageId,omitempty"`
}

// BounceRecipient is one recipient a delivery report speaks of.
type BounceRecipient struct {
	Recipient  string `json:"recipient"`            // Final-Recipient (else Original-Recipient), lower-cased
	Status     string `json:"status"`               // RFC 3463's class.subject.detail, such as 5.1.1
	Action     string `json:"action"`               // failed, delayed, delivered, relayed or expanded
	Diagnostic string `json:"diagnostic,omitempty"` // the remote server's words (Diagnostic-Code)
}

// Failed reports whether r is a hard failure: the mail will never reach
// the recipient as things stand (Action: failed with a 5.x.x status).
func (r BounceRecipient) Failed() bool {
	return r.Action == "failed" && strings.HasPrefix(r.Status, "5.")
}

// Bounds of what a delivery report is read for: a report is small, and
// whatever it holds beyond this is not needed to find who failed.
const (
	maxBounceRecipients = 50
	maxDiagnostic       = 200
)

// readBounce reads the delivery report of a mail with header h and raw
// body; nil when it reports no recipient.
func readBounce(h textproto.Header, body []byte) *Bounce {
	b := &Bounce{}
	w := bounceWalker{b: b}
	w.entity(h, body, 0)
	if len(b.Recipients) == 0 {
		for _, addr := range strings.Split(h.Get("X-Failed-Recipients"), ",") {
			if addr = normAddr(addr); addr != "" && len(b.Recipients) < maxBounceRecipients {
				status := "5.0.0"
				if m := statusCode.Find(body); m != nil {
					status = string(m)
				}
				b.Recipients = append(b.Recipients, BounceRecipient{Recipient: addr, Status: status, Action: "failed"})
			}
		}
	}
	if b.MessageID == "" {
		// A report that returns the mail in its text, as Exim's does.
		if m := returnedID.FindSubmatch(body); m != nil {
			b.MessageID = sanitize(string(m[1]), maxIDLen)
		}
	}
	if len(b.Recipients) == 0 {
		return nil
	}
	return b
}

var (
	statusCode = regexp.MustCompile(`\b[245]\.[0-9]{1,3}\.[0-9]{1,3}\b`)
	returnedID = regexp.MustCompile(`(?im)^message-id:[ \t]*<([^>\r\n]{1,250})>`)
)

// bounceWalker reads the parts of a report.
type bounceWalker struct {
	b    *Bounce
	seen int
}

func (w *bounceWalker) entity(h textproto.Header, body []byte, depth int) {
	if depth > maxDepth || w.seen > maxParts {
		return
	}
	w.seen++
	ct := contentType(h.Get("Content-Type"))
	switch {
	case strings.HasPrefix(ct.name, "multipart/"):
		mr := textproto.NewMultipartReader(bytes.NewReader(body), ct.params["boundary"])
		for {
			p, err := mr.NextPart()
			if err != nil {
				return
			}
			data, _ := io.ReadAll(io.LimitReader(p, DefaultMaxBytes))
			w.entity(p.Header, data, depth+1)
		}
	case ct.name == "message/delivery-status" || ct.name == "message/global-delivery-status":
		w.status(transferDecoded(h, body))
	case ct.name == "text/rfc822-headers" || ct.name == "message/rfc822" || ct.name == "message/global" || ct.name == "message/global-headers":
		if w.b.MessageID != "" {
			return
		}
		rh, _, err := readHeader(transferDecoded(h, body))
		if err == nil {
			w.b.MessageID = sanitize(strings.Trim(strings.TrimSpace(rh.Get("Message-Id")), "<>"), maxIDLen)
		}
	}
}

// status reads a message/delivery-status body: the per-message fields,
// then a group of fields per recipient, groups apart by empty lines.
func (w *bounceWalker) status(body []byte) {
	for i, group := range fieldGroups(body) {
		if i == 0 || len(w.b.Recipients) >= maxBounceRecipients {
			continue // the per-message fields: Reporting-MTA, Arrival-Date
		}
		r := BounceRecipient{
			Recipient:  typedAddress(group.Get("Final-Recipient")),
			Action:     strings.ToLower(strings.TrimSpace(stripComments(group.Get("Action")))),
			Status:     statusCode.FindString(group.Get("Status")),
			Diagnostic: sanitize(group.Get("Diagnostic-Code"), maxDiagnostic),
		}
		if r.Recipient == "" {
			r.Recipient = typedAddress(group.Get("Original-Recipient"))
		}
		if r.Recipient != "" {
			w.b.Recipients = append(w.b.Recipients, r)
		}
	}
}

// typedAddress reads "rfc822; ana@example.org" (RFC 3464's address-type;
// address) as the address, lower-cased.
func typedAddress(v string) string {
	kind, addr, ok := strings.Cut(v, ";")
	if !ok {
		addr = kind
	} else if k := strings.ToLower(strings.TrimSpace(kind)); k != "rfc822" && k != "utf-8" {
		return ""
	}
	return normAddr(addr)
}

// fieldGroups splits body into groups of header fields, each ended by an
// empty line; a group whose fields cannot be read is empty.
func fieldGroups(body []byte) []textproto.Header {
	var groups []textproto.Header
	var cur bytes.Buffer
	flush := func() {
		if cur.Len() == 0 {
			return
		}
		cur.WriteString("\r\n")
		h, _ := textproto.ReadHeader(bufio.NewReader(&cur))
		groups = append(groups, h)
		cur.Reset()
	}
	for _, line := range strings.Split(string(body), "\n") {
		line = strings.TrimRight(line, "\r")
		if strings.TrimSpace(line) == "" {
			flush()
			continue
		}
		if line[0] != ' ' && line[0] != '\t' && !fieldLine.MatchString(line) {
			continue
		}
		cur.WriteString(line + "\r\n")
	}
	flush()
	return groups
}

// transferDecoded undoes the transfer encoding of a part's body, as far as
// it goes.
func transferDecoded(h textproto.Header, body []byte) []byte {
	var th message.Header
	th.Set("Content-Transfer-Encoding", h.Get("Content-Transfer-Encoding"))
	e, _ := message.New(th, bytes.NewReader(body))
	data, _ := io.ReadAll(io.LimitReader(e.Body, DefaultMaxBytes))
	return data
}
