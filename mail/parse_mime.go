package mail

import (
	"bufio"
	"bytes"
	"io"
	"mime"
	"regexp"
	"strings"
	"unicode/utf8"

	"github.com/emersion/go-message"
	"github.com/emersion/go-message/charset"
	"github.com/emersion/go-message/textproto"
	htmlcharset "golang.org/x/net/html/charset"
	"golang.org/x/text/encoding/charmap"
)

// Bounds of the MIME walk: deeper or more parts than this are not read,
// whatever a hostile mail nests.
const (
	maxDepth = 8
	maxParts = 64
)

// walker reads the text of a MIME tree.
type walker struct {
	seen    int    // parts seen so far
	charset string // the first charset declared on a text part
}

// texts is the text found in an entity: its plain text and its HTML.
type texts struct{ plain, html string }

// mediaType is a parsed Content-Type.
type mediaType struct {
	name   string
	params map[string]string
}

// entity reads the text of one entity with header h and raw body.
func (w *walker) entity(h textproto.Header, body []byte, depth int) texts {
	ct := contentType(h.Get("Content-Type"))
	if attachment(h, ct) {
		return texts{}
	}
	switch {
	case strings.HasPrefix(ct.name, "multipart/"):
		return w.multipart(ct, body, depth)
	case ct.name == "text/plain":
		s := w.decode(h, ct, body)
		if strings.EqualFold(ct.params["format"], "flowed") {
			s = unflow(s, strings.EqualFold(ct.params["delsp"], "yes"))
		}
		return texts{plain: s}
	case ct.name == "text/html":
		return texts{html: w.decode(h, ct, body)}
	}
	return texts{}
}

// multipart reads the parts of a multipart entity. In an alternative it
// keeps the first plain text and the first HTML; elsewhere it joins them
// all. When the declared boundary is not in the body it tries the one the
// body uses, and when there is none it reads the body as plain text.
func (w *walker) multipart(ct mediaType, body []byte, depth int) texts {
	if depth >= maxDepth {
		return texts{}
	}
	alt := ct.name == "multipart/alternative"
	out, n := w.parts(body, ct.params["boundary"], alt, depth)
	if n == 0 {
		if b := guessBoundary(body); b != "" {
			out, n = w.parts(body, b, alt, depth)
		}
	}
	if n == 0 {
		return texts{plain: decodeCharset(body, "")}
	}
	return out
}

func (w *walker) parts(body []byte, boundary string, alt bool, depth int) (texts, int) {
	var out texts
	if boundary == "" {
		return out, 0
	}
	mr := textproto.NewMultipartReader(bytes.NewReader(body), boundary)
	n := 0
	for w.seen < maxParts {
		p, err := mr.NextPart()
		if err != nil {
			break
		}
		n++
		w.seen++
		data, _ := io.ReadAll(p) // a part cut short is read as far as it goes
		t := w.entity(p.Header, data, depth+1)
		if alt {
			out.plain = orElse(out.plain, t.plain)
			out.html = orElse(out.html, t.html)
		} else {
			out.plain = joinText(out.plain, t.plain)
			out.html = joinText(out.html, t.html)
		}
	}
	return out, n
}

// boundaryLine matches a line that may be a boundary delimiter.
var boundaryLine = regexp.MustCompile(`^--([0-9A-Za-z'()+_,./:=?-]{1,70})[ \t]*$`)

// guessBoundary finds the boundary a body uses: the first line shaped like
// a delimiter that is followed by a header field.
func guessBoundary(body []byte) string {
	sc := bufio.NewScanner(bytes.NewReader(body))
	sc.Buffer(nil, 1<<16)
	prev := ""
	for sc.Scan() {
		line := strings.TrimRight(sc.Text(), "\r")
		if prev != "" && fieldLine.MatchString(line) {
			return prev
		}
		prev = ""
		if m := boundaryLine.FindStringSubmatch(line); m != nil {
			prev = m[1]
		}
	}
	return ""
}

