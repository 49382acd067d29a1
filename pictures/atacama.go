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

const atacamaTop = 64

func drawAtacama(p *Picture, v *atacama.View) {
	b := &atacamaBoard{hex: v.Board == "hexagonal", cells: map[[2]int]*atacamaCell{}}
	if b.hex {
		b.layoutHex(v)
	} else {
		b.layoutSquare(v)
	}
	panelX := b.right + 90
	p.Width = panelX + 330
	p.Height = max(b.foot+150, atacamaTop+float64(len(v.Rigs))*96+190)
	p.Title = atacamaTitle(p, v)
	p.Text(24, 36, p.Title, Font{Size: 18, Bold: true}, "title")
	if b.hex {
		b.drawHex(p)
	} else {
		b.drawSquare(p)
	}
	b.drawFields(p, v)
	b.drawLines(p, v)
	atacamaPanel(p, v, panelX)
	atacamaLegend(p, v, b.foot+90)
}

func atacamaTitle(p *Picture, v *atacama.View) string {
	variants := ""
	if len(v.Variants) > 0 {
		variants = " (" + strings.Join(v.Variants, ", ") + ")"
	}
	t := p.s("Atacama, %d players%s, turn %d", v.Players, variants, v.Turn+1)
	if v.Over {
		t = p.s("Atacama, %d players, game over", v.Players)
	}
	return p.s("%s, %s", t, p.seenBy(v.Seat))
}

