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

const (
	alpLocW  = 148.0
	alpLocH  = 200.0
	alpSeatW = 520.0
	alpSeatH = 250.0
)

func drawAltiplano(p *Picture, v *altiplano.View) {
	t := v.Table
	p.Width, p.Title = 24*3+2*alpSeatW, altiplanoTitle(p, v)
	rows := (len(t.Seats) + 1) / 2
	ownH := 0.0
	if v.You != nil && !t.Over {
		ownH = 150
	}
	p.Height = 60 + alpLocH + 30 + 110 + float64(rows)*(alpSeatH+14) + ownH + 50
	p.Text(24, 36, p.Title, Font{Size: 18, Bold: true}, "title")
	y := 56.0
	altiplanoLocations(p, v, y)
	y += alpLocH + 30
	altiplanoDisplay(p, v, y)
	y += 110
	for i, pv := range t.Seats {
		x := 24 + float64(i%2)*(alpSeatW+24)
		altiplanoSeat(p, v, pv, x, y+float64(i/2)*(alpSeatH+14))
	}
	y += float64(rows) * (alpSeatH + 14)
	if ownH > 0 {
		altiplanoOwn(p, v, y)
		y += ownH
	}
	p.Text(24, y+20, altiplanoFooter(p, v), Font{Size: 13}, "")
}

func altiplanoTitle(p *Picture, v *altiplano.View) string {
	t := v.Table
	variants := ""
	if len(t.Variants) > 0 {
		variants = " (" + strings.Join(t.Variants, ", ") + ")"
	}
	var s string
	switch t.Phase {
	case "plan":
		s = p.s("Altiplano, %d players%s, round %d, planning", t.Players, variants, t.Round)
	case "act":
		s = p.s("Altiplano, %d players%s, round %d, actions", t.Players, variants, t.Round)
	case "choose":
		s = p.s("Altiplano, %d players%s, choosing professions", t.Players, variants)
	default:
		s = p.s("Altiplano, %d players%s, game over after round %d", t.Players, variants, t.Round)
	}
	return p.s("%s, %s", s, p.seenBy(v.Seat))
}

// goodChip draws a good's chip and its name and count; it returns the x
// after it.
func goodChip(p *Picture, x, y float64, good string, n int, class string) float64 {
	c, ok := goodColours[good]
	if !ok {
		c = faint
	}
	p.Circle(x+6, y-4, 6, Style{Fill: c, Stroke: edge}, class)
	label := p.w(good)
	if n >= 0 {
		label += " " + strconv.Itoa(n)
	}
	p.Text(x+15, y, label, Font{Size: 12}, "")
	return x + 15 + float64(len(label))*6.6 + 8
}

// goodsList draws goods written as the view writes them, "glass 11, wool
// 2", as chips from x; it wraps before right and returns the next line's y.
func goodsList(p *Picture, x, y, right float64, list string, class string) float64 {
	x0 := x
	for part := range strings.SplitSeq(list, ", ") {
		name, count, ok := strings.Cut(part, " ")
		n, err := strconv.Atoi(count)
		if !ok || err != nil {
			name, n = part, -1
		}
		w := 15 + float64(len(part))*6.6 + 8
		if x+w > right && x > x0 {
			x, y = x0, y+17
		}
		x = goodChip(p, x, y, name, n, class)
	}
	return y + 17
}

