package altiplano

import (
	"image/color"
	"slices"
	"strconv"
	"strings"

	"github.com/pbem-games/pbem/pictures"

	altiplanorules "github.com/pbem-games/pbem/rules/altiplano"
)

// goodColours tints each good's chip; the chip also carries the good's
// name, so the colour is only a help.
var goodColours = map[string]color.RGBA{
	"food": pictures.RGB(0xf3e3a1), "corn": pictures.RGB(0xf5c542), "wood": pictures.RGB(0xa0785a), "stone": pictures.RGB(0xb0b0b0),
	"ore": pictures.RGB(0x6f7b8b), "fabric": pictures.RGB(0xd98cb3), "silver": pictures.RGB(0xdfe6ee), "wool": pictures.RGB(0xf7f3e8),
	"fish": pictures.RGB(0x7fb7d9), "glass": pictures.RGB(0xa8e0d8), "alpaca": pictures.RGB(0xc9a27e), "cocoa": pictures.RGB(0x7a4a2a),
	"coin": pictures.RGB(0xe0b000),
}

// The printed board of each player: the warehouse's rows and their sizes
// from the top, and the road's length.
var (
	altiplanoRows = []int{2, 3, 3, 4, 4, 5}
	altiplanoRoad = 8
)

func drawAltiplano(p *pictures.Picture, v *altiplanorules.View) {
	t := v.Table
	p.Width = pictures.PageWidth
	head := altiplanoTitle(p, v)
	p.Title = p.Sf("%s, %s", head, p.SeenBy(v.Seat))
	y := p.Fit(pictures.Margin, 24, pictures.PageWidth-2*pictures.Margin, head, pictures.Font{Size: pictures.TitleSize, Bold: true}, "title")
	y = p.Para(pictures.Margin, y, pictures.PageWidth-pictures.Margin, p.Sf("centre: food %d", t.Supply["food"]), pictures.Font{Size: pictures.BodySize}, "")
	y = altiplanoLocations(p, v, y-6)
	y = altiplanoDisplay(p, v, y+24)
	for _, pv := range t.Seats {
		y = altiplanoSeat(p, v, pv, y+8)
	}
	if v.You != nil && !t.Over {
		y = altiplanoOwn(p, v, y+10)
	}
	y = p.Para(pictures.Margin, y+24, pictures.PageWidth-pictures.Margin, altiplanoFooter(p, v), pictures.Font{Size: pictures.BodySize}, "")
	p.Height = y
}

// altiplanoTitle is the picture's first line. It does not say whose view
// it is: the box of what only the reader sees does.
func altiplanoTitle(p *pictures.Picture, v *altiplanorules.View) string {
	t := v.Table
	variants := ""
	if len(t.Variants) > 0 {
		variants = " (" + strings.Join(t.Variants, ", ") + ")"
	}
	switch t.Phase {
	case "plan":
		return p.Sf("Altiplano, %d players%s, round %d, planning", t.Players, variants, t.Round)
	case "act":
		return p.Sf("Altiplano, %d players%s, round %d, actions", t.Players, variants, t.Round)
	case "choose":
		return p.Sf("Altiplano, %d players%s, choosing professions", t.Players, variants)
	default:
		return p.Sf("Altiplano, %d players%s, game over after round %d", t.Players, variants, t.Round)
	}
}

// chipFont is how a good's name and count are written beside its chip.
var chipFont = pictures.Font{Size: pictures.SmallSize}

// goodChip draws a good's chip and its name and count; it returns the x
// after it.
func goodChip(p *pictures.Picture, x, y float64, good string, n int, class string) float64 {
	c, ok := goodColours[good]
	if !ok {
		c = pictures.Faint
	}
	p.Circle(x+6, y-4, 6, pictures.Style{Fill: c, Stroke: pictures.Edge}, class)
	label := chipLabel(p, good, n)
	p.Text(x+15, y, label, chipFont, "")
	return x + 15 + p.TextWidth(label, chipFont) + 10
}

func chipLabel(p *pictures.Picture, good string, n int) string {
	label := p.W(good)
	if n >= 0 {
		label += " " + strconv.Itoa(n)
	}
	return label
}

