package pictures

import (
	"image/color"
	"slices"
	"strconv"
	"strings"

	"github.com/pbem-games/pbem/rules/altiplano"
)

// goodColours tints each good's chip; the chip also carries the good's
// name, so the colour is only a help.
var goodColours = map[string]color.RGBA{
	"food": rgb(0xf3e3a1), "corn": rgb(0xf5c542), "wood": rgb(0xa0785a), "stone": rgb(0xb0b0b0),
	"ore": rgb(0x6f7b8b), "fabric": rgb(0xd98cb3), "silver": rgb(0xdfe6ee), "wool": rgb(0xf7f3e8),
	"fish": rgb(0x7fb7d9), "glass": rgb(0xa8e0d8), "alpaca": rgb(0xc9a27e), "cocoa": rgb(0x7a4a2a),
	"coin": rgb(0xe0b000),
}

// The printed board of each player: the warehouse's rows and their sizes
// from the top, and the road's length.
var (
	altiplanoRows = []int{2, 3, 3, 4, 4, 5}
	altiplanoRoad = 8
)

func drawAltiplano(p *Picture, v *altiplano.View) {
	t := v.Table
	p.Width = pageWidth
	head := altiplanoTitle(p, v)
	p.Title = p.s("%s, %s", head, p.seenBy(v.Seat))
	y := p.fit(margin, 24, pageWidth-2*margin, head, Font{Size: titleSz, Bold: true}, "title")
	y = p.para(margin, y, pageWidth-margin, p.s("centre: food %d", t.Supply["food"]), Font{Size: body}, "")
	y = altiplanoLocations(p, v, y-6)
	y = altiplanoDisplay(p, v, y+24)
	for _, pv := range t.Seats {
		y = altiplanoSeat(p, v, pv, y+8)
	}
	if v.You != nil && !t.Over {
		y = altiplanoOwn(p, v, y+10)
	}
	y = p.para(margin, y+24, pageWidth-margin, altiplanoFooter(p, v), Font{Size: body}, "")
	p.Height = y
}

// altiplanoTitle is the picture's first line. It does not say whose view
// it is: the box of what only the reader sees does.
func altiplanoTitle(p *Picture, v *altiplano.View) string {
	t := v.Table
	variants := ""
	if len(t.Variants) > 0 {
		variants = " (" + strings.Join(t.Variants, ", ") + ")"
	}
	switch t.Phase {
	case "plan":
		return p.s("Altiplano, %d players%s, round %d, planning", t.Players, variants, t.Round)
	case "act":
		return p.s("Altiplano, %d players%s, round %d, actions", t.Players, variants, t.Round)
	case "choose":
		return p.s("Altiplano, %d players%s, choosing professions", t.Players, variants)
	default:
		return p.s("Altiplano, %d players%s, game over after round %d", t.Players, variants, t.Round)
	}
}

// chipFont is how a good's name and count are written beside its chip.
var chipFont = Font{Size: small}

// goodChip draws a good's chip and its name and count; it returns the x
// after it.
func goodChip(p *Picture, x, y float64, good string, n int, class string) float64 {
	c, ok := goodColours[good]
	if !ok {
		c = faint
	}
	p.Circle(x+6, y-4, 6, Style{Fill: c, Stroke: edge}, class)
	label := chipLabel(p, good, n)
	p.Text(x+15, y, label, chipFont, "")
	return x + 15 + p.textWidth(label, chipFont) + 10
}

func chipLabel(p *Picture, good string, n int) string {
	label := p.w(good)
	if n >= 0 {
		label += " " + strconv.Itoa(n)
	}
	return label
}

// goods draws chips from x, wrapping before right; it returns the next
// line's y.
func goods(p *Picture, x, y, right float64, names []string, counts []int, class string) float64 {
	x0 := x
	for i, name := range names {
		w := 15 + p.textWidth(chipLabel(p, name, counts[i]), chipFont) + 10
		if x+w > right+10 && x > x0 {
			x, y = x0, y+18
		}
		x = goodChip(p, x, y, name, counts[i], class)
	}
	return y + 18
}

