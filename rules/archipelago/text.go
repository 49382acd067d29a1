package archipelago

import (
	"strings"
)

// Text renders the view for a monospace mail: the map, the regions, the
// markets and markers, the evolution track, the players, what lies behind
// the reader's screen, and what the last move did.
func (v *View) Text() string {
	var b strings.Builder
	b.Grow(6000)
	v.header(&b)
	v.drawMap(&b)
	v.regionList(&b)
	v.markets(&b)
	v.evolution(&b)
	v.players(&b)
	v.moment(&b)
	if v.Private != nil {
		b.WriteString("\nBEHIND YOUR SCREEN\n")
		for _, l := range privateLines(v.Private) {
			b.WriteString("  " + l + "\n")
		}
	}
	if v.Over {
		v.ending(&b)
	}
	if len(v.Last) > 0 {
		b.WriteString("\nLAST MOVE\n")
		for _, l := range v.Last {
			b.WriteString("  " + l + "\n")
		}
	}
	return b.String()
}

func title(c string) string { return strings.ToUpper(c[:1]) + c[1:] }

func (v *View) color(seat int) string {
	if seat < 0 || seat >= len(v.Players) {
		return "nobody"
	}
	return title(v.Players[seat].Color)
}

func (v *View) header(b *strings.Builder) {
	b.WriteString("ARCHIPELAGO, round " + itoa(v.Round) + " (the game ends by round " + itoa(v.LastRound) + ", " + v.Length + " objectives), " + v.Phase + "\n")
	if v.Seat >= 0 {
		b.WriteString("You are " + v.color(v.Seat) + ". ")
	}
	var order []string
	for _, q := range v.Order {
		name := v.color(q)
		for _, t := range v.ToAct {
			if t == q {
				name += "*"
			}
		}
		order = append(order, name)
	}
	b.WriteString("Turn order: " + strings.Join(order, ", ") + " (* to move)\n")
}

// drawMap draws the table: each laid hexagon as its number in brackets
// ([SEA] for the open sea), each free cell next to one by its name.
func (v *View) drawMap(b *strings.Builder) {
	var show [nCells]string
	for _, r := range v.Map {
		if r.Hex == 0 {
			show[r.idx] = "[SEA] "
		} else {
			show[r.idx] = " [" + pad2(r.Hex) + "] "
		}
	}
	for _, r := range v.Map {
		for _, o := range neighbours[r.idx] {
			if o >= 0 && show[o] == "" {
				show[o] = padRight("  "+strings.ToLower(cellNames[o]), 6)
			}
		}
	}
	minR, maxR, minC, maxC := gridSize, -1, gridSize, -1
	for c, t := range show {
		if t != "" {
			minR, maxR = min(minR, c/gridSize), max(maxR, c/gridSize)
			minC, maxC = min(minC, c%gridSize), max(maxC, c%gridSize)
		}
	}
	b.WriteString("\nTHE MAP ([07] is hexagon 7, [SEA] the open sea, e5 a free cell)\n")
	var line []byte
	for r := minR; r <= maxR; r++ {
		line = append(line[:0], "  "...)
		line = append(line, byte('A'+r))
		line = append(line, "  "...)
		if r%2 == 1 {
			line = append(line, "   "...)
		}
		for c := minC; c <= maxC; c++ {
			if t := show[r*gridSize+c]; t != "" {
				line = append(line, t...)
			} else {
				line = append(line, "      "...)
			}
		}
		for len(line) > 0 && line[len(line)-1] == ' ' {
			line = line[:len(line)-1]
		}
		b.Write(line)
		b.WriteString("\n")
	}
}

func pad2(n int) string {
	if n < 10 {
		return "0" + itoa(n)
	}
	return itoa(n)
}

