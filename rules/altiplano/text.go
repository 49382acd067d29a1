package altiplano

import (
	"strconv"
	"strings"

	"github.com/pbem-games/pbem/rules"
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
		return v.TextLines().String()
	}
	v.text.once.Do(func() { v.text.text = v.TextLines().String() })
	return v.text.text
}

// TextLines is Text as lines of phrases, for the mail side to write in a
// reader's language. Altiplano has no drawing: every line is a phrase,
// the names of its goods, locations, professions and extensions phrases
// of their own.
func (v *View) TextLines() rules.Lines {
	var ls []rules.Phrase
	ls = append(ls, v.heading()...)
	ls = append(ls, v.table()...)
	ls = append(ls, v.offers()...)
	for _, p := range v.Table.Seats {
		ls = append(ls, v.player(p)...)
	}
	ls = append(ls, v.own()...)
	ls = append(ls, v.footer()...)
	return rules.Lines{Lines: ls}
}

var say = rules.Say

// blank is an empty line.
var blank = rules.Phrase{}

// who names a seat, as "you" for the viewer.
func (v *View) who(seat int) rules.Phrase {
	if seat == v.Seat {
		return say("seat %d (you)", seat)
	}
	return say("seat %d", seat)
}

// whoFirst names a seat at the start of a sentence.
func (v *View) whoFirst(seat int) rules.Phrase {
	if seat == v.Seat {
		return say("Seat %d (you)", seat)
	}
	return say("Seat %d", seat)
}

// join joins phrases with sep ("%s, %s"), one format for any number of
// them, each language writing the separator its own way.
func join(sep string, ps []rules.Phrase) rules.Phrase {
	switch len(ps) {
	case 0:
		return blank
	case 1:
		return ps[0]
	}
	return say("%s"+sep+"%s", ps[0], join(sep, ps[1:]))
}

// and joins phrases as "a and b and c", as the English text does.
func and(ps []rules.Phrase) rules.Phrase { return join(" and ", ps) }

// phrases are the phrases of names of the game ("wool", "sawmill").
func phrases(ns []string) []rules.Phrase {
	var out []rules.Phrase
	for _, n := range ns {
		out = append(out, say(n))
	}
	return out
}

// orNone is p, or "none" for nothing.
func orNone(p rules.Phrase) rules.Phrase {
	if p.Format == "" && p.Text == "" {
		return say("none")
	}
	return p
}

// counted phrases goods as a view writes them, "wool 2, coin 1".
func counted(s string) rules.Phrase {
	if s == "" {
		return blank
	}
	var ps []rules.Phrase
	for _, part := range strings.Split(s, ", ") {
		name, n, _ := strings.Cut(part, " ")
		ps = append(ps, say(name+" %s", n))
	}
	return join(", ", ps)
}

// plural says n things: "1 coin", "2 coins".
func plural(n int, thing string) rules.Phrase {
	if n == 1 {
		return say("1 " + thing)
	}
	return say("%d "+thing+"s", n)
}

func (v *View) heading() []rules.Phrase {
	t := v.Table
	vars := blank
	if len(t.Variants) > 0 {
		vars = say(" (%s)", join(", ", phrases(t.Variants)))
	}
	var ls []rules.Phrase
	switch t.Phase {
	case "choose":
		ls = append(ls, say("Altiplano, %d players%s. The players choose their professions: %s are left.", t.Players, vars, join(", ", phrases(t.Professions))))
	case "plan":
		ls = append(ls, say("Altiplano, %d players%s, round %d. Draw and planning: everyone places goods at once, hidden until all are done.", t.Players, vars, t.Round))
	case "act":
		ls = append(ls, say("Altiplano, %d players%s, round %d. Actions: one action or a pass per turn, clockwise.", t.Players, vars, t.Round))
	default:
		ls = append(ls, say("Altiplano, %d players%s. The game ended after round %d.", t.Players, vars, t.Round))
	}
	if t.FinalRound > 0 && !t.Over {
		if t.FinalRound == t.Round {
			ls = append(ls, say("%s: this is the last round.", endBy(t.EndBy)))
		} else {
			ls = append(ls, say("%s: round %d is the last.", endBy(t.EndBy), t.FinalRound))
		}
	}
	if t.Phase != "choose" && !t.Over {
		ls = append(ls, say("Starting player: %s.", v.who(t.Start)))
	}
	return append(ls, blank)
}