// goods draws chips from x, wrapping before right; it returns the next
// line's y.
func goods(p *pictures.Picture, x, y, right float64, names []string, counts []int, class string) float64 {
	x0 := x
	for i, name := range names {
		w := 15 + p.TextWidth(chipLabel(p, name, counts[i]), chipFont) + 10
		if x+w > right+10 && x > x0 {
			x, y = x0, y+18
		}
		x = goodChip(p, x, y, name, counts[i], class)
	}
	return y + 18
}

// goodsList draws goods written as the view writes them, "glass 11, wool
// 2", as chips from x; it wraps before right and returns the next line's y.
func goodsList(p *pictures.Picture, x, y, right float64, list string, class string) float64 {
	var names []string
	var counts []int
	for part := range strings.SplitSeq(list, ", ") {
		name, count, ok := strings.Cut(part, " ")
		n, err := strconv.Atoi(count)
		if !ok || err != nil {
			name, n = part, -1
		}
		names, counts = append(names, name), append(counts, n)
	}
	return goods(p, x, y, right, names, counts, class)
}

// altiplanoLocations draws the circle of locations from y, one band
// each in the order the pawns go round: its name and the pawns there on
// the left, its goods on the right. It returns the y after.
func altiplanoLocations(p *pictures.Picture, v *altiplanorules.View, y float64) float64 {
	t := v.Table
	home := map[string][]string{"road": {"corn"}, "farm": {"fabric", "wool", "alpaca"}, "mine": {"stone", "ore", "silver"},
		"forest": {"wood", "cocoa"}, "port": {"fish"}, "market": {"glass"}}
	const nameW = 84.0
	right := pictures.PageWidth - pictures.Margin - 6
	for _, name := range t.Circle {
		y += 4
		mark := p.Mark()
		ny := p.Fit(pictures.Margin+6, y+17, nameW-8, p.Titled(name), pictures.Font{Size: pictures.BodySize, Bold: true}, "")
		px := pictures.Margin + 6 + 12
		for _, pv := range t.Seats {
			if pv.Pawn == name {
				if px > pictures.Margin+nameW-12 {
					px, ny = pictures.Margin+6+12, ny+25
				}
				pictures.SeatMark(p, px, ny+2, 12, pv.Seat, strconv.Itoa(pv.Seat), pictures.SeatClass("pawn", pv.Seat))
				px += 27
			}
		}
		if px > pictures.Margin+6+12 {
			ny += 17
		}
		gx := pictures.Margin + nameW
		var counts []int
		for _, g := range home[name] {
			counts = append(counts, t.Supply[g])
		}
		gy := y + 17
		if len(home[name]) > 0 {
			gy = goods(p, gx, gy, right, home[name], counts, "supply")
		}
		switch name {
		case "village":
			gy = p.Para(gx, gy, right, p.Sf("carts %d; houses:", t.Carts), chipFont, "")
			gy = goodsList(p, gx, gy, right, t.Houses, "village-house")
		case "port":
			gy = p.Para(gx, gy, right, p.Sf("boats:"), chipFont, "")
			gy = goodsList(p, gx, gy, right, t.Boats, "port-boat")
		case "market":
			var cs []string
			for _, c := range t.Contracts {
				cs = append(cs, strconv.Itoa(c))
			}
			gy = p.Para(gx, gy, right, p.Sf("contracts:")+" "+strings.Join(cs, " "), chipFont, "")
		}
		h := max(ny, gy) - y - 6
		p.Under(mark, pictures.Margin, y, pictures.PageWidth-2*pictures.Margin, h, pictures.Style{Fill: pictures.White, Stroke: pictures.Edge}, "location")
		y += h
	}
	return y
}

// wrapText writes s in lines of at most n characters, broken at spaces;
// it returns the y after the last line.
func wrapText(p *pictures.Picture, x, y float64, s string, n int, f pictures.Font) float64 {
	line := ""
	for w := range strings.FieldsSeq(s) {
		if line != "" && len(line)+1+len(w) > n {
			p.Text(x, y, line, f, "")
			y += f.Size + 4
			line = ""
		}
		if line != "" {
			line += " "
		}
		line += w
	}
	if line != "" {
		p.Text(x, y, line, f, "")
		y += f.Size + 4
	}
	return y
}

