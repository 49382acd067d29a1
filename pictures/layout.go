package pictures

import (
	"strings"
	"sync"
	"unicode"

	xfont "golang.org/x/image/font"
	"golang.org/x/image/font/sfnt"
	"golang.org/x/image/math/fixed"
)

// Every picture is drawn for a phone first: most mail is read about 360
// CSS pixels wide, and a picture shown there must have no text under 10
// pixels. A mail's column at that width is some 310 pixels (its padding),
// so a page is PageWidth wide and no text is smaller than MinFont:
// PageWidth/MinFont = 30, and 12 px becomes 10.3 px at 310. The board,
// the players and what only the reader sees lie one below the other.
const (
	PageWidth = 360.0
	MinFont   = 12.0
	Margin    = 12.0 // between the page's edge and what is on it
)

// The sizes of the pictures' texts.
const (
	SmallSize   = MinFont // notes, legends, labels in the board
	BodySize    = 13.0    // the lines of a player's area
	HeadingSize = 15.0    // a section's or a player's name
	TitleSize   = 16.0    // the picture's first line
)

// TextWidth is how wide s is written in f, in the Go font or, for the
// characters it lacks, the Chinese font.
func (p *Picture) TextWidth(s string, f Font) float64 {
	w := 0.0
	for _, r := range s {
		w += p.advance(r, f.Bold)
	}
	w *= f.Size / advanceSize
	if f.Bold && hasFallback(s) {
		w += float64(boldOffset(f.Size))
	}
	return w
}

// advanceSize is the size advance measures at.
const advanceSize = 64

// advKey is a character in a weight.
type advKey struct {
	r    rune
	bold bool
}

// advance is how far r moves the pen at advanceSize: a Latin-1
// character from a table measured once, any other measured once per
// picture: a picture measures the same few dozen characters again and
// again as it breaks its texts into lines.
func (p *Picture) advance(r rune, bold bool) float64 {
	if r >= 0 && r < latinRunes {
		return latinAdvances()[b2i(bold)][r]
	}
	k := advKey{r, bold}
	if a, ok := p.adv[k]; ok {
		return a
	}
	if p.adv == nil {
		p.adv = map[advKey]float64{}
	}
	a := measure(r, bold)
	p.adv[k] = a
	return a
}

// latinRunes is how many characters, from 0, latinAdvances holds.
const latinRunes = 256

// latinAdvances are the advances of the Latin-1 characters in each
// weight, measured on first use and never changed after.
var latinAdvances = sync.OnceValue(func() *[2][latinRunes]float64 {
	var t [2][latinRunes]float64
	for bold := range 2 {
		for r := range rune(latinRunes) {
			t[bold][r] = measure(r, bold == 1)
		}
	}
	return &t
})

// measure is how far r moves the pen at advanceSize, in the Go font or,
// for the characters it lacks, the Chinese font; half the size for one
// neither has.
func measure(r rune, bold bool) float64 {
	src := rasterFaces()[b2i(bold)]
	if fallback(r) {
		src = cjkRaster()
	}
	a := advanceSize / 2.0
	var b sfnt.Buffer
	if g, err := src.GlyphIndex(&b, r); err == nil && g != 0 {
		if adv, err := src.GlyphAdvance(&b, g, fixed.I(advanceSize), xfont.HintingNone); err == nil {
			a = float64(adv) / 64
		}
	}
	return a
}

// LineHeight is the distance between the baselines of f's lines.
func LineHeight(f Font) float64 { return f.Size * 1.35 }

// Para writes s from x with its first baseline at y, broken into lines
// no wider than right-x (between words, or between any two Chinese
// characters), and returns the baseline after its last line. The whole
// text stays one text for Texts.
func (p *Picture) Para(x, y, right float64, s string, f Font, class string) float64 {
	lines := p.wrap(s, f, right-x)
	for i, l := range lines {
		it := item{kind: textKind, class: class, pts: []Point{{x, y}}, text: l, font: f}
		if len(lines) > 1 {
			if i == 0 {
				it.whole = s
			} else {
				it.cont = true
			}
		}
		if l != "" {
			p.add(it)
		}
		y += LineHeight(f)
	}
	return y
}

// wrap breaks s into lines no wider than width where it can.
func (p *Picture) wrap(s string, f Font, width float64) []string {
	if p.TextWidth(s, f) <= width {
		return []string{s}
	}
	var lines []string
	line := ""
	for _, a := range atoms(s) {
		next := line + a
		if line != "" && p.TextWidth(strings.TrimRight(next, " "), f) > width {
			lines = append(lines, strings.TrimRight(line, " "))
			line = strings.TrimLeft(a, " ")
			continue
		}
		line = next
	}
	return append(lines, strings.TrimRight(line, " "))
}

// atoms splits s where a line may break: after each space, and before and
// after each Chinese character (but not before Chinese punctuation, which
// stays with the character before it).
func atoms(s string) []string {
	var out []string
	start := 0
	prevCJK := false
	for i, r := range s {
		cjk := fallback(r)
		switch {
		case i > start && cjk && !unicode.IsPunct(r):
			out = append(out, s[start:i])
			start = i
		case i > start && prevCJK && !cjk && r != ' ' && !unicode.IsPunct(r):
			out = append(out, s[start:i])
			start = i
		}
		if r == ' ' {
			out = append(out, s[start:i+1])
			start = i + 1
		}
		prevCJK = cjk
	}
	if start < len(s) {
		out = append(out, s[start:])
	}
	return out
}

// Fit writes s at x, y, as one line, in f or, when it is wider than
// width, in as small a size as makes it fit down to MinFont, then broken
// into lines; it returns the baseline after it.
func (p *Picture) Fit(x, y, width float64, s string, f Font, class string) float64 {
	for f.Size > MinFont && p.TextWidth(s, f) > width {
		f.Size = max(MinFont, f.Size-1)
	}
	left := x
	switch f.Align {
	case Center:
		left = x - width/2
	case Right:
		left = x - width
	}
	if p.TextWidth(s, f) <= width {
		p.Text(x, y, s, f, class)
		return y + LineHeight(f)
	}
	f.Align = Left
	return p.Para(left, y, left+width, s, f, class)
}
