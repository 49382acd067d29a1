package pictures

import (
	"encoding/binary"
	"hash/maphash"
	"image"
	"image/draw"
	"math"

	"github.com/tdewolff/canvas"
	"github.com/tdewolff/canvas/renderers/rasterizer"
)

// A band of a PNG (pngbands.go) is known by what is drawn across its rows,
// not by its pixels: the page, the palette, and every item whose paint can
// reach those rows, in order. So the cache can say which bands of a new
// picture it holds before anything is rasterised, and only the items that
// cross the other bands are painted. A game's next move changes a few
// bands of its picture (a field, a score, the title); before, every pixel
// of every picture was painted, and hashed, to find that out.

// span is the rows an item's paint can reach, from top to bottom, with a
// margin for the smoothed edges: for a shape, the outline it is filled
// by; for a text, its baseline less twice its size down to its size below,
// more than any glyph of the Go or the Chinese font reaches.
type span struct{ top, bottom float64 }

// edge is the margin around a shape's outline that the rasterizer's
// smoothing, and a rectangle's edges rounded to whole pixels, may paint.
const edge = 2

func (it item) span() span {
	if it.kind == textKind {
		y, s := it.pts[0].Y, it.font.Size
		return span{y - 2*s - edge, y + s + edge}
	}
	sp := span{math.Inf(1), math.Inf(-1)}
	for _, f := range it.fills() {
		if f.circle > 0 {
			sp.top, sp.bottom = min(sp.top, f.pts[0].Y-f.circle), max(sp.bottom, f.pts[0].Y+f.circle)
			continue
		}
		for _, pt := range f.pts {
			sp.top, sp.bottom = min(sp.top, pt.Y), max(sp.bottom, pt.Y)
		}
	}
	return span{sp.top - edge, sp.bottom + edge}
}

// crosses says whether the span reaches rows y0 to y1 (y1 not included).
func (sp span) crosses(y0, y1 int) bool {
	return sp.top < float64(y1) && sp.bottom > float64(y0)
}

// bandPlan is what the bands of one picture are made of: the page and the
// picture's items (the page first, as paint draws them), each item's span
// and hash.
type bandPlan struct {
	items  []item
	spans  []span
	hashes [][2]uint64
}

func (p *Picture) bandPlan(seeds [2]maphash.Seed) *bandPlan {
	items := append([]item{p.page()}, p.items...)
	bp := &bandPlan{items: items, spans: make([]span, len(items)), hashes: make([][2]uint64, len(items))}
	var b []byte
	for i, it := range items {
		bp.spans[i] = it.span()
		b = appendItem(b[:0], it)
		for j, seed := range seeds {
			bp.hashes[i][j] = maphash.Bytes(seed, b)
		}
	}
	return bp
}

// bandKey names a band of a picture width pixels wide, rows y0 to y1,
// below the band from row from (its compressor's dictionary), in a
// palette: 128 bits of two hashes (seeded by the cache, never written
// anywhere) of the rows, the palette's colours, whether the band ends the
// picture, and every item that crosses the two bands.
func (c *Cache) bandKey(bp *bandPlan, width, from, y0, y1 int, pal *palette, last bool) cacheKey {
	var k cacheKey
	var b [8]byte
	for i, seed := range c.seeds {
		var h maphash.Hash
		h.SetSeed(seed)
		binary.LittleEndian.PutUint32(b[:], uint32(width))
		binary.LittleEndian.PutUint32(b[4:], uint32(y0))
		h.Write(b[:])
		binary.LittleEndian.PutUint32(b[:], uint32(from))
		h.Write(b[:4])
		for _, col := range pal.colours {
			h.Write([]byte{col.R, col.G, col.B})
		}
		h.Write([]byte{byte(b2i(last))})
		for j, sp := range bp.spans {
			if sp.crosses(from, y1) {
				binary.LittleEndian.PutUint64(b[:], bp.hashes[j][i])
				h.Write(b[:])
			}
		}
		binary.LittleEndian.PutUint64(k[8*i:], h.Sum64())
	}
	binary.LittleEndian.PutUint32(k[16:], uint32(width))
	binary.LittleEndian.PutUint32(k[20:], uint32(y1-y0))
	binary.LittleEndian.PutUint32(k[24:], uint32(y0-from))
	k[31] = 'b' // never a picture's key, whose last byte is a hash's
	return k
}

// imageRows paints the picture, at one pixel per unit, as far as rows
// (a band's first and last row, the last not included, for each band
// wanted) need: the page under those rows, then the items that cross any
// of them. The other rows of the image are not the picture's. pix, when
// large enough, holds the image's pixels: whatever it held is painted
// over where it is read. With a nil plan every item is painted.
func (p *Picture) imageRows(bp *bandPlan, rows [][2]int, pix []byte) *image.RGBA {
	if bp == nil {
		return p.Image().(*image.RGBA)
	}
	w, h := int(p.Width+0.5), int(p.Height+0.5) // as the rasterizer makes the image
	img := &image.RGBA{Pix: pix, Stride: 4 * w, Rect: image.Rect(0, 0, w, h)}
	if cap(pix) < 4*w*h {
		img = image.NewRGBA(img.Rect)
	}
	img.Pix = img.Pix[:4*w*h]
	under := image.NewUniform(page.Fill)
	for _, rr := range rows {
		draw.Draw(img, image.Rect(0, rr[0], w, rr[1]), under, image.Point{}, draw.Src)
	}
	r := rasterizer.FromImage(img, canvas.DPMM(1), canvas.LinearColorSpace{})
	p.paint(r, nil, true, func(i int) bool {
		if i == 0 { // the page, painted above where it is read
			return false
		}
		for _, rr := range rows {
			if bp.spans[i].crosses(rr[0], rr[1]) {
				return true
			}
		}
		return false
	})
	r.Close()
	return img
}
