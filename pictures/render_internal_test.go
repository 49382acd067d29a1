package pictures

import (
	"sync"

	"bytes"
	"image"
	"image/color"
	"image/png"
	"testing"

	"github.com/pbem-games/pbem/rules"
	"github.com/pbem-games/pbem/rules/altiplano"
	"github.com/pbem-games/pbem/rules/archipelago"
	"github.com/pbem-games/pbem/rules/atacama"

	"github.com/tdewolff/canvas"
	"github.com/tdewolff/canvas/renderers/rasterizer"
	xfont "golang.org/x/image/font"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/fixed"
)

// TestFillRectIsTheRasterizers checks the quick fill of an upright
// rectangle on whole pixels against the rasterizer's own fill of it.
func TestFillRectIsTheRasterizers(t *testing.T) {
	f := filled{pts: []Point{{10, 20}, {70, 20}, {70, 45}, {10, 45}}, style: Style{Fill: color.RGBA{0x30, 0x80, 0xc0, 0xff}}}
	ras := rasterizer.New(100, 60, canvas.DPMM(1), canvas.LinearColorSpace{})
	ctx := canvas.NewContext(ras)
	ctx.SetCoordSystem(canvas.CartesianIV)
	ctx.SetFillColor(f.style.Fill)
	ctx.SetStroke(nil)
	ctx.DrawPath(0, 0, polygonPath(f.pts, true))
	ras.Close()
	want := ras.Image.(*image.RGBA)

	got := image.NewRGBA(want.Rect)
	if !fillRect(got, f) {
		t.Fatal("fillRect did not fill an upright rectangle")
	}
	if !bytes.Equal(got.Pix, want.Pix) {
		t.Error("fillRect's pixels differ from the rasterizer's")
	}
	for _, other := range []filled{
		{pts: []Point{{10, 20}, {70, 25}, {70, 45}, {10, 45}}, style: f.style},                         // not upright
		{pts: f.pts, style: Style{Fill: color.RGBA{0x30, 0x80, 0xc0, 0x80}}},                           // not opaque
		{pts: []Point{{50, 30}}, circle: 10, style: f.style},                                           // a circle
		{pts: []Point{{10, 20}, {70, 20}, {40, 45}}, style: f.style},                                   // a triangle
		{pts: []Point{{10, 20}, {70, 20}, {70, 45}, {10, 45}, {5, 30}}, style: f.style},                // five corners
		{pts: []Point{{10, 20}, {70, 20}, {70, 45}, {10, 46}}, style: f.style},                         // nearly
		{pts: []Point{{10.5, 20}, {70, 20}, {70, 45}, {10, 45}}, style: Style{Fill: color.RGBA{A: 0}}}, // nothing to fill
	} {
		if fillRect(image.NewRGBA(want.Rect), other) {
			t.Errorf("fillRect filled %+v, which the rasterizer must draw", other)
		}
	}
}

// TestCachedGlyphs checks that a glyph written from the glyph cache at
// any position is the face's own at the whole pixel nearest it, the first
// time and again from the cache.
func TestCachedGlyphs(t *testing.T) {
	key := faceKey{size: 13, bold: true}
	face, err := opentype.NewFace(rasterFaces()[1], &opentype.FaceOptions{Size: key.size, DPI: 72, Hinting: xfont.HintingNone})
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range "Seat 0 (you), moves now: G5 C3 S1 +4" {
		for _, x := range []fixed.Int26_6{0, 16, 32, 48} {
			for _, y := range []fixed.Int26_6{0, 32} {
				dot := fixed.Point26_6{X: fixed.I(5) + x, Y: fixed.I(20) + y}
				draw := func(f xfont.Face, at fixed.Point26_6) *image.RGBA {
					img := image.NewRGBA(image.Rect(0, 0, 30, 30))
					d := &xfont.Drawer{Dst: img, Src: image.NewUniform(color.RGBA{0x20, 0x20, 0x20, 0xff}), Face: f, Dot: at}
					d.DrawString(string(r))
					return img
				}
				want := draw(face, fixed.P(dot.X.Round(), dot.Y.Round()))
				for round := range 2 {
					if got := draw(cachedFace{face, key}, dot); !bytes.Equal(got.Pix, want.Pix) {
						t.Errorf("%q at %v, round %d: the cached glyph differs from the face's", r, dot, round)
					}
				}
			}
		}
	}
}

