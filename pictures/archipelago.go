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
	arcR    = 46.0 // a hexagon's radius
	arcGrid = 11   // the table's rows and columns
)

func drawArchipelago(p *Picture, v *archipelago.View) {
	p.Title = archipelagoTitle(p, v)
	colours := map[int]color.RGBA{}
	for _, pl := range v.Players {
		colours[pl.Seat] = archipelagoColours[pl.Color]
	}
	mapW, mapH, cellAt := archipelagoMapLayout(v)
	panelX := 24 + max(mapW, 560) + 30
	p.Width = panelX + 470
	p.Text(24, 36, p.Title, Font{Size: 18, Bold: true}, "title")
	archipelagoMap(p, v, cellAt, colours)
	y := archipelagoPlayers(p, v, panelX, 70, colours)
	y = archipelagoMarkets(p, v, panelX, y+10)
	y = archipelagoCrisis(p, v, panelX, y+10)
	y = archipelagoTrack(p, v, panelX, y+10)
	bottom := max(70+mapH+34, y+40)
	archipelagoLegend(p, 24, bottom-14)
	archipelagoScreen(p, v, 24, bottom, colours)
	ly := bottom + 150
	for i, ph := range v.LastPhrases() {
		l := p.say(ph)
		if i == 0 {
			l = p.s("Last move: %s", l)
		}
		p.Text(24, ly, l, Font{Size: 13}, "last")
		ly += 18
	}
	p.Height = ly + 10
}

func archipelagoTitle(p *Picture, v *archipelago.View) string {
	s := p.s("Archipelago, %d players, %s game, round %d of %d, %s", len(v.Players), word(v.Length), v.Round, v.LastRound, word(v.Phase))
	if v.Over {
		s = p.s("Archipelago, %d players, game over (%s)", len(v.Players), word(v.Ending))
	}
	return p.s("%s, %s", s, p.seenBy(v.Seat))
}

