package templates

import (
	"fmt"
	htmltemplate "html/template"
	"net/url"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/pbem-games/pbem/templates/words"
)

// width is the longest line of a text part, the board aside.
const width = 78

// textFuncs are the functions the text templates may call.
var textFuncs = map[string]any{
	"wrap":     func(indent int, s string) string { return wrap(s, indent, width) },
	"quote":    quote,
	"join":     join,
	"acting":   acting,
	"syntaxes": syntaxes,
	"groups":   groups,
	"last":     last,
	"next":     func(n int) int { return n + 1 },
	"pad":      pad,
	"widest":   widest,
	"hang":     func(label, s string) string { return wrap(label+s, Width(label), width) },
}

// htmlFuncs are the functions the HTML templates may call.
var htmlFuncs = map[string]any{
	"join":     func(sep any, xs []string) string { return strings.Join(xs, fmt.Sprint(sep)) },
	"joinHTML": joinHTML,
	"acting":   acting,
	"mailto":   func(addr string) string { return "mailto:" + addr },
	"cid":      cid,
	"markup":   markup,
	"lines":    func(s string) []string { return strings.Split(s, "\n") },
	"groups":   groups,
	"last":     last,
	"next":     func(n int) int { return n + 1 },
	"spans":    spans,
	"syntaxes": syntaxes,
	"flat": func(h htmltemplate.HTML) htmltemplate.HTML {
		return htmltemplate.HTML(strings.ReplaceAll(string(h), "\n", " "))
	},
	"hole":   func() htmltemplate.HTML { return hole },
	"halves": halves,
	"blocks": boardBlocks,
}

// boardBlock is a run of a text board's lines: drawn (a grid, a table,
// a line laid out in columns) or written (a sentence).
type boardBlock struct {
	Text  string
	Drawn bool
}

// boardBlocks cuts a text board into runs of drawn and written lines, for
// the HTML part to show a drawn run unwrapped (on a phone a row of a grid
// wrapped in two leaves its fields under the wrong letters; it scrolls
// sideways in its box instead) and to wrap a written one. A line is drawn
// when it lines up columns: two spaces running inside it, past its
// indent, which a sentence never has; or when it is nothing but marks
// and spaces (a grid's rule). An empty line goes with the run before it.
func boardBlocks(board string) []boardBlock {
	var out []boardBlock
	for _, line := range strings.SplitAfter(strings.TrimSuffix(board, "\n"), "\n") {
		body := strings.TrimSpace(line)
		drawn := strings.Contains(body, "  ") || body != "" && !strings.ContainsFunc(body, unicode.IsLetter)
		if n := len(out); n > 0 && (out[n-1].Drawn == drawn || body == "") { // an empty line goes with the run before it
			out[n-1].Text += line
			continue
		}
		out = append(out, boardBlock{Text: line, Drawn: drawn})
	}
	return out
}

// hole stands in a sentence for what a template writes itself, an
// element html/template must escape in its own context (a link): t
// prints the sentence with the hole, and halves cuts it there.
const hole htmltemplate.HTML = "\x01"

// halves cuts a sentence at its hole: the text before it and after it.
func halves(h htmltemplate.HTML) []htmltemplate.HTML {
	before, after, _ := strings.Cut(string(h), string(hole))
	return []htmltemplate.HTML{htmltemplate.HTML(before), htmltemplate.HTML(after)}
}

// languageFuncs are the functions of the templates of one language:
// t, the text of a message id, and turn, where a game stands.
func languageFuncs(p words.Printer, html bool) map[string]any {
	say := textSay(p)
	funcs := map[string]any{"t": say, "turn": func(stage string, n int) string { return turn(say, stage, n) }}
	if html {
		funcs["t"] = htmlSay(p)
	}
	return funcs
}

// textSay is the text templates' function t: the text of a message id
// in the reader's language, printed with its arguments
// ({{t "accepted.headline" .Game.Move}}). An id without a text is an
// error, not a mail.
func textSay(p words.Printer) func(id words.ID, args ...any) (string, error) {
	return func(id words.ID, args ...any) (string, error) {
		s, ok := p.Format(id, args...)
		if !ok {
			return "", fmt.Errorf("no text %q", id)
		}
		return s, nil
	}
}

// htmlSay is the HTML templates' t: the catalog's text is the program's
// own, written as a template's text is (its marks as they are), while
// each argument is escaped as html/template escapes an action's value in
// an element's text, unless it is HTML already (another t's, a markup's).
func htmlSay(p words.Printer) func(id words.ID, args ...any) (htmltemplate.HTML, error) {
	return func(id words.ID, args ...any) (htmltemplate.HTML, error) {
		for i, a := range args {
			switch a := a.(type) {
			case htmltemplate.HTML:
				args[i] = string(a)
			case string:
				args[i] = htmlEscaper.Replace(a)
			case fmt.Stringer:
				args[i] = htmlEscaper.Replace(a.String())
			}
		}
		s, ok := p.Format(id, args...)
		if !ok {
			return "", fmt.Errorf("no text %q", id)
		}
		return htmltemplate.HTML(s), nil
	}
}

