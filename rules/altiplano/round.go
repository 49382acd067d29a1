package altiplano

import "slices"

// startDraws begins phase 1 of a round: coins on action spaces come back,
// and every seat draws at once, except those who may first pull goods back
// from their action spaces, who choose and then DRAW.
func (s *state) startDraws() {
	for i := range s.players {
		p := &s.players[i]
		p.returnCoins()
		p.stage = stagePlan
		if p.onSpaces().Total() > 0 && p.planning.Total() < p.drawSize() {
			p.stage = stageDraw
		} else {
			p.draw()
		}
	}
	s.settle()
}

// returnCoins takes p's coins back from the action spaces. The rulebook
// lets the player do so before drawing; as coins are placed again freely
// while planning, doing it always changes nothing.
func (p *player) returnCoins() {
	if !slices.ContainsFunc(p.cards, func(h holder) bool { return h.coins > 0 }) {
		return
	}
	p.cards = slices.Clone(p.cards)
	for i := range p.cards {
		p.coins += p.cards[i].coins
		p.cards[i].coins = 0
	}
}

// draw fills p's empty planning spaces from the bag, refilling the bag from
// the crate when it runs empty; spaces stay empty when both are.
func (p *player) draw() {
	for free := p.drawSize() - p.planning.Total(); free > 0; free-- {
		if len(p.bag) == 0 {
			if p.crate.Total() == 0 {
				return
			}
			bag := p.crate.list()
			p.rng.Shuffle(len(bag), func(i, j int) { bag[i], bag[j] = bag[j], bag[i] })
			p.bag, p.crate = bag, Goods{}
		}
		k := len(p.bag) - 1
		p.planning[p.bag[k]]++
		p.bag = p.bag[:k:k] // capped, so that no append can reach the old state's bag
	}
}

// idle reports whether p, planning, can do nothing but declare the plan
// done: no goods to place, none to take back, no coin to place.
func (p *player) idle() bool {
	if p.planning.Total() > 0 || p.moveNew > 0 || p.coins > 0 && p.coinRoom() {
		return false
	}
	for _, g := range p.locNew {
		if g.Total() > 0 {
			return false
		}
	}
	for _, h := range p.cards {
		if h.fresh.Total() > 0 || h.coins > 0 {
			return false
		}
	}
	return true
}

// coinRoom reports whether some action space of p takes a coin.
func (p *player) coinRoom() bool {
	for _, h := range p.cards {
		if fits(h, Coin) {
			return true
		}
	}
	return false
}

// settle moves the game on past steps that need nobody's decision: seats
// with nothing to plan are done, the actions begin once every plan is
// done, and the round ends once everyone has passed.
func (s *state) settle() {
	for {
		switch s.phase {
		case phasePlan:
			all := true
			for i := range s.players {
				p := &s.players[i]
				if p.stage == stagePlan && p.idle() {
					p.stage = stageDone
				}
				all = all && p.stage == stageDone
			}
			if !all {
				return
			}
			s.reveal()
		case phaseAct:
			if !slices.ContainsFunc(s.players, func(p player) bool { return !p.passed }) {
				s.endRound()
				continue
			}
			return
		default:
			return
		}
	}
}

// reveal ends the planning: the new goods become goods placed in an earlier
// round, and the starting player acts first.
func (s *state) reveal() {
	for i := range s.players {
		p := &s.players[i]
		p.locNew = [numLocs]Goods{}
		p.moveNew = 0
		p.cards = slices.Clone(p.cards)
		for k := range p.cards {
			p.cards[k].fresh = Goods{}
		}
		p.passed = false
	}
	s.phase = phaseAct
	s.turn = s.start
}

// nextTurn passes the turn clockwise to the next seat that has not passed.
func (s *state) nextTurn() {
	for k := 1; k <= s.seats; k++ {
		if q := (s.turn + k) % s.seats; !s.players[q].passed {
			s.turn = q
			return
		}
	}
}

// endRound is phase 4: the round is over when every seat has passed.
func (s *state) endRound() {
	for i := range s.players {
		s.players[i].snapshot()
	}
	if s.final == s.round {
		s.finish()
		return
	}
	s.start = (s.start + 1) % s.seats
	for i := range s.players {
		p := &s.players[i]
		p.freeUsed, p.cartsUsed, p.boughtCart, p.boughtExt = false, 0, false, false
	}
	if !s.bought && s.display[0] >= 0 {
		s.display[0] = -1 // nobody bought: the cheapest card leaves the game
	}
	s.bought = false
	s.refill()
	if slices.Contains(s.display[:], -1) {
		s.trigger("a space of the extension display cannot be refilled")
	}
	s.round++
	s.phase = phasePlan
	s.startDraws()
}

