package mail

import (
	"strings"
	"unicode"

	"golang.org/x/text/width"
)

// ownText turns a decoded body into the lines of the player's own words:
// HTML laid out as text, characters normalized, quotes and signature cut,
// at most maxLines lines. It reports whether lines were dropped for the
// limit.
func ownText(body string, isHTML bool, maxLines int) ([]string, bool) {
	if isHTML {
		body = htmlText(body)
	}
	return cut(normalize(body), maxLines)
}

// normalize splits text into lines and cleans each the way a player would
// expect: zero-width and other invisible characters removed, every kind of
// space a plain space, full-width letters and digits (as Chinese and
// Japanese input methods type them, "Ｅ５") narrowed to ASCII, trailing
// spaces trimmed.
func normalize(s string) []string {
	s = strings.ReplaceAll(s, "\r\n", "\n")
	s = strings.Map(func(r rune) rune {
		switch {
		case r == '\n' || r == '\r' || r == '\u2028' || r == '\u2029' || r == '\u0085':
			return '\n'
		case unicode.IsSpace(r):
			return ' '
		case unicode.IsControl(r), unicode.Is(unicode.Cf, r), r == '\uFFFC':
			return -1
		}
		return r
	}, s)
	s = width.Fold.String(s)
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		lines[i] = strings.TrimRight(l, " ")
	}
	return lines
}

// setText sets Text, Commands and Truncated from the player's own lines.
// Every non-empty line is a command line, trimmed and with inner spaces
// collapsed; its case is kept, for matching is the service's business.
func (p *Parsed) setText(lines []string, truncated bool, lim Limits) {
	p.Text = strings.Join(lines, "\n")
	p.Commands = []string{}
	p.Truncated = truncated
	for _, l := range lines {
		c := strings.Join(strings.Fields(l), " ")
		if c == "" {
			continue
		}
		if len(p.Commands) == lim.MaxCommands {
			p.Truncated = true
			break
		}
		if len(c) > MaxCommandBytes {
			c, p.Truncated = strings.TrimSpace(cutBytes(c, MaxCommandBytes)), true
		}
		p.Commands = append(p.Commands, c)
	}
}