// altiplanoDisplay draws the extensions on display from y; it returns
// the y after.
func altiplanoDisplay(p *pictures.Picture, v *altiplanorules.View, y float64) float64 {
	t := v.Table
	y = p.Para(pictures.Margin, y, pictures.PageWidth-pictures.Margin, p.Sf("Extensions on display (cost)"), pictures.Font{Size: pictures.HeadingSize, Bold: true}, "")
	const gap = 3.0
	cardW := (pictures.PageWidth - 2*pictures.Margin - 4*gap) / 5
	top := y - 10
	for k := range 5 {
		x := pictures.Margin + float64(k)*(cardW+gap)
		class := "display"
		for _, o := range t.Display {
			if o.Space == k+1 {
				class = "display extension"
			}
		}
		p.Rect(x, top, cardW, 56, pictures.Style{Fill: pictures.White, Stroke: pictures.Edge}, class)
		p.Text(x+5, top+15, strconv.Itoa(k+1), pictures.Font{Size: pictures.SmallSize, Bold: true, Color: pictures.Faint}, "")
		for _, o := range t.Display {
			if o.Space == k+1 {
				p.Fit(x+cardW/2, top+33, cardW-6, p.W(o.Name), pictures.Font{Size: pictures.SmallSize, Bold: true, Align: pictures.Center}, "")
				p.Text(x+cardW/2, top+49, p.Sf("%d coins", o.Cost), pictures.Font{Size: pictures.SmallSize, Align: pictures.Center}, "")
			}
		}
	}
	y = top + 56 + 18
	pile := p.Sf("pile: empty")
	if t.Pile > 0 {
		pile = p.Sf("pile: %d cards, next %s", t.Pile, t.PileLetter)
	}
	y = p.Para(pictures.Margin, y, pictures.PageWidth-pictures.Margin, pile, pictures.Font{Size: pictures.BodySize}, "")
	if len(t.Professions) > 0 {
		y = p.Para(pictures.Margin, y, pictures.PageWidth-pictures.Margin, p.Sf("professions left: %s", p.WList(strings.Join(t.Professions, ", "))), pictures.Font{Size: pictures.BodySize}, "")
	}
	return y
}

