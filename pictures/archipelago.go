package pictures

import (
	"fmt"
	"image/color"
	"math"
	"strconv"
	"strings"

	"github.com/pbem-games/pbem/rules/archipelago"
)

// archipelagoColours are the players' colours as the game names them,
// in shades told apart by colour-blind readers; each seat keeps its shape
// too.
var archipelagoColours = map[string]color.RGBA{
	"red": rgb(0xd55e00), "blue": rgb(0x56b4e9), "green": rgb(0x009e73),
	"yellow": rgb(0xf0e442), "white": rgb(0xffffff),
}

// The landscapes of a region's edges, light to dark so that they differ
// in lightness as well as in hue.
var landscapeColours = map[byte]color.RGBA{
	'W': rgb(0x6fa8dc), 'F': rgb(0xc5e0a5), 'M': rgb(0x8d6e53),
}

// resourceNames are the resources in the order of the view's lists.
var resourceNames = []string{"fish", "fruit", "cattle", "stone", "wood", "iron"}

const (
	arcMaxR = 40.0 // a hexagon's largest radius
	arcGrid = 11   // the table's rows and columns
)

func drawArchipelago(p *Picture, v *archipelago.View) {
	p.Width = pageWidth
	head := archipelagoTitle(p, v)
	p.Title = p.s("%s, %s", head, p.seenBy(v.Seat))
	colours := map[int]color.RGBA{}
	for _, pl := range v.Players {
		colours[pl.Seat] = archipelagoColours[pl.Color]
	}
	right := pageWidth - margin
	y := p.fit(margin, 24, right-margin, head, Font{Size: titleSz, Bold: true}, "title")
	mapH, r, cellAt := archipelagoMapLayout(v, y)
	archipelagoMap(p, v, cellAt, r, colours)
	y = archipelagoLegend(p, margin, y+mapH+18)
	y = archipelagoRegions(p, v, y+6)
	y = archipelagoPlayers(p, v, margin, y+24, colours)
	y = archipelagoMarkets(p, v, margin, y+12)
	y = archipelagoCrisis(p, v, margin, y+12)
	y = archipelagoTrack(p, v, margin, y+12)
	y = archipelagoScreen(p, v, margin, y+10, colours)
	y += 8
	for i, ph := range v.LastPhrases() {
		l := p.say(ph)
		if i == 0 {
			l = p.s("Last move: %s", l)
		}
		y = p.para(margin, y+lineHeight(Font{Size: body}), right, l, Font{Size: body}, "last") - lineHeight(Font{Size: body})
	}
	p.Height = y + 12
}

// archipelagoTitle is the picture's first line. It does not say whose
// view it is: the box of what only the reader sees does.
func archipelagoTitle(p *Picture, v *archipelago.View) string {
	s := p.s("Archipelago, %d players, %s game, round %d of %d, %s", len(v.Players), word(v.Length), v.Round, v.LastRound, word(v.Phase))
	if v.Over {
		s = p.s("Archipelago, %d players, game over (%s)", len(v.Players), word(v.Ending))
	}
	return s
}

// archipelagoMapLayout finds the rows and columns the map uses, with a
// ring of free cells around, the hexagons' radius that fits them in the
// page's width, and where each cell lies on the page from top.
func archipelagoMapLayout(v *archipelago.View, top float64) (h, r float64, at func(cell string) (Point, bool)) {
	minR, maxR, minC, maxC := arcGrid, -1, arcGrid, -1
	for _, r := range v.Map {
		row, col, ok := parseCell(r.Cell)
		if !ok {
			continue
		}
		minR, maxR = min(minR, row-1), max(maxR, row+1)
		minC, maxC = min(minC, col-1), max(maxC, col+1)
	}
	minR, minC = max(minR, 0), max(minC, 0)
	maxR, maxC = min(maxR, arcGrid-1), min(maxC, arcGrid-1)
	if maxR < minR {
		minR, maxR, minC, maxC = 4, 6, 4, 6
	}
	r = min(arcMaxR, (pageWidth-2*margin)/((float64(maxC-minC)+2)*math.Sqrt(3)))
	hw := math.Sqrt(3) * r
	x0, y0 := margin, top+r
	at = func(cell string) (Point, bool) {
		row, col, ok := parseCell(cell)
		if !ok || row < minR || row > maxR || col < minC || col > maxC {
			return Point{}, false
		}
		x := x0 + (float64(col-minC)+0.5*float64(row%2))*hw
		if minR%2 == 1 {
			x -= 0.5 * hw
		}
		return Point{x + 0.5*hw, y0 + float64(row-minR)*1.5*r}, true
	}
	h = float64(maxR-minR)*1.5*r + 2*r
	return h, r, at
}

