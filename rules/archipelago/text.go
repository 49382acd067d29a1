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
// reader's language: the map, the regions, the markets, the cards, the
// players, the crisis, what lies behind the screen, the end and what the
// last move did are phrases, the names of the game phrases of their own,
// and an open offer's notation is written in the reader's
// (rules.Notated).
func (v *View) TextLines() rules.Lines {
	ls := v.header()
	ls = append(ls, v.drawMap()...)
	ls = append(ls, v.regionList()...)
	ls = append(ls, v.markets()...)
	ls = append(ls, v.evolution()...)
	ls = append(ls, v.players()...)
	ls = append(ls, v.crisis()...)
	ls = append(ls, v.offers()...)
	if v.Private != nil {
		ls = append(ls, rules.Phrase{}, say("BEHIND YOUR SCREEN"))
		ls = append(ls, privatePhrases(v.Private)...)
	}
	if v.Over {
		ls = append(ls, v.ending()...)
	}
	if len(v.last) > 0 {
		ls = append(ls, rules.Phrase{}, say("LAST MOVE"))
		for _, l := range v.last {
			ls = append(ls, say("  %s", l))
		}
	}
	return rules.Lines{Lines: ls}
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
// ([SEA] for the open sea), each free cell next to one by its name. The
// open sea is a phrase, as each language writes it in as many columns.
func (v *View) drawMap() []rules.Phrase {
	var show [nCells]string
	sea := -1
	for _, r := range v.Map {
		if r.Hex == 0 {
			show[r.idx], sea = "[SEA] ", r.idx
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
	ls := []rules.Phrase{{}, say("THE MAP ([07] is hexagon 7, [SEA] the open sea, e5 a free cell)")}
	var line []byte
	for r := minR; r <= maxR; r++ {
		line = append(line[:0], "  "...)
		line = append(line, byte('A'+r))
		line = append(line, "  "...)
		if r%2 == 1 {
			line = append(line, "   "...)
		}
		at := -1 // where the open sea is in the line
		for c := minC; c <= maxC; c++ {
			if t := show[r*gridSize+c]; t != "" {
				if r*gridSize+c == sea {
					at = len(line)
				}
				line = append(line, t...)
			} else {
				line = append(line, "      "...)
			}
		}
		for len(line) > 0 && line[len(line)-1] == ' ' {
			line = line[:len(line)-1]
		}
		if at < 0 {
			ls = append(ls, rules.Phrase{Text: string(line)})
			continue
		}
		seaCell := say("[SEA]")
		rest := string(line[min(len(line), at+len("[SEA] ")):])
		if rest != "" {
			seaCell = rules.Column(seaCell, len("[SEA] "))
		}
		ls = append(ls, say("%s%s%s", string(line[:at]), seaCell, rest))
	}
	return ls
}

func pad2(n int) string {
	if n < 10 {
		return "0" + itoa(n)
	}
	return itoa(n)
}

func (v *View) regionList() []rules.Phrase {
	ls := []rules.Phrase{{}, say("REGIONS (edges E, SE, SW, W, NW, NE: W water, F field, M mountain)")}
	for _, r := range v.Map {
		code := say("SEA")
		if r.Hex > 0 {
			code = rules.Phrase{Text: pad2(r.Hex) + r.Side}
		}
		line := say("  %s%s%s %s, edges %s", r.Cell, strings.Repeat(" ", 4-len(r.Cell)), code, say(r.Name), edgesPhrase(r.Edges))
		var icons []rules.Phrase
		for k, n := range r.icons {
			if n > 0 {
				icon := say("%d "+resNames[k], n)
				if r.taken[k] > 0 {
					icon = say("%s (%d taken)", icon, r.taken[k])
				}
				icons = append(icons, icon)
			}
		}
		if len(icons) > 0 {
			line = say("%s, icons %s", line, join(", ", icons))
		}
		if r.Huts > 0 {
			line = say("%s, %s", line, pluralPhrase(r.Huts, "hut", "huts"))
		}
		if r.Controller != nil {
			line = say("%s, controlled by %s", line, say(v.color(*r.Controller)))
		}
		ls = append(ls, line)
		if len(r.Units) > 0 {
			var units []rules.Phrase
			for _, u := range r.Units {
				units = append(units, say("%s %s", say(v.color(u.Seat)), unitPhrase(u)))
			}
			ls = append(ls, say("        units: %s", join("; ", units)))
		}
		if len(r.Buildings) > 0 {
			var builds []rules.Phrase
			for _, bl := range r.Buildings {
				if bl.Resident >= 0 {
					builds = append(builds, say("%s of %s (a citizen of %s lives in it)", say(bl.Kind), say(v.color(bl.Owner)), say(v.color(bl.Resident))))
				} else {
					builds = append(builds, say("%s of %s", say(bl.Kind), say(v.color(bl.Owner))))
				}
			}
			ls = append(ls, say("        buildings: %s", join(", ", builds)))
		}
	}
	if len(v.Next) > 0 {
		ls = append(ls, say("  Next hexagons to explore (%d more in the pile):", v.Regions))
		for _, h := range v.Next {
			ls = append(ls, say("    %s", hexPhrase(h)))
		}
	}
	return ls
}

// edgesPhrase writes a hexagon's edges, "WFFMWW", each landscape by its
// letter in the reader's language.
func edgesPhrase(edges string) rules.Phrase {
	args := make([]any, len(edges))
	for i := range edges {
		args[i] = say(edges[i : i+1])
	}
	return say(strings.Repeat("%s", len(edges)), args...)
}

// hexLine describes a hexagon not yet laid, both sides.
func hexLine(h HexView) string { return hexPhrase(h).String() }

func hexPhrase(h HexView) rules.Phrase {
	var sides []rules.Phrase
	for _, sd := range h.Sides {
		var icons []rules.Phrase
		for k, n := range sd.icons {
			if n > 0 {
				icons = append(icons, say("%d "+resNames[k], n))
			}
		}
		t := say("%s edges %s icons %s", itoa(h.Hex)+sd.Side, edgesPhrase(sd.Edges), join(", ", icons))
		if sd.Huts > 0 {
			t = say("%s, %s", t, pluralPhrase(sd.Huts, "hut", "huts"))
		}
		sides = append(sides, t)
	}
	return say("%s %s: %s", itoa(h.Hex), say(h.Name), join(" / ", sides))
}

func unitPhrase(u UnitView) rules.Phrase {
	var parts []rules.Phrase
	if n := u.Citizens + u.Working + u.Rebels + u.Housed; n > 0 {
		t := pluralPhrase(n, "citizen", "citizens")
		var det []rules.Phrase
		if u.Working > 0 {
			det = append(det, say("%d working", u.Working))
		}
		if u.Rebels > 0 {
			det = append(det, pluralPhrase(u.Rebels, "rebel", "rebels"))
		}
		if u.Housed > 0 {
			det = append(det, say("%d housed", u.Housed))
		}
		if len(det) > 0 {
			t = say("%s (%s)", t, join(", ", det))
		}
		parts = append(parts, t)
	}
	if n := u.Ships + u.ShipsAtWork; n > 0 {
		t := pluralPhrase(n, "ship", "ships")
		if u.ShipsAtWork > 0 {
			t = say("%s (%d fishing)", t, u.ShipsAtWork)
		}
		parts = append(parts, t)
	}
	return join(", ", parts)
}

func (v *View) markets() []rules.Phrase {
	ls := []rules.Phrase{{}, say("MARKETS: cubes, then buy/sell price (- none)")}
	head := []any{"                "}
	for _, r := range resNames {
		head = append(head, rules.Column(say(r), 9))
	}
	ls = append(ls, say(strings.Repeat("%s", len(head)), head...))
	for _, mk := range []struct {
		name  rules.Phrase
		z     zone
		cubes []int
	}{{say("  domestic (%d)", 8), homeZone, v.Home}, {say("  export (%d)", 6), exportZone, v.Export}} {
		line := ""
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
		ls = append(ls, say("%s%s", rules.Column(mk.name, 16), strings.TrimRight(line, " ")))
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
		ls = append(ls, say("  %d %s (%s) costs %d, %s: %s", c.Place, say(c.Name), say(c.Kind), c.Cost, next, c.effect))
	}
	pile := say("  Evolution pile: %s", pluralPhrase(v.Pile, "card", "cards"))
	if v.Top != nil {
		pile = say("%s; the back on top: %s", pile, backPhrase(v.Top))
	}
	ls = append(ls, pile)
	if v.Trend != nil {
		ls = append(ls, say("  Trend: %s, %s", say(v.Trend.Name), v.Trend.rule))
	}
	return ls
}

// backText describes a card's back.
func backText(t *BackView) string { return backPhrase(t).String() }

func backPhrase(t *BackView) rules.Phrase {
	red := func(r bool) rules.Phrase {
		if r {
			return say(" [red: when revealed]")
		}
		return rules.Phrase{}
	}
	p := say("domestic crisis %s, a cube stands up %d citizens%s; export crisis %s%s",
		say(t.HomeRes), t.HomePer, red(t.HomeRed), say("%d "+t.ExportRes, t.ExportN), red(t.ExportRed))
	if t.Event != "" {
		p = say("%s; event: %s%s", p, t.event, red(t.EventRed))
	}
	return p
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

// crisis says what crisis is being resolved.
func (v *View) crisis() []rules.Phrase {
	c := v.Crisis
	if c == nil {
		return nil
	}
	ls := []rules.Phrase{{}, say("CRISIS")}
	if c.Kind == "domestic" {
		var lying []rules.Phrase
		for q, n := range c.Lying {
			lying = append(lying, say("%s %d", say(v.color(q)), n))
		}
		ls = append(ls, say("  Domestic consumption crisis of %s: a cube stands up %d citizens. Lying down: %s (%s would stand all up). Those still lying at the end rebel.",
			say(c.Resource), c.PerCube, join(", ", lying), pluralPhrase(c.Needed, "cube", "cubes")))
	} else {
		ls = append(ls, say("  Export consumption crisis: Europe still asks %s; each cube missing at the end moves the rebellion up 1.", say("%d "+c.Resource, c.Needed)))
	}
	return append(ls, say("  %s gives now.", say(v.color(c.Giver))))
}

// privateLines are the lines of a screen, written so that each names its
// owner: they are also the seat's secrets.
func privateLines(pv *PrivateView) []string {
	var out []string
	for _, p := range screenPhrases(pv) {
		out = append(out, p.String())
	}
	return out
}

// screenPhrases are what lies behind a screen, a line each, each naming
// its owner.
func screenPhrases(pv *PrivateView) []rules.Phrase {
	who := say(title(pv.Color))
	var cubes []rules.Phrase
	for k, n := range pv.Cubes {
		cubes = append(cubes, say(resNames[k]+" %d", n))
	}
	out := []rules.Phrase{
		say("%s's screen: %s, %s", who, florinsPhrase(pv.Florins), pluralPhrase(pv.Tokens, "explorer token", "explorer tokens")),
		say("%s's cubes: %s", who, join(", ", cubes)),
	}
	if o := pv.Objective; o != nil {
		out = append(out, say("%s's objective: %s. It ends the game when %s. It scores %s.", who, say(o.Name), o.ends, o.scores))
	}
	if pv.Bid != nil {
		out = append(out, say("%s's sealed bid: %s", who, florinsPhrase(*pv.Bid)))
	}
	if len(pv.Hand) > 0 {
		out = append(out, say("%s's hand:", who))
		for _, h := range pv.Hand {
			out = append(out, say("  %s", hexPhrase(h)))
		}
	}
	return out
}

// privatePhrases are the lines of a screen as the lines of a board,
// indented.
func privatePhrases(pv *PrivateView) []rules.Phrase {
	var out []rules.Phrase
	for _, p := range screenPhrases(pv) {
		out = append(out, say("  %s", p))
	}
	return out
}

func (v *View) ending() []rules.Phrase {
	var ls []rules.Phrase
	switch {
	case v.Ending == "independence war" && v.EveryoneLost:
		ls = append(ls, rules.Phrase{}, say("THE END: an independence war. Nobody held the separatist's objective: everyone loses."))
	case v.Ending == "independence war":
		ls = append(ls, rules.Phrase{}, say("THE END: an independence war. %s held the separatist's objective and wins alone.", say(v.color(v.Winners[0]))))
	default:
		ls = append(ls, rules.Phrase{}, say("THE END: the objectives score."))
	}
	for _, o := range v.Objectives {
		ls = append(ls, say("  %s held %s: ends when %s; scores %s.", say(v.color(o.Holder)), say(o.Name), o.ends, o.scores))
	}
	for _, p := range v.Players {
		if p.Screen != nil {
			ls = append(ls, privatePhrases(p.Screen)[:2]...)
		}
	}
	for _, sc := range v.Scores {
		var parts []string
		for _, x := range sc.Lines {
			parts = append(parts, signed(x))
		}
		ls = append(ls, say("  %s scores %d (%s)", say(v.color(sc.Seat)), sc.Points, strings.Join(parts, " ")))
	}
	if len(v.Winners) > 0 && v.Ending != "independence war" {
		var w []rules.Phrase
		for _, q := range v.Winners {
			w = append(w, say(v.color(q)))
		}
		ls = append(ls, say("  Winner: %s", join(" and ", w)))
	}
	return ls
}
