package pictures

import (
	"fmt"
	"image/color"
	"math"
	"strconv"
)

// SeatMark draws seat's piece around x, y with radius r: its colour, its
// shape (circle, square, triangle, diamond, pentagon by seat) and its
// label written inside, so that a seat is known without its colour.
func SeatMark(p *Picture, x, y, r float64, seat int, label, class string) {
	ColouredMark(p, x, y, r, seat, SeatColour(seat), label, class)
}

// ColouredMark is SeatMark in a colour of the game's own.
func ColouredMark(p *Picture, x, y, r float64, seat int, fill color.RGBA, label, class string) {
	st := Style{Fill: fill, Stroke: Ink, Width: max(1, r/8)}
	switch seat {
	case 0:
		p.Circle(x, y, r, st, class)
	case 1:
		s := r * 0.88
		p.Rect(x-s, y-s, 2*s, 2*s, st, class)
	default:
		sides := map[int]int{2: 3, 3: 4, 4: 5}[seat]
		if sides == 0 {
			sides = 6
		}
		p.Polygon(regular(x, y, r*1.15, sides), st, class)
	}
	// A label smaller than minFont is left out: the shape and colour
	// still tell the seat.
	if size := r * 1.05; label != "" && size >= MinFont-1e-9 {
		dy := size * 0.36
		if seat == 2 {
			dy += r * 0.2 // a triangle's middle lies low
		}
		p.Text(x, y+dy, label, Font{Size: size, Bold: true, Color: Ink, Align: Center}, "")
	}
}

// regular returns the corners of a regular polygon with n sides around
// x, y, one corner pointing up.
func regular(x, y, r float64, n int) []Point {
	pts := make([]Point, n)
	for i := range pts {
		a := -math.Pi/2 + 2*math.Pi*float64(i)/float64(n)
		pts[i] = Point{x + r*math.Cos(a), y + r*math.Sin(a)}
	}
	return pts
}

// Hexagon returns the corners of a hexagon with a pointed top around x, y.
func Hexagon(x, y, r float64) []Point {
	pts := make([]Point, 6)
	for i := range pts {
		a := math.Pi/6 + math.Pi/3*float64(i)
		pts[i] = Point{x + r*math.Cos(a), y + r*math.Sin(a)}
	}
	return pts
}

// SeatClass is the class of the pieces of seat.
func SeatClass(kind string, seat int) string {
	return kind + " seat" + strconv.Itoa(seat)
}

// Signed writes n with its sign, "+3", "-1".
func Signed(n int) string { return fmt.Sprintf("%+d", n) }