// decode undoes the transfer encoding of a text part and turns it into
// UTF-8. Broken encodings are read as far as they go.
func (w *walker) decode(h textproto.Header, ct mediaType, body []byte) string {
	var th message.Header
	th.Set("Content-Transfer-Encoding", h.Get("Content-Transfer-Encoding"))
	// Without a Content-Type, go-message undoes only the transfer encoding;
	// an unknown encoding leaves the body as it is.
	e, _ := message.New(th, bytes.NewReader(body))
	data, _ := io.ReadAll(e.Body)
	cs := ct.params["charset"]
	if w.charset == "" {
		w.charset = cs
	}
	if cs == "" && ct.name == "text/html" && !utf8.Valid(data) {
		_, cs, _ = htmlcharset.DetermineEncoding(data, "text/html")
	}
	return strings.ReplaceAll(strings.ReplaceAll(decodeCharset(data, cs), "\r\n", "\n"), "\r", "\n")
}

// decodeCharset turns data in charset cs into UTF-8. Text that claims to
// be UTF-8 or ASCII, or names a charset nobody knows, is read as UTF-8 if
// it is valid and as Windows-1252 (a superset of Latin-1) if not.
func decodeCharset(data []byte, cs string) string {
	switch strings.ToLower(strings.TrimSpace(cs)) {
	case "", "utf-8", "utf8", "us-ascii", "ascii":
	default:
		if r, err := charset.Reader(cs, bytes.NewReader(data)); err == nil {
			out, _ := io.ReadAll(r)
			return strings.ToValidUTF8(string(out), "\uFFFD")
		}
	}
	if utf8.Valid(data) {
		return string(data)
	}
	out, _ := charmap.Windows1252.NewDecoder().Bytes(data)
	return strings.ToValidUTF8(string(out), "\uFFFD")
}

// contentType parses a Content-Type leniently; a type without a subtype
// is plain text (RFC 2045, section 5.2).
func contentType(v string) mediaType {
	if strings.TrimSpace(v) == "" {
		return mediaType{name: "text/plain"}
	}
	mt := withParams(v)
	if !strings.Contains(mt.name, "/") {
		mt.name = "text/plain"
	}
	return mt
}

// withParams parses a header value with parameters, such as Content-Type
// or Content-Disposition. A value the strict parser refuses still gives
// its name and the parameters that can be read.
func withParams(v string) mediaType {
	name, params, err := mime.ParseMediaType(v)
	if err == nil {
		return mediaType{name: name, params: params}
	}
	name, rest, _ := strings.Cut(v, ";")
	params = map[string]string{}
	for _, m := range mediaParam.FindAllStringSubmatch(rest, 20) {
		key := strings.ToLower(m[1])
		if _, dup := params[key]; !dup {
			params[key] = m[2] + m[3]
		}
	}
	return mediaType{name: strings.ToLower(strings.TrimSpace(name)), params: params}
}

var mediaParam = regexp.MustCompile(`(?i)(?:^|[;\s])([a-z0-9*_.-]+)\s*=\s*(?:"([^"]*)"?|([^;\s"]+))`)

// attachment reports whether a part is an attachment rather than the text
// of the mail: so marked, or carrying a file name.
func attachment(h textproto.Header, ct mediaType) bool {
	disp := withParams(h.Get("Content-Disposition"))
	if disp.name == "attachment" {
		return true
	}
	return ct.params["name"] != "" || disp.params["filename"] != "" ||
		ct.params["name*"] != "" || disp.params["filename*"] != ""
}

// orElse returns s, or t when s is blank.
func orElse(s, t string) string {
	if strings.TrimSpace(s) == "" {
		return t
	}
	return s
}

// joinText joins two texts with a line break.
func joinText(s, t string) string {
	if strings.TrimSpace(t) == "" {
		return s
	}
	if strings.TrimSpace(s) == "" {
		return t
	}
	return strings.TrimRight(s, "\n") + "\n" + t
}
