package pictures

import (
	"bytes"
	"image"
	"image/color"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestChineseRasterizes: Chinese text comes out in the PNG as its
// glyphs, not as the Go font's empty boxes: it paints pixels, and two
// different words of as many characters paint different ones, which
// boxes would not.
func TestChineseRasterizes(t *testing.T) {
	ink := func(s string, bold bool) (*image.RGBA, int) {
		p := &Picture{Width: 200, Height: 40}
		p.Text(10, 28, s, Font{Size: 18, Bold: bold}, "")
		img := p.Image().(*image.RGBA)
		n := 0
		for y := range 40 {
			for x := range 200 {
				if c := img.RGBAAt(x, y); c != (color.RGBA{page.Fill.R, page.Fill.G, page.Fill.B, 0xff}) {
					n++
				}
			}
		}
		return img, n
	}
	for _, bold := range []bool{false, true} {
		a, na := ink("群岛玩家", bold)
		b, nb := ink("危机市场", bold)
		if na < 100 || nb < 100 {
			t.Fatalf("bold %v: Chinese paints %d and %d pixels, want glyphs", bold, na, nb)
		}
		if bytes.Equal(a.Pix, b.Pix) {
			t.Errorf("bold %v: two Chinese words paint the same pixels: boxes", bold)
		}
	}
	_, regular := ink("群岛玩家", false)
	_, bold := ink("群岛玩家", true)
	if bold <= regular {
		t.Errorf("bold Chinese paints %d pixels, regular %d: bold should be thicker", bold, regular)
	}
}

// TestChineseSVG: an SVG with Chinese embeds the Chinese font's glyphs
// beside the Go font's, and the text keeps its words.
func TestChineseSVG(t *testing.T) {
	p := &Picture{Width: 300, Height: 60}
	p.Text(150, 30, "玩家 Ana：座位 2", Font{Size: 14, Bold: true, Align: Center}, "")
	var b bytes.Buffer
	if err := p.WriteSVG(&b); err != nil {
		t.Fatal(err)
	}
	svg := b.String()
	for _, want := range []string{"@font-face{font-family:Go;font-weight:700;", "@font-face{font-family:" + cjkFamily + ";", ">玩家</tspan>", "> Ana</tspan>", ">：座位</tspan>"} {
		if !strings.Contains(svg, want) {
			t.Errorf("the SVG lacks %q", want)
		}
	}
	if m := p.MissingGlyphs(); len(m) > 0 {
		t.Errorf("no glyph for %q", m)
	}
}

// TestCJKFontCovers: the Chinese font writes every character of the
// Chinese catalog, pbem's and each game's, and the games' glossaries; when
// one fails, make the font again (cjk/README.md).
func TestCJKFontCovers(t *testing.T) {
	p := &Picture{}
	games, _ := filepath.Glob("../catalog/*/words_zh.go")
	glossaries, _ := filepath.Glob("../rules/*/glossary.go")
	if len(games) == 0 || len(glossaries) == 0 {
		t.Fatalf("found %d games' Chinese words and %d glossaries, want some of each", len(games), len(glossaries))
	}
	for _, name := range append(append([]string{"../lang/zh/texts.go"}, games...), glossaries...) {
		b, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		p.Text(0, 0, string(b), Font{}, "")
		p.Text(0, 0, string(b), Font{Bold: true}, "")
	}
	var missing []rune
	for _, r := range p.MissingGlyphs() {
		if r >= 0x2000 { // code and comments aside
			missing = append(missing, r)
		}
	}
	if len(missing) > 0 {
		t.Errorf("the pictures' fonts lack %q", missing)
	}
	// and the common characters a name uses
	for _, s := range []string{"李明", "王芳", "张伟", "刘洋", "陈静", "杨磊", "赵敏", "黄丽", "周杰", "吴刚"} {
		for _, r := range s {
			if !fallback(r) {
				t.Errorf("the Chinese font lacks %q", r)
			}
		}
	}
}
