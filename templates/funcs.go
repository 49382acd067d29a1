package templates

import (
	"fmt"
	htmltemplate "html/template"
	"net/url"
	"strings"
	"unicode"
	"unicode/utf8"
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
	"turn":     turn,
	"pad":      pad,
}

// htmlFuncs are the functions the HTML templates may call.
var htmlFuncs = map[string]any{
	"join":   join,
	"acting": acting,
	"mailto": func(addr string) string { return "mailto:" + addr },
	"cid":    cid,
	"lines":  func(s string) []string { return strings.Split(s, "\n") },
	"groups": groups,
	"last":   last,
	"next":   func(n int) int { return n + 1 },
	"turn":   turn,
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

// turn says where a game stands in its own count after its move n, the
// move written by the template's format after ("after move %d"): "after
// move 9", "round 3, after move 17", or the stage alone before the first
// move.
func turn(stage, after string, n int) string {
	move := ""
	if n > 0 {
		move = fmt.Sprintf(after, n)
	}
	switch {
	case stage == "":
		return move
	case move == "":
		return stage
	}
	return stage + ", " + move
}

// groups splits legal moves, in the order given, into the lines a player
// reads them in: moves that start alike (the same word, or the same two of
// a long move, or the same letters of a field such as E5) share a line, so
// a long list reads as a few kinds of move.
func groups(legal []string) [][]string {
	var out [][]string
	key := ""
	for i, mv := range legal {
		k := groupKey(mv)
		if i == 0 || k != key {
			out = append(out, nil)
			key = k
		}
		out[len(out)-1] = append(out[len(out)-1], mv)
	}
	return out
}

func groupKey(mv string) string {
	w := strings.Fields(mv)
	switch {
	case len(w) == 0:
		return ""
	case len(w) >= 4:
		return w[0] + " " + w[1]
	case len(w) > 1:
		return w[0]
	}
	return strings.TrimRightFunc(w[0], unicode.IsDigit)
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
