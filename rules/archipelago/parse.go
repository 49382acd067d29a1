package archipelago

import (
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/pbem-games/pbem/rules"
)

// Parse reads seat p's move. Case, extra spaces, commas and filler words
// (AT, FROM, TO, WITH, ON, IN, BY, OF, THE, AND) do not matter; verbs,
// resources, colors and buildings may be cut to any unambiguous start
// (HARV, FR, B for blue where a color is expected). Parse reads the text
// only; Apply says whether the move is legal now.
func (s *state) Parse(p rules.Seat, text string) (rules.Move, error) {
	words := tokens(text)
	if len(words) == 0 {
		return nil, illegal("the move is empty: %s", s.hint(int(p)))
	}
	if len(text) > 300 {
		return nil, illegal("that is too long for a move: %s", s.hint(int(p)))
	}
	r := &reader{words: words, s: s, seat: int(p), text: text}
	// A bare number is a bid during the bidding.
	if _, err := strconv.Atoi(words[0]); err == nil && s.phase == phBid {
		r.words = append([]string{"BID"}, words...)
	}
	r.verb = r.next()
	verb, ok := lookup(r.verb, verbs)
	if !ok {
		return nil, illegal("%q is not a move: %s", short(text), s.hint(int(p)))
	}
	m, err := r.parse(verb)
	if err != nil {
		return nil, err
	}
	if len(r.words) > 0 {
		return nil, illegal("%q: I do not understand %q at the end", short(text), short(strings.Join(r.words, " ")))
	}
	return m, nil
}

// short is the player's text trimmed and cut to at most 30 characters,
// for quoting in an error.
func short(text string) string {
	text = strings.Join(strings.Fields(text), " ")
	if utf8.RuneCountInString(text) <= 30 {
		return text
	}
	return string([]rune(text)[:30]) + "..."
}

var fillers = map[string]bool{"AT": true, "FROM": true, "TO": true, "WITH": true, "ON": true, "IN": true, "BY": true, "OF": true, "THE": true, "AND": true, "INTO": true}

var separators = strings.NewReplacer(",", " ", ";", " ", ":", " ", "+", " + ", ".", " ")

// tokens splits a move into upper-case words, commas and plus signs
// counting as spaces except that "+" separates goods in an offer.
func tokens(text string) []string {
	t := separators.Replace(strings.ToUpper(chinese.Replace(text)))
	var out []string
	for i, w := range strings.Fields(t) {
		if i > 0 && fillers[w] {
			continue
		}
		out = append(out, w)
	}
	return out
}

type reader struct {
	words []string
	s     *state
	seat  int
	text  string
	verb  string // the verb as written
}

func (r *reader) next() string {
	if len(r.words) == 0 {
		return ""
	}
	w := r.words[0]
	r.words = r.words[1:]
	return w
}

func (r *reader) peek() string {
	if len(r.words) == 0 {
		return ""
	}
	return r.words[0]
}

func (r *reader) fail(format string, args ...any) error {
	return illegal("%q: %s", short(r.text), say(format, phraseArgs(args)...))
}

// lookup finds w in a table of names by exact name or unique start.
func lookup[T any](w string, table []named[T]) (T, bool) {
	var zero T
	if w == "" {
		return zero, false
	}
	found, n := zero, 0
	for _, e := range table {
		if e.name == w {
			return e.v, true
		}
		if strings.HasPrefix(e.name, w) {
			if n == 0 || !sameValue(found, e.v) {
				n++
			}
			found = e.v
		}
	}
	if n == 1 {
		return found, true
	}
	return zero, false
}

func sameValue[T any](a, b T) bool { return any(a) == any(b) }

type named[T any] struct {
	name string
	v    T
}

