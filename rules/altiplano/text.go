package altiplano

import (
	"fmt"
	"strings"
)

// Text draws the view for a monospace mail: the round and phase, the
// locations clockwise with their supplies, the extension display, every
// player's material and score, the viewer's own bag, crate, planning
// spaces and hidden placements, and who moves now.
//
// A View is a snapshot: its Text is made once, so changing the View's
// fields afterwards does not change it.
func (v *View) Text() string {
	if v.text == nil {
		return v.render()
	}
	v.text.once.Do(func() { v.text.text = v.render() })
	return v.text.text
}

func (v *View) render() string {
	var b strings.Builder
	b.Grow(4096)
	v.heading(&b)
	v.table(&b)
	v.offers(&b)
	for _, p := range v.Table.Seats {
		v.player(&b, p)
	}
	v.own(&b)
	v.footer(&b)
	return b.String()
}

// who names a seat, as "you" for the viewer.
func (v *View) who(seat int) string {
	if seat == v.Seat {
		return fmt.Sprintf("seat %d (you)", seat)
	}
	return fmt.Sprintf("seat %d", seat)
}

func (v *View) heading(b *strings.Builder) {
	fmt.Fprintf(b, "Altiplano, %d players", v.Table.Players)
	if len(v.Table.Variants) > 0 {
		fmt.Fprintf(b, " (%s)", strings.Join(v.Table.Variants, ", "))
	}
	switch v.Table.Phase {
	case "choose":
		fmt.Fprintf(b, ". The players choose their professions: %s are left.\n", strings.Join(v.Table.Professions, ", "))
	case "plan":
		fmt.Fprintf(b, ", round %d. Draw and planning: everyone places goods at once, hidden until all are done.\n", v.Table.Round)
	case "act":
		fmt.Fprintf(b, ", round %d. Actions: one action or a pass per turn, clockwise.\n", v.Table.Round)
	default:
		fmt.Fprintf(b, ". The game ended after round %d.\n", v.Table.Round)
	}
	if v.Table.FinalRound > 0 && !v.Table.Over {
		if v.Table.FinalRound == v.Table.Round {
			fmt.Fprintf(b, "%s: this is the last round.\n", title(v.Table.EndBy))
		} else {
			fmt.Fprintf(b, "%s: round %d is the last.\n", title(v.Table.EndBy), v.Table.FinalRound)
		}
	}
	if v.Table.Phase != "choose" && !v.Table.Over {
		fmt.Fprintf(b, "Starting player: %s.\n", v.who(v.Table.Start))
	}
	b.WriteString("\n")
}

func (v *View) table(b *strings.Builder) {
	t := v.Table
	pawns := map[string][]string{}
	for _, p := range t.Seats {
		if p.Pawn != "" {
			pawns[p.Pawn] = append(pawns[p.Pawn], v.who(p.Seat))
		}
	}
	b.WriteString("Locations, clockwise:\n")
	for _, name := range t.Circle {
		var parts []string
		var goods []string
		for g := range numGoods {
			if l := goodData[g].home; l >= 0 && locData[l].name == name {
				goods = append(goods, g.Name()+" "+itoa(t.Supply[g.Name()]))
			}
		}
		if len(goods) > 0 {
			parts = append(parts, strings.Join(goods, ", "))
		}
		switch name {
		case "village":
			parts = append(parts, "carts "+itoa(t.Carts), "houses for "+orNone(t.Houses))
		case "port":
			parts = append(parts, "boats giving "+orNone(t.Boats))
		case "market":
			var cs []string
			for _, c := range t.Contracts {
				if c >= 1 && c <= len(contracts) {
					cs = append(cs, contractText(contractView(c-1)))
				}
			}
			parts = append(parts, "contracts "+orNone(strings.Join(cs, "; ")))
		}
		line := fmt.Sprintf("  %-8s %s", title(name), strings.Join(parts, "; "))
		if ps := pawns[name]; len(ps) > 0 {
			line += "  [pawn of " + strings.Join(ps, ", ") + "]"
		}
		b.WriteString(line + "\n")
	}
	fmt.Fprintf(b, "  %-8s food %d, coins\n\n", "Centre", t.Supply["food"])
}