func altiplanoLocations(p *Picture, v *altiplano.View, y float64) {
	t := v.Table
	home := map[string][]string{"road": {"corn"}, "farm": {"fabric", "wool", "alpaca"}, "mine": {"stone", "ore", "silver"},
		"forest": {"wood", "cocoa"}, "port": {"fish"}, "market": {"glass"}}
	for i, name := range t.Circle {
		x := 24 + float64(i)*alpLocW
		p.Rect(x+2, y, alpLocW-8, alpLocH, Style{Fill: white, Stroke: edge}, "location")
		p.Text(x+10, y+18, p.title(name), Font{Size: 14, Bold: true}, "")
		if i < len(t.Circle)-1 {
			p.Text(x+alpLocW-3, y+alpLocH/2, "›", Font{Size: 16, Bold: true, Align: Center, Color: faint}, "")
		}
		ly := y + 38
		for _, g := range home[name] {
			goodChip(p, x+10, ly, g, t.Supply[g], "supply")
			ly += 17
		}
		right := x + alpLocW - 10
		switch name {
		case "village":
			p.Text(x+10, ly, p.s("carts %d; houses:", t.Carts), Font{Size: 12}, "")
			ly = goodsList(p, x+10, ly+17, right, t.Houses, "village-house")
		case "port":
			p.Text(x+10, ly, p.s("boats:"), Font{Size: 12}, "")
			ly = goodsList(p, x+10, ly+17, right, t.Boats, "port-boat")
		case "market":
			var cs []string
			for _, c := range t.Contracts {
				cs = append(cs, strconv.Itoa(c))
			}
			p.Text(x+10, ly, p.s("contracts:"), Font{Size: 12}, "")
			ly = wrapText(p, x+10, ly+16, strings.Join(cs, " "), 22, Font{Size: 12}) + 2
		}
		px := x + alpLocW - 24
		for _, pv := range backward(t.Seats) {
			if pv.Pawn == name {
				seatMark(p, px, y+14, 10, pv.Seat, strconv.Itoa(pv.Seat), seatClass("pawn", pv.Seat))
				px -= 24
			}
		}
	}
	p.Text(24+7*alpLocW-10, y-6, p.s("centre: food %d", t.Supply["food"]), Font{Size: 12, Align: Right}, "")
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

func altiplanoDisplay(p *Picture, v *altiplano.View, y float64) {
	t := v.Table
	p.Text(24, y, p.s("Extensions on display (cost)"), Font{Size: 14, Bold: true}, "")
	for k := range 5 {
		x := 24 + float64(k)*150
		class := "display"
		for _, o := range t.Display {
			if o.Space == k+1 {
				class = "display extension"
			}
		}
		p.Rect(x, y+12, 140, 60, Style{Fill: white, Stroke: edge}, class)
		p.Text(x+8, y+30, strconv.Itoa(k+1), Font{Size: 12, Bold: true, Color: faint}, "")
		for _, o := range t.Display {
			if o.Space == k+1 {
				p.Text(x+70, y+44, p.w(o.Name), Font{Size: 14, Bold: true, Align: Center}, "")
				p.Text(x+70, y+63, p.s("%d coins", o.Cost), Font{Size: 12, Align: Center}, "")
			}
		}
	}
	pile := p.s("pile: empty")
	if t.Pile > 0 {
		pile = p.s("pile: %d cards, next %s", t.Pile, t.PileLetter)
	}
	p.Text(24+5*150+10, y+46, pile, Font{Size: 12}, "")
	if len(t.Professions) > 0 {
		p.Text(24+5*150+10, y+64, p.s("professions left: %s", p.wlist(strings.Join(t.Professions, ", "))), Font{Size: 12}, "")
	}
}

func altiplanoSeat(p *Picture, v *altiplano.View, pv altiplano.PlayerView, x, y float64) {
	t := v.Table
	st := Style{Fill: white, Stroke: edge}
	if t.Last != nil && t.Last.Seat == pv.Seat {
		st = Style{Fill: white, Stroke: mark, Width: 3}
	}
	p.Rect(x, y, alpSeatW, alpSeatH, st, seatClass("board", pv.Seat))
	seatMark(p, x+20, y+20, 12, pv.Seat, strconv.Itoa(pv.Seat), seatClass("player", pv.Seat))
	coins, board := pv.Coins, pv.Board
	if pv.Seat == v.Seat && v.You != nil {
		coins, board = v.You.Coins, v.You.Board
	}
	head := p.s("Seat %d", pv.Seat)
	if pv.Seat == v.Seat {
		head = p.s("Seat %d (you)", pv.Seat)
	}
	if pv.Profession != "" {
		head = p.s("%s, %s", head, word(pv.Profession))
	}
	if slices.Contains(t.Winners, pv.Seat) {
		head = p.s("%s, wins", head)
	}
	p.Text(x+40, y+25, head, Font{Size: 15, Bold: true}, "")
	status := p.s("%s, score %d", p.plural(coins, "coin"), pv.Score)
	if pv.Status != "" {
		status = p.s("%s (%s)", status, word(pv.Status))
	}
	p.Text(x+alpSeatW-12, y+25, status, Font{Size: 13, Align: Right}, "")
	// the road
	p.Text(x+12, y+56, p.w("road"), Font{Size: 12}, "")
	for k := range altiplanoRoad {
		sx := x + 60 + float64(k)*26
		fill := white
		if k < pv.Road {
			fill = seatColour(pv.Seat)
		}
		p.Rect(sx, y+42, 22, 20, Style{Fill: fill, Stroke: edge}, "road")
	}
	cart := p.s("free cart ready")
	if pv.FreeUsed {
		cart = p.s("free cart used")
	}
	if pv.Carts > 1 {
		cart = p.s("%s, %d of %d bought carts used", cart, pv.CartsUsed, pv.Carts-1)
	}
	p.Text(x+280, y+56, cart, Font{Size: 12}, "")
	// the warehouse, a row of boxes per row of the board
	p.Text(x+12, y+84, p.s("warehouse"), Font{Size: 12}, "")
	for r, size := range altiplanoRows {
		good, n := "", 0
		if r < len(pv.Warehouse) {
			name, count, _ := strings.Cut(pv.Warehouse[r], " ")
			good = name
			n, _ = strconv.Atoi(count)
		}
		rx := x + 90 + float64(r%3)*142
		ry := y + 72 + float64(r/3)*20
		for k := range size {
			fill := rgb(0xf1f1f1)
			class := "slot"
			if k < n {
				fill, class = goodColours[good], "stored"
			}
			p.Rect(rx+float64(k)*18, ry, 16, 16, Style{Fill: fill, Stroke: edge}, class)
		}
		if good != "" {
			p.Text(rx+float64(size)*18+4, ry+12, p.w(good), Font{Size: 11}, "")
		}
	}
	if pv.Overflow > 0 {
		p.Text(x+12, y+128, p.s("%d corn beside the warehouse", pv.Overflow), Font{Size: 12}, "")
	}
	ly := y + 136
	ly = labelled(p, x+12, ly, "houses", pv.Houses, "house")
	ly = labelled(p, x+12, ly, "boats", pv.Boats, "boat")
	exts := p.s("none")
	if len(pv.Extensions) > 0 {
		exts = p.wlist(strings.Join(pv.Extensions, ", "))
	}
	p.Text(x+12, ly, p.s("extensions: %s", exts), Font{Size: 12}, "")
	ly += 17
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
	p.Text(x+12, ly, contract, Font{Size: 12}, "")
	ly += 17
	var spaces []string
	for _, k := range sortedKeys(board) {
		spaces = append(spaces, p.w(k)+": "+p.wlist(board[k]))
	}
	wrapText(p, x+12, ly, p.s("on the action spaces: %s", p.orNone(strings.Join(spaces, "; "))), 80, Font{Size: 12})
	if pv.Final != nil {
		p.Text(x+alpSeatW-12, y+alpSeatH-12, p.s("final score %d", pv.Final.Total), Font{Size: 13, Bold: true, Align: Right}, "")
	}
}

// labelled draws a label and a list of goods as chips; it returns the
// next line's y.
func labelled(p *Picture, x, y float64, label string, goods []string, class string) float64 {
	p.Text(x, y, p.s(label+":"), Font{Size: 12}, "")
	if len(goods) == 0 {
		p.Text(x+60, y, p.s("none"), Font{Size: 12}, "")
		return y + 17
	}
	counts := map[string]int{}
	var order []string
	for _, g := range goods {
		if counts[g] == 0 {
			order = append(order, g)
		}
		counts[g]++
	}
	gx := x + 60
	for _, g := range order {
		for range counts[g] {
			p.Circle(gx+6, y-4, 6, Style{Fill: goodColours[g], Stroke: edge}, class)
			gx += 14
		}
		p.Text(gx, y, p.w(g), Font{Size: 11}, "")
		gx += float64(len(g))*6 + 10
	}
	return y + 17
}

func altiplanoOwn(p *Picture, v *altiplano.View, y float64) {
	o := v.You
	p.Rect(24, y, p.Width-48, 136, Style{Fill: rgb(0xfff4d6), Stroke: ink, Width: 2, Dash: true}, "own")
	p.Text(36, y+22, p.s("Only you see this: your bag, crate, planning spaces and hidden plan"), Font{Size: 14, Bold: true}, "")
	bag := p.s("bag: %s", p.plural(o.Bag, "good"))
	p.Text(36, y+44, bag, Font{Size: 12}, "")
	if o.BagGoods != "" {
		goodsList(p, 140, y+44, p.Width-40, o.BagGoods, "bag")
	}
	p.Text(36, y+64, p.s("crate:"), Font{Size: 12}, "")
	if o.Crate != "" {
		goodsList(p, 140, y+64, p.Width-40, o.Crate, "crate")
	} else {
		p.Text(140, y+64, p.s("empty"), Font{Size: 12}, "")
	}
	p.Text(36, y+84, p.s("planning spaces:"), Font{Size: 12}, "")
	for i, s := range o.Planning {
		goodChip(p, 140+float64(i)*90, y+84, s.Good, -1, "planning")
	}
	var placed []string
	for _, pl := range o.Placed {
		placed = append(placed, p.s("%d %s on %s", pl.Count, word(pl.Good), word(pl.Target)))
	}
	p.Text(36, y+104, p.s("placed this round: %s", p.orNone(p.list(placed))), Font{Size: 12}, "placed")
	var ms []string
	for _, m := range o.Missions {
		ms = append(ms, p.s("%s (%s, %d points)", word(m.Name), word(m.Goal), m.Points))
	}
	if len(ms) > 0 {
		p.Text(36, y+124, p.s("missions: %s", strings.Join(ms, "; ")), Font{Size: 12}, "mission")
	}
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