func (v *View) regionList(b *strings.Builder) {
	b.WriteString("\nREGIONS (edges E, SE, SW, W, NW, NE: W water, F field, M mountain)\n")
	for _, r := range v.Map {
		b.WriteString("  ")
		b.WriteString(r.Cell)
		b.WriteString(strings.Repeat(" ", 4-len(r.Cell)))
		if r.Hex > 0 {
			b.WriteString(pad2(r.Hex))
			b.WriteString(r.Side)
		} else {
			b.WriteString("SEA")
		}
		b.WriteString(" ")
		b.WriteString(r.Name)
		b.WriteString(", edges ")
		b.WriteString(r.Edges)
		sep := ", icons "
		for k, n := range r.icons {
			if n > 0 {
				b.WriteString(sep)
				sep = ", "
				b.WriteString(itoa(int(n)))
				b.WriteString(" ")
				b.WriteString(resNames[k])
				if r.taken[k] > 0 {
					b.WriteString(" (")
					b.WriteString(itoa(int(r.taken[k])))
					b.WriteString(" taken)")
				}
			}
		}
		if r.Huts > 0 {
			b.WriteString(", ")
			b.WriteString(plural(r.Huts, "hut", "huts"))
		}
		if r.Controller != nil {
			b.WriteString(", controlled by ")
			b.WriteString(v.color(*r.Controller))
		}
		b.WriteString("\n")
		for i, u := range r.Units {
			if i == 0 {
				b.WriteString("        units: ")
			} else {
				b.WriteString("; ")
			}
			b.WriteString(v.color(u.Seat))
			b.WriteString(" ")
			b.WriteString(unitWords(u))
		}
		if len(r.Units) > 0 {
			b.WriteString("\n")
		}
		for i, bl := range r.Buildings {
			if i == 0 {
				b.WriteString("        buildings: ")
			} else {
				b.WriteString(", ")
			}
			b.WriteString(bl.Kind)
			b.WriteString(" of ")
			b.WriteString(v.color(bl.Owner))
			if bl.Resident >= 0 {
				b.WriteString(" (a citizen of ")
				b.WriteString(v.color(bl.Resident))
				b.WriteString(" lives in it)")
			}
		}
		if len(r.Buildings) > 0 {
			b.WriteString("\n")
		}
	}
	if len(v.Next) > 0 {
		b.WriteString("  Next hexagons to explore (" + itoa(v.Regions) + " more in the pile):\n")
		for _, h := range v.Next {
			b.WriteString("    " + hexLine(h) + "\n")
		}
	}
}

// hexLine describes a hexagon not yet laid, both sides.
func hexLine(h HexView) string {
	var sides []string
	for _, sd := range h.Sides {
		t := itoa(h.Hex) + sd.Side + " edges " + sd.Edges
		var icons []string
		for k, n := range sd.icons {
			if n > 0 {
				icons = append(icons, itoa(int(n))+" "+resNames[k])
			}
		}
		t += " icons " + strings.Join(icons, ", ")
		if sd.Huts > 0 {
			t += ", " + plural(sd.Huts, "hut", "huts")
		}
		sides = append(sides, t)
	}
	return itoa(h.Hex) + " " + h.Name + ": " + strings.Join(sides, " / ")
}

func unitWords(u UnitView) string {
	var parts []string
	if n := u.Citizens + u.Working + u.Rebels + u.Housed; n > 0 {
		t := plural(n, "citizen", "citizens")
		var det []string
		if u.Working > 0 {
			det = append(det, itoa(u.Working)+" working")
		}
		if u.Rebels > 0 {
			det = append(det, plural(u.Rebels, "rebel", "rebels"))
		}
		if u.Housed > 0 {
			det = append(det, itoa(u.Housed)+" housed")
		}
		if len(det) > 0 {
			t += " (" + strings.Join(det, ", ") + ")"
		}
		parts = append(parts, t)
	}
	if n := u.Ships + u.ShipsAtWork; n > 0 {
		t := plural(n, "ship", "ships")
		if u.ShipsAtWork > 0 {
			t += " (" + itoa(u.ShipsAtWork) + " fishing)"
		}
		parts = append(parts, t)
	}
	return strings.Join(parts, ", ")
}

