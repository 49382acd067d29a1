package archipelago

import (
	"strconv"
	"strings"
)

// Reading the moves with several parts.

// trade reads "BUY WOOD HOME", "SELL FISH EXPORT", or in phase 6 "BUY 2
// ROTATE 4".
func (r *reader) trade(m Move) (Move, error) {
	sell := strings.HasPrefix(r.verb, "S")
	if !sell {
		if _, err := strconv.Atoi(r.peek()); err == nil {
			b := blank(KBuy)
			return b, r.slots(&b, true)
		}
	}
	m.Sell = sell
	var err error
	if m.Res, err = r.resource(); err != nil {
		return m, err
	}
	switch w := r.next(); {
	case w == "":
		return m, r.fail("say which market: HOME or EXPORT")
	case strings.HasPrefix("HOME", w) || strings.HasPrefix("DOMESTIC", w) || strings.HasPrefix("LOCAL", w):
	case strings.HasPrefix("EXPORT", w) || strings.HasPrefix("ABROAD", w):
		m.Abroad = true
	default:
		return m, r.fail("say which market: HOME or EXPORT")
	}
	return m, nil
}

// slots reads the track places of "BUY 2 ROTATE 4" or "ROTATE 1 3".
func (r *reader) slots(m *Move, buy bool) error {
	a, err := r.number("the place on the track")
	if err != nil {
		return err
	}
	if buy && (r.peek() == "ROTATE" || r.peek() == "TURN" || r.peek() == "ROT" || r.peek() == "R") {
		r.next()
	}
	b := 0
	if len(r.words) > 0 {
		if b, err = r.number("the place on the track"); err != nil {
			return err
		}
	}
	if a < 1 || a > trackSize || b > trackSize || b < 0 {
		return r.fail("the track's places are 1 to %d", trackSize)
	}
	if !buy && b > 0 && b < a {
		a, b = b, a
	}
	m.N = [3]int8{int8(a), int8(b), 0}
	return nil
}

func (r *reader) order(m *Move) error {
	var seen [maxSeats]bool
	n := 0
	for i := range m.Order {
		m.Order[i] = -1
	}
	for len(r.words) > 0 {
		q, err := r.color()
		if err != nil {
			return err
		}
		if n >= r.s.seats || seen[q] {
			return r.fail("name each player once")
		}
		seen[q] = true
		m.Order[n] = q
		n++
	}
	if n == r.s.seats-1 { // the last one goes without saying
		for q := range r.s.seats {
			if !seen[q] {
				m.Order[n] = int8(q)
				n++
			}
		}
	}
	if n != r.s.seats {
		return r.fail("name the %d players in their new order, e.g. %s", r.s.seats, r.s.orderExample(r.s.order))
	}
	return nil
}

// gift reads "2 MARKET 1 OWN 1 TOKEN" (also "2M 1O 1T") or "NONE".
func (r *reader) gift(m *Move) error {
	if len(r.words) == 1 && (r.peek() == "NONE" || r.peek() == "NOTHING" || r.peek() == "0" || r.peek() == "PASS") {
		r.next()
		return nil
	}
	if len(r.words) == 0 {
		return r.fail("say what you give, e.g. 1 MARKET 1 OWN, or NONE")
	}
	for len(r.words) > 0 {
		w := r.next()
		num, src := splitNumber(w)
		if src == "" {
			src = r.next()
		}
		n, err := strconv.Atoi(num)
		if err != nil || n < 0 || n > 99 {
			return r.fail("say what you give, e.g. 1 MARKET 1 OWN 1 TOKEN, or NONE")
		}
		i := -1
		switch {
		case strings.HasPrefix("MARKET", src):
			i = 0
		case strings.HasPrefix("OWN", src) || strings.HasPrefix("SCREEN", src) || strings.HasPrefix("CUBES", src):
			i = 1
		case strings.HasPrefix("TOKENS", src):
			i = 2
		}
		if i < 0 || src == "" {
			return r.fail("give cubes from the MARKET, your OWN cubes or explorer TOKENS, e.g. 1 MARKET 1 OWN")
		}
		if int(m.N[i])+n > 99 {
			return r.fail("that is too many")
		}
		m.N[i] += int8(n)
	}
	return nil
}

