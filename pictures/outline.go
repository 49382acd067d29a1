package pictures

import "math"

// The raster back end fills every shape: stroking a path in the
// rasterizer costs more than the rest of a board together, so a stroke is
// drawn as the filled shapes it covers. The SVG back end strokes.

// filled is one shape to fill: a closed outline and its colour.
type filled struct {
	pts    []Point
	circle float64 // when above 0, a circle of this radius around pts[0]
	style  Style   // only Fill is used
}

// fills returns the filled shapes that draw it in the raster back end:
// for a shape with a stroke, the shape grown by half the stroke in the
// stroke's colour under the shape shrunk by as much in the fill's; for a
// line or a stroke alone, a band along each (dashed) segment.
func (it item) fills() []filled {
	st := it.style
	w := cmpOr(st.Width, 1)
	paint := func(c Style) Style { return Style{Fill: c.Fill} }
	if it.kind == circleKind {
		c, r := it.pts[0], it.pts[1].X
		if st.Stroke.A == 0 {
			return []filled{{pts: []Point{c}, circle: r, style: paint(st)}}
		}
		out := []filled{{pts: []Point{c}, circle: r + w/2, style: Style{Fill: st.Stroke}}}
		if st.Fill.A > 0 {
			return append(out, filled{pts: []Point{c}, circle: r - w/2, style: paint(st)})
		}
		return append(out[:0], bands(circlePoints(c, r), true, st)...)
	}
	pts, closed := it.pts, it.kind != lineKind
	if it.kind == rectKind {
		x, y, rw, rh := it.pts[0].X, it.pts[0].Y, it.pts[1].X, it.pts[1].Y
		pts = []Point{{x, y}, {x + rw, y}, {x + rw, y + rh}, {x, y + rh}}
	}
	if st.Stroke.A == 0 {
		return []filled{{pts: pts, style: paint(st)}}
	}
	if st.Fill.A == 0 || !closed || st.Dash {
		var out []filled
		if st.Fill.A > 0 {
			out = append(out, filled{pts: pts, style: paint(st)})
		}
		return append(out, bands(pts, closed, st)...)
	}
	return []filled{
		{pts: grow(pts, w/2), style: Style{Fill: st.Stroke}},
		{pts: grow(pts, -w/2), style: paint(st)},
	}
}

// bands are the segments of a stroke as filled quadrilaterals, each
// lengthened by half the width at both ends so that corners meet.
func bands(pts []Point, closed bool, st Style) []filled {
	w := cmpOr(st.Width, 1)
	n := len(pts) - 1
	if closed {
		n = len(pts)
	}
	var out []filled
	for i := range n {
		a, b := pts[i], pts[(i+1)%len(pts)]
		dx, dy := b.X-a.X, b.Y-a.Y
		l := math.Hypot(dx, dy)
		if l == 0 {
			continue
		}
		ux, uy := dx/l, dy/l
		on, off := l, 0.0
		if st.Dash {
			on, off = 3*w, 2*w
		}
		for s := 0.0; s < l; s += on + off {
			e := math.Min(s+on, l)
			p0 := Point{a.X + ux*(s-w/2), a.Y + uy*(s-w/2)}
			p1 := Point{a.X + ux*(e+w/2), a.Y + uy*(e+w/2)}
			nx, ny := -uy*w/2, ux*w/2
			out = append(out, filled{pts: []Point{
				{p0.X + nx, p0.Y + ny}, {p1.X + nx, p1.Y + ny}, {p1.X - nx, p1.Y - ny}, {p0.X - nx, p0.Y - ny},
			}, style: Style{Fill: st.Stroke}})
		}
	}
	return out
}

// grow moves every edge of a convex polygon outwards by d (inwards when
// d is below 0).
func grow(pts []Point, d float64) []Point {
	area := 0.0
	for i, a := range pts {
		b := pts[(i+1)%len(pts)]
		area += a.X*b.Y - b.X*a.Y
	}
	if area > 0 { // clockwise on the page: the normals point inwards
		d = -d
	}
	n := len(pts)
	out := make([]Point, n)
	for i := range pts {
		prev, cur, next := pts[(i+n-1)%n], pts[i], pts[(i+1)%n]
		n1 := normal(prev, cur)
		n2 := normal(cur, next)
		// the corner moves along the bisector of the normals
		bx, by := n1.X+n2.X, n1.Y+n2.Y
		dot := 1 + n1.X*n2.X + n1.Y*n2.Y
		if dot < 1e-9 {
			out[i] = Point{cur.X + n1.X*d, cur.Y + n1.Y*d}
			continue
		}
		out[i] = Point{cur.X + bx*d/dot, cur.Y + by*d/dot}
	}
	return out
}

// normal is the unit normal of the edge from a to b, turned a quarter
// from it towards positive angles.
func normal(a, b Point) Point {
	dx, dy := b.X-a.X, b.Y-a.Y
	l := math.Hypot(dx, dy)
	if l == 0 {
		return Point{}
	}
	return Point{-dy / l, dx / l}
}

func circlePoints(c Point, r float64) []Point {
	pts := make([]Point, 32)
	for i := range pts {
		a := 2 * math.Pi * float64(i) / 32
		pts[i] = Point{c.X + r*math.Cos(a), c.Y + r*math.Sin(a)}
	}
	return pts
}