// parseCell reads a cell's name, "F6", as its row and column from 0.
func parseCell(name string) (row, col int, ok bool) {
	if len(name) < 2 || name[0] < 'A' || name[0] >= 'A'+arcGrid {
		return 0, 0, false
	}
	n, err := strconv.Atoi(name[1:])
	if err != nil || n < 1 || n > arcGrid {
		return 0, 0, false
	}
	return int(name[0] - 'A'), n - 1, true
}

func archipelagoMap(p *Picture, v *archipelago.View, at func(string) (Point, bool), r float64, colours map[int]color.RGBA) {
	laid := map[string]bool{}
	for _, r := range v.Map {
		laid[r.Cell] = true
	}
	for row := range arcGrid {
		for col := range arcGrid {
			name := string(rune('A'+row)) + strconv.Itoa(col+1)
			if c, ok := at(name); ok && !laid[name] {
				p.Polygon(hexagon(c.X, c.Y, r-1), Style{Fill: rgb(0xeef3f7), Stroke: rgb(0xc8d3dc)}, "free")
				p.Text(c.X, c.Y+4, strings.ToLower(name), Font{Size: small, Align: Center, Color: faint}, "")
			}
		}
	}
	for _, reg := range v.Map {
		c, ok := at(reg.Cell)
		if !ok {
			continue
		}
		archipelagoRegion(p, reg, c, r, colours)
	}
}

// archipelagoRegion draws a region: its edges' landscapes, its cell, the
// ring of its city's owner, and its pieces. What it holds is written in
// the list below the map (archipelagoRegions).
func archipelagoRegion(p *Picture, r archipelago.RegionView, c Point, R float64, colours map[int]color.RGBA) {
	p.Polygon(hexagon(c.X, c.Y, R), Style{Fill: rgb(0xf4efe2), Stroke: edge}, "region")
	corners := hexagon(c.X, c.Y, R)
	inner := hexagon(c.X, c.Y, R*0.82)
	for d := 0; d < 6 && d < len(r.Edges); d++ {
		a, b := (d+5)%6, d
		p.Polygon([]Point{corners[a], corners[b], inner[b], inner[a]}, Style{Fill: landscapeColours[r.Edges[d]]}, "edge")
	}
	p.Text(c.X, c.Y-R*0.3, r.Cell, Font{Size: small, Bold: true, Align: Center}, "")
	if r.Controller != nil {
		p.Polygon(hexagon(c.X, c.Y, R*0.8), Style{Stroke: colours[*r.Controller], Width: 3}, seatClass("city", *r.Controller))
	}
	// the pieces, in rows across the hexagon's lower half
	mr := min(minFont/1.05, R*0.26)
	var marks []func(x, y float64)
	for _, u := range r.Units {
		citizens := u.Citizens + u.Working + u.Rebels + u.Housed
		if citizens > 0 {
			label := strconv.Itoa(citizens)
			marks = append(marks, func(x, y float64) {
				colouredMark(p, x, y, mr, u.Seat, colours[u.Seat], label, seatClass("unit citizens", u.Seat))
			})
		}
		if u.Rebels > 0 {
			marks = append(marks, func(x, y float64) {
				p.Text(x, y+4, fmt.Sprintf("%dR", u.Rebels), Font{Size: small, Bold: true, Align: Center, Color: mark}, "rebels")
			})
		}
		if ships := u.Ships + u.ShipsAtWork; ships > 0 {
			marks = append(marks, func(x, y float64) {
				ship(p, x, y, mr, u.Seat, colours[u.Seat], strconv.Itoa(ships))
			})
		}
	}
	for _, b := range r.Buildings {
		marks = append(marks, func(x, y float64) {
			fill := white
			if col, ok := colours[b.Owner]; ok {
				fill = col
			}
			k := mr / 9
			p.Polygon([]Point{{x - 7*k, y + 7*k}, {x - 7*k, y - 2*k}, {x, y - 9*k}, {x + 7*k, y - 2*k}, {x + 7*k, y + 7*k}}, Style{Fill: fill, Stroke: ink}, "building")
			if 12*k >= minFont {
				p.Text(x, y+5*k, strings.ToUpper(b.Kind[:1]), Font{Size: minFont, Bold: true, Align: Center}, "")
			}
		})
	}
	step := 2*mr + 2
	perRow := max(1, int(R*1.3/step))
	for i, m := range marks {
		row, col := i/perRow, i%perRow
		n := min(perRow, len(marks)-row*perRow)
		m(c.X+(float64(col)-float64(n-1)/2)*step, c.Y+R*0.2+float64(row)*step)
	}
}