// endBy phrases what triggered the end, as a sentence begins with it.
func endBy(why string) rules.Phrase {
	if rest, ok := strings.CutPrefix(why, "the "); ok {
		if loc, ok := strings.CutSuffix(rest, " has nothing left"); ok {
			return say("The %s has nothing left", say(loc))
		}
		if loc, what, ok := strings.Cut(rest, " has no "); ok {
			return say("The %s has no %s left", say(loc), say(strings.TrimSuffix(what, " left")))
		}
	}
	return say(title(why))
}

func (v *View) table() []rules.Phrase {
	t := v.Table
	pawns := map[string][]rules.Phrase{}
	for _, p := range t.Seats {
		if p.Pawn != "" {
			pawns[p.Pawn] = append(pawns[p.Pawn], v.who(p.Seat))
		}
	}
	ls := []rules.Phrase{say("Locations, clockwise:")}
	for _, name := range t.Circle {
		var parts []rules.Phrase
		var goods []rules.Phrase
		for g := range numGoods {
			if l := goodData[g].home; l >= 0 && locData[l].name == name {
				goods = append(goods, say(g.Name()+" %d", t.Supply[g.Name()]))
			}
		}
		if len(goods) > 0 {
			parts = append(parts, join(", ", goods))
		}
		switch name {
		case "village":
			parts = append(parts, say("carts %d", t.Carts), say("houses for %s", orNone(counted(t.Houses))))
		case "port":
			parts = append(parts, say("boats giving %s", orNone(counted(t.Boats))))
		case "market":
			var cs []rules.Phrase
			for _, c := range t.Contracts {
				if c >= 1 && c <= len(contracts) {
					cs = append(cs, contractText(c-1))
				}
			}
			parts = append(parts, say("contracts %s", orNone(join("; ", cs))))
		}
		loc := say(title(name))
		line := say("  %-8s %s", loc, join("; ", parts))
		if ps := pawns[name]; len(ps) > 0 {
			line = say("%s  [pawn of %s]", line, join(", ", ps))
		}
		ls = append(ls, line)
	}
	centre := say("Centre")
	return append(ls, say("  %-8s food %d, coins", centre, t.Supply["food"]), blank)
}

// contractText says contract c (from 0): "5: 2 wool and 1 glass for 4 points".
func contractText(c int) rules.Phrase {
	return say("%d: %s for %d points", c+1, contracts[c].need.phrase(), contracts[c].points)
}

func (v *View) offers() []rules.Phrase {
	ls := []rules.Phrase{say("Extensions on display (cost = price + surcharge):")}
	for _, o := range v.Table.Display {
		d := designNamed(o.Name)
		if d < 0 {
			continue
		}
		dg := designs[d]
		name, loc, act := say(o.Name), say(title(locData[dg.loc].name)), actionPhrase(d)
		ls = append(ls, say("  %d %-11s %-8s %-38s %d+%d = %d", o.Space, name, loc, act, dg.price, o.Cost-dg.price, o.Cost))
	}
	if len(v.Table.Display) < 5 {
		ls = append(ls, say("  %s empty.", plural(5-len(v.Table.Display), "display space")))
	}
	if v.Table.Pile > 0 {
		ls = append(ls, say("  Pile: %s, the next with %s on the back.", plural(v.Table.Pile, "card"), v.Table.PileLetter))
	} else {
		ls = append(ls, say("  Pile: empty."))
	}
	return append(ls, blank)
}