func (v *View) markets(b *strings.Builder) {
	b.WriteString("\nMARKETS: cubes, then buy/sell price (- none)\n")
	head := "                "
	for _, r := range resNames {
		head += padRight(r, 9)
	}
	b.WriteString(head + "\n")
	for _, mk := range []struct {
		name  string
		z     zone
		cubes []int
	}{{"  domestic (8)  ", homeZone, v.Home}, {"  export (6)    ", exportZone, v.Export}} {
		line := mk.name
		for _, n := range mk.cubes {
			buy, sell := "-", "-"
			if n > 0 {
				buy = itoa(buyPrice(mk.z, n))
			}
			if n < mk.z.spaces() {
				sell = itoa(sellPrice(mk.z, n))
			}
			line += padRight(itoa(n)+" "+buy+"/"+sell, 9)
		}
		b.WriteString(strings.TrimRight(line, " ") + "\n")
	}
	b.WriteString("  Population " + itoa(v.Population) + ", rebellion " + itoa(v.Rebellion) + " (an independence war breaks out when it passes the population), excess workers " + itoa(v.Excess) + " (a recruit costs " + florins(v.RecruitPrice) + ")\n")
	var bank []string
	for k, n := range v.BankCubes {
		bank = append(bank, resNames[k]+" "+itoa(n))
	}
	b.WriteString("  Bank: " + florins(v.BankFlorins) + "; cubes " + strings.Join(bank, ", ") + "\n")
	b.WriteString("  Explorer tokens in the stacks: " + itoa(v.Stacks[0]) + ", " + itoa(v.Stacks[1]) + ", " + itoa(v.Stacks[2]) + "\n")
	w := v.Wheel
	b.WriteString("  Action wheel this round: exploration " + itoa(w.Explore) + " of " + itoa(w.ExploreMax) + ", taxes " + itoa(w.Tax) + " of " + itoa(w.TaxMax) +
		", reproduction " + itoa(w.Reproduce) + " of " + itoa(w.ReproduceMax) + " taken")
	if w.Coins > 0 {
		b.WriteString("; " + florins(w.Coins) + " paid to markets and ports")
	}
	b.WriteString("\n")
}

func padRight(s string, n int) string {
	if len(s) >= n {
		return s + " "
	}
	return s + strings.Repeat(" ", n-len(s))
}

func (v *View) evolution(b *strings.Builder) {
	b.WriteString("\nEVOLUTION TRACK (BUY place ROTATE place, or ROTATE place place)\n")
	for _, c := range v.Track {
		next := "then the skull"
		if c.Next != skull {
			next = "then " + itoa(c.Next)
		}
		b.WriteString("  " + itoa(c.Place) + " " + c.Name + " (" + c.Kind + ") costs " + itoa(c.Cost) + ", " + next + ": " + c.Effect + "\n")
	}
	b.WriteString("  Evolution pile: " + plural(v.Pile, "card", "cards"))
	if v.Top != nil {
		b.WriteString("; the back on top: " + backText(v.Top))
	}
	b.WriteString("\n")
	if v.Trend != nil {
		b.WriteString("  Trend: " + v.Trend.Name + ", " + v.Trend.Rule + "\n")
	}
}

// backText describes a card's back.
func backText(t *BackView) string {
	red := func(r bool) string {
		if r {
			return " [red: when revealed]"
		}
		return ""
	}
	s := "domestic crisis " + t.HomeRes + ", a cube stands up " + itoa(t.HomePer) + " citizens" + red(t.HomeRed) +
		"; export crisis " + itoa(t.ExportN) + " " + t.ExportRes + red(t.ExportRed)
	if t.Event != "" {
		s += "; event: " + t.Event + red(t.EventRed)
	}
	return s
}

func (v *View) players(b *strings.Builder) {
	b.WriteString("\nPLAYERS\n")
	for _, p := range v.Players {
		line := "  " + title(p.Color) + ": discs " + itoa(p.DiscsUsed) + " of " + itoa(p.Discs) + " used"
		if p.Passed {
			line += " (passed)"
		}
		line += "; on the board " + plural(p.Citizens, "citizen", "citizens")
		if p.Rebels > 0 {
			line += " (" + plural(p.Rebels, "rebel", "rebels") + ")"
		}
		line += " and " + plural(p.Ships, "ship", "ships") + "; in reserve " + itoa(p.CitizensLeft) + " and " + itoa(p.ShipsLeft)
		if len(p.Cards) > 0 {
			line += "; cards: " + strings.Join(p.Cards, ", ")
			if len(p.Turned) > 0 {
				line += " (used this round: " + strings.Join(p.Turned, ", ") + ")"
			}
		}
		if p.HasBid {
			line += "; has bid"
		}
		b.WriteString(line + "\n")
	}
	if len(v.Bids) > 0 {
		var bids []string
		for q, x := range v.Bids {
			bids = append(bids, v.color(q)+" "+itoa(x))
		}
		b.WriteString("  Bids revealed this round: " + strings.Join(bids, ", ") + "\n")
	}
	for _, pm := range v.Permits {
		b.WriteString("  " + v.color(pm.To) + " may harvest in the regions of " + v.color(pm.From) + " this round.\n")
	}
}

