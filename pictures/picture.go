// Package pictures draws a game's board as a picture, from the view one
// seat may see and nothing more: one drawing per game, written out as SVG
// or PNG by the same code. A drawing is a list of shapes and texts in
// pixels from the top left (Picture); the SVG and raster back ends of
// github.com/tdewolff/canvas turn it into either format (the PNG's texts
// through the glyph rasterizer of golang.org/x/image), both with the Go
// fonts compiled into the program, so no system font is needed; the
// characters the Go fonts lack (Chinese) come from a subset of Noto Sans
// CJK SC compiled in beside them (cjk.go, cjk/README.md).
//
// Each seat has a colour, a shape and a letter or number, so a colour-blind
// reader tells seats apart; every picture lies on its own opaque, light
// background and reads the same in a dark mail theme.
package pictures

import (
	"errors"
	"fmt"
	"image/color"
	"math"

	"github.com/pbem-games/pbem/rules"
)

// ErrNoPicture is returned by DrawIn for a view its drawing cannot draw:
// a view of another game.
var ErrNoPicture = errors.New("pictures: no picture for this game")

// Drawing draws the views of one game: what a game registers as its
// picture (package catalog). It returns ErrNoPicture for a view of
// another game.
type Drawing func(p *Picture, v rules.View) error

// Draws is the Drawing of a game whose views are of type V, drawn by draw.
func Draws[V rules.View](draw func(p *Picture, v V)) Drawing {
	return func(p *Picture, v rules.View) error {
		w, ok := v.(V)
		if !ok {
			return fmt.Errorf("%w (%T)", ErrNoPicture, v)
		}
		draw(p, w)
		return nil
	}
}

// DrawIn returns the picture of a view by its game's drawing: the board
// as the view's seat may see it, in a reader's language: say writes each
// of the picture's words, a phrase of the rules (rules.Say) whose English
// format names it in the catalog, as the mail side writes its text (nil
// for English).
func DrawIn(d Drawing, v rules.View, say func(rules.Phrase) string) (*Picture, error) {
	if d == nil {
		return nil, fmt.Errorf("%w (%T)", ErrNoPicture, v)
	}
	p := &Picture{words: say}
	if err := d(p, v); err != nil {
		return nil, err
	}
	p.Height = math.Ceil(p.Height) // whole pixels, as the PNG has
	return p, nil
}

// Picture is a drawing: shapes and texts in order, in pixels from the top
// left of a Width by Height page.
type Picture struct {
	Width, Height float64
	Title         string // what the picture shows, for readers that cannot see it
	items         []item
	words         func(rules.Phrase) string // the reader's language; nil for English
	adv           map[advKey]float64        // the characters measured so far (layout.go)

}

// Point is a place on the page.
type Point struct{ X, Y float64 }

// Style is how a shape is painted: a zero colour paints nothing.
type Style struct {
	Fill   color.RGBA
	Stroke color.RGBA
	Width  float64 // of the stroke; 0 means 1
	Dash   bool
}

// Align places a text at its point.
type Align int

// The alignments of a text.
const (
	Left Align = iota
	Center
	Right
)

// Font is how a text is written.
type Font struct {
	Size  float64
	Bold  bool
	Color color.RGBA
	Align Align
}

type kind int

const (
	rectKind kind = iota
	circleKind
	polygonKind
	lineKind
	textKind
)

// item is one shape or text. Its class names what it shows (a rig, a
// unit, a seat), which the SVG carries and the tests count.
type item struct {
	kind  kind
	class string
	pts   []Point // rect: corner and size; circle: centre and (radius, 0)
	style Style
	text  string
	font  Font
	whole string // a text broken into lines (para): the whole, on its first line
	cont  bool   // a line of a text after its first
}

func (p *Picture) add(it item) { p.items = append(p.items, it) }

// Mark is where the items drawn next start, for Under.
func (p *Picture) Mark() int { return len(p.items) }

// Under draws a rectangle beneath everything drawn since the picture had
// mark items: a box whose height is known once its content is written.
func (p *Picture) Under(mark int, x, y, w, h float64, st Style, class string) {
	it := item{kind: rectKind, class: class, pts: []Point{{x, y}, {w, h}}, style: st}
	p.items = append(p.items[:mark], append([]item{it}, p.items[mark:]...)...)
}

// Rect draws a rectangle with its top left corner at x, y.
func (p *Picture) Rect(x, y, w, h float64, st Style, class string) {
	p.add(item{kind: rectKind, class: class, pts: []Point{{x, y}, {w, h}}, style: st})
}

// Circle draws a circle around x, y.
func (p *Picture) Circle(x, y, r float64, st Style, class string) {
	p.add(item{kind: circleKind, class: class, pts: []Point{{x, y}, {r, 0}}, style: st})
}

// Polygon draws a closed shape through pts.
func (p *Picture) Polygon(pts []Point, st Style, class string) {
	p.add(item{kind: polygonKind, class: class, pts: pts, style: st})
}

// Line draws an open line through pts; only its stroke is painted.
func (p *Picture) Line(pts []Point, st Style, class string) {
	st.Fill = color.RGBA{}
	p.add(item{kind: lineKind, class: class, pts: pts, style: st})
}

// Text writes s with its baseline at y.
func (p *Picture) Text(x, y float64, s string, f Font, class string) {
	if s == "" {
		return
	}
	p.add(item{kind: textKind, class: class, pts: []Point{{x, y}}, text: s, font: f})
}

// Texts returns every text of the picture, in drawing order; a text
// broken into lines is one text.
func (p *Picture) Texts() []string {
	var out []string
	for _, it := range p.items {
		switch {
		case it.kind != textKind || it.cont:
		case it.whole != "":
			out = append(out, it.whole)
		default:
			out = append(out, it.text)
		}
	}
	return out
}