// altiplanoSeat draws a player's board in a box from y; it returns the
// y after the box.
func altiplanoSeat(p *pictures.Picture, v *altiplanorules.View, pv altiplanorules.PlayerView, y float64) float64 {
	t := v.Table
	st := pictures.Style{Fill: pictures.White, Stroke: pictures.Edge}
	if t.Last != nil && t.Last.Seat == pv.Seat {
		st = pictures.Style{Fill: pictures.White, Stroke: pictures.MarkColour, Width: 3}
	}
	x, right := pictures.Margin, pictures.PageWidth-pictures.Margin
	in, inRight := x+10, right-10
	line := pictures.Font{Size: pictures.BodySize}
	mark := p.Mark()
	pictures.SeatMark(p, x+22, y+20, 12, pv.Seat, strconv.Itoa(pv.Seat), pictures.SeatClass("player", pv.Seat))
	coins, board := pv.Coins, pv.Board
	if pv.Seat == v.Seat && v.You != nil {
		coins, board = v.You.Coins, v.You.Board
	}
	head := p.Sf("Seat %d", pv.Seat)
	if pv.Profession != "" {
		head = p.Sf("%s, %s", head, pictures.Word(pv.Profession))
	}
	if slices.Contains(t.Winners, pv.Seat) {
		head = p.Sf("%s, wins", head)
	}
	ly := p.Fit(x+42, y+25, inRight-x-42, head, pictures.Font{Size: pictures.HeadingSize, Bold: true}, "")
	status := p.Sf("%s, score %d", p.Plural(coins, "coin"), pv.Score)
	if pv.Status != "" {
		status = p.Sf("%s (%s)", status, pictures.Word(pv.Status))
	}
	ly = p.Para(x+42, ly, inRight, status, line, "")
	// the road
	ly += 10
	p.Text(in, ly, p.W("road"), pictures.Font{Size: pictures.SmallSize}, "")
	for k := range altiplanoRoad {
		sx := in + 68 + float64(k)*24
		fill := pictures.White
		if k < pv.Road {
			fill = pictures.SeatColour(pv.Seat)
		}
		p.Rect(sx, ly-14, 20, 18, pictures.Style{Fill: fill, Stroke: pictures.Edge}, "road")
	}
	cart := p.Sf("free cart ready")
	if pv.FreeUsed {
		cart = p.Sf("free cart used")
	}
	if pv.Carts > 1 {
		cart = p.Sf("%s, %d of %d bought carts used", cart, pv.CartsUsed, pv.Carts-1)
	}
	if cx := in + 68 + float64(altiplanoRoad)*24 + 4; cx+p.TextWidth(cart, pictures.Font{Size: pictures.SmallSize}) <= inRight {
		p.Text(cx, ly, cart, pictures.Font{Size: pictures.SmallSize}, "")
		ly += 22
	} else {
		ly = p.Para(in+68, ly+20, inRight, cart, pictures.Font{Size: pictures.SmallSize}, "")
	}
	// the warehouse, a row of boxes per row of the board, in two columns
	ly -= 6
	p.Text(in, ly+12, p.Sf("warehouse"), pictures.Font{Size: pictures.SmallSize}, "")
	for r, size := range altiplanoRows {
		good, n := "", 0
		if r < len(pv.Warehouse) {
			name, count, _ := strings.Cut(pv.Warehouse[r], " ")
			good = name
			n, _ = strconv.Atoi(count)
		}
		rx := in + 68 + float64(r/3)*128
		ry := ly + float64(r%3)*19
		for k := range size {
			fill := pictures.RGB(0xf1f1f1)
			class := "slot"
			if k < n {
				fill, class = goodColours[good], "stored"
			}
			p.Rect(rx+float64(k)*16, ry, 14, 14, pictures.Style{Fill: fill, Stroke: pictures.Edge}, class)
		}
		if good != "" {
			p.Text(rx+float64(size)*16+4, ry+12, p.W(good), pictures.Font{Size: pictures.SmallSize}, "")
		}
	}
	ly += 3*19 + 16
	if pv.Overflow > 0 {
		ly = p.Para(in, ly, inRight, p.Sf("%d corn beside the warehouse", pv.Overflow), line, "")
	}
	ly = labelled(p, in, ly, inRight, "houses", pv.Houses, "house")
	ly = labelled(p, in, ly, inRight, "boats", pv.Boats, "boat")
	exts := p.Sf("none")
	if len(pv.Extensions) > 0 {
		exts = p.WList(strings.Join(pv.Extensions, ", "))
	}
	ly = p.Para(in, ly, inRight, p.Sf("extensions: %s", exts), line, "")
	contract := p.Sf("no open contract")
	if pv.Contract > 0 {
		contract = p.Sf("contract %d, delivered %s", pv.Contract, p.OrNone(p.WList(pv.Delivered)))
	}
	if len(pv.Completed) > 0 {
		var cs []string
		for _, c := range pv.Completed {
			cs = append(cs, strconv.Itoa(c))
		}
		contract = p.Sf("%s; completed %s", contract, strings.Join(cs, ", "))
	}
	ly = p.Para(in, ly, inRight, contract, line, "")
	var spaces []string
	for _, k := range sortedKeys(board) {
		spaces = append(spaces, p.Sf("%s: %s", p.W(k), p.WList(board[k])))
	}
	ly = p.Para(in, ly, inRight, p.Sf("on the action spaces: %s", p.OrNone(strings.Join(spaces, "; "))), line, "")
	if pv.Final != nil {
		ly = p.Para(in, ly, inRight, p.Sf("final score %d", pv.Final.Total), pictures.Font{Size: pictures.BodySize, Bold: true}, "")
	}
	h := ly - y - 6
	p.Under(mark, x, y, right-x, h, st, pictures.SeatClass("board", pv.Seat))
	return y + h
}

// labelled draws a label and a list of goods as chips, wrapping before
// right; it returns the next line's y.
func labelled(p *pictures.Picture, x, y, right float64, label string, goods []string, class string) float64 {
	f := pictures.Font{Size: pictures.BodySize}
	p.Text(x, y, p.Sf(label+":"), f, "")
	gx := x + max(68, p.TextWidth(p.Sf(label+":"), f)+8)
	if len(goods) == 0 {
		p.Text(gx, y, p.Sf("none"), f, "")
		return y + pictures.LineHeight(f)
	}
	counts := map[string]int{}
	var order []string
	for _, g := range goods {
		if counts[g] == 0 {
			order = append(order, g)
		}
		counts[g]++
	}
	x0 := gx
	for _, g := range order {
		name := p.W(g)
		w := float64(counts[g])*14 + p.TextWidth(name, chipFont) + 10
		if gx+w > right && gx > x0 {
			gx, y = x0, y+18
		}
		for range counts[g] {
			p.Circle(gx+6, y-4, 6, pictures.Style{Fill: goodColours[g], Stroke: pictures.Edge}, class)
			gx += 14
		}
		p.Text(gx, y, name, chipFont, "")
		gx += p.TextWidth(name, chipFont) + 10
	}
	return y + pictures.LineHeight(f)
}