// htmlEscaper escapes as html/template escapes a value in an element's
// text.
var htmlEscaper = strings.NewReplacer("\x00", "\uFFFD", `"`, "&#34;", "&", "&amp;", "'", "&#39;", "+", "&#43;", "<", "&lt;", ">", "&gt;")

// markup is HTML for a template to hand t as an argument: open and close,
// a template's own tags, around s escaped
// ({{t "over.intro" .To.Name (markup "<strong>" .Result "</strong>")}}).
func markup(open string, s any, close string) htmltemplate.HTML {
	return htmltemplate.HTML(open + string(escape(s)) + close)
}

// escape is s as HTML: escaped unless it is HTML already.
func escape(s any) htmltemplate.HTML {
	switch s := s.(type) {
	case htmltemplate.HTML:
		return s
	case string:
		return htmltemplate.HTML(htmlEscaper.Replace(s))
	}
	return htmltemplate.HTML(htmlEscaper.Replace(fmt.Sprint(s)))
}

// joinHTML joins xs, each HTML, with sep, as HTML.
func joinHTML(sep any, xs []htmltemplate.HTML) htmltemplate.HTML {
	parts := make([]string, len(xs))
	for i, x := range xs {
		parts[i] = string(x)
	}
	return htmltemplate.HTML(strings.Join(parts, string(escape(sep))))
}

// cid is the URL of a part of the mail by its Content-ID (RFC 2392),
// which html/template would otherwise refuse as an unknown scheme; the
// service makes the Content-ID, and it is escaped as a URL path.
func cid(contentID string) htmltemplate.URL {
	return htmltemplate.URL("cid:" + url.PathEscape(contentID))
}

// last returns the last of xs, "" for none: the latest of what happened.
func last(xs []string) string {
	if len(xs) == 0 {
		return ""
	}
	return xs[len(xs)-1]
}

// turn says where a game stands in its own count after its move n:
// "after move 9" ("mail.turn"), "round 3, after move 17" ("mail.comma"),
// or the stage alone before the first move.
func turn(say func(words.ID, ...any) (string, error), stage string, n int) string {
	move := ""
	if n > 0 {
		move, _ = say("mail.turn", n)
	}
	switch {
	case stage == "":
		return move
	case move == "":
		return stage
	}
	both, _ := say("mail.comma", stage, move)
	return both
}

// widest is the width of the widest of ss, in columns.
func widest(ss ...string) int {
	n := 0
	for _, s := range ss {
		n = max(n, Width(s))
	}
	return n
}

// spans writes each of xs, escaped, in a span of style, a template's own
// inline style, for t to put in its sentence.
func spans(style string, xs []string) []htmltemplate.HTML {
	out := make([]htmltemplate.HTML, len(xs))
	for i, x := range xs {
		out[i] = htmltemplate.HTML(`<span style="` + style + `">` + htmlEscaper.Replace(x) + `</span>`)
	}
	return out
}

// groups splits legal moves, in the order given, into the lines a player
// reads them in: moves that start alike (the same word, or the same two of
// a long move, or the same letters of a field such as E5) share a line, so
// a long list reads as a few kinds of move. Each line is a part of legal
// itself: a prompt groups up to a hundred moves in each of its parts, and
// a copy of each would be garbage the moment the mail is written.
func groups(legal []string) [][]string {
	var out [][]string
	key, start := "", 0
	for i, mv := range legal {
		k := groupKey(mv)
		if i > 0 && k != key {
			out = append(out, legal[start:i:i])
			start = i
		}
		key = k
	}
	if len(legal) > 0 {
		out = append(out, legal[start:len(legal):len(legal)])
	}
	return out
}

// groupKey is what moves of one line start with: the first two of four
// or more words, the first of two or three, the letters of a single one.
// It reads the words where they stand, as strings.Fields would cut them.
func groupKey(mv string) string {
	s0, e0 := field(mv, 0)
	s1, e1 := field(mv, e0)
	if s1 == e1 {
		return strings.TrimRightFunc(mv[s0:e0], unicode.IsDigit)
	}
	s2, e2 := field(mv, e1)
	s3, e3 := field(mv, e2)
	if s2 == e2 || s3 == e3 {
		return mv[s0:e0]
	}
	if s1 == e0+1 && mv[e0] == ' ' {
		return mv[s0:e1] // the two words as the move writes them
	}
	return mv[s0:e0] + " " + mv[s1:e1]
}

// field returns where the first word of s at or after from starts and
// ends, a word being what lies between spaces (unicode.IsSpace); start
// and end are len(s) when there is none.
func field(s string, from int) (start, end int) {
	start = len(s)
	for i, r := range s[from:] {
		if !unicode.IsSpace(r) {
			start = from + i
			break
		}
	}
	end = len(s)
	for i, r := range s[start:] {
		if unicode.IsSpace(r) {
			end = start + i
			break
		}
	}
	return start, end
}