// archipelagoRegions lists what each region holds, from y: the map has no
// room for it at a phone's width. It returns the y after.
func archipelagoRegions(p *Picture, v *archipelago.View, y float64) float64 {
	f := Font{Size: small}
	for _, r := range v.Map {
		label := r.Cell
		if r.Hex == 0 {
			label = p.s("%s sea", r.Cell)
		} else {
			label += fmt.Sprintf(" %d%s", r.Hex, r.Side)
		}
		icons := p.wlist(r.Icons)
		if r.Huts > 0 {
			icons = p.s("%s, %s", icons, p.plural(r.Huts, "hut"))
		}
		line := label
		if icons != "" {
			line += ": " + icons
		}
		if r.Taken != "" {
			line += "; " + p.s("worked: %s", p.wlist(r.Taken))
		}
		y = p.para(margin, y+lineHeight(f), pageWidth-margin, line, f, "") - lineHeight(f)
	}
	return y
}

// ship draws a seat's ships: a hull in its colour with their number.
func ship(p *Picture, x, y, r float64, seat int, fill color.RGBA, label string) {
	k := r / 9
	p.Polygon([]Point{{x - 10*k, y - 5*k}, {x + 10*k, y - 5*k}, {x + 6*k, y + 7*k}, {x - 6*k, y + 7*k}}, Style{Fill: fill, Stroke: ink}, seatClass("unit ships", seat))
	if r*1.05 >= minFont {
		p.Text(x, y+4, label, Font{Size: minFont, Bold: true, Align: Center}, "")
	}
}

func archipelagoPlayers(p *Picture, v *archipelago.View, x, y float64, colours map[int]color.RGBA) float64 {
	right := pageWidth - margin
	y = p.para(x, y, right, p.s("Players in turn order"), Font{Size: heading, Bold: true}, "")
	toAct := map[int]bool{}
	for _, s := range v.ToAct {
		toAct[s] = true
	}
	bySeat := map[int]archipelago.PlayerView{}
	for _, pl := range v.Players {
		bySeat[pl.Seat] = pl
	}
	order := v.Order
	if len(order) == 0 {
		for _, pl := range v.Players {
			order = append(order, pl.Seat)
		}
	}
	f := Font{Size: small}
	for _, s := range order {
		pl := bySeat[s]
		y += 8
		colouredMark(p, x+12, y-5, minFont/1.05+1, s, colours[s], strings.ToUpper(pl.Color[:1]), seatClass("player", s))
		head := p.s("%s, seat %d", p.title(pl.Color), s)
		if toAct[s] && !v.Over {
			head = p.s("%s, to move", head)
		}
		if pl.Passed {
			head = p.s("%s, passed", head)
		}
		y = p.fit(x+30, y, right-x-30, head, Font{Size: body, Bold: true}, "")
		y = p.para(x+30, y, right, p.s("discs %d of %d used; on the board %d citizens (%d rebels), %d ships; reserve %d and %d",
			pl.DiscsUsed, v.Discs, pl.Citizens, pl.Rebels, pl.Ships, pl.CitizensLeft, pl.ShipsLeft), f, "")
		if len(pl.Cards) > 0 {
			y = p.para(x+30, y, right, p.s("cards: %s", p.wlist(strings.Join(pl.Cards, ", "))), f, "")
		}
	}
	return y
}

