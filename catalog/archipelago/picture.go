package archipelago

import (
	"fmt"
	"image/color"
	"math"
	"strconv"
	"strings"

	"github.com/pbem-games/pbem/pictures"

	archipelagorules "github.com/pbem-games/pbem/rules/archipelago"
)

// archipelagoColours are the players' colours as the game names them,
// in shades told apart by colour-blind readers; each seat keeps its shape
// too.
var archipelagoColours = map[string]color.RGBA{
	"red": pictures.RGB(0xd55e00), "blue": pictures.RGB(0x56b4e9), "green": pictures.RGB(0x009e73),
	"yellow": pictures.RGB(0xf0e442), "white": pictures.RGB(0xffffff),
}

// The landscapes of a region's edges, light to dark so that they differ
// in lightness as well as in hue.
var landscapeColours = map[byte]color.RGBA{
	'W': pictures.RGB(0x6fa8dc), 'F': pictures.RGB(0xc5e0a5), 'M': pictures.RGB(0x8d6e53),
}

// resourceNames are the resources in the order of the view's lists.
var resourceNames = []string{"fish", "fruit", "cattle", "stone", "wood", "iron"}

const (
	arcMaxR = 40.0 // a hexagon's largest radius
	arcGrid = 11   // the table's rows and columns
)

func drawArchipelago(p *pictures.Picture, v *archipelagorules.View) {
	p.Width = pictures.PageWidth
	head := archipelagoTitle(p, v)
	p.Title = p.Sf("%s, %s", head, p.SeenBy(v.Seat))
	colours := map[int]color.RGBA{}
	for _, pl := range v.Players {
		colours[pl.Seat] = archipelagoColours[pl.Color]
	}
	right := pictures.PageWidth - pictures.Margin
	y := p.Fit(pictures.Margin, 24, right-pictures.Margin, head, pictures.Font{Size: pictures.TitleSize, Bold: true}, "title")
	mapH, r, cellAt := archipelagoMapLayout(v, y)
	archipelagoMap(p, v, cellAt, r, colours)
	y = archipelagoLegend(p, pictures.Margin, y+mapH+18)
	y = archipelagoRegions(p, v, y+6)
	y = archipelagoPlayers(p, v, pictures.Margin, y+24, colours)
	y = archipelagoMarkets(p, v, pictures.Margin, y+12)
	y = archipelagoCrisis(p, v, pictures.Margin, y+12)
	y = archipelagoTrack(p, v, pictures.Margin, y+12)
	y = archipelagoScreen(p, v, pictures.Margin, y+10, colours)
	y += 8
	for i, ph := range v.LastPhrases() {
		l := p.Say(ph)
		if i == 0 {
			l = p.Sf("Last move: %s", l)
		}
		y = p.Para(pictures.Margin, y+pictures.LineHeight(pictures.Font{Size: pictures.BodySize}), right, l, pictures.Font{Size: pictures.BodySize}, "last") - pictures.LineHeight(pictures.Font{Size: pictures.BodySize})
	}
	p.Height = y + 12
}

// archipelagoTitle is the picture's first line. It does not say whose
// view it is: the box of what only the reader sees does.
func archipelagoTitle(p *pictures.Picture, v *archipelagorules.View) string {
	s := p.Sf("Archipelago, %d players, %s game, round %d of %d, %s", len(v.Players), pictures.Word(v.Length), v.Round, v.LastRound, pictures.Word(v.Phase))
	if v.Over {
		s = p.Sf("Archipelago, %d players, game over (%s)", len(v.Players), pictures.Word(v.Ending))
	}
	return s
}