// splitNumber splits "2M" into "2" and "M".
func splitNumber(w string) (string, string) {
	i := 0
	for i < len(w) && w[i] >= '0' && w[i] <= '9' {
		i++
	}
	return w[:i], w[i:]
}

// explore reads "16A E6 3 SHIP F6 FISH", or "16 DISCARD". The free cube
// may be left out when the side shows one resource only.
func (r *reader) explore(m *Move) error {
	if w := r.peek(); w == "DISCARD" || len(r.words) == 2 && r.words[1] == "DISCARD" {
		if w == "DISCARD" {
			r.next()
		}
		n, err := strconv.Atoi(r.next())
		if err != nil || n < 1 || n > len(regions) {
			return r.fail("name the hexagon to discard by its number 1 to %d, e.g. EXPLORE 7 DISCARD", len(regions))
		}
		if r.peek() == "DISCARD" {
			r.next()
		}
		m.Tile, m.Away = int8(n), true
		return nil
	}
	if err := r.hex(m); err != nil {
		return err
	}
	switch w := r.next(); {
	case w == "":
		return r.fail("say which unit enters and from where, e.g. SHIP F6 or CITIZEN E5")
	case strings.HasPrefix("SHIP", w):
		m.Ship = true
	case strings.HasPrefix("CITIZEN", w):
	default:
		return r.fail("a SHIP or a CITIZEN enters the new region, e.g. SHIP F6")
	}
	var err error
	if m.From, err = r.cell(); err != nil {
		return err
	}
	face := &regions[m.Tile-1].sides[m.Side]
	if len(r.words) == 0 {
		if kinds := shownResources(face); len(kinds) == 1 {
			m.Res = int8(kinds[0])
		}
		return nil
	}
	if r.peek() == "TAKE" || r.peek() == "KEEP" {
		r.next()
	}
	if m.Res, err = r.resource(); err != nil {
		return err
	}
	if face.icons[m.Res] == 0 {
		return r.fail("hexagon %d%s shows %s: the free cube is one of them", m.Tile, sideLetter(m.Side), resourceWords(shownResources(face)))
	}
	return nil
}

// shownResources lists the resources whose icons a side shows.
func shownResources(f *side) []int {
	var out []int
	for r, n := range f.icons {
		if n > 0 {
			out = append(out, r)
		}
	}
	return out
}

// resourceWords is "fish and fruit".
func resourceWords(rs []int) string {
	var parts []string
	for _, r := range rs {
		parts = append(parts, resNames[r])
	}
	return joinWords(parts)
}

func (r *reader) build(m *Move) error {
	var err error
	if _, ok := parseCell(r.peek()); ok {
		if m.Cell, err = r.cell(); err != nil {
			return err
		}
		m.Build, err = r.building()
		return err
	}
	if m.Build, err = r.building(); err != nil {
		return err
	}
	m.Cell, err = r.cell()
	return err
}

