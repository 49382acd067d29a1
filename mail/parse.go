package mail

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"regexp"
	"strings"
	"time"

	"github.com/emersion/go-message"
	_ "github.com/emersion/go-message/charset" // every common charset, for bodies and encoded words
	gomail "github.com/emersion/go-message/mail"
	"github.com/emersion/go-message/textproto"
)

// Parsed is what pbem reads from one mail.
//
// Every string in it that comes from a header is cleaned of control
// characters, so none can carry a line break into a mail pbem writes.
type Parsed struct {
	MessageID   string       `json:"messageId"`             // without angle brackets; "" if missing
	InReplyTo   []string     `json:"inReplyTo,omitempty"`   // ids without brackets
	References  []string     `json:"references,omitempty"`  // ids without brackets, oldest first; at most the last 50
	Subject     string       `json:"subject"`               // decoded (RFC 2047)
	From        string       `json:"from"`                  // the From address, lower-cased; "" if unreadable
	FromName    string       `json:"fromName,omitempty"`    // the From display name, decoded
	ReturnPath  string       `json:"returnPath,omitempty"`  // the envelope sender, lower-cased; "<>" for the null sender of bounces
	Recipients  []string     `json:"recipients"`            // envelope recipient candidates, lower-cased, in order: Delivered-To (all), X-Original-To, To, Cc; each once
	Date        time.Time    `json:"date"`                  // the Date header; zero if missing or unreadable
	Text        string       `json:"text"`                  // the player's own words: the plain text, else the HTML as text; quotes and signature cut
	Commands    []string     `json:"commands"`              // the command lines of Text, in order, trimmed, inner spaces collapsed
	Written     []string     `json:"-"`                     // Commands as written, full-width forms kept: what SAY relays
	Truncated   bool         `json:"truncated,omitempty"`   // lines or commands were dropped, or a command cut short, for the Limits
	Automatic   string       `json:"automatic,omitempty"`   // why a machine sent it, "auto-reply (Auto-Submitted: auto-replied)"; "" for a person's mail
	AuthResults []AuthResult `json:"authResults,omitempty"` // the Authentication-Results headers, topmost first; see Passed
	Size        int          `json:"size"`                  // bytes of the raw mail
	Language    string       `json:"language,omitempty"`    // the first tag of Content-Language (RFC 3282), e.g. "zh-CN"; "" if none
	Bounce      *Bounce      `json:"bounce,omitempty"`      // for a delivery report, who it says failed; nil for any other mail
}

// Limits bounds what [Parse] reads. Zero fields mean the defaults.
type Limits struct {
	MaxBytes    int // largest mail read; default 1 MiB
	MaxLines    int // lines of the player's own text kept; default 2000
	MaxCommands int // command lines kept; default 20

	// Self lists the service's own addresses: mail from one of them is
	// automatic ("our own mail"). Nil means none.
	Self []string
}

// Defaults for the zero fields of [Limits], and the longest command line
// kept: longer lines are cut there and the mail marked Truncated.
const (
	DefaultMaxBytes    = 1 << 20
	DefaultMaxLines    = 2000
	DefaultMaxCommands = 20
	MaxCommandBytes    = 1000
)

func (l Limits) withDefaults() Limits {
	if l.MaxBytes <= 0 {
		l.MaxBytes = DefaultMaxBytes
	}
	if l.MaxLines <= 0 {
		l.MaxLines = DefaultMaxLines
	}
	if l.MaxCommands <= 0 {
		l.MaxCommands = DefaultMaxCommands
	}
	return l
}

// Errors of [Parse] and [Read]. Their text is written for the sender of
// the mail.
var (
	ErrTooLarge = errors.New("mail: your mail is too large for pbem to read")
	ErrNotMail  = errors.New("mail: pbem could not read your mail")
)

// Read reads one mail from r, at most lim.MaxBytes of it, and parses it
// as [Parse] does. A longer mail is refused with [ErrTooLarge] after
// reading one byte more than the limit.
func Read(r io.Reader, lim Limits) (*Parsed, error) {
	lim = lim.withDefaults()
	raw, err := io.ReadAll(io.LimitReader(r, int64(lim.MaxBytes)+1))
	if err != nil {
		return nil, fmt.Errorf("mail: read: %w", err)
	}
	return Parse(raw, lim)
}

// Parse reads one raw mail. It returns an error only when the mail cannot
// be read at all: larger than lim.MaxBytes ([ErrTooLarge]), or without a
// header ([ErrNotMail]). Anything else a mail gets wrong (broken MIME,
// unknown charsets, malformed headers) is read as well as it can be.
func Parse(raw []byte, lim Limits) (*Parsed, error) {
	lim = lim.withDefaults()
	if len(raw) > lim.MaxBytes {
		return nil, fmt.Errorf("%w (larger than %d KiB)", ErrTooLarge, lim.MaxBytes>>10)
	}
	th, body, err := readHeader(raw)
	if err != nil {
		return nil, err
	}
	h := gomail.Header{Header: message.Header{Header: th}}
	w := walker{}
	t := w.entity(th, body, 0)
	p := &Parsed{Size: len(raw), Commands: []string{}, Recipients: []string{}}
	p.readFields(h, w.charset)
	text, isHTML := t.plain, false
	if strings.TrimSpace(text) == "" {
		text, isHTML = t.html, true
	}
	lines, written, truncated := ownText(text, isHTML, lim.MaxLines)
	p.setText(lines, written, truncated, lim)
	p.Automatic = automatic(h, p, lim.Self)
	if strings.HasPrefix(p.Automatic, "bounce ") {
		p.Bounce = readBounce(th, body)
	}
	return p, nil
}

// readHeader splits raw into its header and body. Lines of the header that
// are neither fields nor their continuations are dropped rather than
// refused, as is an mbox "From " line.
func readHeader(raw []byte) (textproto.Header, []byte, error) {
	head, body := splitHeader(raw)
	var kept bytes.Buffer
	field := false
	for len(head) > 0 {
		line := head
		if i := bytes.IndexByte(head, '\n'); i >= 0 {
			line, head = head[:i+1], head[i+1:]
		} else {
			head = nil
		}
		switch {
		case line[0] == ' ' || line[0] == '\t':
			if !field {
				continue
			}
		case fieldLine.Match(line):
			field = true
		default:
			field = false
			continue
		}
		kept.Write(bytes.TrimRight(line, "\r\n"))
		kept.WriteString("\r\n")
	}
	if kept.Len() == 0 {
		return textproto.Header{}, nil, fmt.Errorf("%w: it has no header", ErrNotMail)
	}
	kept.WriteString("\r\n")
	// The lines are all well-formed now, so an error can only mean a
	// header cut short; what was read is kept.
	h, _ := textproto.ReadHeader(bufio.NewReader(&kept))
	return h, body, nil
}

// fieldLine matches the start of a header field: a name of printable
// ASCII, perhaps spaces, and a colon.
var fieldLine = regexp.MustCompile(`^[!-9;-~]+[ \t]*:`)

// splitHeader cuts raw at the first empty line.
func splitHeader(raw []byte) (head, body []byte) {
	for i := 0; i < len(raw); {
		j := bytes.IndexByte(raw[i:], '\n')
		if j < 0 {
			return raw, nil
		}
		line := raw[i : i+j]
		if len(line) == 0 || (len(line) == 1 && line[0] == '\r') {
			return raw[:i], raw[i+j+1:]
		}
		i += j + 1
	}
	return raw, nil
}