func (b *atacamaBoard) layoutSquare(v *atacama.View) {
	b.size = 52
	x0, y0 := 44.0, float64(atacamaTop+30)
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

func (b *atacamaBoard) layoutHex(v *atacama.View) {
	b.size = 27
	w := math.Sqrt(3) * b.size
	x0, y0 := 44.0+w/2, float64(atacamaTop+30)+b.size
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
	b.right, b.foot = x0+10.5*w, y0+10*1.5*b.size+b.size
}

func (b *atacamaBoard) drawSquare(p *Picture) {
	c0 := b.cells[[2]int{0, 0}].at
	for k := range 9 {
		x := c0.X + (float64(k)+0.5)*b.size
		p.Text(x, c0.Y-8, string(rune('A'+k)), Font{Size: 13, Bold: true, Align: Center}, "label")
		p.Text(c0.X-12, c0.Y+(float64(k)+0.5)*b.size+5, strconv.Itoa(k+1), Font{Size: 13, Bold: true, Align: Center}, "label")
	}
}

func (b *atacamaBoard) drawHex(p *Picture) {
	for r := range atacamaHexRows {
		c := b.cells[[2]int{r, 0}].at
		p.Text(c.X-b.size*1.35, c.Y+5, string(rune('A'+r)), Font{Size: 13, Bold: true, Align: Center}, "label")
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
		p.Text(mid.X, mid.Y-b.size*0.45, p.w("desert"), Font{Size: 9, Align: Center, Color: faint}, "")
		return
	}
	letter := strings.ToUpper(cv.Metal[:1])
	if cv.Rig == nil {
		p.Text(mid.X, mid.Y+8, letter+strconv.Itoa(cv.Value), Font{Size: 20, Align: Center}, "")
		return
	}
	small := Font{Size: 11, Bold: true}
	if b.hex {
		p.Text(mid.X, mid.Y-b.size*0.48, letter+strconv.Itoa(cv.Value), Font{Size: 10, Bold: true, Align: Center}, "")
		b.rig(p, Point{mid.X, mid.Y + 4}, cv.Rig, 11)
		return
	}
	p.Text(cell.at.X+4, cell.at.Y+13, letter+strconv.Itoa(cv.Value), small, "")
	b.rig(p, Point{mid.X + 4, mid.Y + 5}, cv.Rig, 14)
}

// rig draws a rig: its seat's piece, with a second ring for a
// second-colour rig that counts double.
func (b *atacamaBoard) rig(p *Picture, at Point, rig *atacama.RigView, r float64) {
	class := seatClass("rig", rig.Seat)
	if rig.Double {
		p.Circle(at.X, at.Y, r+4, Style{Fill: white, Stroke: ink, Width: 2}, "double")
		class += " double"
	}
	seatMark(p, at.X, at.Y, r, rig.Seat, strconv.Itoa(rig.Seat), class)
}

// drawLines draws each line that scores, in its seat's colour, and the
// points it brings beside its end.
func (b *atacamaBoard) drawLines(p *Picture, v *atacama.View) {
	count := map[string]int{}
	for _, l := range v.Lines {
		cells := b.lineCells(l.Line)
		if len(cells) < 2 {
			continue
		}
		first, last := b.centre(cells[0].at), b.centre(cells[len(cells)-1].at)
		k := count[l.Line]
		count[l.Line]++
		off := float64(k)*5 - 5
		dx, dy := last.X-first.X, last.Y-first.Y
		n := math.Hypot(dx, dy)
		ux, uy := dx/n, dy/n
		// a line a little aside of the fields' middles, so that the rigs stay visible
		px, py := -uy*(b.size*0.36+off), ux*(b.size*0.36+off)
		p.Line([]Point{{first.X + px, first.Y + py}, {last.X + px, last.Y + py}},
			Style{Stroke: seatColour(l.Seat), Width: 3, Dash: true}, seatClass("line", l.Seat))
		step := b.size * (0.95 + 0.85*float64(k))
		if !b.hex {
			step = b.size*0.5 + 14 + float64(k)*map[bool]float64{true: 48, false: 22}[uy == 0]
		}
		tx, ty := last.X+ux*step, last.Y+uy*step
		seatMark(p, tx, ty, 9, l.Seat, strconv.Itoa(l.Seat), seatClass("tag", l.Seat))
		p.Text(tx+12, ty+5, signed(l.Points), Font{Size: 12, Bold: true}, "points")
	}
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

func atacamaPanel(p *Picture, v *atacama.View, x float64) {
	y := float64(atacamaTop + 34)
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
	for _, r := range v.Rigs {
		seatMark(p, x+14, y, 14, r.Seat, strconv.Itoa(r.Seat), seatClass("player", r.Seat))
		name := p.s("Seat %d", r.Seat)
		if r.Seat == v.Seat {
			name = p.s("Seat %d (you)", r.Seat)
		}
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
		p.Text(x+38, y+5, name, Font{Size: 15, Bold: true}, "")
		p.Text(x+318, y+5, signed(score), Font{Size: 15, Bold: true, Align: Right}, "score")
		if h, ok := holding[r.Seat]; ok {
			p.Text(x+38, y+23, p.s("%s concession, scores %s", word(h.Name), word(h.Axis)), Font{Size: 12}, "")
			p.Text(x+38, y+38, "+ "+p.w(h.Positive), Font{Size: 12}, "")
			p.Text(x+38, y+53, "− "+p.w(h.Negative), Font{Size: 12}, "")
		} else {
			p.Text(x+38, y+25, p.s("no concession yet"), Font{Size: 12, Color: faint}, "")
		}
		rigs := p.s("rigs left: %d", r.Basic)
		if hasVariant(v.Variants, atacama.Tactical) {
			rigs = p.s("rigs left: %d and %d double", r.Basic, r.Double)
		}
		p.Text(x+38, y+68, rigs, Font{Size: 12}, "")
		y += 96
	}
	if v.Stage > 0 {
		p.Text(x, y, p.s("Stage %d of 3: %d tiles laid", v.Stage, len(v.Tiles)), Font{Size: 12}, "")
		y += 18
	}
	for _, c := range v.Claimable {
		p.Text(x, y, p.s("May be claimed: %s (+ %s, − %s)", word(c.Name), word(c.Positive), word(c.Negative)), Font{Size: 11}, "")
		y += 16
	}
	if v.Last != nil {
		p.Text(x, y+10, p.s("Last move: %s played %s", seat(v.Last.Seat), v.Last.Move), Font{Size: 13}, "")
	}
}

func atacamaLegend(p *Picture, v *atacama.View, y float64) {
	x := 24.0
	for _, m := range []string{"gold", "silver", "copper"} {
		p.Rect(x, y-14, 20, 20, metalColours[m], "")
		p.Text(x+10, y+1, strings.ToUpper(m[:1]), Font{Size: 12, Bold: true, Align: Center}, "")
		p.Text(x+26, y+1, p.w(m), Font{Size: 12}, "")
		x += 90
	}
	p.Rect(x, y-14, 20, 20, Style{Stroke: mark, Width: 3}, "")
	p.Text(x+26, y+1, p.s("last move"), Font{Size: 12}, "")
	x += 100
	p.Line([]Point{{x, y - 4}, {x + 24, y - 4}}, Style{Stroke: edge, Width: 3, Dash: true}, "")
	p.Text(x+30, y+1, p.s("a line that scores (4 rigs or more)"), Font{Size: 12}, "")
	y += 26
	p.Text(24, y, p.s("A rig shows its seat by colour, shape and number; the letter and number on a field are its metal and ore value."), Font{Size: 12}, "")
	if hasVariant(v.Variants, atacama.Tactical) {
		p.Text(24, y+18, p.s("A rig in a white ring is of the second colour and counts double."), Font{Size: 12}, "")
	}
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