func archipelagoMarkets(p *Picture, v *archipelago.View, x, y float64) float64 {
	y = p.para(x, y+10, pageWidth-margin, p.s("Markets (cubes)"), Font{Size: heading, Bold: true}, "")
	const first, step = 88.0, 44.0
	for i, name := range resourceNames {
		p.fit(x+first+float64(i)*step, y, step-2, p.w(name), Font{Size: small, Bold: true, Align: Center}, "")
	}
	rows := []struct {
		name  string
		cubes []int
	}{{"domestic", v.Home}, {"export", v.Export}, {"bank", v.BankCubes}}
	for _, r := range rows {
		y += 18
		p.fit(x, y, first-step/2-4, p.w(r.name), Font{Size: small}, "")
		for i := range resourceNames {
			if i < len(r.cubes) {
				p.Text(x+first+float64(i)*step, y, strconv.Itoa(r.cubes[i]), Font{Size: small, Align: Center}, "market")
			}
		}
	}
	y += 20
	return p.para(x, y, pageWidth-margin, p.s("Bank %d florins; explorer stacks %s; wheel: explore %d/%d, tax %d/%d, reproduce %d/%d",
		v.BankFlorins, joinInts(v.Stacks), v.Wheel.Explore, v.Wheel.ExploreMax, v.Wheel.Tax, v.Wheel.TaxMax, v.Wheel.Reproduce, v.Wheel.ReproduceMax), Font{Size: small}, "")
}

// archipelagoCrisis draws the crisis track: the population against the
// rebellion, which starts an independence war when it passes it.
func archipelagoCrisis(p *Picture, v *archipelago.View, x, y float64) float64 {
	right := pageWidth - margin
	y = p.para(x, y+10, right, p.s("Crisis track"), Font{Size: heading, Bold: true}, "")
	y += 4
	top := max(v.Population, v.Rebellion, 10) + 2
	w := right - x
	step := w / float64(top)
	for k := range top {
		p.Rect(x+float64(k)*step, y, step, 14, Style{Fill: white, Stroke: rgb(0xbbbbbb)}, "")
	}
	px := x + (float64(v.Population)+0.5)*step
	rx := x + (float64(v.Rebellion)+0.5)*step
	p.Polygon([]Point{{px, y + 14}, {px - 7, y + 28}, {px + 7, y + 28}}, Style{Fill: rgb(0x009e73), Stroke: ink}, "population")
	p.Text(min(px, right-20), y+42, fmt.Sprintf("P %d", v.Population), Font{Size: small, Bold: true, Align: Center}, "")
	p.Polygon([]Point{{rx, y}, {rx - 7, y - 12}, {rx + 7, y - 12}}, Style{Fill: rgb(0xd55e00), Stroke: ink}, "rebellion")
	p.Text(min(rx+10, right-30), y-2, fmt.Sprintf("R %d", v.Rebellion), Font{Size: small, Bold: true}, "")
	y += 62
	f := Font{Size: small}
	y = p.para(x, y, right, p.s("P population, R rebellion; excess workers %d, a recruit costs %d", v.Excess, v.RecruitPrice), f, "")
	if c := v.Crisis; c != nil {
		y = p.para(x, y, right, p.s("Crisis now: %s, %s, %d cubes needed", word(c.Kind), word(c.Resource), c.Needed), Font{Size: body, Bold: true, Color: mark}, "crisis")
	}
	if t := v.Top; t != nil {
		y = p.para(x, y, right, p.s("Next card's back: domestic %s (a cube for %d citizens), export %d %s", word(t.HomeRes), t.HomePer, t.ExportN, word(t.ExportRes)), f, "")
	}
	return y
}

func archipelagoTrack(p *Picture, v *archipelago.View, x, y float64) float64 {
	right := pageWidth - margin
	y = p.para(x, y+10, right, p.s("Evolution track (%d cards in the pile)", v.Pile), Font{Size: heading, Bold: true}, "")
	top := y - 8
	n := max(len(v.Track), 5)
	const gap = 3.0
	cw := (right - x - gap*float64(n-1)) / float64(n)
	mark := len(p.items)
	bottom := top
	var cards []float64
	for i, c := range v.Track {
		cx := x + float64(i)*(cw+gap)
		cy := p.para(cx+4, top+15, cx+cw-3, p.w(c.Name), Font{Size: small, Bold: true}, "")
		cy = p.para(cx+4, cy, cx+cw-3, p.w(c.Kind), Font{Size: small, Color: faint}, "")
		next := strconv.Itoa(c.Next)
		if c.Next < 0 {
			next = p.s("skull")
		}
		cy = p.para(cx+4, cy, cx+cw-3, p.s("cost %d, then %s", c.Cost, next), Font{Size: small}, "")
		bottom = max(bottom, cy-8)
		cards = append(cards, cx)
	}
	for i := len(cards) - 1; i >= 0; i-- {
		p.under(mark, cards[i], top, cw, bottom-top, Style{Fill: white, Stroke: edge}, "card")
	}
	y = bottom + 20
	if v.Trend != nil {
		y = p.para(x, y, right, p.s("Trend: %s, %s", word(v.Trend.Name), v.Trend.RulePhrase()), Font{Size: small}, "")
	}
	return y
}

