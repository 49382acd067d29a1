package pictures

import (
	"math"
	"strconv"
	"strings"

	"github.com/pbem-games/pbem/rules/atacama"
)

// The fields' colours by metal; each field also shows its metal's letter.
var metalColours = map[string]Style{
	"gold":   {Fill: rgb(0xf5d76e), Stroke: edge},
	"silver": {Fill: rgb(0xd9dde2), Stroke: edge},
	"copper": {Fill: rgb(0xe8a87c), Stroke: edge},
	"desert": {Fill: rgb(0xefe4c8), Stroke: edge},
}

// atacamaCell is where a field lies on the page.
type atacamaCell struct {
	view *atacama.CellView
	at   Point
}

// atacamaBoard is the page's geometry of one side of the board.
type atacamaBoard struct {
	hex   bool
	cells map[[2]int]*atacamaCell // by row and column
	size  float64                 // a square's side or a hexagon's radius
	right float64                 // the board's right edge
	foot  float64                 // the board's bottom edge
}

func drawAtacama(p *Picture, v *atacama.View) {
	b := &atacamaBoard{hex: v.Board == "hexagonal", cells: map[[2]int]*atacamaCell{}}
	p.Width = pageWidth
	head := atacamaTitle(p, v)
	p.Title = p.s("%s, %s", head, p.seenBy(v.Seat))
	top := p.fit(margin, 24, pageWidth-2*margin, head, Font{Size: titleSz, Bold: true}, "title")
	if b.hex {
		b.layoutHex(v, top)
	} else {
		b.layoutSquare(v, top)
	}
	if b.hex {
		b.drawHex(p)
	} else {
		b.drawSquare(p)
	}
	b.drawFields(p, v)
	low := b.drawLines(p, v)
	y := atacamaPanel(p, v, max(b.foot, low)+8)
	p.Height = atacamaLegend(p, v, y+14) + 4
}

// atacamaTitle is the picture's first line: the game and where it stands.
// It does not say whose view it is, so that every reader of a board that
// hides nothing gets the same picture.
func atacamaTitle(p *Picture, v *atacama.View) string {
	variants := ""
	if len(v.Variants) > 0 {
		variants = " (" + strings.Join(v.Variants, ", ") + ")"
	}
	t := p.s("Atacama, %d players%s, turn %d", v.Players, variants, v.Turn+1)
	if v.Over {
		t = p.s("Atacama, %d players, game over", v.Players)
	}
	return t
}

func (b *atacamaBoard) layoutSquare(v *atacama.View, top float64) {
	b.size = 34
	x0, y0 := 24.0, top+6
	for r := range 9 {
		for c := range 9 {
			b.cells[[2]int{r, c}] = &atacamaCell{at: Point{x0 + float64(c)*b.size, y0 + float64(r)*b.size}}
		}
	}
	for i := range v.Cells {
		if c := b.cells[[2]int{v.Cells[i].Row, v.Cells[i].Col}]; c != nil {
			c.view = &v.Cells[i]
		}
	}
	b.right, b.foot = x0+9*b.size, y0+9*b.size
}

// atacamaHexRows is the number of fields in each row of the hexagonal side.
var atacamaHexRows = []int{6, 7, 8, 9, 10, 11, 10, 9, 8, 7, 6}

func (b *atacamaBoard) layoutHex(v *atacama.View, top float64) {
	b.size = 15.5
	w := math.Sqrt(3) * b.size
	// the column numbers lie above the first row and below the last
	x0, y0 := 20.0+w/2, top+1.5*b.size+2
	for r, n := range atacamaHexRows {
		for c := range n {
			x := x0 + (float64(c)+float64(11-n)/2)*w
			b.cells[[2]int{r, c}] = &atacamaCell{at: Point{x, y0 + float64(r)*1.5*b.size}}
		}
	}
	for i := range v.Cells {
		if c := b.cells[[2]int{v.Cells[i].Row, v.Cells[i].Col}]; c != nil {
			c.view = &v.Cells[i]
		}
	}
	b.right, b.foot = x0+10.5*w, y0+10*1.5*b.size+1.5*b.size+10
}

func (b *atacamaBoard) drawSquare(p *Picture) {
	c0 := b.cells[[2]int{0, 0}].at
	label := Font{Size: small, Bold: true, Align: Center}
	for k := range 9 {
		x := c0.X + (float64(k)+0.5)*b.size
		p.Text(x, c0.Y-6, string(rune('A'+k)), label, "label")
		p.Text(c0.X-10, c0.Y+(float64(k)+0.5)*b.size+4, strconv.Itoa(k+1), label, "label")
	}
}