// archipelagoMapLayout finds the rows and columns the map uses, with a
// ring of free cells around, the hexagons' radius that fits them in the
// page's width, and where each cell lies on the page from top.
func archipelagoMapLayout(v *archipelagorules.View, top float64) (h, r float64, at func(cell string) (pictures.Point, bool)) {
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
	r = min(arcMaxR, (pictures.PageWidth-2*pictures.Margin)/((float64(maxC-minC)+2)*math.Sqrt(3)))
	hw := math.Sqrt(3) * r
	x0, y0 := pictures.Margin, top+r
	at = func(cell string) (pictures.Point, bool) {
		row, col, ok := parseCell(cell)
		if !ok || row < minR || row > maxR || col < minC || col > maxC {
			return pictures.Point{}, false
		}
		x := x0 + (float64(col-minC)+0.5*float64(row%2))*hw
		if minR%2 == 1 {
			x -= 0.5 * hw
		}
		return pictures.Point{X: x + 0.5*hw, Y: y0 + float64(row-minR)*1.5*r}, true
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

func archipelagoMap(p *pictures.Picture, v *archipelagorules.View, at func(string) (pictures.Point, bool), r float64, colours map[int]color.RGBA) {
	laid := map[string]bool{}
	for _, r := range v.Map {
		laid[r.Cell] = true
	}
	for row := range arcGrid {
		for col := range arcGrid {
			name := string(rune('A'+row)) + strconv.Itoa(col+1)
			if c, ok := at(name); ok && !laid[name] {
				p.Polygon(pictures.Hexagon(c.X, c.Y, r-1), pictures.Style{Fill: pictures.RGB(0xeef3f7), Stroke: pictures.RGB(0xc8d3dc)}, "free")
				p.Text(c.X, c.Y+4, strings.ToLower(name), pictures.Font{Size: pictures.SmallSize, Align: pictures.Center, Color: pictures.Faint}, "")
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
func archipelagoRegion(p *pictures.Picture, r archipelagorules.RegionView, c pictures.Point, R float64, colours map[int]color.RGBA) {
	p.Polygon(pictures.Hexagon(c.X, c.Y, R), pictures.Style{Fill: pictures.RGB(0xf4efe2), Stroke: pictures.Edge}, "region")
	corners := pictures.Hexagon(c.X, c.Y, R)
	inner := pictures.Hexagon(c.X, c.Y, R*0.82)
	for d := 0; d < 6 && d < len(r.Edges); d++ {
		a, b := (d+5)%6, d
		p.Polygon([]pictures.Point{corners[a], corners[b], inner[b], inner[a]}, pictures.Style{Fill: landscapeColours[r.Edges[d]]}, "edge")
	}
	p.Text(c.X, c.Y-R*0.3, r.Cell, pictures.Font{Size: pictures.SmallSize, Bold: true, Align: pictures.Center}, "")
	if r.Controller != nil {
		p.Polygon(pictures.Hexagon(c.X, c.Y, R*0.8), pictures.Style{Stroke: colours[*r.Controller], Width: 3}, pictures.SeatClass("city", *r.Controller))
	}
	// the pieces, in rows across the hexagon's lower half
	mr := min(pictures.MinFont/1.05, R*0.26)
	var marks []func(x, y float64)
	for _, u := range r.Units {
		citizens := u.Citizens + u.Working + u.Rebels + u.Housed
		if citizens > 0 {
			label := strconv.Itoa(citizens)
			marks = append(marks, func(x, y float64) {
				pictures.ColouredMark(p, x, y, mr, u.Seat, colours[u.Seat], label, pictures.SeatClass("unit citizens", u.Seat))
			})
		}
		if u.Rebels > 0 {
			marks = append(marks, func(x, y float64) {
				p.Text(x, y+4, fmt.Sprintf("%dR", u.Rebels), pictures.Font{Size: pictures.SmallSize, Bold: true, Align: pictures.Center, Color: pictures.MarkColour}, "rebels")
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
			fill := pictures.White
			if col, ok := colours[b.Owner]; ok {
				fill = col
			}
			k := mr / 9
			p.Polygon([]pictures.Point{{X: x - 7*k, Y: y + 7*k}, {X: x - 7*k, Y: y - 2*k}, {X: x, Y: y - 9*k}, {X: x + 7*k, Y: y - 2*k}, {X: x + 7*k, Y: y + 7*k}}, pictures.Style{Fill: fill, Stroke: pictures.Ink}, "building")
			if 12*k >= pictures.MinFont {
				p.Text(x, y+5*k, strings.ToUpper(b.Kind[:1]), pictures.Font{Size: pictures.MinFont, Bold: true, Align: pictures.Center}, "")
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
func archipelagoRegions(p *pictures.Picture, v *archipelagorules.View, y float64) float64 {
	f := pictures.Font{Size: pictures.SmallSize}
	for _, r := range v.Map {
		label := r.Cell
		if r.Hex == 0 {
			label = p.Sf("%s sea", r.Cell)
		} else {
			label += fmt.Sprintf(" %d%s", r.Hex, r.Side)
		}
		icons := iconList(p, r.Icons)
		if r.Huts > 0 {
			icons = p.Sf("%s, %s", icons, p.Plural(r.Huts, "hut"))
		}
		line := label
		if icons != "" {
			line += ": " + icons
		}
		if r.Taken != "" {
			line += "; " + p.Sf("worked: %s", iconList(p, r.Taken))
		}
		y = p.Para(pictures.Margin, y+pictures.LineHeight(f), pictures.PageWidth-pictures.Margin, line, f, "") - pictures.LineHeight(f)
	}
	return y
}

// iconList writes a region's resource icons, "1 fish, 3 wood" (the
// view's Icons), in the reader's words: each count with its resource's
// measure word in Chinese, as the text board writes them.
func iconList(p *pictures.Picture, icons string) string {
	if icons == "" {
		return ""
	}
	var out []string
	for item := range strings.SplitSeq(icons, ", ") {
		n, name, ok := strings.Cut(item, " ")
		if !ok || n == "1" {
			out = append(out, p.W(item))
			continue
		}
		out = append(out, p.Sf("%s "+name, n))
	}
	return p.List(out)
}

// ship draws a seat's ships: a hull in its colour with their number.
func ship(p *pictures.Picture, x, y, r float64, seat int, fill color.RGBA, label string) {
	k := r / 9
	p.Polygon([]pictures.Point{{X: x - 10*k, Y: y - 5*k}, {X: x + 10*k, Y: y - 5*k}, {X: x + 6*k, Y: y + 7*k}, {X: x - 6*k, Y: y + 7*k}}, pictures.Style{Fill: fill, Stroke: pictures.Ink}, pictures.SeatClass("unit ships", seat))
	if r*1.05 >= pictures.MinFont {
		p.Text(x, y+4, label, pictures.Font{Size: pictures.MinFont, Bold: true, Align: pictures.Center}, "")
	}
}

func archipelagoPlayers(p *pictures.Picture, v *archipelagorules.View, x, y float64, colours map[int]color.RGBA) float64 {
	right := pictures.PageWidth - pictures.Margin
	y = p.Para(x, y, right, p.Sf("Players in turn order"), pictures.Font{Size: pictures.HeadingSize, Bold: true}, "")
	toAct := map[int]bool{}
	for _, s := range v.ToAct {
		toAct[s] = true
	}
	bySeat := map[int]archipelagorules.PlayerView{}
	for _, pl := range v.Players {
		bySeat[pl.Seat] = pl
	}
	order := v.Order
	if len(order) == 0 {
		for _, pl := range v.Players {
			order = append(order, pl.Seat)
		}
	}
	f := pictures.Font{Size: pictures.SmallSize}
	for _, s := range order {
		pl := bySeat[s]
		y += 8
		pictures.ColouredMark(p, x+12, y-5, pictures.MinFont/1.05+1, s, colours[s], strings.ToUpper(pl.Color[:1]), pictures.SeatClass("player", s))
		head := p.Sf("%s, seat %d", p.Titled(pl.Color), s)
		if toAct[s] && !v.Over {
			head = p.Sf("%s, to move", head)
		}
		if pl.Passed {
			head = p.Sf("%s, passed", head)
		}
		y = p.Fit(x+30, y, right-x-30, head, pictures.Font{Size: pictures.BodySize, Bold: true}, "")
		y = p.Para(x+30, y, right, p.Sf("discs %d of %d used; on the board %d citizens (%d rebels), %d ships; reserve %d and %d",
			pl.DiscsUsed, v.Discs, pl.Citizens, pl.Rebels, pl.Ships, pl.CitizensLeft, pl.ShipsLeft), f, "")
		if len(pl.Cards) > 0 {
			y = p.Para(x+30, y, right, p.Sf("cards: %s", p.WList(strings.Join(pl.Cards, ", "))), f, "")
		}
	}
	return y
}

func archipelagoMarkets(p *pictures.Picture, v *archipelagorules.View, x, y float64) float64 {
	y = p.Para(x, y+10, pictures.PageWidth-pictures.Margin, p.Sf("Markets (cubes)"), pictures.Font{Size: pictures.HeadingSize, Bold: true}, "")
	const first, step = 88.0, 44.0
	for i, name := range resourceNames {
		p.Fit(x+first+float64(i)*step, y, step-2, p.W(name), pictures.Font{Size: pictures.SmallSize, Bold: true, Align: pictures.Center}, "")
	}
	rows := []struct {
		name  string
		cubes []int
	}{{"domestic", v.Home}, {"export", v.Export}, {"bank", v.BankCubes}}
	for _, r := range rows {
		y += 18
		p.Fit(x, y, first-step/2-4, p.W(r.name), pictures.Font{Size: pictures.SmallSize}, "")
		for i := range resourceNames {
			if i < len(r.cubes) {
				p.Text(x+first+float64(i)*step, y, strconv.Itoa(r.cubes[i]), pictures.Font{Size: pictures.SmallSize, Align: pictures.Center}, "market")
			}
		}
	}
	y += 20
	return p.Para(x, y, pictures.PageWidth-pictures.Margin, p.Sf("Bank %d florins; explorer stacks %s; wheel: explore %d/%d, tax %d/%d, reproduce %d/%d",
		v.BankFlorins, joinInts(v.Stacks), v.Wheel.Explore, v.Wheel.ExploreMax, v.Wheel.Tax, v.Wheel.TaxMax, v.Wheel.Reproduce, v.Wheel.ReproduceMax), pictures.Font{Size: pictures.SmallSize}, "")
}

// archipelagoCrisis draws the crisis track: the population against the
// rebellion, which starts an independence war when it passes it.
func archipelagoCrisis(p *pictures.Picture, v *archipelagorules.View, x, y float64) float64 {
	right := pictures.PageWidth - pictures.Margin
	y = p.Para(x, y+10, right, p.Sf("Crisis track"), pictures.Font{Size: pictures.HeadingSize, Bold: true}, "")
	y += 4
	top := max(v.Population, v.Rebellion, 10) + 2
	w := right - x
	step := w / float64(top)
	for k := range top {
		p.Rect(x+float64(k)*step, y, step, 14, pictures.Style{Fill: pictures.White, Stroke: pictures.RGB(0xbbbbbb)}, "")
	}
	px := x + (float64(v.Population)+0.5)*step
	rx := x + (float64(v.Rebellion)+0.5)*step
	p.Polygon([]pictures.Point{{X: px, Y: y + 14}, {X: px - 7, Y: y + 28}, {X: px + 7, Y: y + 28}}, pictures.Style{Fill: pictures.RGB(0x009e73), Stroke: pictures.Ink}, "population")
	p.Text(min(px, right-20), y+42, fmt.Sprintf("P %d", v.Population), pictures.Font{Size: pictures.SmallSize, Bold: true, Align: pictures.Center}, "")
	p.Polygon([]pictures.Point{{X: rx, Y: y}, {X: rx - 7, Y: y - 12}, {X: rx + 7, Y: y - 12}}, pictures.Style{Fill: pictures.RGB(0xd55e00), Stroke: pictures.Ink}, "rebellion")
	p.Text(min(rx+10, right-30), y-2, fmt.Sprintf("R %d", v.Rebellion), pictures.Font{Size: pictures.SmallSize, Bold: true}, "")
	y += 62
	f := pictures.Font{Size: pictures.SmallSize}
	y = p.Para(x, y, right, p.Sf("P population, R rebellion; excess workers %d, a recruit costs %d", v.Excess, v.RecruitPrice), f, "")
	if c := v.Crisis; c != nil {
		y = p.Para(x, y, right, p.Sf("Crisis now: %s, %s, %d cubes needed", pictures.Word(c.Kind), pictures.Word(c.Resource), c.Needed), pictures.Font{Size: pictures.BodySize, Bold: true, Color: pictures.MarkColour}, "crisis")
	}
	if t := v.Top; t != nil {
		y = p.Para(x, y, right, p.Sf("Next card's back: domestic %s (a cube for %d citizens), export %d %s", pictures.Word(t.HomeRes), t.HomePer, t.ExportN, pictures.Word(t.ExportRes)), f, "")
	}
	return y
}

func archipelagoTrack(p *pictures.Picture, v *archipelagorules.View, x, y float64) float64 {
	right := pictures.PageWidth - pictures.Margin
	y = p.Para(x, y+10, right, p.Sf("Evolution track (%d cards in the pile)", v.Pile), pictures.Font{Size: pictures.HeadingSize, Bold: true}, "")
	top := y - 8
	n := max(len(v.Track), 5)
	const gap = 3.0
	cw := (right - x - gap*float64(n-1)) / float64(n)
	mark := p.Mark()
	bottom := top
	var cards []float64
	for i, c := range v.Track {
		cx := x + float64(i)*(cw+gap)
		cy := p.Para(cx+4, top+15, cx+cw-3, p.W(c.Name), pictures.Font{Size: pictures.SmallSize, Bold: true}, "")
		cy = p.Para(cx+4, cy, cx+cw-3, p.W(c.Kind), pictures.Font{Size: pictures.SmallSize, Color: pictures.Faint}, "")
		next := strconv.Itoa(c.Next)
		if c.Next < 0 {
			next = p.Sf("skull")
		}
		cy = p.Para(cx+4, cy, cx+cw-3, p.Sf("cost %d, then %s", c.Cost, next), pictures.Font{Size: pictures.SmallSize}, "")
		bottom = max(bottom, cy-8)
		cards = append(cards, cx)
	}
	for i := len(cards) - 1; i >= 0; i-- {
		p.Under(mark, cards[i], top, cw, bottom-top, pictures.Style{Fill: pictures.White, Stroke: pictures.Edge}, "card")
	}
	y = bottom + 20
	if v.Trend != nil {
		y = p.Para(x, y, right, p.Sf("Trend: %s, %s", pictures.Word(v.Trend.Name), v.Trend.RulePhrase()), pictures.Font{Size: pictures.SmallSize}, "")
	}
	return y
}

// archipelagoScreen draws what lies behind the viewer's screen, or every
// screen and the scores once the game is over; it returns the y after.
func archipelagoScreen(p *pictures.Picture, v *archipelagorules.View, x, y float64, colours map[int]color.RGBA) float64 {
	pv := v.Private
	if pv == nil {
		if v.Over {
			return archipelagoEnd(p, v, x, y)
		}
		return y
	}
	right := pictures.PageWidth - pictures.Margin
	in, inRight := x+10, right-10
	f := pictures.Font{Size: pictures.BodySize}
	mark := p.Mark()
	ly := p.Para(in, y+22, inRight, p.Sf("Only you see this: behind your screen"), pictures.Font{Size: pictures.HeadingSize, Bold: true}, "")
	var cubes []string
	for i, n := range pv.Cubes {
		if n > 0 && i < len(resourceNames) {
			cubes = append(cubes, fmt.Sprintf("%s %d", p.W(resourceNames[i]), n))
		}
	}
	line := p.Sf("%d florins; cubes: %s; explorer tokens %d", pv.Florins, p.OrNone(p.List(cubes)), pv.Tokens)
	if pv.Bid != nil {
		line = p.Sf("%s; sealed bid %d", line, *pv.Bid)
	}
	ly = p.Para(in, ly, inRight, line, f, "screen")
	if o := pv.Objective; o != nil {
		ly = p.Para(in, ly, inRight, p.Sf("Objective: %s, %s", pictures.Word(o.Name), o.ScoresPhrase()), f, "objective")
		ly = p.Para(in, ly, inRight, p.Sf("ends when %s", o.EndsPhrase()), f, "")
	}
	if len(pv.Hand) > 0 {
		var hs []string
		for _, h := range pv.Hand {
			hs = append(hs, fmt.Sprintf("%d %s", h.Hex, p.W(h.Name)))
		}
		ly = p.Para(in, ly, inRight, p.Sf("Hexagons in hand: %s", p.List(hs)), f, "hand")
	}
	h := ly - y - 4
	p.Under(mark, x, y, right-x, h, pictures.Style{Fill: pictures.RGB(0xfff4d6), Stroke: pictures.Ink, Width: 2, Dash: true}, "own")
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
func archipelagoEnd(p *pictures.Picture, v *archipelagorules.View, x, y float64) float64 {
	right := pictures.PageWidth - pictures.Margin
	var s []string
	for _, sc := range v.Scores {
		s = append(s, p.Sf("seat %d: %d VP", sc.Seat, sc.Points))
	}
	head := p.Sf("Scores: %s", p.List(s))
	if v.EveryoneLost {
		head = p.Sf("Everyone lost. %s", head)
	} else if len(v.Winners) > 0 {
		ws := p.Say(pictures.SeatWord(v.Winners[0]))
		for _, w := range v.Winners[1:] {
			ws = p.Sf("%s and %s", ws, pictures.SeatWord(w))
		}
		head = p.Sf("%s; won by %s", head, ws)
	}
	y = p.Para(x, y+20, right, head, pictures.Font{Size: pictures.HeadingSize, Bold: true}, "")
	for _, o := range v.Objectives {
		y = p.Para(x, y, right, p.Sf("seat %d held %s: %s", o.Holder, pictures.Word(o.Name), o.ScoresPhrase()), pictures.Font{Size: pictures.BodySize}, "objective")
	}
	return y
}

// archipelagoLegend names the landscapes of the edges and the pieces from
// y; it returns the y after.
func archipelagoLegend(p *pictures.Picture, x, y float64) float64 {
	f := pictures.Font{Size: pictures.SmallSize}
	for _, l := range []struct {
		code byte
		name string
	}{{'W', "water"}, {'F', "field"}, {'M', "mountain"}} {
		p.Rect(x, y-11, 22, 12, pictures.Style{Fill: landscapeColours[l.code], Stroke: pictures.Edge}, "")
		p.Text(x+28, y, p.W(l.name), f, "")
		x += 28 + p.TextWidth(p.W(l.name), f) + 18
	}
	return p.Para(pictures.Margin, y+pictures.LineHeight(f), pictures.PageWidth-pictures.Margin, p.Sf("a player's shape and number: citizens; a hull: ships; a house: a building (its initial); a ring: a city's owner"), f, "")
}