func orNone(s string) string {
	if s == "" {
		return "none"
	}
	return s
}

func contractText(c ContractView) string {
	return fmt.Sprintf("%d: %s for %d points", c.Number, c.Needs, c.Points)
}

func (v *View) offers(b *strings.Builder) {
	b.WriteString("Extensions on display (cost = price + surcharge):\n")
	for _, o := range v.Table.Display {
		d := designNamed(o.Name)
		if d < 0 {
			continue
		}
		dg := designs[d]
		fmt.Fprintf(b, "  %d %-11s %-8s %-38s %d+%d = %d\n", o.Space, o.Name, title(locData[dg.loc].name), actionPhrase(d),
			dg.price, o.Cost-dg.price, o.Cost)
	}
	if len(v.Table.Display) < 5 {
		fmt.Fprintf(b, "  %s empty.\n", plural(5-len(v.Table.Display), "display space"))
	}
	if v.Table.Pile > 0 {
		fmt.Fprintf(b, "  Pile: %s, the next with %s on the back.\n\n", plural(v.Table.Pile, "card"), v.Table.PileLetter)
	} else {
		b.WriteString("  Pile: empty.\n\n")
	}
}

func (v *View) player(b *strings.Builder, p PlayerView) {
	head := v.who(p.Seat)
	head = strings.ToUpper(head[:1]) + head[1:]
	if p.Profession != "" {
		head += ", " + p.Profession
	}
	coins, board := p.Coins, p.Board
	if p.Seat == v.Seat && v.You != nil {
		coins, board = v.You.Coins, v.You.Board // as they are while planning
	}
	fmt.Fprintf(b, "%s: %s, score %d", head, plural(coins, "coin"), p.Score)
	if p.Status != "" {
		fmt.Fprintf(b, " (%s)", p.Status)
	}
	b.WriteString("\n")
	if p.Profession == "" {
		return
	}
	pawn := "not placed"
	if p.Pawn != "" {
		pawn = "at the " + title(p.Pawn)
	}
	cart := "free cart ready"
	if p.FreeUsed {
		cart = "free cart used"
	}
	if p.Carts > 1 {
		cart += fmt.Sprintf(", %d of %d bought carts used", p.CartsUsed, p.Carts-1)
	}
	fmt.Fprintf(b, "  pawn %s; road %d of %d, %d planning spaces; %s\n", pawn, p.Road, len(roadTrack), drawsAfter(p.Road), cart)
	rows := make([]string, len(warehouseRows))
	for r, w := range warehouseRows {
		rows[r] = "-/" + itoa(w.size)
		if r < len(p.Warehouse) {
			rows[r] = p.Warehouse[r] + "/" + itoa(w.size)
		}
	}
	fmt.Fprintf(b, "  warehouse %s", strings.Join(rows, " | "))
	if p.Overflow > 0 {
		fmt.Fprintf(b, "; %d corn beside it", p.Overflow)
	}
	b.WriteString("\n")
	fmt.Fprintf(b, "  houses %s; boats %s; extensions %s\n", orNone(strings.Join(p.Houses, ", ")),
		orNone(strings.Join(p.Boats, ", ")), orNone(strings.Join(p.Extensions, ", ")))
	contract := "no open contract"
	if c := p.Contract; c >= 1 && c <= len(contracts) {
		contract = "contract " + contractText(contractView(c-1)) + ", delivered " + orNone(p.Delivered)
	}
	var done []string
	for _, c := range p.Completed {
		done = append(done, itoa(c))
	}
	fmt.Fprintf(b, "  %s; completed %s\n", contract, orNone(strings.Join(done, ", ")))
	var spaces []string
	for _, t := range boardOrder {
		if x, ok := board[t]; ok {
			spaces = append(spaces, t+" "+x)
		}
	}
	fmt.Fprintf(b, "  action spaces: %s\n", orNone(strings.Join(spaces, "; ")))
	if s := p.Final; s != nil {
		fmt.Fprintf(b, "  final: goods %d, boats %d, houses %d, house bonus %d, contracts %d, warehouse %d, missions %d = %d\n",
			s.Goods, s.Boats, s.Houses, s.Bonus, s.Contracts, s.Rows, s.Missions, s.Total)
		for _, m := range p.Missions {
			fmt.Fprintf(b, "  mission %s (%s, %d points): %s\n", m.Name, m.Goal, m.Points, map[bool]string{true: "fulfilled", false: "missed"}[m.Done])
		}
	}
}