// drawHex writes the coordinates of the hexagonal side: each row's letter
// on its left, and the fields' numbers within their rows at both ends of
// the diagonals along which they stay the same (a field's number rises up
// to the right in the upper half and down to the right in the lower).
func (b *atacamaBoard) drawHex(p *Picture) {
	label := Font{Size: small, Bold: true, Align: Center}
	w := math.Sqrt(3) * b.size
	for r := range atacamaHexRows {
		c := b.cells[[2]int{r, 0}].at
		p.Text(c.X-w*0.78, c.Y+4, string(rune('A'+r)), label, "label")
	}
	for c := range 11 {
		up := b.cells[[2]int{max(0, c-5), c}].at
		p.Text(up.X+w/2, up.Y-1.5*b.size+4, strconv.Itoa(c+1), label, "label")
		down := b.cells[[2]int{min(10, 15-c), c}].at
		p.Text(down.X+w/2, down.Y+1.5*b.size+4, strconv.Itoa(c+1), label, "label")
	}
}

// drawFields draws every field with its metal and value, and its rig.
func (b *atacamaBoard) drawFields(p *Picture, v *atacama.View) {
	var last string
	if v.Last != nil {
		last = strings.Trim(strings.ToUpper(v.Last.Move), "* ")
	}
	for r, n := range b.rowLens() {
		for c := range n {
			cell := b.cells[[2]int{r, c}]
			b.drawField(p, cell, r, c)
			if cell.view != nil && cell.view.Field == last {
				b.outline(p, cell.at, Style{Stroke: mark, Width: 4}, "last")
			}
		}
	}
	// the tiles' edges on the square side
	if !b.hex {
		c0 := b.cells[[2]int{0, 0}].at
		for k := range 3 {
			for j := range 3 {
				p.Rect(c0.X+float64(j)*3*b.size, c0.Y+float64(k)*3*b.size, 3*b.size, 3*b.size, Style{Stroke: ink, Width: 2.5}, "tile")
			}
		}
	}
}

func (b *atacamaBoard) rowLens() []int {
	if b.hex {
		return atacamaHexRows
	}
	return []int{9, 9, 9, 9, 9, 9, 9, 9, 9}
}

// outline draws a field's shape with st.
func (b *atacamaBoard) outline(p *Picture, at Point, st Style, class string) {
	if b.hex {
		p.Polygon(hexagon(at.X, at.Y, b.size-1), st, class)
		return
	}
	p.Rect(at.X+2, at.Y+2, b.size-4, b.size-4, st, class)
}

// centre is the middle of the field at at.
func (b *atacamaBoard) centre(at Point) Point {
	if b.hex {
		return at
	}
	return Point{at.X + b.size/2, at.Y + b.size/2}
}

func (b *atacamaBoard) drawField(p *Picture, cell *atacamaCell, r, c int) {
	cv := cell.view
	mid := b.centre(cell.at)
	if cv == nil {
		st := Style{Fill: rgb(0xb8b8b8), Stroke: edge}
		if b.hex {
			p.Polygon(hexagon(mid.X, mid.Y, b.size), st, "unlaid")
		} else {
			p.Rect(cell.at.X, cell.at.Y, b.size, b.size, st, "unlaid")
		}
		return
	}
	st, ok := metalColours[cv.Metal]
	if !ok {
		st = metalColours["desert"]
	}
	if b.hex {
		p.Polygon(hexagon(mid.X, mid.Y, b.size), st, "field "+cv.Metal)
	} else {
		p.Rect(cell.at.X, cell.at.Y, b.size, b.size, st, "field "+cv.Metal)
	}
	if cv.Metal == "desert" || cv.Value == 0 {
		return // the legend names the desert's colour
	}
	letter := strings.ToUpper(cv.Metal[:1])
	if cv.Rig == nil {
		size := 16.0
		if b.hex {
			size = 13
		}
		p.Text(mid.X, mid.Y+size*0.36, letter+strconv.Itoa(cv.Value), Font{Size: size, Align: Center}, "")
		return
	}
	label := Font{Size: small, Bold: true}
	if b.hex {
		// A hexagon holds the field's value and a rig too small for a
		// number: the rig's colour and shape tell its seat.
		label.Align = Center
		p.Text(mid.X, mid.Y-3, letter+strconv.Itoa(cv.Value), label, "")
		b.rig(p, Point{mid.X, mid.Y + 6}, cv.Rig, 6.5, "")
		return
	}
	p.Text(cell.at.X+3, cell.at.Y+11, letter+strconv.Itoa(cv.Value), label, "")
	b.rig(p, Point{mid.X + 4, mid.Y + 5.5}, cv.Rig, minFont/1.05, strconv.Itoa(cv.Rig.Seat))
}

