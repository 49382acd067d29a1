package atacama

import (
	"math"
	"strconv"
	"strings"

	"github.com/pbem-games/pbem/pictures"

	atacamarules "github.com/pbem-games/pbem/rules/atacama"
)

// The fields' colours by metal; each field also shows its metal's letter.
var metalColours = map[string]pictures.Style{
	"gold":   {Fill: pictures.RGB(0xf5d76e), Stroke: pictures.Edge},
	"silver": {Fill: pictures.RGB(0xd9dde2), Stroke: pictures.Edge},
	"copper": {Fill: pictures.RGB(0xe8a87c), Stroke: pictures.Edge},
	"desert": {Fill: pictures.RGB(0xefe4c8), Stroke: pictures.Edge},
}

// atacamaCell is where a field lies on the page.
type atacamaCell struct {
	view *atacamarules.CellView
	at   pictures.Point
}

// atacamaBoard is the page's geometry of one side of the board.
type atacamaBoard struct {
	hex   bool
	cells map[[2]int]*atacamaCell // by row and column
	size  float64                 // a square's side or a hexagon's radius
	right float64                 // the board's right edge
	foot  float64                 // the board's bottom edge
}

func drawAtacama(p *pictures.Picture, v *atacamarules.View) {
	b := &atacamaBoard{hex: v.Board == "hexagonal", cells: map[[2]int]*atacamaCell{}}
	p.Width = pictures.PageWidth
	head := atacamaTitle(p, v)
	p.Title = p.Sf("%s, %s", head, p.SeenBy(v.Seat))
	top := p.Fit(pictures.Margin, 24, pictures.PageWidth-2*pictures.Margin, head, pictures.Font{Size: pictures.TitleSize, Bold: true}, "title")
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
func atacamaTitle(p *pictures.Picture, v *atacamarules.View) string {
	variants := ""
	if len(v.Variants) > 0 {
		variants = " (" + strings.Join(v.Variants, ", ") + ")"
	}
	t := p.Sf("Atacama, %d players%s, turn %d", v.Players, variants, v.Turn+1)
	if v.Over {
		t = p.Sf("Atacama, %d players, game over", v.Players)
	}
	return t
}

func (b *atacamaBoard) layoutSquare(v *atacamarules.View, top float64) {
	b.size = 34
	x0, y0 := 24.0, top+6
	for r := range 9 {
		for c := range 9 {
			b.cells[[2]int{r, c}] = &atacamaCell{at: pictures.Point{X: x0 + float64(c)*b.size, Y: y0 + float64(r)*b.size}}
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

func (b *atacamaBoard) layoutHex(v *atacamarules.View, top float64) {
	b.size = 15.5
	w := math.Sqrt(3) * b.size
	// the column numbers lie above the first row and below the last
	x0, y0 := 20.0+w/2, top+1.5*b.size+2
	for r, n := range atacamaHexRows {
		for c := range n {
			x := x0 + (float64(c)+float64(11-n)/2)*w
			b.cells[[2]int{r, c}] = &atacamaCell{at: pictures.Point{X: x, Y: y0 + float64(r)*1.5*b.size}}
		}
	}
	for i := range v.Cells {
		if c := b.cells[[2]int{v.Cells[i].Row, v.Cells[i].Col}]; c != nil {
			c.view = &v.Cells[i]
		}
	}
	b.right, b.foot = x0+10.5*w, y0+10*1.5*b.size+1.5*b.size+10
}

func (b *atacamaBoard) drawSquare(p *pictures.Picture) {
	c0 := b.cells[[2]int{0, 0}].at
	label := pictures.Font{Size: pictures.SmallSize, Bold: true, Align: pictures.Center}
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
func (b *atacamaBoard) drawHex(p *pictures.Picture) {
	label := pictures.Font{Size: pictures.SmallSize, Bold: true, Align: pictures.Center}
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
func (b *atacamaBoard) drawFields(p *pictures.Picture, v *atacamarules.View) {
	var last string
	if v.Last != nil {
		last = strings.Trim(strings.ToUpper(v.Last.Move), "* ")
	}
	for r, n := range b.rowLens() {
		for c := range n {
			cell := b.cells[[2]int{r, c}]
			b.drawField(p, cell, r, c)
			if cell.view != nil && cell.view.Field == last {
				b.outline(p, cell.at, pictures.Style{Stroke: pictures.MarkColour, Width: 4}, "last")
			}
		}
	}
	// the tiles' edges on the square side
	if !b.hex {
		c0 := b.cells[[2]int{0, 0}].at
		for k := range 3 {
			for j := range 3 {
				p.Rect(c0.X+float64(j)*3*b.size, c0.Y+float64(k)*3*b.size, 3*b.size, 3*b.size, pictures.Style{Stroke: pictures.Ink, Width: 2.5}, "tile")
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
func (b *atacamaBoard) outline(p *pictures.Picture, at pictures.Point, st pictures.Style, class string) {
	if b.hex {
		p.Polygon(pictures.Hexagon(at.X, at.Y, b.size-1), st, class)
		return
	}
	p.Rect(at.X+2, at.Y+2, b.size-4, b.size-4, st, class)
}

// centre is the middle of the field at at.
func (b *atacamaBoard) centre(at pictures.Point) pictures.Point {
	if b.hex {
		return at
	}
	return pictures.Point{X: at.X + b.size/2, Y: at.Y + b.size/2}
}

func (b *atacamaBoard) drawField(p *pictures.Picture, cell *atacamaCell, r, c int) {
	cv := cell.view
	mid := b.centre(cell.at)
	if cv == nil {
		st := pictures.Style{Fill: pictures.RGB(0xb8b8b8), Stroke: pictures.Edge}
		if b.hex {
			p.Polygon(pictures.Hexagon(mid.X, mid.Y, b.size), st, "unlaid")
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
		p.Polygon(pictures.Hexagon(mid.X, mid.Y, b.size), st, "field "+cv.Metal)
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
		p.Text(mid.X, mid.Y+size*0.36, letter+strconv.Itoa(cv.Value), pictures.Font{Size: size, Align: pictures.Center}, "")
		return
	}
	label := pictures.Font{Size: pictures.SmallSize, Bold: true}
	if b.hex {
		// A hexagon holds the field's value and a rig too small for a
		// number: the rig's colour and shape tell its seat.
		label.Align = pictures.Center
		p.Text(mid.X, mid.Y-3, letter+strconv.Itoa(cv.Value), label, "")
		b.rig(p, pictures.Point{X: mid.X, Y: mid.Y + 6}, cv.Rig, 6.5, "")
		return
	}
	p.Text(cell.at.X+3, cell.at.Y+11, letter+strconv.Itoa(cv.Value), label, "")
	b.rig(p, pictures.Point{X: mid.X + 4, Y: mid.Y + 5.5}, cv.Rig, pictures.MinFont/1.05, strconv.Itoa(cv.Rig.Seat))
}

// rig draws a rig: its seat's piece, with a second ring for a
// second-colour rig that counts double.
func (b *atacamaBoard) rig(p *pictures.Picture, at pictures.Point, rig *atacamarules.RigView, r float64, label string) {
	class := pictures.SeatClass("rig", rig.Seat)
	if rig.Double {
		p.Circle(at.X, at.Y, r+2.5, pictures.Style{Fill: pictures.White, Stroke: pictures.Ink, Width: 1.5}, "double")
		class += " double"
	}
	pictures.SeatMark(p, at.X, at.Y, r, rig.Seat, label, class)
}

// drawLines draws each line that scores, in its seat's colour, and beside
// its end a tag of its seat's colour and shape with the points it
// brings; it returns the lowest baseline of a tag below the board.
func (b *atacamaBoard) drawLines(p *pictures.Picture, v *atacamarules.View) float64 {
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
		p.Line([]pictures.Point{{X: first.X + px, Y: first.Y + py}, {X: last.X + px, Y: last.Y + py}},
			pictures.Style{Stroke: pictures.SeatColour(l.Seat), Width: 3, Dash: true}, pictures.SeatClass("line", l.Seat))
		var tx, ty float64
		switch {
		case !b.hex && uy == 0: // a row: beside its right end, one above the other
			tx, ty = last.X+b.size/2+r+3, last.Y+[]float64{0, 12, -12, 24}[k%4]
		case !b.hex: // a column: below its foot, one below the other
			tx, ty = last.X-8, last.Y+b.size/2+r+5+float64(k)*17
		default:
			step := b.size * (1.0 + 0.8*float64(k))
			tx, ty = min(last.X+ux*step, pictures.PageWidth-pictures.Margin-r-24), last.Y+uy*step
		}
		pictures.SeatMark(p, tx, ty, r, l.Seat, "", pictures.SeatClass("tag", l.Seat))
		p.Text(tx+r+2, ty+4.5, pictures.Signed(l.Points), pictures.Font{Size: pictures.SmallSize, Bold: true}, "points")
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
func atacamaPanel(p *pictures.Picture, v *atacamarules.View, y float64) float64 {
	x, right := pictures.Margin, pictures.PageWidth-pictures.Margin
	holding := map[int]atacamarules.Holding{}
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
	line := pictures.Font{Size: pictures.BodySize}
	for _, r := range v.Rigs {
		y += 18
		pictures.SeatMark(p, x+13, y-5, 13, r.Seat, strconv.Itoa(r.Seat), pictures.SeatClass("player", r.Seat))
		name := p.Sf("Seat %d", r.Seat)
		switch {
		case won[r.Seat]:
			name = p.Sf("%s, wins", name)
		case toAct[r.Seat] && !v.Over:
			name = p.Sf("%s, moves now", name)
		}
		score := 0
		if r.Seat < len(v.Scores) {
			score = v.Scores[r.Seat]
		}
		p.Text(right, y, pictures.Signed(score), pictures.Font{Size: pictures.HeadingSize, Bold: true, Align: pictures.Right}, "score")
		y = p.Fit(x+34, y, right-x-34-40, name, pictures.Font{Size: pictures.HeadingSize, Bold: true}, "")
		if h, ok := holding[r.Seat]; ok {
			y = p.Para(x+34, y, right, p.Sf("%s concession, scores %s", pictures.Word(h.Name), pictures.Word(h.Axis)), line, "")
			y = p.Para(x+34, y, right, "+ "+p.W(h.Positive), line, "")
			y = p.Para(x+34, y, right, "− "+p.W(h.Negative), line, "")
		} else {
			y = p.Para(x+34, y, right, p.Sf("no concession yet"), pictures.Font{Size: pictures.BodySize, Color: pictures.Faint}, "")
		}
		rigs := p.Sf("rigs left: %d", r.Basic)
		if hasVariant(v.Variants, atacamarules.Tactical) {
			rigs = p.Sf("rigs left: %d and %d double", r.Basic, r.Double)
		}
		y = p.Para(x+34, y, right, rigs, line, "")
	}
	y += 8
	if v.Stage > 0 {
		y = p.Para(x, y+pictures.LineHeight(line), right, p.Sf("Stage %d of 3: %d tiles laid", v.Stage, len(v.Tiles)), line, "") - pictures.LineHeight(line)
	}
	for _, c := range v.Claimable {
		y = p.Para(x, y+pictures.LineHeight(line), right, p.Sf("May be claimed: %s (+ %s, − %s)", pictures.Word(c.Name), pictures.Word(c.Positive), pictures.Word(c.Negative)), line, "") - pictures.LineHeight(line)
	}
	if v.Last != nil {
		y = p.Para(x, y+pictures.LineHeight(line), right, p.Sf("Last move: %s played %s", pictures.SeatWord(v.Last.Seat), v.Last.Notated()), line, "") - pictures.LineHeight(line)
	}
	return y
}

// atacamaLegend explains the board's colours and marks from y; it
// returns the y after.
func atacamaLegend(p *pictures.Picture, v *atacamarules.View, y float64) float64 {
	x, right := pictures.Margin, pictures.PageWidth-pictures.Margin
	f := pictures.Font{Size: pictures.SmallSize}
	y += 18
	swatch := func(st pictures.Style, letter, name string) {
		w := 26 + p.TextWidth(name, f) + 14
		if x+w > right {
			x, y = pictures.Margin, y+24
		}
		p.Rect(x, y-13, 18, 18, st, "")
		p.Text(x+9, y+1, letter, pictures.Font{Size: pictures.SmallSize, Bold: true, Align: pictures.Center}, "")
		p.Text(x+24, y+1, name, f, "")
		x += w
	}
	for _, m := range []string{"gold", "silver", "copper"} {
		swatch(metalColours[m], strings.ToUpper(m[:1]), p.W(m))
	}
	swatch(metalColours["desert"], "", p.W("desert"))
	swatch(pictures.Style{Stroke: pictures.MarkColour, Width: 3}, "", p.Sf("last move"))
	x, y = pictures.Margin, y+26
	p.Line([]pictures.Point{{X: x, Y: y - 4}, {X: x + 22, Y: y - 4}}, pictures.Style{Stroke: pictures.Edge, Width: 3, Dash: true}, "")
	y = p.Para(x+28, y+1, right, p.Sf("a line that scores (4 rigs or more)"), f, "")
	y = p.Para(pictures.Margin, y+2, right, p.Sf("A rig shows its seat by colour, shape and number; the letter and number on a field are its metal and ore value."), f, "")
	if hasVariant(v.Variants, atacamarules.Tactical) {
		y = p.Para(pictures.Margin, y, right, p.Sf("A rig in a white ring is of the second colour and counts double."), f, "")
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
