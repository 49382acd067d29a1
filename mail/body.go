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
	content     part
}

// writeTo writes the body to w. It is written straight from its parts,
// each encoded once by mimeBody, and not gathered in a buffer of its own
// first: go-mail copies what it is given into its own buffer anyway
// (msgWriter.writeBody), so a buffer here would be a second copy of the
// whole mail, pictures and all, to throw away. When w is such a buffer it
// is grown to the body's size at once rather than doubled part by part.
func (b body) writeTo(w io.Writer) (int64, error) {
	if bb, ok := w.(*bytes.Buffer); ok {
		bb.Grow(b.content.size() + 1024)
	}
	cw := &counter{w: w}
	err := b.content.write(cw)
	return cw.n, err
}

// counter counts the bytes written through it.
type counter struct {
	w io.Writer
	n int64
}

func (c *counter) Write(p []byte) (int, error) {
	n, err := c.w.Write(p)
	c.n += int64(n)
	return n, err
}

// mimeBody returns the body of o: its text, with the HTML (and the images
// that HTML shows) as an alternative, then the attachments. Each part is
// encoded once, and written once when the body is (body.writeTo).
func mimeBody(o Outgoing) body {
	var content part = textPart("text/plain", o.Text)
	if o.HTML != "" {
		var html part = textPart("text/html", o.HTML)
		if len(o.Inline) > 0 {
			rel := &multi{kind: "related", params: map[string]string{"type": "text/html"}, parts: []part{html}}
			for _, a := range o.Inline {
				rel.parts = append(rel.parts, filePart(a, "inline"))
			}
			html = rel
		}
		content = &multi{kind: "alternative", parts: []part{content, html}}
	}
	if len(o.Attachments) > 0 {
		mixed := &multi{kind: "mixed", parts: []part{content}}
		for _, a := range o.Attachments {
			mixed.parts = append(mixed.parts, filePart(a, "attachment"))
		}
		content = mixed
	}
	if m, ok := content.(*multi); ok {
		m.draw(boundaries(o.MessageID))
	}
	return body{contentType: content.contentType(), content: content}
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

// part is one entity of a body: its header (but for its Content-Type),
// its Content-Type, and its content, which it writes to w; size is about
// how many bytes that content takes.
type part interface {
	header() textproto.MIMEHeader
	contentType() string
	write(w io.Writer) error
	size() int
}

// leaf is a single part, its content already encoded.
type leaf struct {
	h    textproto.MIMEHeader
	data []byte
}

func (l leaf) header() textproto.MIMEHeader { return l.h }

func (l leaf) contentType() string { return l.h.Get("Content-Type") }

func (l leaf) write(w io.Writer) error {
	_, err := w.Write(l.data)
	return err
}

func (l leaf) size() int { return len(l.data) }

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
	if base64Len(len(text)) < b.Len() {
		h.Set("Content-Transfer-Encoding", "base64")
		return leaf{h: h, data: base64Lines([]byte(text))}
	}
	return leaf{h: h, data: b.Bytes()}
}

// base64Lines is data in base64 lines of 76 characters (RFC 2045, 6.8),
// each from 57 bytes, written once into a slice of its final size.
func base64Lines(data []byte) []byte {
	const perLine = 57 // bytes, which base64 writes as 76 characters
	out := make([]byte, 0, base64Len(len(data)))
	for len(data) > perLine {
		out = base64.StdEncoding.AppendEncode(out, data[:perLine])
		out = append(out, '\r', '\n')
		data = data[perLine:]
	}
	return base64.StdEncoding.AppendEncode(out, data)
}

// base64Len is the length of base64Lines of n bytes: the characters, and
// a line break between each 76 of them.
func base64Len(n int) int {
	enc := base64.StdEncoding.EncodedLen(n)
	if enc == 0 {
		return 0
	}
	return enc + 2*((enc-1)/76)
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
// boundary, which draw sets.
type multi struct {
	kind     string
	params   map[string]string
	parts    []part
	boundary string
}

// draw gives m and the multiparts inside it their boundaries from next,
// m's first, then those inside in the order they are written.
func (m *multi) draw(next func() string) {
	m.boundary = next()
	for _, p := range m.parts {
		if in, ok := p.(*multi); ok {
			in.draw(next)
		}
	}
}

func (m *multi) header() textproto.MIMEHeader { return textproto.MIMEHeader{} }

func (m *multi) contentType() string {
	params := map[string]string{"boundary": m.boundary}
	for k, v := range m.params {
		params[k] = v
	}
	return mime.FormatMediaType("multipart/"+m.kind, params)
}

func (m *multi) size() int {
	n := 0
	for _, p := range m.parts {
		n += p.size() + 256 // its header and boundary
	}
	return n
}

func (m *multi) write(w io.Writer) error {
	mw := multipart.NewWriter(w)
	if err := mw.SetBoundary(m.boundary); err != nil {
		return err
	}
	for _, p := range m.parts {
		h := p.header()
		h.Set("Content-Type", fold(p.contentType()))
		pw, err := mw.CreatePart(h)
		if err != nil {
			return err
		}
		if err := p.write(pw); err != nil {
			return err
		}
	}
	return mw.Close()
}
