package main

import (
	"encoding/binary"
	"fmt"
	"math"
	"slices"

	"github.com/tdewolff/font"
	"golang.org/x/image/font/sfnt"
	"golang.org/x/image/math/fixed"
)

// build writes a TrueType font of the glyphs of runes in font index of
// collection b: Noto Sans CJK's outlines are CFF with several font
// dictionaries, which neither github.com/tdewolff/font subsets nor every
// reader reads, so each glyph's cubic outline is turned into quadratic
// curves (within a thousandth of the em) and written as a glyf table. The
// name (its copyright and licence), OS/2, head, hhea and post tables come
// from the source. The output depends on nothing but its inputs.
func build(b []byte, index int, src *font.SFNT, runes []rune) (data []byte, glyphs, missing int, err error) {
	var f *sfnt.Font
	if c, err := sfnt.ParseCollection(b); err == nil && c.NumFonts() > 1 {
		f, err = c.Font(index)
		if err != nil {
			return nil, 0, 0, err
		}
	} else if f, err = sfnt.Parse(b); err != nil {
		return nil, 0, 0, err
	}
	upem := fixed.I(int(f.UnitsPerEm()))
	var buf sfnt.Buffer

	type outGlyph struct {
		advance  int
		contours [][]pt
	}
	var out []outGlyph
	gids := map[sfnt.GlyphIndex]uint16{}
	cmap := map[rune]uint16{}
	load := func(gi sfnt.GlyphIndex) (outGlyph, error) {
		adv, err := f.GlyphAdvance(&buf, gi, upem, 0)
		if err != nil {
			return outGlyph{}, err
		}
		segs, err := f.LoadGlyph(&buf, gi, upem, nil)
		if err != nil {
			return outGlyph{}, err
		}
		return outGlyph{advance: int(math.Round(float64(adv) / 64)), contours: quadratic(segs)}, nil
	}
	notdef, err := load(0)
	if err != nil {
		return nil, 0, 0, err
	}
	out = append(out, notdef)
	for _, r := range runes {
		gi, err := f.GlyphIndex(&buf, r)
		if err != nil || gi == 0 {
			missing++
			continue
		}
		if id, ok := gids[gi]; ok {
			cmap[r] = id
			continue
		}
		g, err := load(gi)
		if err != nil {
			return nil, 0, 0, fmt.Errorf("glyph of %q: %w", r, err)
		}
		gids[gi] = uint16(len(out))
		cmap[r] = uint16(len(out))
		out = append(out, g)
	}

	tables := map[string][]byte{}
	var glyf, loca, hmtx []byte
	var maxPoints, maxContours int
	bbox := [4]int{math.MaxInt, math.MaxInt, math.MinInt, math.MinInt}
	minLSB, minRSB, maxExtent, maxAdvance := math.MaxInt, math.MaxInt, math.MinInt, 0
	for _, g := range out {
		loca = binary.BigEndian.AppendUint32(loca, uint32(len(glyf)))
		enc, box, points := encodeGlyph(g.contours)
		glyf = append(glyf, enc...)
		for len(glyf)%4 != 0 {
			glyf = append(glyf, 0)
		}
		lsb := 0
		if len(g.contours) > 0 {
			lsb = box[0]
			bbox = [4]int{min(bbox[0], box[0]), min(bbox[1], box[1]), max(bbox[2], box[2]), max(bbox[3], box[3])}
			minLSB, minRSB = min(minLSB, box[0]), min(minRSB, g.advance-box[2])
			maxExtent = max(maxExtent, box[2])
		}
		maxAdvance = max(maxAdvance, g.advance)
		maxPoints, maxContours = max(maxPoints, points), max(maxContours, len(g.contours))
		hmtx = binary.BigEndian.AppendUint16(hmtx, uint16(g.advance))
		hmtx = binary.BigEndian.AppendUint16(hmtx, uint16(int16(lsb)))
	}
	loca = binary.BigEndian.AppendUint32(loca, uint32(len(glyf)))
	tables["glyf"], tables["loca"], tables["hmtx"] = glyf, loca, hmtx

	head := slices.Clone(src.Tables["head"])
	be := binary.BigEndian
	be.PutUint32(head[8:], 0) // checkSumAdjustment, set below
	be.PutUint16(head[36:], uint16(int16(bbox[0])))
	be.PutUint16(head[38:], uint16(int16(bbox[1])))
	be.PutUint16(head[40:], uint16(int16(bbox[2])))
	be.PutUint16(head[42:], uint16(int16(bbox[3])))
	be.PutUint16(head[50:], 1) // long offsets in loca
	be.PutUint16(head[52:], 0)
	tables["head"] = head

	hhea := slices.Clone(src.Tables["hhea"])
	be.PutUint16(hhea[10:], uint16(maxAdvance))
	be.PutUint16(hhea[12:], uint16(int16(minLSB)))
	be.PutUint16(hhea[14:], uint16(int16(minRSB)))
	be.PutUint16(hhea[16:], uint16(int16(maxExtent)))
	be.PutUint16(hhea[34:], uint16(len(out)))
	tables["hhea"] = hhea

	maxp := make([]byte, 32)
	be.PutUint32(maxp[0:], 0x00010000)
	be.PutUint16(maxp[4:], uint16(len(out)))
	be.PutUint16(maxp[6:], uint16(maxPoints))
	be.PutUint16(maxp[8:], uint16(maxContours))
	be.PutUint16(maxp[14:], 2) // maxZones
	tables["maxp"] = maxp

	post := slices.Clone(src.Tables["post"][:32])
	be.PutUint32(post[0:], 0x00030000) // no glyph names
	tables["post"] = post

	os2 := slices.Clone(src.Tables["OS/2"])
	keys := make([]rune, 0, len(cmap))
	for r := range cmap {
		keys = append(keys, r)
	}
	slices.Sort(keys)
	be.PutUint16(os2[64:], uint16(min(keys[0], 0xFFFF)))
	be.PutUint16(os2[66:], uint16(min(keys[len(keys)-1], 0xFFFF)))
	tables["OS/2"] = os2
	tables["name"] = src.Tables["name"]
	tables["cmap"] = encodeCmap(keys, cmap)
	return writeSFNT(tables), len(out), missing, nil
}