// refill moves the display's cards down to the lowest spaces and fills the
// spaces above them from the pile.
func (s *state) refill() {
	var cards []int
	for _, c := range s.display {
		if c >= 0 {
			cards = append(cards, c)
		}
	}
	pile := s.pile
	for len(cards) < len(s.display) && len(pile) > 0 {
		cards = append(cards, pile[len(pile)-1])
		pile = pile[: len(pile)-1 : len(pile)-1]
	}
	s.pile = pile
	for i := range s.display {
		s.display[i] = -1
		if i < len(cards) {
			s.display[i] = cards[i]
		}
	}
}

// trigger starts the end of the game for the reason why: the current
// round is played out, then one more.
func (s *state) trigger(why string) {
	if s.final == 0 {
		s.final = s.round + 1
		s.endBy = why
	}
}

// supplies lists what the setup lays at location l and how much of each
// is left: its goods, and the Village's carts and houses, the Port's
// boats, the Market's contracts. Food lies in the centre, at no location.
func (s *state) supplies(l Loc) []left {
	var out []left
	for g := Corn; g < numGoods; g++ {
		if goodData[g].home == l {
			out = append(out, left{g.Name(), int(s.supply[g])})
		}
	}
	switch l {
	case Village:
		out = append(out, left{"carts", s.carts}, left{"houses", len(s.houses)})
	case Port:
		out = append(out, left{"boats", len(s.boats)})
	case Market:
		out = append(out, left{"contracts", len(s.contracts)})
	}
	return out
}

// left is one supply of a location: what it is and how many are left.
type left struct {
	what string
	n    int
}

// checkSupplies triggers the end when a location is bare: all the goods
// and cards the setup laid there are gone (rulebook: "all goods and cards
// from a Location have been acquired (e.g., Port without fish and boats,
// or Road without corn)"); the Village's carts count with its houses. With
// the variant shortage, one empty supply of a location is enough (public
// facts: "when any supply on a location is empty").
func (s *state) checkSupplies() {
	for _, l := range s.circle {
		bare := true
		for _, x := range s.supplies(l) {
			if x.n > 0 {
				bare = false
			} else if s.shortage {
				s.trigger("the " + title(locData[l].name) + " has no " + x.what + " left")
				return
			}
		}
		if bare {
			s.trigger("the " + title(locData[l].name) + " has nothing left")
			return
		}
	}
}

// finish ends the game after the last round: goods on extensions that
// store at the end go into the warehouse, as far as there is room.
func (s *state) finish() {
	for i := range s.players {
		p := &s.players[i]
		for k, h := range p.cards {
			if !designs[h.design].final || h.goods.Total() == 0 {
				continue
			}
			rows := slices.Clone(p.rows)
			left := h.goods
			for _, g := range h.goods.list() {
				if storeOne(rows, g) {
					left[g]--
				}
			}
			p.rows = rows
			p.cards = slices.Clone(p.cards)
			p.cards[k].goods = left
		}
		p.snapshot()
	}
	s.phase = phaseOver
}

// storeOne puts good g into the warehouse rows: into the row that holds
// its kind and has room, else into the first empty row from the top. It
// reports false, changing nothing, when there is no room.
func storeOne(rows []rowFill, g Good) bool {
	for i, r := range rows {
		if r.n > 0 && r.kind == g && r.n < warehouseRows[i].size {
			rows[i].n++
			return true
		}
	}
	for i, r := range rows {
		if r.n == 0 {
			rows[i] = rowFill{kind: g, n: 1}
			return true
		}
	}
	return false
}

// canStore reports whether all of goods fit into rows.
func canStore(rows []rowFill, goods Goods) bool {
	rs := slices.Clone(rows)
	for _, g := range goods.list() {
		if !storeOne(rs, g) {
			return false
		}
	}
	return true
}

// store puts goods, which fit, into p's warehouse.
func (p *player) store(goods Goods) {
	p.rows = slices.Clone(p.rows)
	for _, g := range goods.list() {
		storeOne(p.rows, g)
	}
}

// gainCorn gives p one corn from the Road, if there is one left.
func (s *state) gainCorn(p *player) {
	if s.supply[Corn] > 0 {
		s.gain(p, of(Corn))
	}
}

// storeCorn puts a corn p gained into the warehouse; corn that finds no
// room stays beside the warehouse and still counts as a good.
func (p *player) storeCorn() {
	if canStore(p.rows, of(Corn)) {
		p.store(of(Corn))
	} else {
		p.overflow[Corn]++
	}
}
