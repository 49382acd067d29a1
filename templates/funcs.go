package templates

import (
	"strings"
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
}

// htmlFuncs are the functions the HTML templates may call.
var htmlFuncs = map[string]any{
	"join":   join,
	"acting": acting,
	"mailto": func(addr string) string { return "mailto:" + addr },
	"lines":  func(s string) []string { return strings.Split(s, "\n") },
}

// join joins xs with sep; its arguments are in the order a pipeline
// wants them: {{join ", " .Variants}}.
func join(sep string, xs []string) string { return strings.Join(xs, sep) }

// acting returns the names of the players to move now.
func acting(ps []PlayerLine) []string {
	var names []string
	for _, p := range ps {
		if p.ToAct {
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
