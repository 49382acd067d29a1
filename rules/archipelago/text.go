package archipelago

import (
	"strings"

	"github.com/pbem-games/pbem/rules"
)

// Text renders the view for a monospace mail: the map, the regions, the
// markets and markers, the evolution track, the players, what lies behind
// the reader's screen, and what the last move did.
func (v *View) Text() string { return v.TextLines().String() }

// TextLines is Text as lines of phrases, for the mail side to write in a
// reader's language: the heading, the titles, the players and the
// markers are phrases; the map, the regions, the cards and what happened
// are still text.
func (v *View) TextLines() rules.Lines {
	ls := v.header()
	ls = append(ls, lines(v.drawMap)...)
	ls = append(ls, lines(v.regionList)...)
	ls = append(ls, v.markets()...)
	ls = append(ls, v.evolution()...)
	ls = append(ls, v.players()...)
	ls = append(ls, lines(v.moment)...)
	ls = append(ls, v.offers()...)
	if v.Private != nil {
		ls = append(ls, rules.Phrase{}, say("BEHIND YOUR SCREEN"))
		ls = append(ls, privatePhrases(v.Private)...)
	}
	if v.Over {
		ls = append(ls, lines(v.ending)...)
	}
	if len(v.Last) > 0 {
		ls = append(ls, rules.Phrase{}, say("LAST MOVE"))
		for _, l := range v.Last {
			ls = append(ls, rules.Phrase{Text: "  " + l})
		}
	}
	return rules.Lines{Lines: ls}
}

// lines are the lines draw writes, a section's title a phrase and the
// rest text.
func lines(draw func(*strings.Builder)) []rules.Phrase {
	var b strings.Builder
	draw(&b)
	if b.Len() == 0 {
		return nil
	}
	var out []rules.Phrase
	for _, l := range strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n") {
		if titles[l] {
			out = append(out, say(l))
		} else {
			out = append(out, rules.Phrase{Text: l})
		}
	}
	return out
}

// titles are the sections' titles.
var titles = map[string]bool{
	"THE MAP ([07] is hexagon 7, [SEA] the open sea, e5 a free cell)":    true,
	"REGIONS (edges E, SE, SW, W, NW, NE: W water, F field, M mountain)": true,
	"EVOLUTION TRACK (BUY place ROTATE place, or ROTATE place place)":    true,
	"CRISIS": true,
}

func title(c string) string { return strings.ToUpper(c[:1]) + c[1:] }

func (v *View) color(seat int) string {
	if seat < 0 || seat >= len(v.Players) {
		return "nobody"
	}
	return title(v.Players[seat].Color)
}

func (v *View) header() []rules.Phrase {
	var order []rules.Phrase
	for _, q := range v.Order {
		name := say(v.color(q))
		for _, t := range v.ToAct {
			if t == q {
				name = say("%s*", name)
			}
		}
		order = append(order, name)
	}
	head := say("ARCHIPELAGO, round %d (the game ends by round %d, %s objectives), %s", v.Round, v.LastRound, say(v.Length), say(v.Phase))
	if v.Seat >= 0 {
		return []rules.Phrase{head, say("You are %s. Turn order: %s (* to move)", say(v.color(v.Seat)), join(", ", order))}
	}
	return []rules.Phrase{head, say("Turn order: %s (* to move)", join(", ", order))}
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

func (v *View) markets() []rules.Phrase {
	ls := []rules.Phrase{{}, say("MARKETS: cubes, then buy/sell price (- none)")}
	head := "                "
	for _, r := range resNames {
		head += padRight(r, 9)
	}
	ls = append(ls, rules.Phrase{Text: head})
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
		ls = append(ls, rules.Phrase{Text: strings.TrimRight(line, " ")})
	}
	ls = append(ls, say("  Population %d, rebellion %d (an independence war breaks out when it passes the population), excess workers %d (a recruit costs %s)",
		v.Population, v.Rebellion, v.Excess, pluralPhrase(v.RecruitPrice, "florin", "florins")))
	var bank []rules.Phrase
	for k, n := range v.BankCubes {
		bank = append(bank, say(resNames[k]+" %d", n))
	}
	ls = append(ls, say("  Bank: %s; cubes %s", pluralPhrase(v.BankFlorins, "florin", "florins"), join(", ", bank)))
	ls = append(ls, say("  Explorer tokens in the stacks: %d, %d, %d", v.Stacks[0], v.Stacks[1], v.Stacks[2]))
	w := v.Wheel
	wheel := say("  Action wheel this round: exploration %d of %d, taxes %d of %d, reproduction %d of %d taken",
		w.Explore, w.ExploreMax, w.Tax, w.TaxMax, w.Reproduce, w.ReproduceMax)
	if w.Coins > 0 {
		wheel = say("%s; %s paid to markets and ports", wheel, pluralPhrase(w.Coins, "florin", "florins"))
	}
	return append(ls, wheel)
}