// goodsList draws goods written as the view writes them, "glass 11, wool
// 2", as chips from x; it wraps before right and returns the next line's y.
func goodsList(p *Picture, x, y, right float64, list string, class string) float64 {
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
func altiplanoLocations(p *Picture, v *altiplano.View, y float64) float64 {
	t := v.Table
	home := map[string][]string{"road": {"corn"}, "farm": {"fabric", "wool", "alpaca"}, "mine": {"stone", "ore", "silver"},
		"forest": {"wood", "cocoa"}, "port": {"fish"}, "market": {"glass"}}
	const nameW = 84.0
	right := pageWidth - margin - 6
	for _, name := range t.Circle {
		y += 4
		mark := len(p.items)
		ny := p.fit(margin+6, y+17, nameW-8, p.title(name), Font{Size: body, Bold: true}, "")
		px := margin + 6 + 12
		for _, pv := range t.Seats {
			if pv.Pawn == name {
				if px > margin+nameW-12 {
					px, ny = margin+6+12, ny+25
				}
				seatMark(p, px, ny+2, 12, pv.Seat, strconv.Itoa(pv.Seat), seatClass("pawn", pv.Seat))
				px += 27
			}
		}
		if px > margin+6+12 {
			ny += 17
		}
		gx := margin + nameW
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
			gy = p.para(gx, gy, right, p.s("carts %d; houses:", t.Carts), chipFont, "")
			gy = goodsList(p, gx, gy, right, t.Houses, "village-house")
		case "port":
			gy = p.para(gx, gy, right, p.s("boats:"), chipFont, "")
			gy = goodsList(p, gx, gy, right, t.Boats, "port-boat")
		case "market":
			var cs []string
			for _, c := range t.Contracts {
				cs = append(cs, strconv.Itoa(c))
			}
			gy = p.para(gx, gy, right, p.s("contracts:")+" "+strings.Join(cs, " "), chipFont, "")
		}
		h := max(ny, gy) - y - 6
		p.under(mark, margin, y, pageWidth-2*margin, h, Style{Fill: white, Stroke: edge}, "location")
		y += h
	}
	return y
}