func (v *View) player(p PlayerView) []rules.Phrase {
	head := v.whoFirst(p.Seat)
	if p.Profession != "" {
		head = say("%s, %s", head, say(p.Profession))
	}
	coins, board := p.Coins, p.Board
	if p.Seat == v.Seat && v.You != nil {
		coins, board = v.You.Coins, v.You.Board // as they are while planning
	}
	line := say("%s: %s, score %d", head, plural(coins, "coin"), p.Score)
	if p.Status != "" {
		line = say("%s (%s)", line, say(p.Status))
	}
	ls := []rules.Phrase{line}
	if p.Profession == "" {
		return ls
	}
	pawn := say("not placed")
	if p.Pawn != "" {
		pawn = say("at the %s", say(title(p.Pawn)))
	}
	cart := say("free cart ready")
	if p.FreeUsed {
		cart = say("free cart used")
	}
	if p.Carts > 1 {
		cart = say("%s, %d of %d bought carts used", cart, p.CartsUsed, p.Carts-1)
	}
	ls = append(ls, say("  pawn %s; road %d of %d, %d planning spaces; %s", pawn, p.Road, len(roadTrack), drawsAfter(p.Road), cart))
	rows := make([]rules.Phrase, len(warehouseRows))
	for r, w := range warehouseRows {
		rows[r] = say("-/%d", w.size)
		if r < len(p.Warehouse) {
			rows[r] = say("%s/%d", counted(p.Warehouse[r]), w.size)
		}
	}
	if p.Overflow > 0 {
		ls = append(ls, say("  warehouse %s; %d corn beside it", join(" | ", rows), p.Overflow))
	} else {
		ls = append(ls, say("  warehouse %s", join(" | ", rows)))
	}
	ls = append(ls, say("  houses %s; boats %s; extensions %s", orNone(join(", ", phrases(p.Houses))),
		orNone(join(", ", phrases(p.Boats))), orNone(join(", ", phrases(p.Extensions)))))
	contract := say("no open contract")
	if c := p.Contract; c >= 1 && c <= len(contracts) {
		contract = say("contract %s, delivered %s", contractText(c-1), orNone(counted(p.Delivered)))
	}
	var done []rules.Phrase
	for _, c := range p.Completed {
		done = append(done, rules.Phrase{Text: strconv.Itoa(c)})
	}
	ls = append(ls, say("  %s; completed %s", contract, orNone(join(", ", done))))
	var spaces []rules.Phrase
	for _, t := range boardOrder {
		if x, ok := board[t]; ok {
			spaces = append(spaces, say("%s %s", say(t), counted(x)))
		}
	}
	ls = append(ls, say("  action spaces: %s", orNone(join("; ", spaces))))
	if s := p.Final; s != nil {
		ls = append(ls, say("  final: goods %d, boats %d, houses %d, house bonus %d, contracts %d, warehouse %d, missions %d = %d",
			s.Goods, s.Boats, s.Houses, s.Bonus, s.Contracts, s.Rows, s.Missions, s.Total))
		for _, m := range p.Missions {
			done := say("missed")
			if m.Done {
				done = say("fulfilled")
			}
			ls = append(ls, say("  mission %s (%s, %d points): %s", say(m.Name), missionGoalNamed(m.Name), m.Points, done))
		}
	}
	return ls
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

func (v *View) own() []rules.Phrase {
	o := v.You
	if o == nil || v.Table.Over {
		return []rules.Phrase{blank}
	}
	ls := []rules.Phrase{blank,
		say("Your bag: %s (%s). Your crate: %s.", plural(o.Bag, "good"), orNone(counted(o.BagGoods)), orNone(counted(o.Crate)))}
	var ps []string
	for _, p := range o.Planning {
		ps = append(ps, p.Good)
	}
	ls = append(ls, say("Your planning spaces: %s.", orNone(join(", ", phrases(ps)))))
	if len(o.Placed) > 0 {
		var xs []rules.Phrase
		for _, p := range o.Placed {
			xs = append(xs, say("%s on %s", say("%d "+p.Good, p.Count), say(p.Target)))
		}
		ls = append(ls, say("Placed this round (hidden from the others until all are done): %s.", join(", ", xs)))
	}
	for _, m := range o.Missions {
		ls = append(ls, say("Your mission %s: %s, %d points.", say(m.Name), missionGoalNamed(m.Name), m.Points))
	}
	return append(ls, blank)
}

func (v *View) footer() []rules.Phrase {
	var ls []rules.Phrase
	t := v.Table
	if t.Last != nil {
		if t.Last.Move == "" {
			ls = append(ls, say("Last move: %s planned.", v.who(t.Last.Seat)))
		} else {
			ls = append(ls, say("Last move: %s played %s.", v.who(t.Last.Seat), t.Last.Notated()))
		}
	}
	switch {
	case t.Over:
		var ws []rules.Phrase
		for _, w := range t.Winners {
			ws = append(ws, v.who(w))
		}
		var places []rules.Phrase
		for _, p := range t.Ranking {
			places = append(places, say("%d. %s, %s, %s", p.Place, v.who(p.Seat), plural(p.Points, "point"), plural(p.Coins, "coin")))
		}
		ls = append(ls, say("Ranking (most points; a tie on points goes to the most coins): %s.", join("; ", places)))
		if len(ws) > 1 {
			ls = append(ls, say("Game over: %s share the win.", and(ws)))
		} else {
			ls = append(ls, say("Game over: %s wins.", and(ws)))
		}
	case t.Phase == "plan":
		var ws []rules.Phrase
		for _, w := range t.ToAct {
			ws = append(ws, v.who(w))
		}
		ls = append(ls, say("Still planning: %s.", join(", ", ws)))
	case len(t.ToAct) > 0:
		ls = append(ls, say("%s moves now.", v.whoFirst(t.ToAct[0])))
	}
	return ls
}