// altiplanoOwn draws, in a dashed box from y, what only the reader sees;
// it returns the y after.
func altiplanoOwn(p *pictures.Picture, v *altiplanorules.View, y float64) float64 {
	o := v.You
	x, right := pictures.Margin, pictures.PageWidth-pictures.Margin
	in, inRight := x+10, right-10
	f := pictures.Font{Size: pictures.BodySize}
	mark := p.Mark()
	ly := p.Para(in, y+22, inRight, p.Sf("Only you see this: your bag, crate, planning spaces and hidden plan"), pictures.Font{Size: pictures.HeadingSize, Bold: true}, "")
	tab := in + 110
	p.Text(in, ly, p.Sf("bag: %s", p.Plural(o.Bag, "good")), f, "")
	ly += pictures.LineHeight(f)
	if o.BagGoods != "" {
		ly = goodsList(p, tab, ly, inRight, o.BagGoods, "bag")
	}
	p.Text(in, ly, p.Sf("crate:"), f, "")
	if o.Crate != "" {
		ly = goodsList(p, tab, ly, inRight, o.Crate, "crate")
	} else {
		p.Text(tab, ly, p.Sf("empty"), f, "")
		ly += pictures.LineHeight(f)
	}
	p.Text(in, ly, p.Sf("planning spaces:"), f, "")
	var names []string
	var counts []int
	for _, s := range o.Planning {
		names, counts = append(names, s.Good), append(counts, -1)
	}
	if len(names) > 0 {
		ly = goods(p, tab, ly, inRight, names, counts, "planning")
	} else {
		ly += pictures.LineHeight(f)
	}
	var placed []string
	for _, pl := range o.Placed {
		placed = append(placed, p.Sf("%d %s on %s", pl.Count, pictures.Word(pl.Good), pictures.Word(pl.Target)))
	}
	ly = p.Para(in, ly, inRight, p.Sf("placed this round: %s", p.OrNone(p.List(placed))), f, "placed")
	var ms []string
	for _, m := range o.Missions {
		ms = append(ms, p.Sf("%s (%s, %d points)", pictures.Word(m.Name), altiplanorules.MissionGoal(m.Name), m.Points))
	}
	if len(ms) > 0 {
		ly = p.Para(in, ly, inRight, p.Sf("missions: %s", strings.Join(ms, "; ")), f, "mission")
	}
	h := ly - y - 4
	p.Under(mark, x, y, right-x, h, pictures.Style{Fill: pictures.RGB(0xfff4d6), Stroke: pictures.Ink, Width: 2, Dash: true}, "own")
	return y + h
}

func altiplanoFooter(p *pictures.Picture, v *altiplanorules.View) string {
	t := v.Table
	var parts []string
	if t.Last != nil {
		if t.Last.Move == "" {
			parts = append(parts, p.Sf("Last move: %s planned", pictures.SeatWord(t.Last.Seat)))
		} else {
			parts = append(parts, p.Sf("Last move: %s played %s", pictures.SeatWord(t.Last.Seat), t.Last.Notated()))
		}
	}
	if len(t.ToAct) > 0 && !t.Over {
		var ws []string
		for _, s := range t.ToAct {
			ws = append(ws, p.Say(pictures.SeatWord(s)))
		}
		parts = append(parts, p.Sf("to move: %s", p.List(ws)))
	}
	if len(parts) == 2 {
		return p.Sf("%s. %s", parts[0], parts[1])
	}
	return strings.Join(parts, "")
}

func sortedKeys(m map[string]string) []string {
	ks := make([]string, 0, len(m))
	for k := range m {
		ks = append(ks, k)
	}
	slices.Sort(ks)
	return ks
}

// backward returns the seats in reverse order.
func backward(ps []altiplanorules.PlayerView) []altiplanorules.PlayerView {
	out := slices.Clone(ps)
	slices.Reverse(out)
	return out
}