func padRight(s string, n int) string {
	if len(s) >= n {
		return s + " "
	}
	return s + strings.Repeat(" ", n-len(s))
}

func (v *View) evolution() []rules.Phrase {
	ls := []rules.Phrase{{}, say("EVOLUTION TRACK (BUY place ROTATE place, or ROTATE place place)")}
	for _, c := range v.Track {
		next := say("then the skull")
		if c.Next != skull {
			next = say("then %d", c.Next)
		}
		ls = append(ls, say("  %d %s (%s) costs %d, %s: %s", c.Place, say(c.Name), say(c.Kind), c.Cost, next, c.Effect))
	}
	pile := say("  Evolution pile: %s", pluralPhrase(v.Pile, "card", "cards"))
	if v.Top != nil {
		pile = say("%s; the back on top: %s", pile, backText(v.Top))
	}
	ls = append(ls, pile)
	if v.Trend != nil {
		ls = append(ls, say("  Trend: %s, %s", v.Trend.Name, v.Trend.Rule))
	}
	return ls
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

func (v *View) players() []rules.Phrase {
	ls := []rules.Phrase{{}, say("PLAYERS")}
	for _, p := range v.Players {
		line := say("  %s: discs %d of %d used", say(title(p.Color)), p.DiscsUsed, p.Discs)
		if p.Passed {
			line = say("%s (passed)", line)
		}
		line = say("%s; on the board %s", line, pluralPhrase(p.Citizens, "citizen", "citizens"))
		if p.Rebels > 0 {
			line = say("%s (%s)", line, pluralPhrase(p.Rebels, "rebel", "rebels"))
		}
		line = say("%s and %s; in reserve %d and %d", line, pluralPhrase(p.Ships, "ship", "ships"), p.CitizensLeft, p.ShipsLeft)
		if len(p.Cards) > 0 {
			line = say("%s; cards: %s", line, join(", ", cardPhrases(p.Cards)))
			if len(p.Turned) > 0 {
				line = say("%s (used this round: %s)", line, join(", ", cardPhrases(p.Turned)))
			}
		}
		if p.HasBid {
			line = say("%s; has bid", line)
		}
		ls = append(ls, line)
	}
	if len(v.Bids) > 0 {
		var bids []rules.Phrase
		for q, x := range v.Bids {
			bids = append(bids, say("%s %d", say(v.color(q)), x))
		}
		ls = append(ls, say("  Bids revealed this round: %s", join(", ", bids)))
	}
	for _, pm := range v.Permits {
		ls = append(ls, say("  %s may harvest in the regions of %s this round.", say(v.color(pm.To)), say(v.color(pm.From))))
	}
	return ls
}

// cardPhrases are the phrases of cards' names.
func cardPhrases(names []string) []rules.Phrase {
	var out []rules.Phrase
	for _, n := range names {
		out = append(out, say(n))
	}
	return out
}

// moment says what is going on: a crisis.
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

// privatePhrases are privateLines as the lines of a board, indented,
// in phrases but for the objective's and the hexagons' descriptions.
func privatePhrases(pv *PrivateView) []rules.Phrase {
	who := say(title(pv.Color))
	var cubes []rules.Phrase
	for k, n := range pv.Cubes {
		cubes = append(cubes, say(resNames[k]+" %d", n))
	}
	out := []rules.Phrase{
		say("  %s's screen: %s, %s", who, pluralPhrase(pv.Florins, "florin", "florins"), pluralPhrase(pv.Tokens, "explorer token", "explorer tokens")),
		say("  %s's cubes: %s", who, join(", ", cubes)),
	}
	lines := privateLines(pv)
	if pv.Objective != nil {
		out = append(out, rules.Phrase{Text: "  " + lines[2]})
	}
	if pv.Bid != nil {
		out = append(out, say("  %s's sealed bid: %s", who, pluralPhrase(*pv.Bid, "florin", "florins")))
	}
	if len(pv.Hand) > 0 {
		out = append(out, say("  %s's hand:", who))
		for _, h := range pv.Hand {
			out = append(out, rules.Phrase{Text: "    " + hexLine(h)})
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