var verbs = []named[Kind]{
	{"PLACE", KPlace}, {"LAY", KPlace}, {"MARKET", KChoose}, {"BID", KBid}, {"ORDER", KOrder},
	{"FEED", KFeed}, {"EXPORT", KExport}, {"HARVEST", KHarvest}, {"TAX", KTax}, {"TAXES", KTax},
	{"BUY", KTrade}, {"SELL", KTrade}, {"USE", KUse}, {"EXPLORE", KExplore}, {"RECRUIT", KRecruit},
	{"REPRODUCE", KReproduce}, {"REPRODUCTION", KReproduce}, {"BUILD", KBuild}, {"CONSTRUCT", KBuild},
	{"MIGRATE", KMigrate}, {"MOVE", KMigrate}, {"PASS", KPass}, {"OFFER", KOffer}, {"ACCEPT", KAccept},
	{"DECLINE", KDecline}, {"REFUSE", KDecline}, {"WITHDRAW", KWithdraw}, {"ROTATE", KRotate}, {"TURN", KRotate},
	{"DONE", KDone}, {"END", KDone}, {"CARD", KCard},
}

var resWords = []named[int8]{
	{"FISH", fish}, {"FRUIT", fruit}, {"FRUITS", fruit}, {"EXOTIC", fruit}, {"CATTLE", cattle}, {"LIVESTOCK", cattle},
	{"COWS", cattle}, {"STONE", stone}, {"STONES", stone}, {"WOOD", wood}, {"IRON", iron},
}

var buildWords = []named[int8]{
	{"SHIP", bShip}, {"CITY", bCity}, {"TOWN", bCity}, {"MARKET", bMarket}, {"PORT", bPort}, {"TEMPLE", bTemple},
}

var colorWords = []named[int8]{{"RED", 0}, {"BLUE", 1}, {"GREEN", 2}, {"YELLOW", 3}, {"WHITE", 4}}

func (r *reader) resource() (int8, error) {
	w := r.next()
	if w == "EXOTIC" && r.peek() != "" && strings.HasPrefix("FRUIT", r.peek()) {
		r.next()
	}
	v, ok := lookup(w, resWords)
	if !ok {
		return -1, r.fail("name a resource: FISH, FRUIT, CATTLE, STONE, WOOD or IRON")
	}
	return v, nil
}

func (r *reader) color() (int8, error) {
	w := r.next()
	if w == "SEAT" {
		w = r.next()
	}
	if n, err := strconv.Atoi(w); err == nil && n >= 0 && n < r.s.seats {
		return int8(n), nil
	}
	v, ok := lookup(w, colorWords)
	if !ok || int(v) >= r.s.seats {
		return -1, r.fail("name a player by color: %s", r.s.colorList())
	}
	return v, nil
}

// number reads a whole number from 0 to 999.
func (r *reader) number(what string) (int, error) {
	n, err := strconv.Atoi(r.next())
	if err != nil || n < 0 || n > 999 {
		return 0, r.fail("%s should be a number", what)
	}
	return n, nil
}

func (r *reader) cell() (int8, error) {
	c, ok := parseCell(r.next())
	if !ok {
		return -1, r.fail("name a cell by its row letter A-K and number 1-11, e.g. F6")
	}
	return int8(c), nil
}

// hex reads "7A F5 2": a hexagon and side, a cell and a turn; "7 A" and
// "T2" or "TURN 2" are fine too.
func (r *reader) hex(m *Move) error {
	w := r.next()
	if len(r.words) > 0 && (r.peek() == "A" || r.peek() == "B") {
		w += r.next()
	}
	if len(w) < 2 || (w[len(w)-1] != 'A' && w[len(w)-1] != 'B') {
		return r.fail("name a hexagon by number and side, e.g. 7A or 7B")
	}
	n, err := strconv.Atoi(w[:len(w)-1])
	if err != nil || n < 1 || n > len(regions) {
		return r.fail("hexagons are numbered 1 to %d, e.g. 7A", len(regions))
	}
	m.Tile, m.Side = int8(n), int8(w[len(w)-1]-'A')
	if m.Cell, err = r.cell(); err != nil {
		return err
	}
	t := strings.TrimLeft(r.peek(), "TURNOR")
	if r.peek() == "TURN" || r.peek() == "T" || r.peek() == "R" || r.peek() == "ROT" {
		r.next()
		t = r.peek()
	}
	if t == "" {
		r.next()
		return r.fail("give the turn, 0 to 5 sixths of a turn clockwise, e.g. 7A F5 0")
	}
	k, err := strconv.Atoi(t)
	if err != nil || k < 0 || k > 5 {
		return r.fail("give the turn, 0 to 5 sixths of a turn clockwise, e.g. 7A F5 0")
	}
	r.next()
	m.Turn = int8(firstTurn(&regions[m.Tile-1].sides[m.Side], k))
	return nil
}