// wrapText writes s in lines of at most n characters, broken at spaces;
// it returns the y after the last line.
func wrapText(p *Picture, x, y float64, s string, n int, f Font) float64 {
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
func altiplanoDisplay(p *Picture, v *altiplano.View, y float64) float64 {
	t := v.Table
	y = p.para(margin, y, pageWidth-margin, p.s("Extensions on display (cost)"), Font{Size: heading, Bold: true}, "")
	const gap = 3.0
	cardW := (pageWidth - 2*margin - 4*gap) / 5
	top := y - 10
	for k := range 5 {
		x := margin + float64(k)*(cardW+gap)
		class := "display"
		for _, o := range t.Display {
			if o.Space == k+1 {
				class = "display extension"
			}
		}
		p.Rect(x, top, cardW, 56, Style{Fill: white, Stroke: edge}, class)
		p.Text(x+5, top+15, strconv.Itoa(k+1), Font{Size: small, Bold: true, Color: faint}, "")
		for _, o := range t.Display {
			if o.Space == k+1 {
				p.fit(x+cardW/2, top+33, cardW-6, p.w(o.Name), Font{Size: small, Bold: true, Align: Center}, "")
				p.Text(x+cardW/2, top+49, p.s("%d coins", o.Cost), Font{Size: small, Align: Center}, "")
			}
		}
	}
	y = top + 56 + 18
	pile := p.s("pile: empty")
	if t.Pile > 0 {
		pile = p.s("pile: %d cards, next %s", t.Pile, t.PileLetter)
	}
	y = p.para(margin, y, pageWidth-margin, pile, Font{Size: body}, "")
	if len(t.Professions) > 0 {
		y = p.para(margin, y, pageWidth-margin, p.s("professions left: %s", p.wlist(strings.Join(t.Professions, ", "))), Font{Size: body}, "")
	}
	return y
}

// altiplanoSeat draws a player's board in a box from y; it returns the
// y after the box.
func altiplanoSeat(p *Picture, v *altiplano.View, pv altiplano.PlayerView, y float64) float64 {
	t := v.Table
	st := Style{Fill: white, Stroke: edge}
	if t.Last != nil && t.Last.Seat == pv.Seat {
		st = Style{Fill: white, Stroke: mark, Width: 3}
	}
	x, right := margin, pageWidth-margin
	in, inRight := x+10, right-10
	line := Font{Size: body}
	mark := len(p.items)
	seatMark(p, x+22, y+20, 12, pv.Seat, strconv.Itoa(pv.Seat), seatClass("player", pv.Seat))
	coins, board := pv.Coins, pv.Board
	if pv.Seat == v.Seat && v.You != nil {
		coins, board = v.You.Coins, v.You.Board
	}
	head := p.s("Seat %d", pv.Seat)
	if pv.Profession != "" {
		head = p.s("%s, %s", head, word(pv.Profession))
	}
	if slices.Contains(t.Winners, pv.Seat) {
		head = p.s("%s, wins", head)
	}
	ly := p.fit(x+42, y+25, inRight-x-42, head, Font{Size: heading, Bold: true}, "")
	status := p.s("%s, score %d", p.plural(coins, "coin"), pv.Score)
	if pv.Status != "" {
		status = p.s("%s (%s)", status, word(pv.Status))
	}
	ly = p.para(x+42, ly, inRight, status, line, "")
	// the road
	ly += 10
	p.Text(in, ly, p.w("road"), Font{Size: small}, "")
	for k := range altiplanoRoad {
		sx := in + 68 + float64(k)*24
		fill := white
		if k < pv.Road {
			fill = seatColour(pv.Seat)
		}
		p.Rect(sx, ly-14, 20, 18, Style{Fill: fill, Stroke: edge}, "road")
	}
	cart := p.s("free cart ready")
	if pv.FreeUsed {
		cart = p.s("free cart used")
	}
	if pv.Carts > 1 {
		cart = p.s("%s, %d of %d bought carts used", cart, pv.CartsUsed, pv.Carts-1)
	}
	if cx := in + 68 + float64(altiplanoRoad)*24 + 4; cx+p.textWidth(cart, Font{Size: small}) <= inRight {
		p.Text(cx, ly, cart, Font{Size: small}, "")
		ly += 22
	} else {
		ly = p.para(in+68, ly+20, inRight, cart, Font{Size: small}, "")
	}
	// the warehouse, a row of boxes per row of the board, in two columns
	ly -= 6
	p.Text(in, ly+12, p.s("warehouse"), Font{Size: small}, "")
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
			fill := rgb(0xf1f1f1)
			class := "slot"
			if k < n {
				fill, class = goodColours[good], "stored"
			}
			p.Rect(rx+float64(k)*16, ry, 14, 14, Style{Fill: fill, Stroke: edge}, class)
		}
		if good != "" {
			p.Text(rx+float64(size)*16+4, ry+12, p.w(good), Font{Size: small}, "")
		}
	}
	ly += 3*19 + 16
	if pv.Overflow > 0 {
		ly = p.para(in, ly, inRight, p.s("%d corn beside the warehouse", pv.Overflow), line, "")
	}
	ly = labelled(p, in, ly, inRight, "houses", pv.Houses, "house")
	ly = labelled(p, in, ly, inRight, "boats", pv.Boats, "boat")
	exts := p.s("none")
	if len(pv.Extensions) > 0 {
		exts = p.wlist(strings.Join(pv.Extensions, ", "))
	}
	ly = p.para(in, ly, inRight, p.s("extensions: %s", exts), line, "")
	contract := p.s("no open contract")
	if pv.Contract > 0 {
		contract = p.s("contract %d, delivered %s", pv.Contract, p.orNone(p.wlist(pv.Delivered)))
	}
	if len(pv.Completed) > 0 {
		var cs []string
		for _, c := range pv.Completed {
			cs = append(cs, strconv.Itoa(c))
		}
		contract = p.s("%s; completed %s", contract, strings.Join(cs, ", "))
	}
	ly = p.para(in, ly, inRight, contract, line, "")
	var spaces []string
	for _, k := range sortedKeys(board) {
		spaces = append(spaces, p.w(k)+": "+p.wlist(board[k]))
	}
	ly = p.para(in, ly, inRight, p.s("on the action spaces: %s", p.orNone(strings.Join(spaces, "; "))), line, "")
	if pv.Final != nil {
		ly = p.para(in, ly, inRight, p.s("final score %d", pv.Final.Total), Font{Size: body, Bold: true}, "")
	}
	h := ly - y - 6
	p.under(mark, x, y, right-x, h, st, seatClass("board", pv.Seat))
	return y + h
}

// labelled draws a label and a list of goods as chips, wrapping before
// right; it returns the next line's y.
func labelled(p *Picture, x, y, right float64, label string, goods []string, class string) float64 {
	f := Font{Size: body}
	p.Text(x, y, p.s(label+":"), f, "")
	gx := x + max(68, p.textWidth(p.s(label+":"), f)+8)
	if len(goods) == 0 {
		p.Text(gx, y, p.s("none"), f, "")
		return y + lineHeight(f)
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
		name := p.w(g)
		w := float64(counts[g])*14 + p.textWidth(name, chipFont) + 10
		if gx+w > right && gx > x0 {
			gx, y = x0, y+18
		}
		for range counts[g] {
			p.Circle(gx+6, y-4, 6, Style{Fill: goodColours[g], Stroke: edge}, class)
			gx += 14
		}
		p.Text(gx, y, name, chipFont, "")
		gx += p.textWidth(name, chipFont) + 10
	}
	return y + lineHeight(f)
}