// moment says what is going on: a crisis or an open offer.
func (v *View) moment(b *strings.Builder) {
	if c := v.Crisis; c != nil {
		b.WriteString("\nCRISIS\n")
		if c.Kind == "domestic" {
			var lying []string
			for q, n := range c.Lying {
				lying = append(lying, v.color(q)+" "+itoa(n))
			}
			b.WriteString("  Domestic consumption crisis of " + c.Resource + ": a cube stands up " + itoa(c.PerCube) + " citizens. Lying down: " + strings.Join(lying, ", ") +
				" (" + plural(c.Needed, "cube", "cubes") + " would stand all up). Those still lying at the end rebel.\n")
		} else {
			b.WriteString("  Export consumption crisis: Europe still asks " + itoa(c.Needed) + " " + c.Resource + "; each cube missing at the end moves the rebellion up 1.\n")
		}
		b.WriteString("  " + v.color(c.Giver) + " gives now.\n")
	}
	if o := v.Offer; o != nil {
		b.WriteString("\nOFFER\n  " + v.color(o.From) + " offers " + v.color(o.To) + " " + o.Give + " for " + o.Ask + " (" + o.Move + "). " +
			v.color(o.To) + " answers ACCEPT " + strings.ToUpper(v.Players[o.From].Color) + " or DECLINE " + strings.ToUpper(v.Players[o.From].Color) + ".\n")
	}
}

// privateLines are the lines of a screen, written so that each names its
// owner: they are also the seat's secrets.
func privateLines(pv *PrivateView) []string {
	who := title(pv.Color) + "'s "
	var cubes []string
	for k, n := range pv.Cubes {
		cubes = append(cubes, resNames[k]+" "+itoa(n))
	}
	out := []string{
		who + "screen: " + florins(pv.Florins) + ", " + plural(pv.Tokens, "explorer token", "explorer tokens"),
		who + "cubes: " + strings.Join(cubes, ", "),
	}
	if o := pv.Objective; o != nil {
		out = append(out, who+"objective: "+o.Name+". It ends the game when "+o.Ends+". It scores "+o.Scores+".")
	}
	if pv.Bid != nil {
		out = append(out, who+"sealed bid: "+florins(*pv.Bid))
	}
	if len(pv.Hand) > 0 {
		out = append(out, who+"hand:")
		for _, h := range pv.Hand {
			out = append(out, "  "+hexLine(h))
		}
	}
	return out
}

func (v *View) ending(b *strings.Builder) {
	b.WriteString("\nTHE END: ")
	switch {
	case v.Ending == "independence war" && v.EveryoneLost:
		b.WriteString("an independence war. Nobody held the separatist's objective: everyone loses.\n")
	case v.Ending == "independence war":
		b.WriteString("an independence war. " + v.color(v.Winners[0]) + " held the separatist's objective and wins alone.\n")
	default:
		b.WriteString("the objectives score.\n")
	}
	for _, o := range v.Objectives {
		b.WriteString("  " + v.color(o.Holder) + " held " + o.Name + ": ends when " + o.Ends + "; scores " + o.Scores + ".\n")
	}
	for _, p := range v.Players {
		if p.Screen != nil {
			for _, l := range privateLines(p.Screen)[:2] {
				b.WriteString("  " + l + "\n")
			}
		}
	}
	for _, sc := range v.Scores {
		var parts []string
		for _, x := range sc.Lines {
			parts = append(parts, signed(x))
		}
		b.WriteString("  " + v.color(sc.Seat) + " scores " + itoa(sc.Points) + " (" + strings.Join(parts, " ") + ")\n")
	}
	if len(v.Winners) > 0 && v.Ending != "independence war" {
		var w []string
		for _, q := range v.Winners {
			w = append(w, v.color(q))
		}
		b.WriteString("  Winner: " + strings.Join(w, " and ") + "\n")
	}
}
