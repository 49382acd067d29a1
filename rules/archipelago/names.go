package archipelago

import (
	"strconv"
	"strings"

	"github.com/pbem-games/pbem/rules"
)

// Names and short phrases for people.

// name is a seat's color with a capital, e.g. "Red".
func (s *state) name(p int) string {
	if p < 0 || p >= maxSeats {
		return "nobody"
	}
	c := colors[p]
	return strings.ToUpper(c[:1]) + c[1:]
}

// who is a seat's color as a phrase, e.g. "Red".
func (s *state) who(p int) rules.Phrase { return say(s.name(p)) }

// regionPhrase is regionLabel as a phrase.
func (s *state) regionPhrase(h int) rules.Phrase {
	if h == 0 {
		return say("the open sea")
	}
	return say("%s (%s)", say(regions[h-1].name), itoa(h)+sideLetter(s.sideOf[h]))
}

// regionLabel names hexagon h as laid, e.g. "Turtle Lagoon (7A)".
func (s *state) regionLabel(h int) string {
	if h == 0 {
		return "the open sea"
	}
	return regions[h-1].name + " (" + itoa(h) + sideLetter(s.sideOf[h]) + ")"
}

// hexWords names hexagons by number and name, e.g. "7 Turtle Lagoon, 12 Salt Marsh".
func hexWords(hs []int8) rules.Phrase {
	var parts []rules.Phrase
	for _, h := range hs {
		if h > 0 {
			parts = append(parts, say("%s%s", itoa(int(h))+" ", say(regions[h-1].name)))
		}
	}
	if len(parts) == 0 {
		return say("none")
	}
	return join(", ", parts)
}

func (s *state) handWords(p int) rules.Phrase { return hexWords(s.hands[p][:]) }
func (s *state) displayWords() rules.Phrase   { return hexWords(s.display[:]) }
func (s *state) colorList() string {
	var parts []string
	for p := range s.seats {
		parts = append(parts, strings.ToUpper(colors[p]))
	}
	return strings.Join(parts, ", ")
}

// orderExample is the move that sets turn order o, as a phrase: ORDER
// BLUE RED GREEN, each word in the reader's notation.
func (s *state) orderExample(o [maxSeats]int8) rules.Phrase {
	var colours []any
	for _, p := range o {
		if p >= 0 {
			colours = append(colours, say(upper(colors[p])))
		}
	}
	return say("ORDER"+strings.Repeat(" %s", len(colours)), colours...)
}

// orderWords is a turn order for people: "Blue, Red, Green".
func (s *state) orderWords(o [maxSeats]int8) string {
	var parts []string
	for _, p := range o {
		if p >= 0 {
			parts = append(parts, s.name(int(p)))
		}
	}
	return strings.Join(parts, ", ")
}

// iconWords lists a side's resources: "fish and wood".
func iconWords(face *side) string {
	var parts []string
	for r, n := range face.icons {
		if n > 0 {
			parts = append(parts, resNames[r])
		}
	}
	return joinWords(parts)
}

// hint says what a move looks like now, for errors.
func (s *state) hint(p int) rules.Phrase {
	switch s.phase {
	case phPlace:
		return say("lay a hexagon of your hand, e.g. PLACE 7A F5 0")
	case phChoose:
		return say("choose the cube for the market and the one you keep, e.g. MARKET WOOD KEEP FISH")
	case phBid:
		return say("bid florins for the turn order, e.g. BID 2 or BID 0")
	case phOrder:
		return say("set the turn order, e.g. %s", s.orderExample(s.order))
	case phCrisis:
		if s.crisis.kind == qExport {
			return say("give cubes for export, e.g. EXPORT 1 MARKET 1 OWN, or EXPORT NONE")
		}
		return say("give cubes to feed the citizens, e.g. FEED 1 MARKET 1 OWN, or FEED NONE")
	case phActions:
		return say("take an action such as HARVEST WOOD E5, TAX, SELL FISH EXPORT, BUILD CITY E5 or PASS")
	case phEvolution:
		return say("buy and turn cards, e.g. BUY 2 ROTATE 4, or turn two: ROTATE 1 3")
	}
	return say("the game is over")
}

func itoa(n int) string { return strconv.Itoa(n) }

func signed(n int) string {
	if n >= 0 {
		return "+" + itoa(n)
	}
	return itoa(n)
}

func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return itoa(n) + " " + many
}

func florins(n int) string { return plural(n, "florin", "florins") }

// joinWords is "a, b and c".
func joinWords(parts []string) string {
	switch len(parts) {
	case 0:
		return "nothing"
	case 1:
		return parts[0]
	}
	out := ""
	for i, p := range parts[:len(parts)-1] {
		if i > 0 {
			out += ", "
		}
		out += p
	}
	return out + " and " + parts[len(parts)-1]
}