// altiplanoOwn draws, in a dashed box from y, what only the reader sees;
// it returns the y after.
func altiplanoOwn(p *Picture, v *altiplano.View, y float64) float64 {
	o := v.You
	x, right := margin, pageWidth-margin
	in, inRight := x+10, right-10
	f := Font{Size: body}
	mark := len(p.items)
	ly := p.para(in, y+22, inRight, p.s("Only you see this: your bag, crate, planning spaces and hidden plan"), Font{Size: heading, Bold: true}, "")
	tab := in + 110
	p.Text(in, ly, p.s("bag: %s", p.plural(o.Bag, "good")), f, "")
	ly += lineHeight(f)
	if o.BagGoods != "" {
		ly = goodsList(p, tab, ly, inRight, o.BagGoods, "bag")
	}
	p.Text(in, ly, p.s("crate:"), f, "")
	if o.Crate != "" {
		ly = goodsList(p, tab, ly, inRight, o.Crate, "crate")
	} else {
		p.Text(tab, ly, p.s("empty"), f, "")
		ly += lineHeight(f)
	}
	p.Text(in, ly, p.s("planning spaces:"), f, "")
	var names []string
	var counts []int
	for _, s := range o.Planning {
		names, counts = append(names, s.Good), append(counts, -1)
	}
	if len(names) > 0 {
		ly = goods(p, tab, ly, inRight, names, counts, "planning")
	} else {
		ly += lineHeight(f)
	}
	var placed []string
	for _, pl := range o.Placed {
		placed = append(placed, p.s("%d %s on %s", pl.Count, word(pl.Good), word(pl.Target)))
	}
	ly = p.para(in, ly, inRight, p.s("placed this round: %s", p.orNone(p.list(placed))), f, "placed")
	var ms []string
	for _, m := range o.Missions {
		ms = append(ms, p.s("%s (%s, %d points)", word(m.Name), altiplano.MissionGoal(m.Name), m.Points))
	}
	if len(ms) > 0 {
		ly = p.para(in, ly, inRight, p.s("missions: %s", strings.Join(ms, "; ")), f, "mission")
	}
	h := ly - y - 4
	p.under(mark, x, y, right-x, h, Style{Fill: rgb(0xfff4d6), Stroke: ink, Width: 2, Dash: true}, "own")
	return y + h
}

func altiplanoFooter(p *Picture, v *altiplano.View) string {
	t := v.Table
	var parts []string
	if t.Last != nil {
		if t.Last.Move == "" {
			parts = append(parts, p.s("Last move: %s planned", seat(t.Last.Seat)))
		} else {
			parts = append(parts, p.s("Last move: %s played %s", seat(t.Last.Seat), t.Last.Move))
		}
	}
	if len(t.ToAct) > 0 && !t.Over {
		var ws []string
		for _, s := range t.ToAct {
			ws = append(ws, p.say(seat(s)))
		}
		parts = append(parts, p.s("to move: %s", p.list(ws)))
	}
	if len(parts) == 2 {
		return p.s("%s. %s", parts[0], parts[1])
	}
	return strings.Join(parts, "")
}

// orNone is s, or "none" in the reader's language when s is empty.
func (p *Picture) orNone(s string) string {
	if s == "" {
		return p.s("none")
	}
	return s
}

func upperFirst(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

func sortedKeys(m map[string]string) []string {
	ks := make([]string, 0, len(m))
	for k := range m {
		ks = append(ks, k)
	}
	slices.Sort(ks)
	return ks
}

// plural says n things: "1 coin", "2 coins".
func plural(n int, thing string) string {
	if n == 1 {
		return "1 " + thing
	}
	return strconv.Itoa(n) + " " + thing + "s"
}

// backward returns the seats in reverse order.
func backward(ps []altiplano.PlayerView) []altiplano.PlayerView {
	out := slices.Clone(ps)
	slices.Reverse(out)
	return out
}

// Altiplano draws the board of Altiplano as the view's seat sees it.
func Altiplano(p *Picture, v *altiplano.View) { drawAltiplano(p, v) }