// boardOrder is the order in which a view lists the targets of a board.
var boardOrder = func() []string {
	var ts []string
	for l := range numLocs {
		ts = append(ts, locData[l].name)
	}
	ts = append(ts, "move")
	for _, p := range professions {
		ts = append(ts, p.name)
	}
	for _, d := range designs {
		ts = append(ts, d.name)
	}
	return ts
}()

func (v *View) own(b *strings.Builder) {
	o := v.You
	if o == nil || v.Table.Over {
		b.WriteString("\n")
		return
	}
	b.WriteString("\n")
	fmt.Fprintf(b, "Your bag: %s (%s). Your crate: %s.\n", plural(o.Bag, "good"), orNone(o.BagGoods), orNone(o.Crate))
	var ps []string
	for _, p := range o.Planning {
		ps = append(ps, p.Good)
	}
	fmt.Fprintf(b, "Your planning spaces: %s.\n", orNone(strings.Join(ps, ", ")))
	if len(o.Placed) > 0 {
		var xs []string
		for _, p := range o.Placed {
			xs = append(xs, fmt.Sprintf("%d %s on %s", p.Count, p.Good, p.Target))
		}
		fmt.Fprintf(b, "Placed this round (hidden from the others until all are done): %s.\n", strings.Join(xs, ", "))
	}
	for _, m := range o.Missions {
		fmt.Fprintf(b, "Your mission %s: %s, %d points.\n", m.Name, m.Goal, m.Points)
	}
	b.WriteString("\n")
}

func (v *View) footer(b *strings.Builder) {
	if v.Table.Last != nil {
		if v.Table.Last.Move == "" {
			fmt.Fprintf(b, "Last move: %s planned.\n", v.who(v.Table.Last.Seat))
		} else {
			fmt.Fprintf(b, "Last move: %s played %s.\n", v.who(v.Table.Last.Seat), v.Table.Last.Move)
		}
	}
	switch {
	case v.Table.Over:
		var ws []string
		for _, w := range v.Table.Winners {
			ws = append(ws, v.who(w))
		}
		var places []string
		for _, p := range v.Table.Ranking {
			places = append(places, fmt.Sprintf("%d. %s, %s, %s", p.Place, v.who(p.Seat), plural(p.Points, "point"), plural(p.Coins, "coin")))
		}
		fmt.Fprintf(b, "Ranking (most points; a tie on points goes to the most coins): %s.\n", strings.Join(places, "; "))
		verb := "wins"
		if len(ws) > 1 {
			verb = "share the win"
		}
		fmt.Fprintf(b, "Game over: %s %s.\n", strings.Join(ws, " and "), verb)
	case v.Table.Phase == "plan":
		var ws []string
		for _, w := range v.Table.ToAct {
			ws = append(ws, v.who(w))
		}
		fmt.Fprintf(b, "Still planning: %s.\n", strings.Join(ws, ", "))
	case len(v.Table.ToAct) > 0:
		w := v.who(v.Table.ToAct[0])
		fmt.Fprintf(b, "%s moves now.\n", strings.ToUpper(w[:1])+w[1:])
	}
}

// plural says n things: "1 coin", "2 coins".
func plural(n int, thing string) string {
	if n == 1 {
		return "1 " + thing
	}
	return itoa(n) + " " + thing + "s"
}