// join joins xs with sep; its arguments are in the order a pipeline
// wants them: {{join ", " .Variants}}.
func join(sep string, xs []string) string { return strings.Join(xs, sep) }

// acting returns the names of the players to move now, the recipient
// aside: a mail that does not prompt them has no turn of theirs to tell.
func acting(ps []PlayerLine) []string {
	var names []string
	for _, p := range ps {
		if p.ToAct && !p.You {
			names = append(names, p.Name)
		}
	}
	return names
}

// syntaxes returns how each command is written.
func syntaxes(cs []CommandHelp) []string {
	var ss []string
	for _, c := range cs {
		ss = append(ss, c.Syntax)
	}
	return ss
}

// quote wraps s to fit the width after prefix and puts prefix before each
// of its lines: {{quote "> " .Said}}.
func quote(prefix, s string) string {
	lines := strings.Split(wrap(s, 0, width-utf8.RuneCountInString(prefix)), "\n")
	for i, l := range lines {
		lines[i] = strings.TrimRight(prefix+l, " ")
	}
	return strings.Join(lines, "\n")
}

// wrap breaks every line of s wider than w columns at a space, or
// between two Chinese characters. The first piece keeps the line's own
// indentation and spacing; the pieces after it start with indent spaces.
// A word longer than a line stays whole. A wide character (Chinese, and
// full-width forms) takes two columns, as a monospace font shows it, so
// that text boards and lists stay aligned.
func wrap(s string, indent, w int) string {
	var out []string
	for _, line := range strings.Split(s, "\n") {
		out = append(out, wrapLine(line, strings.Repeat(" ", indent), w)...)
	}
	return strings.Join(out, "\n")
}

func wrapLine(line, pad string, w int) []string {
	var out []string
	for Width(line) > w {
		r := []rune(line)
		lead := len(r) - len([]rune(strings.TrimLeft(line, " ")))
		cut, col := -1, 0
		for i := 0; i < len(r); i++ {
			if i > lead && mayBreak(r, i) && (col <= w || cut < 0) {
				cut = i
			}
			if col += runeWidth(r[i]); col > w && cut >= 0 {
				break
			}
		}
		rest := strings.TrimLeft(string(r[max(cut, 0):]), " ")
		if cut < 0 || rest == "" {
			break
		}
		out = append(out, strings.TrimRight(string(r[:cut]), " "))
		line = pad + rest
	}
	return append(out, strings.TrimRight(line, " "))
}

// mayBreak reports whether a line may break before r[i]: at a space, or
// between two characters of which one is wide, unless r[i] closes (，。）)
// or r[i-1] opens (（「).
func mayBreak(r []rune, i int) bool {
	if r[i] == ' ' {
		return true
	}
	if r[i-1] == ' ' || !wide(r[i]) && !wide(r[i-1]) {
		return false
	}
	return !strings.ContainsRune(closing, r[i]) && !strings.ContainsRune(opening, r[i-1])
}

// Marks no line may start with, and marks no line may end with (the
// Chinese rules of line breaking, GB/T 15834).
const (
	closing = "，。、；：！？）」』】》〉”’…—·,.;:!?)]}%"
	opening = "（「『【《〈“‘([{"
)

// pad fills s with spaces to n columns, as %-ns does for a text of one
// column a character: a column of Chinese names stays aligned.
func pad(n int, s string) string {
	return s + strings.Repeat(" ", max(0, n-Width(s)))
}

// Width is how many columns s takes in a monospace font: two for a wide
// character, one for any other.
func Width(s string) int {
	n := 0
	for _, r := range s {
		n += runeWidth(r)
	}
	return n
}

func runeWidth(r rune) int {
	if wide(r) {
		return 2
	}
	return 1
}

// wide reports whether r is East Asian Wide or Fullwidth (UAX #11), as
// far as pbem writes or reads: CJK ideographs and punctuation, kana,
// hangul and full-width forms.
func wide(r rune) bool {
	switch {
	case r < 0x1100:
		return false
	case r <= 0x115F, // hangul jamo
		r >= 0x2E80 && r <= 0x303E, // CJK radicals, punctuation
		r >= 0x3041 && r <= 0x33FF, // kana, CJK compatibility
		r >= 0x3400 && r <= 0x4DBF, // CJK extension A
		r >= 0x4E00 && r <= 0x9FFF, // CJK ideographs
		r >= 0xA960 && r <= 0xA97F,
		r >= 0xAC00 && r <= 0xD7A3, // hangul syllables
		r >= 0xF900 && r <= 0xFAFF, // CJK compatibility ideographs
		r >= 0xFE30 && r <= 0xFE4F, // CJK compatibility forms
		r >= 0xFF00 && r <= 0xFF60, // full-width forms
		r >= 0xFFE0 && r <= 0xFFE6,
		r >= 0x20000 && r <= 0x3FFFD:
		return true
	}
	return false
}
