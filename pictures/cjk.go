package pictures

import (
	_ "embed"
	"image"
	"image/draw"
	"math"
	"sync"

	"github.com/tdewolff/canvas"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/font/sfnt"
)

//go:generate go run ./internal/cjksubset

// cjkTTF is the Chinese font: a subset of Noto Sans CJK SC Regular
// (SIL Open Font License 1.1; cjk/README.md says what it holds and how it
// was made, cjk/OFL.txt is its license). The pictures write with it the
// characters the Go fonts lack, in one weight: bold Chinese is the
// regular thickened in the PNG, and made bold by the browser in the SVG.
//
//go:embed cjk/NotoSansCJKsc-Subset.ttf
var cjkTTF []byte

// cjkFamily names the Chinese font in the SVG's CSS.
const cjkFamily = "NotoSansCJKsc"

// cjkFonts is the Chinese font as canvas reads it, for both weights.
var cjkFonts = sync.OnceValue(func() *canvas.FontFamily {
	f := canvas.NewFontFamily(cjkFamily)
	f.MustLoadFont(cjkTTF, 0, canvas.FontRegular)
	f.MustLoadFont(cjkTTF, 0, canvas.FontBold)
	return f
})

// cjkRaster is the Chinese font as the raster back end reads it.
var cjkRaster = sync.OnceValue(func() *sfnt.Font {
	f, err := opentype.Parse(cjkTTF)
	if err != nil {
		panic("pictures: the Chinese font does not parse: " + err.Error())
	}
	return f
})

// fallbackRunes marks the characters of the Basic Multilingual Plane
// that the Chinese font writes: those it has and the Go font lacks.
var fallbackRunes = sync.OnceValue(func() *[0x10000 / 64]uint64 {
	var set [0x10000 / 64]uint64
	var b sfnt.Buffer
	gofont, cjk := rasterFaces()[0], cjkRaster()
	for r := rune(firstFallback); r < 0x10000; r++ {
		if g, err := gofont.GlyphIndex(&b, r); err == nil && g != 0 {
			continue
		}
		if g, err := cjk.GlyphIndex(&b, r); err == nil && g != 0 {
			set[r/64] |= 1 << (r % 64)
		}
	}
	return &set
})

// firstFallback is the first character the Go font may lack that the
// Chinese font has: the Go fonts cover Latin, Greek and Cyrillic, and
// every character before General Punctuation they lack the Chinese font
// lacks too.
const firstFallback = 0x2000

// fallback reports whether r is written in the Chinese font.
func fallback(r rune) bool {
	return r >= firstFallback && r < 0x10000 && fallbackRunes()[r/64]&(1<<(r%64)) != 0
}

// hasFallback reports whether any character of s is written in the
// Chinese font.
func hasFallback(s string) bool {
	for _, r := range s {
		if fallback(r) {
			return true
		}
	}
	return false
}

// run is a stretch of a text written in one font.
type run struct {
	text string
	cjk  bool
}

// runs splits s into its stretches in the Go font and in the Chinese.
func runs(s string) []run {
	var out []run
	start, cur := 0, false
	for i, r := range s {
		c := fallback(r)
		if i > 0 && c != cur {
			out = append(out, run{s[start:i], cur})
			start = i
		}
		cur = c
	}
	return append(out, run{s[start:], cur})
}

// embolden thickens a glyph's mask by off pixels to the right: the bold
// of a font that has one weight.
func embolden(mask *image.Alpha, off int) *image.Alpha {
	r := mask.Rect
	out := image.NewAlpha(image.Rect(r.Min.X, r.Min.Y, r.Max.X+off, r.Max.Y))
	draw.Draw(out, r, mask, r.Min, draw.Src)
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			a := mask.AlphaAt(x, y).A
			for k := 1; k <= off; k++ {
				if out.AlphaAt(x+k, y).A < a {
					out.SetAlpha(x+k, y, mask.AlphaAt(x, y))
				}
			}
		}
	}
	return out
}

// boldOffset is how many pixels bold thickens a Chinese glyph of size.
func boldOffset(size float64) int { return max(1, int(math.Round(size/20))) }

// MissingGlyphs returns the characters of the picture's texts that
// neither the Go fonts nor the Chinese font write, each once, in the
// order they come: a name in a rare script, which shows as empty boxes.
func (p *Picture) MissingGlyphs() []rune {
	var b sfnt.Buffer
	seen := map[rune]bool{}
	var out []rune
	for _, it := range p.items {
		if it.kind != textKind {
			continue
		}
		for _, r := range it.text {
			if seen[r] || fallback(r) {
				continue
			}
			seen[r] = true
			if g, err := rasterFaces()[b2i(it.font.Bold)].GlyphIndex(&b, r); err != nil || g == 0 {
				out = append(out, r)
			}
		}
	}
	return out
}