// TestDrawAtOnce draws boards of every game as PNGs from several
// goroutines at once, as the outbox's workers do, sharing the glyph
// cache: every copy is byte for byte the one drawn alone (run with -race
// to check the cache's locking too).
func TestDrawAtOnce(t *testing.T) {
	views := []rules.View{}
	for _, g := range []rules.Game{atacama.Game, altiplano.Game, archipelago.Game} {
		st, err := g.Start(rules.Setup{Seats: 3, Seed: rules.SeedFromInt(7)})
		if err != nil {
			t.Fatal(err)
		}
		views = append(views, st.View(0), st.View(1))
	}
	png := func(v rules.View) []byte {
		p, err := Draw(v)
		if err != nil {
			t.Error(err)
			return nil
		}
		var b bytes.Buffer
		if err := p.WritePNG(&b); err != nil {
			t.Error(err)
		}
		return b.Bytes()
	}
	glyphs.Clear() // every goroutine races to fill the cache
	glyphsCount.Store(0)
	got := make([][]byte, 4*len(views))
	var wg sync.WaitGroup
	for i := range got {
		wg.Go(func() { got[i] = png(views[i%len(views)]) })
	}
	wg.Wait()
	for i, b := range got {
		if want := png(views[i%len(views)]); !bytes.Equal(b, want) {
			t.Errorf("picture %d drawn at once with others differs from the one drawn alone", i)
		}
	}
}

// TestNearestIsTheWholePalettes: the nearest colour, found among the
// exact colours and by rounding to the cube, is the one a search of the
// whole palette finds (the first of equals), for every colour.
func TestNearestIsTheWholePalettes(t *testing.T) {
	exact := []color.RGBA{paper, Ink, Faint, Edge, MarkColour, White, RGB(0xf5d76e), RGB(0x56b4e9), RGB(0x333333)}
	img := color.Palette{}
	for _, c := range newPalette(exact).colours {
		img = append(img, c)
	}
	for r := 0; r < 256; r += 3 {
		for g := 0; g < 256; g += 5 {
			for b := 0; b < 256; b += 7 {
				want, wantD := 0, 1<<30
				for i, c := range img {
					q := c.(color.RGBA)
					dr, dg, db := int(q.R)-r, int(q.G)-g, int(q.B)-b
					if d := 2*dr*dr + 4*dg*dg + 3*db*db; d < wantD {
						want, wantD = i, d
					}
				}
				if got := nearest(exact, len(exact), uint8(r), uint8(g), uint8(b)); got != want {
					t.Fatalf("nearest(#%02x%02x%02x) = %d (%v), want %d (%v)", r, g, b, got, img[got], want, img[want])
				}
			}
		}
	}
}

// TestPNGBandsArePixels: a PNG written in bands, with a cache that holds
// some of them from other pictures or without, decodes (its checksums
// right) to the picture's own pixels, each the palette's nearest colour.
func TestPNGBandsArePixels(t *testing.T) {
	cache := NewCache(8 << 20)
	for i, st := range []rules.State{
		mustStart(t, atacama.Game, 2, 3), mustStart(t, atacama.Game, 3, 4),
		mustStart(t, altiplano.Game, 2, 5), mustStart(t, archipelago.Game, 3, 6),
	} {
		for _, seat := range []rules.Seat{0, 1} {
			p, err := Draw(st.View(seat))
			if err != nil {
				t.Fatal(err)
			}
			var plain, banded bytes.Buffer
			if err := p.WritePNG(&plain); err != nil {
				t.Fatal(err)
			}
			if err := p.writePNG(&banded, cache); err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(plain.Bytes(), banded.Bytes()) {
				t.Errorf("picture %d, seat %d: the PNG differs with the cache's bands", i, seat)
			}
			img, err := png.Decode(bytes.NewReader(plain.Bytes()))
			if err != nil {
				t.Fatalf("picture %d: %v", i, err)
			}
			got, ok := img.(*image.Paletted)
			if !ok {
				t.Fatalf("picture %d decodes as %T, want paletted", i, img)
			}
			rgba := p.Image().(*image.RGBA)
			pal := newPalette(p.colours())
			want := pal.rows(nil, rgba, 0, rgba.Rect.Dy())
			w := rgba.Rect.Dx()
			for y := range rgba.Rect.Dy() {
				if !bytes.Equal(got.Pix[y*got.Stride:y*got.Stride+w], want[y*(w+1)+1:(y+1)*(w+1)]) {
					t.Fatalf("picture %d, seat %d: row %d differs from the picture's pixels", i, seat, y)
				}
			}
		}
	}
	if s := cache.bands.Stats(); s.Hits == 0 {
		t.Errorf("no band of one picture was found in another's: %+v", s)
	}
}

func mustStart(t testing.TB, g rules.Game, seats int, seed uint64) rules.State {
	t.Helper()
	st, err := g.Start(rules.Setup{Seats: seats, Seed: rules.SeedFromInt(seed)})
	if err != nil {
		t.Fatal(err)
	}
	return st
}

