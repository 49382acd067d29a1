package mail

import (
	"strings"
	"unicode"

	"golang.org/x/text/width"
)

// ownText turns a decoded body into the lines of the player's own words:
// HTML laid out as text, characters normalized, quotes and signature cut,
// at most maxLines lines. It reports whether lines were dropped for the
// limit. written are the same lines before full-width forms were narrowed,
// as the player wrote them, for what pbem relays (SAY).
func ownText(body string, isHTML bool, maxLines int) (lines, written []string, truncated bool) {
	if isHTML {
		body = htmlText(body)
	}
	folded, raw := normalizeBoth(body)
	at, truncated := cutAt(folded, maxLines)
	for _, i := range at {
		lines, written = append(lines, folded[i]), append(written, raw[i])
	}
	return lines, written, truncated
}

// normalize splits text into lines and cleans each the way a player would
// expect: zero-width and other invisible characters removed, every kind of
// space a plain space, full-width letters and digits (as Chinese and
// Japanese input methods type them, "Ｅ５") narrowed to ASCII, trailing
// spaces trimmed.
func normalize(s string) []string {
	folded, _ := normalizeBoth(s)
	return folded
}

// normalizeBoth is normalize, giving beside its lines the same lines with
// their full-width forms kept. Narrowing maps rune to rune and keeps line
// breaks, so the two are line for line the same.
func normalizeBoth(s string) (folded, written []string) {
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
	written = strings.Split(s, "\n")
	folded = strings.Split(width.Fold.String(s), "\n")
	for i := range written {
		written[i] = strings.TrimRight(written[i], " ")
		folded[i] = strings.TrimRight(folded[i], " ")
	}
	return folded, written
}

// setText sets Text, Commands, Written and Truncated from the player's own
// lines (and the same lines as written, full-width forms kept). Every
// non-empty line is a command line, trimmed and with inner spaces
// collapsed; its case is kept, for matching is the service's business.
func (p *Parsed) setText(lines, written []string, truncated bool, lim Limits) {
	p.Text = strings.Join(lines, "\n")
	p.Commands, p.Written = []string{}, []string{}
	p.Truncated = truncated
	for i, l := range lines {
		c := strings.Join(strings.Fields(l), " ")
		if c == "" {
			continue
		}
		if len(p.Commands) == lim.MaxCommands {
			p.Truncated = true
			break
		}
		w := strings.Join(strings.Fields(written[i]), " ")
		if len(c) > MaxCommandBytes {
			c, p.Truncated = strings.TrimSpace(cutBytes(c, MaxCommandBytes)), true
		}
		if len(w) > MaxCommandBytes {
			w = strings.TrimSpace(cutBytes(w, MaxCommandBytes))
		}
		p.Commands, p.Written = append(p.Commands, c), append(p.Written, w)
	}
}
