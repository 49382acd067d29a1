package pictures

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"hash/adler32"
	"hash/crc32"
	"image"
	"image/color"
	"io"
	"slices"

	"github.com/klauspost/compress/flate"
)

// A PNG's pixels are one zlib stream. WritePNG compresses the picture in
// bands of bandRows rows, each on its own (a fresh compressor, ended by a
// flush on a byte's boundary, the last band by the final block), and
// joins them: a deflate stream may be cut so and its pieces laid end to
// end, and the stream's Adler-32 is made of the bands' own. So a band the
// cache has seen drawn alike, in the same palette and below the same band,
// need not be compressed again, nor its pixels painted (bandpaint.go): a
// move that changes a field, a score or a line of text leaves the other
// bands of its picture as they were, and every picture's legend is the
// same. The bytes are the same with a cache or without.
//
// Each band's compressor starts with the last rows of the band above as
// its dictionary: a reader of the stream has those pixels in its window
// already, so the band may point back at them, and a board's rows of
// text, alike from band to band, cost a sixth less than compressed alone.
const (
	// bandRows is a band's height: 192 rows, 69 KiB of pixels at 360
	// wide. A dictionary costs its compressor about what compressing it
	// would (klauspost's fast levels fill their tables by compressing it
	// and throwing the output away), and its rows must be painted and put
	// in the palette first; bands of 96 rows paid that for every 34 KiB
	// compressed. A move's picture shares few bands with the last
	// (Atacama's title, the seats' panels and the last move run down the
	// whole picture), so larger bands are rarely found where smaller ones
	// would have been: with 192 rows a new picture costs 10 to 15% less
	// processor, and weighs the same within half a percent
	// (docs/benchmarks.md).
	bandRows = 192
	// dictRows is how many rows of the band above make the dictionary:
	// as many as deflate's window of 32 KiB holds at 360 wide.
	dictRows = 90
	// pngLevel is the compressor's level (github.com/klauspost/compress,
	// whose levels 1 to 6 are its fast matchers): a Chinese Archipelago
	// board of five players, the heaviest picture there is, comes to some
	// 50 KB instead of 70, so that its mail stays under 100 KiB, for about
	// the processor time a new picture took with the standard library's
	// fastest level (docs/benchmarks.md).
	pngLevel = 5
)

// writePNG writes the picture as WritePNG does, the bands it has compressed
// before taken from c (nil: none), and only the items that cross the
// others and the bands above them painted (bandpaint.go).
func (p *Picture) writePNG(w io.Writer, c *Cache) error {
	pal := newPalette(p.colours())
	width, height := int(p.Width+0.5), int(p.Height+0.5) // as the rasterizer makes the image
	if width <= 0 || height <= 0 {
		return fmt.Errorf("pictures: a picture %v by %v pixels cannot be written", p.Width, p.Height)
	}
	type band struct {
		from, y0, y1 int // the band above (the dictionary) from row from; this band's rows
		key          cacheKey
		data         []byte
	}
	var bands []band
	for y0 := 0; y0 < height; y0 += bandRows {
		bands = append(bands, band{from: max(0, y0-dictRows), y0: y0, y1: min(height, y0+bandRows)})
	}
	var bp *bandPlan
	var rows [][2]int // the rows of the bands to compress, each with the band above: all, or those the cache lacks
	for i := range bands {
		b := &bands[i]
		if c != nil {
			if bp == nil {
				bp = p.bandPlan(c.seeds)
			}
			b.key = c.bandKey(bp, width, b.from, b.y0, b.y1, pal, b.y1 == height)
			b.data = c.bands.peek(b.key)
		}
		if b.data == nil {
			rows = append(rows, [2]int{b.from, b.y1})
		}
	}
	var img *image.RGBA
	if len(rows) > 0 {
		var pix []byte
		if c != nil {
			if b, ok := c.pix.Get().(*[]byte); ok {
				pix = *b
			}
		}
		img = p.imageRows(bp, rows, pix)
		if c != nil {
			defer c.pix.Put(&img.Pix)
		}
	}

	// The scratch of the last picture written, used again: two bands in
	// the palette's indices are some 140 KiB.
	sc := &pngScratch{}
	if c != nil {
		if got, ok := c.scratch.Get().(*pngScratch); ok {
			sc = got
		}
		defer c.scratch.Put(sc)
	}
	idat := &sc.idat
	idat.Reset()
	idat.Write([]byte{0x78, 0x5e}) // zlib: deflate, 32 KiB window, a fast level
	sum := uint32(1)               // the Adler-32 of nothing
	var z *flate.Writer
	if c != nil {
		z, _ = c.zs.Get().(*flate.Writer)
		defer func() {
			if z != nil {
				c.zs.Put(z)
			}
		}()
	}
	buf := &sc.buf
	// The pixels of a band in the palette's indices, and of the band
	// above, are made when a band is compressed, not when the cache has it.
	above, raw := sc.above[:0], sc.raw[:0]
	defer func() { sc.above, sc.raw = above, raw }()
	aboveMade := false
	for _, b := range bands {
		y0, y1 := b.y0, b.y1
		last := y1 == height
		made := false
		compress := func(out io.Writer) error {
			if y0 > 0 && !aboveMade {
				above = pal.rows(above[:0], img, max(0, y0-dictRows), y0)
			}
			dict := above
			if n := dictRows * (width + 1); len(dict) > n {
				dict = dict[len(dict)-n:]
			}
			raw, made = pal.rows(raw[:0], img, y0, y1), true
			var err error
			if z == nil {
				z, err = flate.NewWriter(buf, pngLevel)
				if err != nil {
					return err
				}
			}
			buf.Reset()
			z.ResetDict(buf, dict)
			if _, err := z.Write(raw); err != nil {
				return err
			}
			if last {
				err = z.Close()
			} else {
				err = z.Flush()
			}
			if err != nil {
				return err
			}
			if _, err := out.Write(buf.Bytes()); err != nil {
				return err
			}
			return binary.Write(out, binary.BigEndian, adler32.Checksum(raw))
		}
		data := b.data
		switch {
		case data != nil:
		case c != nil:
			// Another writer may have kept the band meanwhile; get then
			// returns it without compressing.
			var err error
			if data, err = c.bands.get(b.key, compress); err != nil {
				return err
			}
		default:
			var out bytes.Buffer
			if err := compress(&out); err != nil {
				return err
			}
			data = out.Bytes()
		}
		n := len(data) - 4
		idat.Write(data[:n])
		sum = adler32Combine(sum, binary.BigEndian.Uint32(data[n:]), int64((y1-y0)*(width+1)))
		above, raw, aboveMade = raw, above, made
	}
	binary.Write(idat, binary.BigEndian, sum)

	var out bytes.Buffer
	out.WriteString("\x89PNG\r\n\x1a\n")
	var ihdr [13]byte
	binary.BigEndian.PutUint32(ihdr[0:], uint32(width))
	binary.BigEndian.PutUint32(ihdr[4:], uint32(height))
	ihdr[8], ihdr[9] = 8, 3 // 8 bits a pixel, paletted
	chunk(&out, "IHDR", ihdr[:])
	plte := make([]byte, 0, 3*len(pal.colours))
	for _, c := range pal.colours {
		plte = append(plte, c.R, c.G, c.B)
	}
	chunk(&out, "PLTE", plte)
	chunk(&out, "IDAT", idat.Bytes())
	chunk(&out, "IEND", nil)
	_, err := w.Write(out.Bytes())
	return err
}