// spots reads "E5 F6x2" (also "F6 X2", "F6 F6").
func (r *reader) spots() ([8]spot, error) {
	counts := map[int]int{}
	for len(r.words) > 0 {
		w := r.next()
		n := 1
		if i := strings.IndexAny(w, "X*"); i > 0 {
			k, err := strconv.Atoi(w[i+1:])
			if err != nil || k < 1 || k > 99 {
				return [8]spot{}, r.fail("write a count after the cell as F6x2")
			}
			w, n = w[:i], k
		} else if x := r.peek(); len(x) > 1 && (x[0] == 'X' || x[0] == '*') {
			k, err := strconv.Atoi(x[1:])
			if err == nil && k >= 1 && k <= 99 {
				r.next()
				n = k
			}
		}
		c, ok := parseCell(w)
		if !ok {
			return [8]spot{}, r.fail("name cells such as E5 or F6x2")
		}
		counts[c] += n
	}
	if len(counts) == 0 {
		return [8]spot{}, r.fail("name the regions, e.g. E5 or F6x2")
	}
	if len(counts) > 8 {
		return [8]spot{}, r.fail("name at most 8 regions")
	}
	var cells []int
	for c := range counts {
		cells = append(cells, c)
	}
	sort.Ints(cells)
	var sp [8]spot
	for i, c := range cells {
		if counts[c] > 99 {
			return sp, r.fail("that is too many")
		}
		sp[i] = spot{cell: int8(c), n: int8(counts[c])}
	}
	return sp, nil
}

func (r *reader) parse(verb Kind) (Move, error) {
	m := blank(verb)
	var err error
	switch verb {
	case KPlace:
		err = r.hex(&m)
	case KChoose:
		if m.Res, err = r.resource(); err == nil && len(r.words) > 0 {
			if r.peek() == "KEEP" {
				r.next()
			}
			m.Keep, err = r.resource()
		}
	case KBid:
		m.Bid, err = r.number("the bid")
	case KOrder:
		err = r.order(&m)
	case KFeed, KExport:
		err = r.gift(&m)
	case KPass:
		if r.s.phase == phCrisis {
			m = blank(KFeed)
			if r.s.crisis.kind == qExport {
				m.Kind = KExport
			}
		}
	case KHarvest:
		if m.Res, err = r.resource(); err == nil {
			m.Spots, err = r.spots()
		}
	case KTrade:
		return r.trade(m)
	case KCard:
		err = r.card(&m)
	case KUse:
		m.Build, err = r.building()
		if err == nil && m.Build != bMarket && m.Build != bPort {
			err = r.fail("you may USE MARKET or USE PORT")
		}
	case KExplore:
		err = r.explore(&m)
	case KRecruit:
		m.Spots, err = r.spots()
	case KBuild:
		err = r.build(&m)
	case KMigrate:
		err = r.migrate(&m)
	case KOffer:
		err = r.offer(&m)
	case KAccept, KDecline:
		if from := r.s.offersTo(r.seat); len(r.words) == 0 && len(from) == 1 {
			m.Seat = int8(from[0])
		} else if len(r.words) == 0 {
			err = r.s.noOffer(r.seat, m.Kind)
		} else {
			m.Seat, err = r.color()
		}
	case KRotate:
		err = r.slots(&m, false)
	}
	return m, err
}

func (r *reader) building() (int8, error) {
	v, ok := lookup(r.next(), buildWords)
	if !ok {
		return -1, r.fail("name a building: SHIP, CITY, MARKET, PORT or TEMPLE")
	}
	return v, nil
}
