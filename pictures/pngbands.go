package pictures

import (
	"bytes"
	"compress/flate"
	"encoding/binary"
	"hash/adler32"
	"hash/crc32"
	"hash/maphash"
	"image"
	"image/color"
	"io"
)

// A PNG's pixels are one zlib stream. WritePNG compresses the picture in
// bands of bandRows rows, each on its own (a fresh compressor, ended by a
// flush on a byte's boundary, the last band by the final block), and
// joins them: a deflate stream may be cut so and its pieces laid end to
// end, and the stream's Adler-32 is made of the bands' own. So a band of
// pixels the cache has seen, in the same palette, need not be compressed
// again: the next move's picture of a game differs from the last in a few
// bands (a field, a score, the title), and every picture's legend is the
// same. The bytes are the same with a cache or without.
const bandRows = 48

// writePNG writes the picture as WritePNG does, the bands it has compressed
// before taken from c (nil: none).
func (p *Picture) writePNG(w io.Writer, c *Cache) error {
	img := p.Image().(*image.RGBA)
	pal := newPalette(p.colours())
	b := img.Bounds()
	width, height := b.Dx(), b.Dy()

	var idat bytes.Buffer
	idat.Write([]byte{0x78, 0x01}) // zlib: deflate, 32 KiB window, the fastest level
	sum := uint32(1)               // the Adler-32 of nothing
	var z *flate.Writer
	var band bytes.Buffer
	raw := make([]byte, 0, bandRows*(width+1))
	for y0 := 0; y0 < height; y0 += bandRows {
		y1 := min(height, y0+bandRows)
		last := y1 == height
		compress := func(out io.Writer) error {
			raw = pal.rows(raw[:0], img, y0, y1)
			var err error
			if z == nil {
				z, err = flate.NewWriter(&band, flate.BestSpeed)
				if err != nil {
					return err
				}
			}
			band.Reset()
			z.Reset(&band)
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
			if _, err := out.Write(band.Bytes()); err != nil {
				return err
			}
			return binary.Write(out, binary.BigEndian, adler32.Checksum(raw))
		}
		var data []byte
		if c != nil {
			var err error
			if data, err = c.bands.get(c.bandKey(img, y0, y1, pal, last), compress); err != nil {
				return err
			}
		} else {
			var buf bytes.Buffer
			if err := compress(&buf); err != nil {
				return err
			}
			data = buf.Bytes()
		}
		n := len(data) - 4
		idat.Write(data[:n])
		sum = adler32Combine(sum, binary.BigEndian.Uint32(data[n:]), int64((y1-y0)*(width+1)))
	}
	binary.Write(&idat, binary.BigEndian, sum)

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

// bandKey names a band of pixels in a palette: 128 bits of two hashes of
// its pixels (seeded by the cache, never written anywhere), the palette's
// colours, and whether the band ends the picture.
func (c *Cache) bandKey(img *image.RGBA, y0, y1 int, pal *palette, last bool) cacheKey {
	var k cacheKey
	for i, seed := range c.seeds {
		var h maphash.Hash
		h.SetSeed(seed)
		h.Write(img.Pix[y0*img.Stride : y1*img.Stride])
		for _, col := range pal.colours {
			h.Write([]byte{col.R, col.G, col.B})
		}
		h.Write([]byte{byte(b2i(last))})
		binary.LittleEndian.PutUint64(k[8*i:], h.Sum64())
	}
	binary.LittleEndian.PutUint32(k[16:], uint32(img.Stride))
	binary.LittleEndian.PutUint32(k[20:], uint32(y1-y0))
	k[31] = 'b' // never a picture's key, whose last byte is a hash's
	return k
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
	for y := y0; y < y1; y++ {
		raw = append(raw, 0)
		row := img.Pix[y*img.Stride : y*img.Stride+4*width]
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
