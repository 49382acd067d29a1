package mail

import (
	"bytes"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"fmt"
	"io"
	"mime"
	"mime/multipart"
	"mime/quotedprintable"
	"net/textproto"
	"strings"
)

// body is the MIME body of a mail, written by the service rather than by
// go-mail for two reasons. go-mail puts the images a HTML part refers to
// around the whole alternative (related{alternative{text, html}, image}),
// where a client that shows the text part lists them as attachments; the
// shape mail clients expect is alternative{text, related{html, image}}
// (RFC 2387). And go-mail draws its boundaries at random, so the same
// Outgoing would be another mail each time; here they come from the
// Message-ID, and a mail derived again after a crash is the same bytes.
type body struct {
	contentType string // of the whole, with its boundary
	data        []byte
}

// mimeBody returns the body of o: its text, with the HTML (and the images
// that HTML shows) as an alternative, then the attachments.
func mimeBody(o Outgoing) (body, error) {
	var content part = textPart("text/plain", o.Text)
	if o.HTML != "" {
		var html part = textPart("text/html", o.HTML)
		if len(o.Inline) > 0 {
			rel := multi{kind: "related", params: map[string]string{"type": "text/html"}, parts: []part{html}}
			for _, a := range o.Inline {
				rel.parts = append(rel.parts, filePart(a, "inline"))
			}
			html = rel
		}
		content = multi{kind: "alternative", parts: []part{content, html}}
	}
	if len(o.Attachments) > 0 {
		mixed := multi{kind: "mixed", parts: []part{content}}
		for _, a := range o.Attachments {
			mixed.parts = append(mixed.parts, filePart(a, "attachment"))
		}
		content = mixed
	}
	var b bytes.Buffer
	ct, err := content.write(&b, boundaries(o.MessageID))
	return body{contentType: ct, data: b.Bytes()}, err
}

// boundaries returns the boundary of each multipart in turn, from id. A
// boundary starts with "=_", which neither quoted-printable (it writes "="
// as "=3D") nor base64 can put at the start of a line, so none can occur
// in the parts it delimits.
func boundaries(id string) func() string {
	n := 0
	return func() string {
		n++
		sum := sha256.Sum256(fmt.Appendf(nil, "%s\x00%d", id, n))
		return "=_pbem_" + hex.EncodeToString(sum[:12])
	}
}

// part is one entity of a body: it writes its content to w and returns
// its Content-Type; next gives the boundaries of the multiparts inside.
type part interface {
	header() textproto.MIMEHeader
	write(w io.Writer, next func() string) (string, error)
}

// leaf is a single part, its content already encoded.
type leaf struct {
	h    textproto.MIMEHeader
	data []byte
}

func (l leaf) header() textproto.MIMEHeader { return l.h }

func (l leaf) write(w io.Writer, _ func() string) (string, error) {
	_, err := w.Write(l.data)
	return l.h.Get("Content-Type"), err
}

// textPart is text as UTF-8, quoted-printable: as readable as the text
// allows, and no line longer than 76 characters (RFC 2045, 6.7); or in
// base64 where that is shorter, as for Chinese, whose every byte
// quoted-printable writes as three.
func textPart(mediaType, text string) leaf {
	var b bytes.Buffer
	qp := quotedprintable.NewWriter(&b)
	_, _ = qp.Write([]byte(text)) // a bytes.Buffer does not fail
	_ = qp.Close()
	h := textproto.MIMEHeader{
		"Content-Type":              {mediaType + "; charset=UTF-8"},
		"Content-Transfer-Encoding": {"quoted-printable"},
	}
	if b64 := base64Lines([]byte(text)); len(b64) < b.Len() {
		h.Set("Content-Transfer-Encoding", "base64")
		return leaf{h: h, data: b64}
	}
	return leaf{h: h, data: b.Bytes()}
}

// base64Lines is data in base64 lines of 76 characters (RFC 2045, 6.8).
func base64Lines(data []byte) []byte {
	enc := base64.StdEncoding.EncodeToString(data)
	var b strings.Builder
	for len(enc) > 76 {
		b.WriteString(enc[:76] + "\r\n")
		enc = enc[76:]
	}
	b.WriteString(enc)
	return []byte(b.String())
}

// filePart is a, in base64 lines of 76 characters, shown where the HTML
// refers to it (disposition "inline") or offered as a file ("attachment").
func filePart(a Attachment, disposition string) leaf {
	h := textproto.MIMEHeader{
		"Content-Type":              {withParam(a.ContentType, "name", a.Name)},
		"Content-Disposition":       {mime.FormatMediaType(disposition, map[string]string{"filename": a.Name})},
		"Content-Transfer-Encoding": {"base64"},
	}
	if a.ContentID != "" {
		h.Set("Content-ID", "<"+a.ContentID+">")
	}
	return leaf{h: h, data: base64Lines(a.Data)}
}

// withParam adds a parameter to a Content-Type; one that does not parse
// is taken as application/octet-stream.
func withParam(contentType, name, value string) string {
	mt, params, err := mime.ParseMediaType(contentType)
	if err != nil {
		mt, params = "application/octet-stream", map[string]string{}
	}
	params[name] = value
	return mime.FormatMediaType(mt, params)
}

// fold breaks a Content-Type of a part before each parameter when it is
// long: a part's header is written as it is, and a line of a mail should
// stay within 78 characters (RFC 5322, 2.1.1).
func fold(contentType string) string {
	if len(contentType) < 60 {
		return contentType
	}
	return strings.ReplaceAll(contentType, "; ", ";\r\n ")
}

// multi is a multipart of the given kind ("mixed", "alternative",
// "related"); params are the Content-Type's parameters besides the
// boundary.
type multi struct {
	kind   string
	params map[string]string
	parts  []part
}

func (m multi) header() textproto.MIMEHeader { return textproto.MIMEHeader{} }

func (m multi) write(w io.Writer, next func() string) (string, error) {
	mw := multipart.NewWriter(w)
	boundary := next()
	if err := mw.SetBoundary(boundary); err != nil {
		return "", err
	}
	params := map[string]string{"boundary": boundary}
	for k, v := range m.params {
		params[k] = v
	}
	for _, p := range m.parts {
		var b bytes.Buffer
		ct, err := p.write(&b, next)
		if err != nil {
			return "", err
		}
		h := p.header()
		h.Set("Content-Type", fold(ct))
		pw, err := mw.CreatePart(h)
		if err != nil {
			return "", err
		}
		if _, err := pw.Write(b.Bytes()); err != nil {
			return "", err
		}
	}
	return mime.FormatMediaType("multipart/"+m.kind, params), mw.Close()
}
