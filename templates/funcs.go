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

// turn says where a game stands in its own count after its move n:
// "after move 9", "round 3, after move 17", or the stage alone before the
// first move.
func turn(stage string, n int) string {
	move := ""
	if n > 0 {
		move = fmt.Sprintf("after move %d", n)
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

// wrap breaks every line of s longer than w runes at a space. The first
// piece keeps the line's own indentation and spacing; the pieces after it
// start with indent spaces. A word longer than a line stays whole.
func wrap(s string, indent, w int) string {
	var out []string
	for _, line := range strings.Split(s, "\n") {
		out = append(out, wrapLine(line, strings.Repeat(" ", indent), w)...)
	}
	return strings.Join(out, "\n")
}

func wrapLine(line, pad string, w int) []string {
	var out []string
	for utf8.RuneCountInString(line) > w {
		r := []rune(line)
		lead := len(r) - len([]rune(strings.TrimLeft(line, " ")))
		cut := -1
		for i := w; i > lead; i-- {
			if r[i] == ' ' {
				cut = i
				break
			}
		}
		for i := w + 1; cut < 0 && i < len(r); i++ {
			if r[i] == ' ' {
				cut = i
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