// rig draws a rig: its seat's piece, with a second ring for a
// second-colour rig that counts double.
func (b *atacamaBoard) rig(p *Picture, at Point, rig *atacama.RigView, r float64, label string) {
	class := seatClass("rig", rig.Seat)
	if rig.Double {
		p.Circle(at.X, at.Y, r+2.5, Style{Fill: white, Stroke: ink, Width: 1.5}, "double")
		class += " double"
	}
	seatMark(p, at.X, at.Y, r, rig.Seat, label, class)
}

// drawLines draws each line that scores, in its seat's colour, and beside
// its end a tag of its seat's colour and shape with the points it
// brings; it returns the lowest baseline of a tag below the board.
func (b *atacamaBoard) drawLines(p *Picture, v *atacama.View) float64 {
	count := map[string]int{}
	low := 0.0
	const r = 7.0 // a tag tells its seat by colour and shape
	for _, l := range v.Lines {
		cells := b.lineCells(l.Line)
		if len(cells) < 2 {
			continue
		}
		first, last := b.centre(cells[0].at), b.centre(cells[len(cells)-1].at)
		k := count[l.Line]
		count[l.Line]++
		off := float64(k)*4 - 4
		dx, dy := last.X-first.X, last.Y-first.Y
		n := math.Hypot(dx, dy)
		ux, uy := dx/n, dy/n
		// a line a little aside of the fields' middles, so that the rigs stay visible
		px, py := -uy*(b.size*0.36+off), ux*(b.size*0.36+off)
		p.Line([]Point{{first.X + px, first.Y + py}, {last.X + px, last.Y + py}},
			Style{Stroke: seatColour(l.Seat), Width: 3, Dash: true}, seatClass("line", l.Seat))
		var tx, ty float64
		switch {
		case !b.hex && uy == 0: // a row: beside its right end, one above the other
			tx, ty = last.X+b.size/2+r+3, last.Y+[]float64{0, 12, -12, 24}[k%4]
		case !b.hex: // a column: below its foot, one below the other
			tx, ty = last.X-8, last.Y+b.size/2+r+5+float64(k)*17
		default:
			step := b.size * (1.0 + 0.8*float64(k))
			tx, ty = min(last.X+ux*step, pageWidth-margin-r-24), last.Y+uy*step
		}
		seatMark(p, tx, ty, r, l.Seat, "", seatClass("tag", l.Seat))
		p.Text(tx+r+2, ty+4.5, signed(l.Points), Font{Size: small, Bold: true}, "points")
		low = max(low, ty+r)
	}
	return low
}

// lineCells returns the fields of a line named as the view names it:
// "column C", "row 3", "row A", "falling F1" or "rising A1".
func (b *atacamaBoard) lineCells(name string) []*atacamaCell {
	kind, at, _ := strings.Cut(name, " ")
	var out []*atacamaCell
	add := func(r, c int) {
		if cell := b.cells[[2]int{r, c}]; cell != nil {
			out = append(out, cell)
		}
	}
	switch {
	case !b.hex && kind == "column" && len(at) == 1:
		for r := range 9 {
			add(r, int(at[0]-'A'))
		}
	case !b.hex && kind == "row":
		n, _ := strconv.Atoi(at)
		for c := range 9 {
			add(n-1, c)
		}
	case b.hex && kind == "row" && len(at) == 1:
		r := int(at[0] - 'A')
		if r >= 0 && r < len(atacamaHexRows) {
			for c := range atacamaHexRows[r] {
				add(r, c)
			}
		}
	case b.hex && (kind == "falling" || kind == "rising") && len(at) >= 2:
		r0 := int(at[0] - 'A')
		c0, _ := strconv.Atoi(at[1:])
		x0, y0, _ := hexCube(r0, c0-1)
		for r, n := range atacamaHexRows {
			for c := range n {
				x, y, _ := hexCube(r, c)
				if kind == "falling" && x == x0 || kind == "rising" && y == y0 {
					add(r, c)
				}
			}
		}
	}
	return out
}

// hexCube is the cube coordinate of a field of the hexagonal side: z is
// the row from the middle, x grows to the right, x+y+z = 0.
func hexCube(r, c int) (x, y, z int) {
	z = r - 5
	x = c + max(-5, -5-z)
	return x, -x - z, z
}