// pt is a point of a TrueType contour in font units.
type pt struct {
	x, y int
	on   bool
}

type fpt struct{ x, y float64 }

// quadratic turns the segments of a glyph (y down, in 64ths of a unit)
// into TrueType contours (y up, in units), curves of third degree into
// curves of second within a tolerance.
func quadratic(segs sfnt.Segments) [][]pt {
	var out [][]pt
	var cur []pt
	var at fpt
	conv := func(p fixed.Point26_6) fpt { return fpt{float64(p.X) / 64, -float64(p.Y) / 64} }
	add := func(p fpt, on bool) {
		cur = append(cur, pt{int(math.Round(p.x)), int(math.Round(p.y)), on})
	}
	flush := func() {
		if c := tidy(cur); len(c) > 2 {
			out = append(out, c)
		}
		cur = nil
	}
	for _, s := range segs {
		switch s.Op {
		case sfnt.SegmentOpMoveTo:
			flush()
			at = conv(s.Args[0])
			add(at, true)
		case sfnt.SegmentOpLineTo:
			at = conv(s.Args[0])
			add(at, true)
		case sfnt.SegmentOpQuadTo:
			add(conv(s.Args[0]), false)
			at = conv(s.Args[1])
			add(at, true)
		case sfnt.SegmentOpCubeTo:
			c1, c2, end := conv(s.Args[0]), conv(s.Args[1]), conv(s.Args[2])
			cubic(at, c1, c2, end, 0, func(q, e fpt) {
				add(q, false)
				add(e, true)
			})
			at = end
		}
	}
	flush()
	return out
}

// tolerance is how far, in font units, a quadratic curve may stray from
// the cubic it stands for.
const tolerance = 1.0

