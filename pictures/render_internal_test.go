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

// TestCachedGlyphs checks that a glyph written from the glyph cache is
// the face's own at every quarter-pixel position, the first time and
// again from the cache (between quarters the cache draws the quarter
// below).
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
				draw := func(f xfont.Face) *image.RGBA {
					img := image.NewRGBA(image.Rect(0, 0, 30, 30))
					d := &xfont.Drawer{Dst: img, Src: image.NewUniform(color.RGBA{0x20, 0x20, 0x20, 0xff}), Face: f, Dot: dot}
					d.DrawString(string(r))
					return img
				}
				want := draw(face)
				for round := range 2 {
					if got := draw(cachedFace{face, key}); !bytes.Equal(got.Pix, want.Pix) {
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

func mustStart(t *testing.T, g rules.Game, seats int, seed uint64) rules.State {
	t.Helper()
	st, err := g.Start(rules.Setup{Seats: seats, Seed: rules.SeedFromInt(seed)})
	if err != nil {
		t.Fatal(err)
	}
	return st
}
