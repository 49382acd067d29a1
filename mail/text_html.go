package mail

import (
	"strings"

	"golang.org/x/net/html"
)

// htmlText turns an HTML body into text as a mail client would show it:
// scripts, styles and the head dropped, line breaks where blocks end,
// entities decoded. It stops at the first quoted block (a blockquote, the
// quote or signature containers of Gmail, Outlook, Yahoo and Thunderbird,
// or Outlook's rule before the quoted header), because nothing after it
// is the player's own.
func htmlText(s string) string {
	z := html.NewTokenizer(strings.NewReader(s))
	var t textWriter
	skip := 0 // depth inside elements whose text is not shown
	head := false
	pre := 0
	for {
		tt := z.Next()
		switch tt {
		case html.ErrorToken:
			return t.String()
		case html.TextToken:
			if skip == 0 && !head {
				t.text(string(z.Text()), pre > 0)
			}
		case html.StartTagToken, html.SelfClosingTagToken:
			name, attrs := tag(z)
			if quoteStart(name, attrs) {
				return t.String()
			}
			switch {
			case name == "head":
				head = tt == html.StartTagToken
			case name == "body":
				head, skip = false, 0
			case hidden[name]:
				if tt == html.StartTagToken {
					skip++
				}
			case name == "pre":
				pre++
				t.newline()
			case name == "br":
				t.breakLine()
			case name == "td" || name == "th":
				t.space()
			case block[name]:
				t.newline()
			}
		case html.EndTagToken:
			name, _ := z.TagName()
			switch n := string(name); {
			case n == "head":
				head = false
			case hidden[n]:
				skip = max(skip-1, 0)
			case n == "pre":
				pre = max(pre-1, 0)
				t.newline()
			case block[n]:
				t.newline()
			}
		}
	}
}

// hidden are the elements whose text a mail client does not show.
var hidden = map[string]bool{"script": true, "style": true, "title": true, "template": true, "xml": true}

// block are the elements that start and end a line.
var block = map[string]bool{
	"p": true, "div": true, "tr": true, "li": true, "ul": true, "ol": true, "table": true,
	"h1": true, "h2": true, "h3": true, "h4": true, "h5": true, "h6": true,
	"dl": true, "dt": true, "dd": true, "section": true, "article": true,
	"header": true, "footer": true, "center": true, "address": true,
}

// tag reads the name of the current tag and the attributes pbem looks at.
func tag(z *html.Tokenizer) (string, map[string]string) {
	name, more := z.TagName()
	attrs := map[string]string{}
	for more {
		var k, v []byte
		k, v, more = z.TagAttr()
		switch key := string(k); key {
		case "class", "id", "type", "data-smartmail", "name":
			attrs[key] = strings.ToLower(string(v))
		}
	}
	return string(name), attrs
}

// quoteMarks are the class and id words of the containers in which mail
// clients put quoted mail and signatures.
var quoteMarks = []string{
	"gmail_quote", "gmail_signature", "gmail_attr", // Gmail
	"divrplyfwdmsg", "appendonsend", "ms-outlook-mobile-signature", // Outlook
	"yahoo_quoted",                                              // Yahoo, also inside words such as "ydpc0ffeeyahoo_quoted"
	"moz-cite-prefix", "moz-signature", "moz-forward-container", // Thunderbird
	"protonmail_quote", "protonmail_signature_block", // Proton Mail
	"isreplycontent", "ntes-mailmaster-quote", // NetEase (163.com)
	"zmail_extra", "mail-quote-collapse", // others seen in the wild
}

// quoteStart reports whether a start tag opens quoted mail or a signature.
func quoteStart(name string, attrs map[string]string) bool {
	if name == "blockquote" || name == "hr" {
		return true
	}
	if attrs["data-smartmail"] == "gmail_signature" {
		return true
	}
	for _, a := range []string{attrs["class"], attrs["id"]} {
		for _, w := range strings.Fields(a) {
			for _, m := range quoteMarks {
				if w == m || (m == "yahoo_quoted" && strings.Contains(w, m)) {
					return true
				}
			}
		}
	}
	return false
}

// textWriter gathers text the way HTML lays it out: runs of white space
// are one space, and lines break only where the markup says.
type textWriter struct {
	b       strings.Builder
	line    bool // the current line has text
	pending bool // a space is due before the next word
}

func (t *textWriter) text(s string, pre bool) {
	if pre {
		for i, l := range strings.Split(s, "\n") {
			if i > 0 {
				t.breakLine()
			}
			t.word(l)
		}
		return
	}
	if s != "" && isHTMLSpace(s[0]) {
		t.space()
	}
	for _, w := range strings.FieldsFunc(s, func(r rune) bool { return r < 0x80 && isHTMLSpace(byte(r)) }) {
		t.word(w)
		t.pending = true
	}
	if s != "" && !isHTMLSpace(s[len(s)-1]) {
		t.pending = false
	}
}

func (t *textWriter) word(w string) {
	if w == "" {
		return
	}
	if t.pending && t.line {
		t.b.WriteByte(' ')
	}
	t.b.WriteString(w)
	t.line, t.pending = true, false
}

func (t *textWriter) space() { t.pending = t.line }

// breakLine ends the line, even an empty one, as <br> does.
func (t *textWriter) breakLine() {
	t.b.WriteByte('\n')
	t.line, t.pending = false, false
}

// newline ends the current line if it has text, as a block does.
func (t *textWriter) newline() {
	if t.line {
		t.breakLine()
	}
}

func (t *textWriter) String() string { return t.b.String() }

func isHTMLSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f'
}
