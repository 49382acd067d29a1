package pictures

import (
	"bytes"
	"encoding/base64"
	"fmt"
	"html"
	"image"
	"image/color"
	"image/draw"
	"io"
	"maps"
	"math"
	"slices"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/tdewolff/canvas"
	"github.com/tdewolff/canvas/renderers/rasterizer"
	"github.com/tdewolff/canvas/renderers/svg"
	"github.com/tdewolff/font"
	xfont "golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/font/sfnt"
	"golang.org/x/image/math/fixed"
)

// fonts is the Go font family, read from the bytes compiled into the
// program on first use and never changed after.
var fonts = sync.OnceValue(func() *canvas.FontFamily {
	f := canvas.NewFontFamily("Go")
	f.MustLoadFont(goregular.TTF, 0, canvas.FontRegular)
	f.MustLoadFont(gobold.TTF, 0, canvas.FontBold)
	return f
})

// WriteSVG writes the picture as an SVG document. Its texts are text, in
// the Go font embedded in the document (only the glyphs used, as WOFF2)
// and, for the characters it lacks, the Chinese font (cjk.go),
// and every shape that shows a piece of the game carries its class.
//
// Each shape and each text starts a line, so that a change to a drawing
// shows as the lines it changes.
func (p *Picture) WriteSVG(w io.Writer) error {
	var buf bytes.Buffer
	opts := svg.Options{SizeUnits: "px", ImageEncoding: canvas.Lossless}
	r := svg.New(&buf, p.Width, p.Height, &opts)
	if p.Title != "" {
		fmt.Fprintf(&buf, "<title>%s</title>", html.EscapeString(p.Title))
	}
	css, err := p.fontFaces(fonts())
	if err != nil {
		return err
	}
	fmt.Fprintf(&buf, "<style>%s</style>", css)
	p.paint(r, r.SetClass, false, nil)
	if err := r.Close(); err != nil {
		return err
	}
	buf.WriteString("\n")
	_, err = svgLines.WriteString(w, buf.String())
	return err
}

// svgLines breaks an SVG document before each element but those inside
// a text, where a line break would be a space.
var svgLines = strings.NewReplacer("><title", ">\n<title", "><style", ">\n<style", "><path", ">\n<path", "><text", ">\n<text", "></svg", ">\n</svg")

// fontFaces returns the CSS that embeds the glyphs of the picture's texts,
// regular and bold, always alike for the same texts.
func (p *Picture) fontFaces(fam *canvas.FontFamily) (string, error) {
	used := [2]map[rune]bool{{}, {}}
	cjk := map[rune]bool{}
	for _, it := range p.items {
		if it.kind == textKind {
			for _, r := range it.text {
				if fallback(r) {
					cjk[r] = true
				} else {
					used[b2i(it.font.Bold)][r] = true
				}
			}
		}
	}
	var css strings.Builder
	for bold, runes := range used {
		if len(runes) == 0 {
			continue
		}
		data, err := embedded(face(fam, Font{Size: 10, Bold: bold == 1}).Font.SFNT, runes)
		if err != nil {
			return "", err
		}
		weight := ""
		if bold == 1 {
			weight = "font-weight:700;"
		}
		fmt.Fprintf(&css, "\n@font-face{font-family:Go;%ssrc:url(data:font/woff2;base64,%s)}", weight, data)
	}
	if len(cjk) > 0 {
		data, err := embedded(face(cjkFonts(), Font{Size: 10}).Font.SFNT, cjk)
		if err != nil {
			return "", err
		}
		fmt.Fprintf(&css, "\n@font-face{font-family:%s;src:url(data:font/woff2;base64,%s)}", cjkFamily, data)
	}
	return css.String(), nil
}