// cubic emits the quadratic curves that approximate a cubic one.
func cubic(p0, c1, c2, p3 fpt, depth int, emit func(ctrl, end fpt)) {
	// the error of one quadratic is √3/36 of |p3 - 3c2 + 3c1 - p0|
	dx := p3.x - 3*c2.x + 3*c1.x - p0.x
	dy := p3.y - 3*c2.y + 3*c1.y - p0.y
	if depth >= 8 || math.Sqrt(3)/36*math.Hypot(dx, dy) <= tolerance {
		q := fpt{(3*(c1.x+c2.x) - p0.x - p3.x) / 4, (3*(c1.y+c2.y) - p0.y - p3.y) / 4}
		emit(q, p3)
		return
	}
	mid := func(a, b fpt) fpt { return fpt{(a.x + b.x) / 2, (a.y + b.y) / 2} }
	a, b, c := mid(p0, c1), mid(c1, c2), mid(c2, p3)
	d, e := mid(a, b), mid(b, c)
	m := mid(d, e)
	cubic(p0, a, d, m, depth+1, emit)
	cubic(m, e, c, p3, depth+1, emit)
}

// tidy drops a contour's repeated points, its last when it closes on its
// first, and the points on the curve that lie halfway between two off
// it, which TrueType implies.
func tidy(c []pt) []pt {
	var out []pt
	for _, p := range c {
		if n := len(out); n > 0 && out[n-1].x == p.x && out[n-1].y == p.y && out[n-1].on == p.on {
			continue
		}
		out = append(out, p)
	}
	if n := len(out); n > 1 && out[0] == out[n-1] {
		out = out[:n-1]
	}
	n := len(out)
	if n < 3 {
		return out
	}
	keep := make([]bool, n)
	for i, p := range out {
		prev, next := out[(i+n-1)%n], out[(i+1)%n]
		keep[i] = !(p.on && !prev.on && !next.on && prev.x+next.x == 2*p.x && prev.y+next.y == 2*p.y)
	}
	var kept []pt
	for i, p := range out {
		if keep[i] {
			kept = append(kept, p)
		}
	}
	return kept
}

// encodeGlyph writes a simple glyph: its bytes, its box (xMin, yMin,
// xMax, yMax) and its number of points.
func encodeGlyph(contours [][]pt) ([]byte, [4]int, int) {
	if len(contours) == 0 {
		return nil, [4]int{}, 0
	}
	box := [4]int{math.MaxInt, math.MaxInt, math.MinInt, math.MinInt}
	var pts []pt
	var ends []int
	for _, c := range contours {
		for _, p := range c {
			box = [4]int{min(box[0], p.x), min(box[1], p.y), max(box[2], p.x), max(box[3], p.y)}
		}
		pts = append(pts, c...)
		ends = append(ends, len(pts)-1)
	}
	be := binary.BigEndian
	var b []byte
	b = be.AppendUint16(b, uint16(len(contours)))
	for _, v := range box {
		b = be.AppendUint16(b, uint16(int16(v)))
	}
	for _, e := range ends {
		b = be.AppendUint16(b, uint16(e))
	}
	b = be.AppendUint16(b, 0) // no instructions
	var raw []byte
	var xs, ys []byte
	px, py := 0, 0
	coord := func(d int, short, same byte, out *[]byte) byte {
		switch {
		case d == 0:
			return same
		case d > -256 && d < 256:
			if d > 0 {
				*out = append(*out, byte(d))
				return short | same
			}
			*out = append(*out, byte(-d))
			return short
		}
		*out = be.AppendUint16(*out, uint16(int16(d)))
		return 0
	}
	for _, p := range pts {
		var fl byte
		if p.on {
			fl = 1
		}
		fl |= coord(p.x-px, 0x02, 0x10, &xs)
		fl |= coord(p.y-py, 0x04, 0x20, &ys)
		px, py = p.x, p.y
		raw = append(raw, fl)
	}
	// a run of the same flag is written once, with how often it repeats
	var flags []byte
	for i := 0; i < len(raw); {
		j := i + 1
		for j < len(raw) && raw[j] == raw[i] && j-i <= 255 {
			j++
		}
		if j-i > 1 {
			flags = append(flags, raw[i]|0x08, byte(j-i-1))
		} else {
			flags = append(flags, raw[i])
		}
		i = j
	}
	b = append(b, flags...)
	b = append(b, xs...)
	b = append(b, ys...)
	return b, box, len(pts)
}