// migrate reads "E5 F6 2C 1S", "E5 TEMPLE" or "E5 F6 TEMPLE" (a citizen
// into the temple of the neighbouring region).
func (r *reader) migrate(m *Move) error {
	var err error
	if m.Cell, err = r.cell(); err != nil {
		return err
	}
	intoBuilding := func() (bool, error) {
		if _, ok := lookup(r.peek(), buildWords); !ok || r.peek() == "" {
			return false, nil
		}
		if _, isCell := parseCell(r.peek()); isCell {
			return false, nil
		}
		m.Build, err = r.building()
		if err == nil && m.Build == bShip {
			err = r.fail("citizens move into a CITY, MARKET, PORT or TEMPLE")
		}
		return true, err
	}
	if ok, err := intoBuilding(); ok {
		return err
	}
	if m.From, err = r.cell(); err != nil {
		return err
	}
	if ok, err := intoBuilding(); ok {
		return err
	}
	for len(r.words) > 0 {
		num, what := splitNumber(r.next())
		if what == "" {
			what = r.next()
		}
		n, err := strconv.Atoi(num)
		if err != nil || n < 0 || n > 20 {
			return r.fail("say how many citizens and ships move, e.g. 2C 1S")
		}
		i := -1
		switch {
		case what != "" && (strings.HasPrefix("CITIZENS", what) || strings.HasPrefix("CITS", what)):
			i = 0
		case what != "" && strings.HasPrefix("SHIPS", what):
			i = 1
		default:
			return r.fail("say how many citizens and ships move, e.g. 2C 1S")
		}
		if int(m.N[i])+n > 20 {
			return r.fail("that is too many")
		}
		m.N[i] += int8(n)
	}
	if m.N[0] == 0 && m.N[1] == 0 {
		return r.fail("say how many citizens and ships move, e.g. 2C 1S")
	}
	return nil
}

// offer reads "BLUE 1 WOOD + 2 FLORINS FOR 1 FISH".
func (r *reader) offer(m *Move) error {
	var err error
	if m.Seat, err = r.color(); err != nil {
		return err
	}
	var give, ask []string
	cur := &give
	seenFor := false
	for len(r.words) > 0 {
		w := r.next()
		if w == "FOR" && !seenFor {
			cur, seenFor = &ask, true
			continue
		}
		*cur = append(*cur, w)
	}
	if !seenFor {
		return r.fail("write what you give FOR what you ask, e.g. OFFER BLUE 1 WOOD FOR 2 FLORINS")
	}
	if m.Give, err = r.goods(give); err != nil {
		return err
	}
	m.Ask, err = r.goods(ask)
	return err
}

// goods reads "2 FLORINS + 1 WOOD + PERMIT", "2F 1WOOD", "NOTHING".
func (r *reader) goods(ws []string) (goods, error) {
	var g goods
	bad := r.fail("name goods as 2 FLORINS, 1 WOOD, 1 TOKEN or PERMIT, joined by +, or NOTHING")
	if len(ws) == 1 && (ws[0] == "NOTHING" || ws[0] == "NONE") {
		return g, nil
	}
	if len(ws) == 0 {
		return g, bad
	}
	for i := 0; i < len(ws); i++ {
		w := ws[i]
		if w == "+" {
			continue
		}
		if strings.HasPrefix("PERMIT", w) && len(w) >= 3 || w == "PERMISSION" {
			g.permit = true
			continue
		}
		num, what := splitNumber(w)
		if num == "" {
			return g, bad
		}
		if what == "" {
			i++
			if i >= len(ws) {
				return g, bad
			}
			what = ws[i]
		}
		n, err := strconv.Atoi(num)
		if err != nil || n < 0 || n > 999 {
			return g, bad
		}
		switch {
		case what == "F" || strings.HasPrefix("FLORINS", what) && len(what) >= 2:
			g.florins += n
		case strings.HasPrefix("TOKENS", what):
			g.tokens += n
		default:
			res, ok := lookup(what, resWords)
			if !ok {
				return g, bad
			}
			g.cubes[res] += n
		}
	}
	return g, nil
}

// card reads an evolution card's name, or a start of it that names one
// card only: "FISHING NETS", "FISHERM".
func (r *reader) card(m *Move) error {
	name := strings.Join(r.words, " ")
	r.words = nil
	if name == "" {
		return r.fail("name the card, e.g. CARD FISHERMAN")
	}
	found := -1
	for k, c := range cards {
		switch n := upper(c.name); {
		case n == name:
			m.Card = int8(k)
			return nil
		case strings.HasPrefix(n, name):
			if found >= 0 {
				return r.fail("%q names more than one card: write more of the name", short(name))
			}
			found = k
		}
	}
	if found < 0 {
		return r.fail("there is no card %q", short(name))
	}
	m.Card = int8(found)
	return nil
}