// TestSpanHoldsThePaint: every pixel an item paints lies in the rows of
// its span, which is what a band of a PNG is known by (bandpaint.go): an
// item painting outside its span would leave a band kept from another
// picture with stale pixels. Texts in the Go font and in Chinese, accents
// above and below, and shapes with thick, dashed and sharp-cornered
// strokes, each painted alone.
func TestSpanHoldsThePaint(t *testing.T) {
	ink := color.RGBA{0x20, 0x30, 0x40, 0xff}
	thick := Style{Fill: color.RGBA{0xc0, 0x40, 0x40, 0xff}, Stroke: ink, Width: 6}
	var items []item
	for _, s := range []string{"Ag", "ÉÅÇ ǺǾ ŷ", "gjpqy|}", "群岛玩家", "《南美高原》", "危机市场"} {
		for _, size := range []float64{9, 12, 18, 30} {
			for _, bold := range []bool{false, true} {
				items = append(items, item{kind: textKind, pts: []Point{{20, 100}}, text: s, font: Font{Size: size, Bold: bold, Color: ink}})
			}
		}
	}
	items = append(items,
		item{kind: rectKind, pts: []Point{{10.4, 40.6}, {80.3, 20.2}}, style: thick},
		item{kind: rectKind, pts: []Point{{10, 40}, {80, 20}}, style: Style{Fill: ink}},
		item{kind: circleKind, pts: []Point{{100, 100}, {30, 0}}, style: thick},
		item{kind: circleKind, pts: []Point{{100, 100}, {30, 0}}, style: Style{Stroke: ink, Width: 5}},
		item{kind: polygonKind, pts: []Point{{20, 150}, {180, 140}, {20, 130}}, style: thick},
		item{kind: polygonKind, pts: []Point{{100, 20}, {104, 180}, {96, 180}}, style: Style{Stroke: ink, Width: 8}},
		item{kind: lineKind, pts: []Point{{10, 60}, {190, 140}, {30, 150}}, style: Style{Stroke: ink, Width: 7, Dash: true}},
		item{kind: lineKind, pts: []Point{{50, 20}, {52, 180}}, style: Style{Stroke: ink, Width: 3}},
	)
	for i, it := range items {
		p := &Picture{Width: 200, Height: 200, items: []item{it}}
		img := p.Image().(*image.RGBA)
		sp := it.span()
		bg := color.RGBA{page.Fill.R, page.Fill.G, page.Fill.B, 0xff}
		painted := 0
		for y := range 200 {
			for x := range 200 {
				if img.RGBAAt(x, y) == bg {
					continue
				}
				painted++
				if !sp.crosses(y, y+1) {
					t.Fatalf("item %d (%v %q): paints row %d, outside its span %.1f to %.1f", i, it.kind, it.text, y, sp.top, sp.bottom)
				}
			}
		}
		if painted == 0 {
			t.Errorf("item %d (%v %q) paints nothing: the test shows nothing of it", i, it.kind, it.text)
		}
	}
}

// TestPaletteRows: the palette's indices of a picture's rows, as the PNG
// holds them, are each pixel's colour group's, pixel by pixel, whatever
// rows are asked for and whatever the slice they are appended to held.
func TestPaletteRows(t *testing.T) {
	p, err := Draw(mustStart(t, archipelago.Game, 3, 6).View(0))
	if err != nil {
		t.Fatal(err)
	}
	img := p.Image().(*image.RGBA)
	w, h := img.Rect.Dx(), img.Rect.Dy()
	pal := newPalette(p.colours())
	for _, rr := range [][2]int{{0, h}, {h / 3, h/3 + 7}, {h - 1, h}} {
		prefix := []byte{9, 8, 7}
		got := pal.rows(append([]byte(nil), prefix...), img, rr[0], rr[1])
		if !bytes.Equal(got[:3], prefix) || len(got) != 3+(rr[1]-rr[0])*(w+1) {
			t.Fatalf("rows %d to %d: %d bytes after the prefix %v, want %d after it unchanged", rr[0], rr[1], len(got)-3, got[:3], (rr[1]-rr[0])*(w+1))
		}
		got = got[3:]
		ref := newPalette(p.colours())
		for y := rr[0]; y < rr[1]; y++ {
			line := got[(y-rr[0])*(w+1):]
			if line[0] != 0 {
				t.Fatalf("row %d: filter byte %d, want 0", y, line[0])
			}
			for x := range w {
				c := img.RGBAAt(x, y)
				want := nearest(ref.colours[:ref.exact], ref.exact, c.R&^7|4, c.G&^7|4, c.B&^7|4)
				if i := ref.table[paletteKey(c.R, c.G, c.B)]; i >= 0 {
					want = int(i)
				}
				if int(line[1+x]) != want {
					t.Fatalf("pixel (%d, %d) %v: index %d, want %d", x, y, c, line[1+x], want)
				}
			}
		}
	}
}

// BenchmarkPaletteRows maps a whole board's pixels to the palette's
// indices, as a PNG is written.
func BenchmarkPaletteRows(b *testing.B) {
	p, err := Draw(mustStart(b, archipelago.Game, 3, 6).View(0))
	if err != nil {
		b.Fatal(err)
	}
	img := p.Image().(*image.RGBA)
	pal := newPalette(p.colours())
	var raw []byte
	for b.Loop() {
		raw = pal.rows(raw[:0], img, 0, img.Rect.Dy())
	}
}