// pngScratch is what writing a PNG needs for a while and drops after.
type pngScratch struct {
	above, raw []byte
	idat, buf  bytes.Buffer
}

// chunk writes a PNG chunk: its length, type, data and CRC.
func chunk(w *bytes.Buffer, kind string, data []byte) {
	binary.Write(w, binary.BigEndian, uint32(len(data)))
	crc := crc32.NewIEEE()
	crc.Write([]byte(kind))
	crc.Write(data)
	w.WriteString(kind)
	w.Write(data)
	binary.Write(w, binary.BigEndian, crc.Sum32())
}

// adler32Combine is the Adler-32 of two pieces laid end to end, from
// theirs and the second's length (zlib's adler32_combine).
func adler32Combine(a1, a2 uint32, len2 int64) uint32 {
	const base = 65521
	rem := uint32(len2 % base)
	sum1 := a1 & 0xffff
	sum2 := rem * sum1 % base
	sum1 += (a2 & 0xffff) + base - 1
	sum2 += (a1 >> 16) + (a2 >> 16) + base - rem
	if sum1 >= base {
		sum1 -= base
	}
	if sum1 >= base {
		sum1 -= base
	}
	if sum2 >= base<<1 {
		sum2 -= base << 1
	}
	if sum2 >= base {
		sum2 -= base
	}
	return sum1 | sum2<<16
}

// palette is a picture's own colours (at most 40) and a 6×6×6 cube for
// the smoothed edges; each pixel takes the colour nearest the middle of
// its group of colours alike in their top five bits, or the picture's own
// colour in that group.
type palette struct {
	colours []color.RGBA
	exact   int
	table   [1 << 15]int16
}

func newPalette(exact []color.RGBA) *palette {
	exact = exact[:min(len(exact), 256-216)]
	p := &palette{colours: make([]color.RGBA, 0, len(exact)+216), exact: len(exact)}
	p.colours = append(p.colours, exact...)
	for r := range 6 {
		for g := range 6 {
			for b := range 6 {
				p.colours = append(p.colours, color.RGBA{uint8(r * 51), uint8(g * 51), uint8(b * 51), 0xff})
			}
		}
	}
	for i := range p.table {
		p.table[i] = -1
	}
	for i, c := range exact {
		p.table[paletteKey(c.R, c.G, c.B)] = int16(i)
	}
	return p
}

func paletteKey(r, g, b uint8) int { return int(r>>3)<<10 | int(g>>3)<<5 | int(b>>3) }

// rows appends rows y0 to y1 of img to raw as a PNG has them: a filter
// byte (none) and each pixel's index in the palette.
func (p *palette) rows(raw []byte, img *image.RGBA, y0, y1 int) []byte {
	width := img.Bounds().Dx()
	raw = slices.Grow(raw, (y1-y0)*(width+1)) // once, not doubling as it goes
	var above []byte
	for y := y0; y < y1; y++ {
		row := img.Pix[y*img.Stride : y*img.Stride+4*width]
		// A row like the one above, as most of a board's are (the page
		// between its texts and shapes, a box's sides), has its indices:
		// comparing the bytes is many times faster than the pixels.
		if above != nil && bytes.Equal(row, above) {
			raw = append(raw, raw[len(raw)-(width+1):]...)
			continue
		}
		above = row
		raw = append(raw, 0)
		last, idx := uint32(0), uint8(0)
		for x := 0; x+4 <= len(row); x += 4 {
			v := binary.LittleEndian.Uint32(row[x:]) | 0xff<<24
			if v != last { // most pixels are like the one before
				r, g, b := row[x], row[x+1], row[x+2]
				k := paletteKey(r, g, b)
				if p.table[k] < 0 { // the group's middle, so that a colour's index is the same in every band
					p.table[k] = int16(nearest(p.colours[:p.exact], p.exact, r&^7|4, g&^7|4, b&^7|4))
				}
				idx, last = uint8(p.table[k]), v
			}
			raw = append(raw, idx)
		}
	}
	return raw
}