// atacamaPanel draws the players one below the other from y, and what
// the game's stage is; it returns the y after.
func atacamaPanel(p *Picture, v *atacama.View, y float64) float64 {
	x, right := margin, pageWidth-margin
	holding := map[int]atacama.Holding{}
	for _, h := range v.Concessions {
		holding[h.Seat] = h
	}
	toAct := map[int]bool{}
	for _, s := range v.ToAct {
		toAct[s] = true
	}
	won := map[int]bool{}
	for _, s := range v.Winners {
		won[s] = true
	}
	line := Font{Size: body}
	for _, r := range v.Rigs {
		y += 18
		seatMark(p, x+13, y-5, 13, r.Seat, strconv.Itoa(r.Seat), seatClass("player", r.Seat))
		name := p.s("Seat %d", r.Seat)
		switch {
		case won[r.Seat]:
			name = p.s("%s, wins", name)
		case toAct[r.Seat] && !v.Over:
			name = p.s("%s, moves now", name)
		}
		score := 0
		if r.Seat < len(v.Scores) {
			score = v.Scores[r.Seat]
		}
		p.Text(right, y, signed(score), Font{Size: heading, Bold: true, Align: Right}, "score")
		y = p.fit(x+34, y, right-x-34-40, name, Font{Size: heading, Bold: true}, "")
		if h, ok := holding[r.Seat]; ok {
			y = p.para(x+34, y, right, p.s("%s concession, scores %s", word(h.Name), word(h.Axis)), line, "")
			y = p.para(x+34, y, right, "+ "+p.w(h.Positive), line, "")
			y = p.para(x+34, y, right, "− "+p.w(h.Negative), line, "")
		} else {
			y = p.para(x+34, y, right, p.s("no concession yet"), Font{Size: body, Color: faint}, "")
		}
		rigs := p.s("rigs left: %d", r.Basic)
		if hasVariant(v.Variants, atacama.Tactical) {
			rigs = p.s("rigs left: %d and %d double", r.Basic, r.Double)
		}
		y = p.para(x+34, y, right, rigs, line, "")
	}
	y += 8
	if v.Stage > 0 {
		y = p.para(x, y+lineHeight(line), right, p.s("Stage %d of 3: %d tiles laid", v.Stage, len(v.Tiles)), line, "") - lineHeight(line)
	}
	for _, c := range v.Claimable {
		y = p.para(x, y+lineHeight(line), right, p.s("May be claimed: %s (+ %s, − %s)", word(c.Name), word(c.Positive), word(c.Negative)), line, "") - lineHeight(line)
	}
	if v.Last != nil {
		y = p.para(x, y+lineHeight(line), right, p.s("Last move: %s played %s", seat(v.Last.Seat), v.Last.Move), line, "") - lineHeight(line)
	}
	return y
}

// atacamaLegend explains the board's colours and marks from y; it
// returns the y after.
func atacamaLegend(p *Picture, v *atacama.View, y float64) float64 {
	x, right := margin, pageWidth-margin
	f := Font{Size: small}
	y += 18
	swatch := func(st Style, letter, name string) {
		w := 26 + p.textWidth(name, f) + 14
		if x+w > right {
			x, y = margin, y+24
		}
		p.Rect(x, y-13, 18, 18, st, "")
		p.Text(x+9, y+1, letter, Font{Size: small, Bold: true, Align: Center}, "")
		p.Text(x+24, y+1, name, f, "")
		x += w
	}
	for _, m := range []string{"gold", "silver", "copper"} {
		swatch(metalColours[m], strings.ToUpper(m[:1]), p.w(m))
	}
	swatch(metalColours["desert"], "", p.w("desert"))
	swatch(Style{Stroke: mark, Width: 3}, "", p.s("last move"))
	x, y = margin, y+26
	p.Line([]Point{{x, y - 4}, {x + 22, y - 4}}, Style{Stroke: edge, Width: 3, Dash: true}, "")
	y = p.para(x+28, y+1, right, p.s("a line that scores (4 rigs or more)"), f, "")
	y = p.para(margin, y+2, right, p.s("A rig shows its seat by colour, shape and number; the letter and number on a field are its metal and ore value."), f, "")
	if hasVariant(v.Variants, atacama.Tactical) {
		y = p.para(margin, y, right, p.s("A rig in a white ring is of the second colour and counts double."), f, "")
	}
	return y
}

func hasVariant(vs []string, name string) bool {
	for _, x := range vs {
		if x == name {
			return true
		}
	}
	return false
}

// Atacama draws the board of Atacama as the view's seat sees it.
func Atacama(p *Picture, v *atacama.View) { drawAtacama(p, v) }