// embedded is the subset of a font with the glyphs of runes, as WOFF2 in
// base64.
func embedded(sfnt *font.SFNT, runes map[rune]bool) (string, error) {
	ids := []uint16{0} // .notdef first
	for _, r := range slices.Sorted(maps.Keys(runes)) {
		if id := sfnt.GlyphIndex(r); id != 0 && !slices.Contains(ids, id) {
			ids = append(ids, id)
		}
	}
	sub, err := sfnt.Subset(ids, font.SubsetOptions{Tables: font.KeepMinTables})
	if err != nil {
		return "", fmt.Errorf("pictures: subset the font: %w", err)
	}
	data, err := sub.WriteWOFF2()
	if err != nil {
		return "", fmt.Errorf("pictures: write the font: %w", err)
	}
	return base64.StdEncoding.EncodeToString(data), nil
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// Image draws the picture at one pixel per unit.
func (p *Picture) Image() image.Image {
	r := rasterizer.New(p.Width, p.Height, canvas.DPMM(1), canvas.LinearColorSpace{})
	p.paint(r, nil, true, nil)
	r.Close()
	return r.Image
}

// WritePNG writes the picture as a PNG image at one pixel per unit, with
// a palette of the picture's own colours and a cube of others for the
// smoothed edges: a third of the bytes of full colour, and quicker to
// compress (pngbands.go).
func (p *Picture) WritePNG(w io.Writer) error { return p.writePNG(w, nil) }

// colours returns the colours the picture paints with, the page's first.
func (p *Picture) colours() []color.RGBA {
	seen := map[color.RGBA]bool{}
	var out []color.RGBA
	add := func(c color.RGBA) {
		if c.A == 0xff && !seen[c] {
			seen[c] = true
			out = append(out, c)
		}
	}
	add(page.Fill)
	add(Ink)
	for _, it := range p.items {
		add(it.style.Fill)
		add(it.style.Stroke)
		add(it.font.Color)
	}
	return out
}

// nearest is the index in a palette, exact colours then the cube from
// index cube, of the colour nearest r, g, b, as the eye
// weighs the channels. The cube's nearest is each channel's nearest
// step, the distance being a sum over the channels.
func nearest(exact []color.RGBA, cube int, r, g, b uint8) int {
	dist := func(q color.RGBA) int {
		dr, dg, db := int(q.R)-int(r), int(q.G)-int(g), int(q.B)-int(b)
		return 2*dr*dr + 4*dg*dg + 3*db*db
	}
	best, bestD := -1, 1<<30
	for i, c := range exact {
		if d := dist(c); d < bestD {
			best, bestD = i, d
		}
	}
	step := func(v uint8) int { return (int(v) + 25) / 51 }
	sr, sg, sb := step(r), step(g), step(b)
	if d := dist(color.RGBA{uint8(sr * 51), uint8(sg * 51), uint8(sb * 51), 0xff}); d < bestD {
		best = cube + sr*36 + sg*6 + sb
	}
	return best
}

// paint draws every item on r, the page first; class, when not nil, tells
// r the class of the items that follow. raster says r is the rasterizer,
// which is given every stroke as filled shapes, and whose image the texts
// are written into directly. keep, when not nil, says which items to draw,
// by their place counting the page as 0.
func (p *Picture) paint(r canvas.Renderer, class func(...string), raster bool, keep func(int) bool) {
	ctx := canvas.NewContext(r)
	ctx.SetCoordSystem(canvas.CartesianIV)
	fam := fonts()
	faces := map[faceKey]xfont.Face{}
	// The texts go straight into the raster's own image: drawn through the
	// rasterizer, every pixel of every glyph would take image/draw's
	// generic path, colour conversions and all.
	var img *image.RGBA
	if ras, ok := r.(*rasterizer.Rasterizer); ok {
		img, _ = ras.Image.(*image.RGBA)
	}
	items := append([]item{p.page()}, p.items...)
	for i, it := range items {
		if keep != nil && !keep(i) {
			continue
		}
		if class != nil {
			if it.class == "" {
				class()
			} else {
				class(it.class)
			}
		}
		switch {
		case it.kind == textKind && raster && img != nil:
			drawText(img, it, faces)
		case it.kind == textKind:
			paintText(ctx, fam, it)
		case raster:
			for _, f := range it.fills() {
				if img != nil && fillRect(img, f) {
					continue
				}
				ctx.ResetStyle()
				ctx.SetFillColor(f.style.Fill)
				ctx.SetStroke(nil)
				if f.circle > 0 {
					ctx.DrawPath(f.pts[0].X, f.pts[0].Y, canvas.Circle(f.circle))
				} else {
					ctx.DrawPath(0, 0, polygonPath(f.pts, true))
				}
			}
		default:
			ctx.ResetStyle()
			setPaint(ctx, it.style)
			switch it.kind {
			case rectKind:
				ctx.DrawPath(it.pts[0].X, it.pts[0].Y, canvas.Rectangle(it.pts[1].X, it.pts[1].Y))
			case circleKind:
				ctx.DrawPath(it.pts[0].X, it.pts[0].Y, canvas.Circle(it.pts[1].X))
			case polygonKind, lineKind:
				ctx.DrawPath(0, 0, polygonPath(it.pts, it.kind == polygonKind))
			}
		}
	}
}

// page is the rectangle under every item.
func (p *Picture) page() item {
	return item{kind: rectKind, class: "page", pts: []Point{{0, 0}, {p.Width, p.Height}}, style: page}
}

// fillRect fills f straight into img when it is an opaque rectangle
// upright on the page, its edges rounded to whole pixels, and says
// whether it did: the rasterizer would blend every pixel of it, a page
// or a panel costing as much as all the rest of a board.
func fillRect(img *image.RGBA, f filled) bool {
	if f.circle > 0 || len(f.pts) != 4 || f.style.Fill.A != 0xff {
		return false
	}
	p := f.pts
	upright := p[0].Y == p[1].Y && p[1].X == p[2].X && p[2].Y == p[3].Y && p[3].X == p[0].X ||
		p[0].X == p[1].X && p[1].Y == p[2].Y && p[2].X == p[3].X && p[3].Y == p[0].Y
	if !upright {
		return false
	}
	r := image.Rect(int(math.Round(p[0].X)), int(math.Round(p[0].Y)), int(math.Round(p[2].X)), int(math.Round(p[2].Y))).Canon()
	draw.Draw(img, r, image.NewUniform(f.style.Fill), image.Point{}, draw.Src)
	return true
}

func polygonPath(pts []Point, closed bool) *canvas.Path {
	path := &canvas.Path{}
	for i, pt := range pts {
		if i == 0 {
			path.MoveTo(pt.X, pt.Y)
		} else {
			path.LineTo(pt.X, pt.Y)
		}
	}
	if closed {
		path.Close()
	}
	return path
}

// rasterFaces are the Go fonts as the raster back end reads them, parsed
// on first use and never changed after.
var rasterFaces = sync.OnceValue(func() [2]*sfnt.Font {
	regular, err := opentype.Parse(goregular.TTF)
	if err != nil {
		panic("pictures: the Go font does not parse: " + err.Error())
	}
	bold, err := opentype.Parse(gobold.TTF)
	if err != nil {
		panic("pictures: the Go bold font does not parse: " + err.Error())
	}
	return [2]*sfnt.Font{regular, bold}
})

// faceKey is a font's size and weight, and whether it is the Chinese
// font.
type faceKey struct {
	size float64
	bold bool
	cjk  bool
}

// drawText writes a text into img with the glyph rasterizer of
// golang.org/x/image, which costs a tenth of filling the glyphs' outlines
// as paths; faces keeps the faces made so far for one picture.
func drawText(img *image.RGBA, it item, faces map[faceKey]xfont.Face) {
	k := faceKey{size: it.font.Size, bold: it.font.Bold}
	f := rasterFace(k, faces)
	if f == nil {
		return
	}
	var fc xfont.Face = cachedFace{f, k}
	if hasFallback(it.text) {
		ck := faceKey{size: k.size, bold: k.bold, cjk: true}
		if cf := rasterFace(ck, faces); cf != nil {
			fc = mixedFace{fc, cachedFace{cf, ck}}
		}
	}
	d := &xfont.Drawer{Dst: img, Src: image.NewUniform(textColour(it.font)), Face: fc}
	x := fixed.Int26_6(it.pts[0].X * 64)
	switch it.font.Align {
	case Center:
		x -= d.MeasureString(it.text) / 2
	case Right:
		x -= d.MeasureString(it.text)
	}
	d.Dot = fixed.Point26_6{X: x, Y: fixed.Int26_6(it.pts[0].Y * 64)}
	d.DrawString(it.text)
}

// rasterFace is the face of k, made on first use for one picture and
// kept in faces; nil if it cannot be made.
func rasterFace(k faceKey, faces map[faceKey]xfont.Face) xfont.Face {
	if f, ok := faces[k]; ok {
		return f
	}
	src := rasterFaces()[b2i(k.bold)]
	if k.cjk {
		src = cjkRaster()
	}
	f, err := opentype.NewFace(src, &opentype.FaceOptions{Size: k.size, DPI: 72, Hinting: xfont.HintingNone})
	if err != nil {
		return nil
	}
	faces[k] = f
	return f
}

// mixedFace writes each character in the Go font, or in the Chinese
// font when the Go font lacks it.
type mixedFace struct{ latin, cjk xfont.Face }

func (m mixedFace) pick(r rune) xfont.Face {
	if fallback(r) {
		return m.cjk
	}
	return m.latin
}

func (m mixedFace) Glyph(dot fixed.Point26_6, r rune) (image.Rectangle, image.Image, image.Point, fixed.Int26_6, bool) {
	return m.pick(r).Glyph(dot, r)
}

func (m mixedFace) GlyphBounds(r rune) (fixed.Rectangle26_6, fixed.Int26_6, bool) {
	return m.pick(r).GlyphBounds(r)
}

func (m mixedFace) GlyphAdvance(r rune) (fixed.Int26_6, bool) { return m.pick(r).GlyphAdvance(r) }

func (m mixedFace) Kern(r0, r1 rune) fixed.Int26_6 {
	if fallback(r0) || fallback(r1) {
		return 0
	}
	return m.latin.Kern(r0, r1)
}

func (m mixedFace) Metrics() xfont.Metrics { return m.latin.Metrics() }

func (m mixedFace) Close() error { return nil }

// cachedFace is a face whose glyphs come from the glyph cache, each drawn
// once, at a whole pixel: a board writes the same few dozen characters
// hundreds of times, and drawing a glyph's outline costs more than
// writing its pixels. A glyph starts at the whole pixel nearest its dot
// (the text keeps its measured advances, so it is no wider), which puts
// the same pixels wherever a character recurs: the PNG's compressor finds
// them again, and a Chinese board weighs a tenth less than with glyphs at
// quarter pixels.
type cachedFace struct {
	xfont.Face
	key faceKey
}

type glyphKey struct {
	face faceKey
	r    rune
}

type glyph struct {
	dr      image.Rectangle // where the mask goes, from the dot's pixel
	mask    *image.Alpha
	advance fixed.Int26_6
	ok      bool
}

// glyphs is the glyph cache, shared by every picture drawn; it keeps at
// most maxGlyphs glyphs (the Go fonts' few sizes in two weights need some
// thousands) and draws the others each time.
var (
	glyphs      sync.Map // glyphKey → glyph
	glyphsCount atomic.Int64
)

const maxGlyphs = 20000

func (f cachedFace) Glyph(dot fixed.Point26_6, r rune) (image.Rectangle, image.Image, image.Point, fixed.Int26_6, bool) {
	k := glyphKey{f.key, r}
	whole := image.Point{dot.X.Round(), dot.Y.Round()}
	if g, ok := glyphs.Load(k); ok {
		g := g.(glyph)
		return g.dr.Add(whole), g.mask, g.mask.Rect.Min, g.advance, g.ok
	}
	dr, mask, mp, advance, ok := f.Face.Glyph(fixed.Point26_6{}, r)
	// The face draws into a buffer of its own that its next glyph reuses.
	own := image.NewAlpha(image.Rectangle{Max: dr.Size()})
	if ok && mask != nil {
		draw.Draw(own, own.Rect, mask, mp, draw.Src)
	}
	if ok && f.key.cjk && f.key.bold {
		off := boldOffset(f.key.size)
		own = embolden(own, off)
		dr.Max.X += off
	}
	g := glyph{dr: dr, mask: own, advance: advance, ok: ok}
	if glyphsCount.Load() < maxGlyphs {
		if _, loaded := glyphs.LoadOrStore(k, g); !loaded {
			glyphsCount.Add(1)
		}
	}
	return dr.Add(whole), own, own.Rect.Min, advance, ok
}

func paintText(ctx *canvas.Context, fam *canvas.FontFamily, it item) {
	align := [...]canvas.TextAlign{Left: canvas.Left, Center: canvas.Center, Right: canvas.Right}[it.font.Align]
	if !hasFallback(it.text) {
		ctx.DrawText(it.pts[0].X, it.pts[0].Y, canvas.NewTextLine(face(fam, it.font), it.text, align))
		return
	}
	// A text with Chinese is written as its stretches in either font, one
	// after the other, so that each is measured in its own font.
	var parts []*canvas.Text
	width := 0.0
	for _, r := range runs(it.text) {
		f := fam
		if r.cjk {
			f = cjkFonts()
		}
		t := canvas.NewTextLine(face(f, it.font), r.text, canvas.Left)
		parts = append(parts, t)
		width += t.Width
	}
	x := it.pts[0].X
	switch it.font.Align {
	case Center:
		x -= width / 2
	case Right:
		x -= width
	}
	for _, t := range parts {
		ctx.DrawText(x, it.pts[0].Y, t)
		x += t.Width
	}
}

// face is the font face of f.
func face(fam *canvas.FontFamily, f Font) *canvas.FontFace {
	style := canvas.FontRegular
	if f.Bold {
		style = canvas.FontBold
	}
	return fam.Face(f.Size*ptPerPx, textColour(f), style)
}

func textColour(f Font) color.RGBA {
	if f.Color.A == 0 {
		return Ink
	}
	return f.Color
}

// ptPerPx turns a size in pixels into the points canvas measures fonts in
// (at one pixel per millimetre).
const ptPerPx = 72 / 25.4

func cmpOr(x, y float64) float64 {
	if x == 0 {
		return y
	}
	return x
}

func setPaint(ctx *canvas.Context, st Style) {
	if st.Fill.A > 0 {
		ctx.SetFillColor(st.Fill)
	} else {
		ctx.SetFill(nil)
	}
	if st.Stroke.A > 0 {
		ctx.SetStrokeColor(st.Stroke)
		ctx.SetStrokeWidth(cmpOr(st.Width, 1))
		ctx.SetStrokeJoiner(canvas.RoundJoiner{})
		ctx.SetStrokeCapper(canvas.RoundCapper{})
		if st.Dash {
			w := cmpOr(st.Width, 1)
			ctx.SetDashes(0, 3*w, 2*w)
		}
	} else {
		ctx.SetStroke(nil)
	}
}