// archipelagoScreen draws what lies behind the viewer's screen, or every
// screen and the scores once the game is over; it returns the y after.
func archipelagoScreen(p *Picture, v *archipelago.View, x, y float64, colours map[int]color.RGBA) float64 {
	pv := v.Private
	if pv == nil {
		if v.Over {
			return archipelagoEnd(p, v, x, y)
		}
		return y
	}
	right := pageWidth - margin
	in, inRight := x+10, right-10
	f := Font{Size: body}
	mark := len(p.items)
	ly := p.para(in, y+22, inRight, p.s("Only you see this: behind your screen"), Font{Size: heading, Bold: true}, "")
	var cubes []string
	for i, n := range pv.Cubes {
		if n > 0 && i < len(resourceNames) {
			cubes = append(cubes, fmt.Sprintf("%s %d", p.w(resourceNames[i]), n))
		}
	}
	line := p.s("%d florins; cubes: %s; explorer tokens %d", pv.Florins, p.orNone(p.list(cubes)), pv.Tokens)
	if pv.Bid != nil {
		line = p.s("%s; sealed bid %d", line, *pv.Bid)
	}
	ly = p.para(in, ly, inRight, line, f, "screen")
	if o := pv.Objective; o != nil {
		ly = p.para(in, ly, inRight, p.s("Objective: %s, %s", word(o.Name), o.ScoresPhrase()), f, "objective")
		ly = p.para(in, ly, inRight, p.s("ends when %s", o.EndsPhrase()), f, "")
	}
	if len(pv.Hand) > 0 {
		var hs []string
		for _, h := range pv.Hand {
			hs = append(hs, fmt.Sprintf("%d %s", h.Hex, p.w(h.Name)))
		}
		ly = p.para(in, ly, inRight, p.s("Hexagons in hand: %s", p.list(hs)), f, "hand")
	}
	h := ly - y - 4
	p.under(mark, x, y, right-x, h, Style{Fill: rgb(0xfff4d6), Stroke: ink, Width: 2, Dash: true}, "own")
	return y + h
}

func joinInts(xs []int) string {
	s := make([]string, len(xs))
	for i, x := range xs {
		s[i] = strconv.Itoa(x)
	}
	return strings.Join(s, ", ")
}

// archipelagoEnd writes the scores and the objectives, which the end of
// the game reveals; it returns the y after.
func archipelagoEnd(p *Picture, v *archipelago.View, x, y float64) float64 {
	right := pageWidth - margin
	var s []string
	for _, sc := range v.Scores {
		s = append(s, p.s("seat %d: %d VP", sc.Seat, sc.Points))
	}
	head := p.s("Scores: %s", p.list(s))
	if v.EveryoneLost {
		head = p.s("Everyone lost. %s", head)
	} else if len(v.Winners) > 0 {
		ws := p.say(seat(v.Winners[0]))
		for _, w := range v.Winners[1:] {
			ws = p.s("%s and %s", ws, seat(w))
		}
		head = p.s("%s; won by %s", head, ws)
	}
	y = p.para(x, y+20, right, head, Font{Size: heading, Bold: true}, "")
	for _, o := range v.Objectives {
		y = p.para(x, y, right, p.s("seat %d held %s: %s", o.Holder, word(o.Name), o.ScoresPhrase()), Font{Size: body}, "objective")
	}
	return y
}

// archipelagoLegend names the landscapes of the edges and the pieces from
// y; it returns the y after.
func archipelagoLegend(p *Picture, x, y float64) float64 {
	f := Font{Size: small}
	for _, l := range []struct {
		code byte
		name string
	}{{'W', "water"}, {'F', "field"}, {'M', "mountain"}} {
		p.Rect(x, y-11, 22, 12, Style{Fill: landscapeColours[l.code], Stroke: edge}, "")
		p.Text(x+28, y, p.w(l.name), f, "")
		x += 28 + p.textWidth(p.w(l.name), f) + 18
	}
	return p.para(margin, y+lineHeight(f), pageWidth-margin, p.s("a player's shape and number: citizens; a hull: ships; a house: a building (its initial); a ring: a city's owner"), f, "")
}

// Archipelago draws the board of Archipelago as the view's seat sees it.
func Archipelago(p *Picture, v *archipelago.View) { drawArchipelago(p, v) }