// encodeCmap writes a cmap of one format 4 subtable, for Unicode's Basic
// Multilingual Plane, under both Unicode and Windows.
func encodeCmap(keys []rune, cmap map[rune]uint16) []byte {
	type seg struct {
		start, end rune
		delta      int
	}
	var segs []seg
	for _, r := range keys {
		if r > 0xFFFE {
			continue
		}
		d := int(cmap[r]) - int(r)
		if n := len(segs); n > 0 && segs[n-1].end == r-1 && segs[n-1].delta == d {
			segs[n-1].end = r
			continue
		}
		segs = append(segs, seg{r, r, d})
	}
	segs = append(segs, seg{0xFFFF, 0xFFFF, 1})
	be := binary.BigEndian
	n := len(segs)
	var sub []byte
	sub = be.AppendUint16(sub, 4)
	sub = be.AppendUint16(sub, uint16(16+8*n))
	sub = be.AppendUint16(sub, 0) // language
	sub = be.AppendUint16(sub, uint16(2*n))
	sr := 1
	es := 0
	for sr*2 <= n {
		sr *= 2
		es++
	}
	sub = be.AppendUint16(sub, uint16(2*sr))
	sub = be.AppendUint16(sub, uint16(es))
	sub = be.AppendUint16(sub, uint16(2*n-2*sr))
	for _, s := range segs {
		sub = be.AppendUint16(sub, uint16(s.end))
	}
	sub = be.AppendUint16(sub, 0) // reserved
	for _, s := range segs {
		sub = be.AppendUint16(sub, uint16(s.start))
	}
	for _, s := range segs {
		sub = be.AppendUint16(sub, uint16(int16(s.delta)))
	}
	for range segs {
		sub = be.AppendUint16(sub, 0) // idRangeOffset
	}
	var b []byte
	b = be.AppendUint16(b, 0) // version
	b = be.AppendUint16(b, 2)
	b = be.AppendUint16(b, 0) // Unicode
	b = be.AppendUint16(b, 3) // BMP
	b = be.AppendUint32(b, 20)
	b = be.AppendUint16(b, 3) // Windows
	b = be.AppendUint16(b, 1) // Unicode BMP
	b = be.AppendUint32(b, 20)
	return append(b, sub...)
}

// writeSFNT writes the tables as an SFNT file with TrueType outlines, its
// table directory sorted and its checksums set.
func writeSFNT(tables map[string][]byte) []byte {
	tags := make([]string, 0, len(tables))
	for t := range tables {
		tags = append(tags, t)
	}
	slices.Sort(tags)
	be := binary.BigEndian
	n := len(tags)
	sr, es := 1, 0
	for sr*2 <= n {
		sr *= 2
		es++
	}
	var b []byte
	b = be.AppendUint32(b, 0x00010000)
	b = be.AppendUint16(b, uint16(n))
	b = be.AppendUint16(b, uint16(16*sr))
	b = be.AppendUint16(b, uint16(es))
	b = be.AppendUint16(b, uint16(16*n-16*sr))
	dir := len(b)
	b = append(b, make([]byte, 16*n)...)
	headAt := 0
	for i, t := range tags {
		data := tables[t]
		off := len(b)
		if t == "head" {
			headAt = off
		}
		b = append(b, data...)
		for len(b)%4 != 0 {
			b = append(b, 0)
		}
		rec := b[dir+16*i:]
		copy(rec, t)
		be.PutUint32(rec[4:], checksum(b[off:]))
		be.PutUint32(rec[8:], uint32(off))
		be.PutUint32(rec[12:], uint32(len(data)))
	}
	be.PutUint32(b[headAt+8:], 0xB1B0AFBA-checksum(b))
	return b
}

func checksum(b []byte) uint32 {
	var sum uint32
	for i := 0; i+4 <= len(b); i += 4 {
		sum += binary.BigEndian.Uint32(b[i:])
	}
	return sum
}