// archipelagoMapLayout finds the rows and columns the map uses, with a
// ring of free cells around, and where each cell lies on the page.
func archipelagoMapLayout(v *archipelago.View) (w, h float64, at func(cell string) (Point, bool)) {
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
	hw := math.Sqrt(3) * arcR
	x0, y0 := 24+hw/2, 70+arcR
	at = func(cell string) (Point, bool) {
		row, col, ok := parseCell(cell)
		if !ok || row < minR || row > maxR || col < minC || col > maxC {
			return Point{}, false
		}
		x := x0 + (float64(col-minC)+0.5*float64(row%2))*hw
		if minR%2 == 1 {
			x -= 0.5 * hw
		}
		return Point{x + 0.5*hw, y0 + float64(row-minR)*1.5*arcR}, true
	}
	w = (float64(maxC-minC) + 2) * hw
	h = float64(maxR-minR)*1.5*arcR + 2*arcR
	return w, h, at
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

func archipelagoMap(p *Picture, v *archipelago.View, at func(string) (Point, bool), colours map[int]color.RGBA) {
	laid := map[string]bool{}
	for _, r := range v.Map {
		laid[r.Cell] = true
	}
	for row := range arcGrid {
		for col := range arcGrid {
			name := string(rune('A'+row)) + strconv.Itoa(col+1)
			if c, ok := at(name); ok && !laid[name] {
				p.Polygon(hexagon(c.X, c.Y, arcR-1), Style{Fill: rgb(0xeef3f7), Stroke: rgb(0xc8d3dc)}, "free")
				p.Text(c.X, c.Y+4, strings.ToLower(name), Font{Size: 11, Align: Center, Color: faint}, "")
			}
		}
	}
	for _, r := range v.Map {
		c, ok := at(r.Cell)
		if !ok {
			continue
		}
		archipelagoRegion(p, r, c, colours)
	}
}

func archipelagoRegion(p *Picture, r archipelago.RegionView, c Point, colours map[int]color.RGBA) {
	p.Polygon(hexagon(c.X, c.Y, arcR), Style{Fill: rgb(0xf4efe2), Stroke: edge}, "region")
	corners := hexagon(c.X, c.Y, arcR)
	inner := hexagon(c.X, c.Y, arcR*0.8)
	for d := 0; d < 6 && d < len(r.Edges); d++ {
		a, b := (d+5)%6, d
		p.Polygon([]Point{corners[a], corners[b], inner[b], inner[a]}, Style{Fill: landscapeColours[r.Edges[d]]}, "edge")
	}
	label := r.Cell
	if r.Hex == 0 {
		label = p.s("%s sea", r.Cell)
	} else {
		label += fmt.Sprintf(" %d%s", r.Hex, r.Side)
	}
	p.Text(c.X, c.Y-arcR*0.42, label, Font{Size: 10, Bold: true, Align: Center}, "")
	icons := p.wlist(r.Icons)
	if r.Huts > 0 {
		icons = p.s("%s, %s", icons, p.plural(r.Huts, "hut"))
	}
	p.Text(c.X, c.Y-arcR*0.18, icons, Font{Size: 9, Align: Center}, "")
	if r.Taken != "" {
		p.Text(c.X, c.Y+arcR*0.02, p.s("worked: %s", p.wlist(r.Taken)), Font{Size: 8, Align: Center, Color: faint}, "")
	}
	if r.Controller != nil {
		p.Polygon(hexagon(c.X, c.Y, arcR*0.78), Style{Stroke: colours[*r.Controller], Width: 3}, seatClass("city", *r.Controller))
	}
	// units along the bottom, then buildings
	var marks []func(x float64)
	for _, u := range r.Units {
		citizens := u.Citizens + u.Working + u.Rebels + u.Housed
		if citizens > 0 {
			label := strconv.Itoa(citizens)
			marks = append(marks, func(x float64) {
				colouredMark(p, x, c.Y+arcR*0.36, 9, u.Seat, colours[u.Seat], label, seatClass("unit citizens", u.Seat))
			})
		}
		if u.Rebels > 0 {
			marks = append(marks, func(x float64) {
				p.Text(x, c.Y+arcR*0.42, fmt.Sprintf("%dR", u.Rebels), Font{Size: 9, Bold: true, Align: Center, Color: mark}, "rebels")
			})
		}
		if ships := u.Ships + u.ShipsAtWork; ships > 0 {
			marks = append(marks, func(x float64) {
				ship(p, x, c.Y+arcR*0.36, u.Seat, colours[u.Seat], strconv.Itoa(ships))
			})
		}
	}
	for _, b := range r.Buildings {
		marks = append(marks, func(x float64) {
			fill := white
			if col, ok := colours[b.Owner]; ok {
				fill = col
			}
			y := c.Y + arcR*0.36
			p.Polygon([]Point{{x - 7, y + 7}, {x - 7, y - 2}, {x, y - 9}, {x + 7, y - 2}, {x + 7, y + 7}}, Style{Fill: fill, Stroke: ink}, "building")
			p.Text(x, y+5, strings.ToUpper(b.Kind[:1]), Font{Size: 9, Bold: true, Align: Center}, "")
		})
	}
	x := c.X - float64(len(marks)-1)*10
	for _, m := range marks {
		m(x)
		x += 20
	}
}

// ship draws a seat's ships: a hull in its colour with their number.
func ship(p *Picture, x, y float64, seat int, fill color.RGBA, label string) {
	p.Polygon([]Point{{x - 9, y - 4}, {x + 9, y - 4}, {x + 5, y + 6}, {x - 5, y + 6}}, Style{Fill: fill, Stroke: ink}, seatClass("unit ships", seat))
	p.Text(x, y+4, label, Font{Size: 9, Bold: true, Align: Center}, "")
}

func archipelagoPlayers(p *Picture, v *archipelago.View, x, y float64, colours map[int]color.RGBA) float64 {
	p.Text(x, y, p.s("Players in turn order"), Font{Size: 14, Bold: true}, "")
	y += 24
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
	for _, s := range order {
		pl := bySeat[s]
		colouredMark(p, x+12, y-4, 11, s, colours[s], strings.ToUpper(pl.Color[:1]), seatClass("player", s))
		head := p.s("%s, seat %d", p.title(pl.Color), s)
		if s == v.Seat {
			head = p.s("%s (you)", head)
		}
		if toAct[s] && !v.Over {
			head = p.s("%s, to move", head)
		}
		if pl.Passed {
			head = p.s("%s, passed", head)
		}
		p.Text(x+30, y, head, Font{Size: 13, Bold: true}, "")
		p.Text(x+30, y+16, p.s("discs %d of %d used; on the board %d citizens (%d rebels), %d ships; reserve %d and %d",
			pl.DiscsUsed, v.Discs, pl.Citizens, pl.Rebels, pl.Ships, pl.CitizensLeft, pl.ShipsLeft), Font{Size: 11}, "")
		if len(pl.Cards) > 0 {
			p.Text(x+30, y+31, p.s("cards: %s", p.wlist(strings.Join(pl.Cards, ", "))), Font{Size: 11}, "")
			y += 15
		}
		y += 38
	}
	return y
}

func archipelagoMarkets(p *Picture, v *archipelago.View, x, y float64) float64 {
	p.Text(x, y, p.s("Markets (cubes)"), Font{Size: 14, Bold: true}, "")
	y += 20
	for i, name := range resourceNames {
		p.Text(x+110+float64(i)*56, y, p.w(name), Font{Size: 11, Bold: true, Align: Center}, "")
	}
	rows := []struct {
		name  string
		cubes []int
	}{{"domestic", v.Home}, {"export", v.Export}, {"bank", v.BankCubes}}
	for _, r := range rows {
		y += 18
		p.Text(x, y, p.w(r.name), Font{Size: 12}, "")
		for i := range resourceNames {
			if i < len(r.cubes) {
				p.Text(x+110+float64(i)*56, y, strconv.Itoa(r.cubes[i]), Font{Size: 12, Align: Center}, "market")
			}
		}
	}
	y += 20
	p.Text(x, y, p.s("Bank %d florins; explorer stacks %s; wheel: explore %d/%d, tax %d/%d, reproduce %d/%d",
		v.BankFlorins, joinInts(v.Stacks), v.Wheel.Explore, v.Wheel.ExploreMax, v.Wheel.Tax, v.Wheel.TaxMax, v.Wheel.Reproduce, v.Wheel.ReproduceMax), Font{Size: 11}, "")
	return y + 14
}

// archipelagoCrisis draws the crisis track: the population against the
// rebellion, which starts an independence war when it passes it.
func archipelagoCrisis(p *Picture, v *archipelago.View, x, y float64) float64 {
	p.Text(x, y, p.s("Crisis track"), Font{Size: 14, Bold: true}, "")
	y += 14
	top := max(v.Population, v.Rebellion, 10) + 2
	const w = 420.0
	step := w / float64(top)
	for k := range top {
		p.Rect(x+float64(k)*step, y, step, 14, Style{Fill: white, Stroke: rgb(0xbbbbbb)}, "")
	}
	px := x + (float64(v.Population)+0.5)*step
	rx := x + (float64(v.Rebellion)+0.5)*step
	p.Polygon([]Point{{px, y + 14}, {px - 7, y + 28}, {px + 7, y + 28}}, Style{Fill: rgb(0x009e73), Stroke: ink}, "population")
	p.Text(px, y+42, fmt.Sprintf("P %d", v.Population), Font{Size: 11, Bold: true, Align: Center}, "")
	p.Polygon([]Point{{rx, y}, {rx - 7, y - 12}, {rx + 7, y - 12}}, Style{Fill: rgb(0xd55e00), Stroke: ink}, "rebellion")
	p.Text(rx+10, y-2, fmt.Sprintf("R %d", v.Rebellion), Font{Size: 11, Bold: true}, "")
	y += 58
	p.Text(x, y, p.s("P population, R rebellion; excess workers %d, a recruit costs %d", v.Excess, v.RecruitPrice), Font{Size: 11}, "")
	if c := v.Crisis; c != nil {
		y += 16
		p.Text(x, y, p.s("Crisis now: %s, %s, %d cubes needed", word(c.Kind), word(c.Resource), c.Needed), Font{Size: 12, Bold: true, Color: mark}, "crisis")
	}
	if t := v.Top; t != nil {
		y += 16
		p.Text(x, y, p.s("Next card's back: domestic %s (a cube for %d citizens), export %d %s", word(t.HomeRes), t.HomePer, t.ExportN, word(t.ExportRes)), Font{Size: 11}, "")
	}
	return y + 14
}

func archipelagoTrack(p *Picture, v *archipelago.View, x, y float64) float64 {
	p.Text(x, y, p.s("Evolution track (%d cards in the pile)", v.Pile), Font{Size: 14, Bold: true}, "")
	y += 10
	for i, c := range v.Track {
		cx := x + float64(i)*86
		p.Rect(cx, y, 80, 58, Style{Fill: white, Stroke: edge}, "card")
		wrapText(p, cx+5, y+14, p.w(c.Name), 12, Font{Size: 10, Bold: true})
		p.Text(cx+5, y+40, p.w(c.Kind), Font{Size: 9, Color: faint}, "")
		next := strconv.Itoa(c.Next)
		if c.Next < 0 {
			next = p.s("skull")
		}
		p.Text(cx+5, y+53, p.s("cost %d, then %s", c.Cost, next), Font{Size: 9}, "")
	}
	y += 76
	if v.Trend != nil {
		p.Text(x, y, p.s("Trend: %s, %s", word(v.Trend.Name), v.Trend.RulePhrase()), Font{Size: 11}, "")
	}
	return y
}

// archipelagoScreen draws what lies behind the viewer's screen, or every
// screen and the scores once the game is over.
func archipelagoScreen(p *Picture, v *archipelago.View, x, y float64, colours map[int]color.RGBA) {
	pv := v.Private
	if pv == nil {
		if v.Over {
			archipelagoEnd(p, v, x, y)
		}
		return
	}
	p.Rect(x, y, p.Width-2*x, 130, Style{Fill: rgb(0xfff4d6), Stroke: ink, Width: 2, Dash: true}, "own")
	p.Text(x+12, y+22, p.s("Only you see this: behind your screen"), Font{Size: 14, Bold: true}, "")
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
	p.Text(x+12, y+44, line, Font{Size: 12}, "screen")
	if o := pv.Objective; o != nil {
		p.Text(x+12, y+64, p.s("Objective: %s, %s", word(o.Name), o.ScoresPhrase()), Font{Size: 12}, "objective")
		p.Text(x+12, y+82, p.s("ends when %s", o.EndsPhrase()), Font{Size: 12}, "")
	}
	if len(pv.Hand) > 0 {
		var hs []string
		for _, h := range pv.Hand {
			hs = append(hs, fmt.Sprintf("%d %s", h.Hex, p.w(h.Name)))
		}
		p.Text(x+12, y+102, p.s("Hexagons in hand: %s", p.list(hs)), Font{Size: 12}, "hand")
	}
}

func joinInts(xs []int) string {
	s := make([]string, len(xs))
	for i, x := range xs {
		s[i] = strconv.Itoa(x)
	}
	return strings.Join(s, ", ")
}

// archipelagoEnd writes the scores and the objectives, which the end of
// the game reveals.
func archipelagoEnd(p *Picture, v *archipelago.View, x, y float64) {
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
	p.Text(x, y+20, head, Font{Size: 14, Bold: true}, "")
	for i, o := range v.Objectives {
		p.Text(x, y+42+float64(i)*17, p.s("seat %d held %s: %s", o.Holder, word(o.Name), o.ScoresPhrase()), Font{Size: 12}, "objective")
	}
}

// archipelagoLegend names the landscapes of the edges and the pieces.
func archipelagoLegend(p *Picture, x, y float64) {
	for _, l := range []struct {
		code byte
		name string
	}{{'W', "water"}, {'F', "field"}, {'M', "mountain"}} {
		p.Rect(x, y-11, 22, 12, Style{Fill: landscapeColours[l.code], Stroke: edge}, "")
		p.Text(x+28, y, p.w(l.name), Font{Size: 12}, "")
		x += 100
	}
	p.Text(x, y, p.s("a player's shape and number: citizens; a hull: ships; a house: a building (its initial); a ring: a city's owner"), Font{Size: 12}, "")
}

// Archipelago draws the board of Archipelago as the view's seat sees it.
func Archipelago(p *Picture, v *archipelago.View) { drawArchipelago(p, v) }
