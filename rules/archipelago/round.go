package archipelago

import "strconv"

// The automatic parts of a round, which run between moves: the unlink
// phase, the resolution of bids, the population effects, the archipelago
// balance's events, the turns of the actions and evolution phases and the
// end of the round.

func itoa(n int) string { return strconv.Itoa(n) }

// advance runs what needs no move, up to the next move or the end.
func (s *state) advance() {
	s.checkEnd()
	if s.phase == phPlace && !s.over {
		s.readyPlacer()
	}
}

// startRound begins a round with phase 1 (skipped in the first round) and
// phase 2.
func (s *state) startRound() {
	if s.round > 1 {
		s.unlink()
	}
	s.phase = phBid
	s.rebid = 0
	s.shown = false
	for p := range s.seats {
		s.players[p].hasBid = false
		s.players[p].bid = 0
	}
}

// unlink is phase 1: cards turn back, units leave the resource icons,
// rebels stand up, permits lapse, and income cards pay.
func (s *state) unlink() {
	for h := range nHex {
		s.occ[h] = [nRes]int8{}
		for p := range s.seats {
			u := &s.units[h][p]
			u.cit += u.citLinked + u.rebels
			u.ship += u.shipLink
			u.citLinked, u.rebels, u.shipLink = 0, 0, 0
		}
	}
	for p := range s.seats {
		pl := &s.players[p]
		pl.used = 0
		pl.market, pl.port = false, false
		s.permits[p] = 0
		if inc := s.effectSum(p, effIncome); inc > 0 {
			got := s.fromBank(p, inc)
			s.log(s.name(p) + "'s cards brought " + florins(got) + ".")
		}
	}
	s.log("Round " + itoa(s.round) + ": units left the resource icons and the rebels stood up.")
}

// bidders reports whether seat p still has to bid.
func (s *state) mustBid(p int) bool {
	if s.phase != phBid || s.players[p].hasBid {
		return false
	}
	return s.rebid == 0 || s.rebid&(1<<p) != 0
}

// bid records seat p's sealed bid and, once all are in, reveals them.
func (s *state) bid(p, amount int) {
	s.players[p].bid = amount
	s.players[p].hasBid = true
	for q := range s.seats {
		if s.mustBid(q) {
			return
		}
	}
	s.revealBids()
}

// revealBids pays all bids to the bank and finds who sets the order.
func (s *state) revealBids() {
	best, n, top := -1, 0, 0
	line := "Bids revealed:"
	for i := range s.seats {
		p := s.seatAt(i)
		if s.rebid != 0 && s.rebid&(1<<p) == 0 {
			continue
		}
		b := s.players[p].bid
		s.bids[p] = b
		s.payBank(p, b)
		line += " " + s.name(p) + " " + itoa(b) + ","
		switch {
		case b > best:
			best, n, top = b, 1, p
		case b == best:
			n++
		}
	}
	s.shown = true
	s.log(line[:len(line)-1] + ".")
	second := s.rebid != 0
	switch {
	case best <= 0:
		s.log("Nobody bid: the turn order stays.")
		s.afterOrder()
	case n == 1:
		s.chooser = int8(top)
		s.phase = phOrder
		s.log(s.name(top) + " bid highest and sets the turn order.")
	case second:
		s.log("A tie again: the turn order stays.")
		s.afterOrder()
	default:
		s.rebid = 0
		for p := range s.seats {
			if s.bids[p] == best {
				s.rebid |= 1 << p
				s.players[p].hasBid = false
				s.players[p].bid = 0
			}
		}
		s.log("A tie for the highest bid: the tied players bid again.")
	}
}

// setOrder is the chosen turn order.
func (s *state) setOrder(order [maxSeats]int8) {
	s.order = order
	s.afterOrder()
}

// afterOrder runs phases 3 and 4 (not in the first round) and starts the
// actions.
func (s *state) afterOrder() {
	s.rebid = 0
	if s.round > 1 {
		s.populationEffects()
		if s.checkEnd() {
			return
		}
		s.balance()
		return
	}
	s.startActions()
}

// populationEffects is phase 3: boards I to IV in order.
func (s *state) populationEffects() {
	reb, exc := 0, 0
	for r := range nRes {
		dr, de := zoneEffect(homeZone, int(s.home[r]))
		reb, exc = reb+dr, exc+de
	}
	s.moveRebellion(reb)
	s.moveExcess(exc)
	exc2 := 0
	for r := range nRes {
		_, de := zoneEffect(exportZone, int(s.export[r]))
		exc2 += de
	}
	s.moveExcess(exc2)
	b := bandAt(populationTrack, s.population())
	s.moveExcess(b.excess)
	s.moveRebellion(b.rebel)
	w := bandAt(excessTrack, s.excess)
	s.moveRebellion(w.rebel)
	s.log("Population effects: domestic market rebellion " + signed(reb) + " and excess workers " + signed(exc) +
		"; export market excess workers " + signed(exc2) + "; population " + itoa(s.population()) +
		" moves excess workers " + signed(b.excess) + " and rebellion " + signed(b.rebel) +
		"; excess workers " + itoa(s.excess) + " move rebellion " + signed(w.rebel) +
		". Rebellion is now " + itoa(s.rebellion) + ", excess workers " + itoa(s.excess) + ".")
}

// zoneEffect is the population effect of a market zone holding n cubes:
// the row of its last cube, or the empty zone's.
func zoneEffect(z zone, n int) (rebel, excess int) {
	if n == 0 {
		return z.empty[0], z.empty[1]
	}
	row := (n - 1) / z.perRow
	return z.rebel[row], z.excess[row]
}

func signed(n int) string {
	if n >= 0 {
		return "+" + itoa(n)
	}
	return itoa(n)
}

// balance is phase 4: the crises and the event of the card on top of the
// evolution pile, red zones left out.
func (s *state) balance() {
	s.queue = nil
	if n := len(s.pile); n > 0 {
		k := s.pile[n-1]
		b := cards[k].back
		if !b.homeRed {
			s.enqueue(qHome, k)
		}
		if !b.exportRed {
			s.enqueue(qExport, k)
		}
		if b.event != evNone && !b.eventRed {
			s.enqueue(qEvent, k)
		}
	} else {
		s.log("The evolution pile is empty: there is no crisis.")
	}
	s.after = phActions
	s.runQueue()
}

// enqueue adds a crisis or event to the queue; the queue may share its
// array with other states, so it is copied.
func (s *state) enqueue(kind int, k int8) {
	q := make([]queued, len(s.queue), len(s.queue)+1)
	copy(q, s.queue)
	s.queue = append(q, queued{int8(kind), k})
}

// runQueue resolves queued crises and events until one needs the players'
// cubes, then goes on with the phase that follows.
func (s *state) runQueue() {
	for len(s.queue) > 0 {
		if s.checkEnd() {
			return
		}
		q := s.queue[0]
		s.queue = s.queue[1:len(s.queue):len(s.queue)]
		red := s.after == phEvolution
		switch q.kind {
		case qHome:
			if s.startHome(int(q.card), red) {
				return
			}
		case qExport:
			if s.startExport(int(q.card), red) {
				return
			}
		case qEvent:
			s.event(int(q.card))
		}
	}
	if s.checkEnd() {
		return
	}
	if s.after == phActions {
		s.startActions()
	} else {
		s.nextEvolution()
	}
}

// startHome starts a domestic consumption crisis and reports whether it
// waits for contributions. All citizens lie down but those living in
// buildings and the rebels already lying.
func (s *state) startHome(k int, red bool) bool {
	b := cards[k].back
	c := crisis{kind: qHome, card: int8(k), res: int8(b.homeRes), per: int8(b.homePer), red: red}
	total := 0
	for p := range s.seats {
		n := 0
		for h := range nHex {
			u := s.units[h][p]
			n += int(u.cit + u.citLinked)
		}
		c.lying[p] = int8(n)
		total += n
	}
	s.log("Domestic consumption crisis: " + resNames[b.homeRes] + ", a cube stands up " + itoa(b.homePer) + " citizens; " + itoa(total) + " citizens lie down.")
	if total == 0 {
		return false
	}
	s.crisis = c
	s.phase = phCrisis
	return true
}

// startExport starts an export consumption crisis.
func (s *state) startExport(k int, red bool) bool {
	b := cards[k].back
	s.log("Export consumption crisis: Europe asks " + itoa(s.exportDemand(b.exportN)) + " " + resNames[b.exportRes] + ".")
	s.crisis = crisis{kind: qExport, card: int8(k), res: int8(b.exportRes), need: int8(s.exportDemand(b.exportN)), red: red}
	s.phase = phCrisis
	return true
}

// lyingTotal counts the citizens still lying in a domestic crisis.
func (c *crisis) lyingTotal() int {
	n := 0
	for _, x := range c.lying {
		n += int(x)
	}
	return n
}

// perCube is how many citizens a cube of seat p stands up in this crisis.
func (s *state) perCube(p int) int {
	return int(s.crisis.per) + s.effectSum(p, effFeed)
}

// cubesWanted is the most cubes seat p may usefully give now.
func (s *state) cubesWanted(p int) int {
	if s.crisis.kind == qExport {
		return int(s.crisis.need)
	}
	per := s.perCube(p)
	return (s.crisis.lyingTotal() + per - 1) / per
}

// contribute carries out seat p's gift to the crisis: n = market, own,
// tokens. Cubes go back to the bank, tokens to the box.
func (s *state) contribute(p int, n [3]int8) {
	c := &s.crisis
	r := int(c.res)
	if c.kind == qHome {
		s.home[r] -= n[0]
	} else {
		s.export[r] -= n[0]
	}
	s.bankCubes[r] += n[0] + n[1]
	s.players[p].cubes[r] -= n[1]
	s.players[p].tokens -= n[2]
	total := sum3(n)
	if c.kind == qHome {
		up := total * s.perCube(p)
		stood := up
		for i := range s.seats {
			q := s.seatAt((int(c.idx) + i) % s.seats) // the giver first, then in turn order
			k := min(up, int(c.lying[q]))
			c.lying[q] -= int8(k)
			up -= k
		}
		if total > 0 {
			s.log(s.name(p) + " gave " + giftWords(n) + " of " + resNames[r] + ", standing up " + itoa(stood-up) + " citizens.")
		} else {
			s.log(s.name(p) + " gave nothing.")
		}
	} else {
		c.need -= int8(total)
		if total > 0 {
			s.log(s.name(p) + " exported " + giftWords(n) + " of " + resNames[r] + ".")
		} else {
			s.log(s.name(p) + " exported nothing.")
		}
	}
	c.idx++
	done := int(c.idx) >= s.seats || c.kind == qHome && c.lyingTotal() == 0 || c.kind == qExport && c.need <= 0
	if !done {
		return
	}
	if c.kind == qHome {
		s.finishHome()
	} else {
		if c.need > 0 {
			s.moveRebellion(int(c.need))
			s.log(itoa(int(c.need)) + " cubes were missing for Europe: rebellion +" + itoa(int(c.need)) + ".")
		} else {
			s.log("Europe's demand was met.")
		}
	}
	s.phase = s.after
	s.runQueue()
}

// giftWords is "2 cubes from the market, 1 own cube and 1 explorer token".
func giftWords(n [3]int8) string {
	var parts []string
	if n[0] > 0 {
		parts = append(parts, plural(int(n[0]), "cube", "cubes")+" from the market")
	}
	if n[1] > 0 {
		parts = append(parts, plural(int(n[1]), "own cube", "own cubes"))
	}
	if n[2] > 0 {
		parts = append(parts, plural(int(n[2]), "explorer token", "explorer tokens"))
	}
	return joinWords(parts)
}

// finishHome turns the citizens still lying into rebels.
func (s *state) finishHome() {
	total := 0
	for p := range s.seats {
		n := int(s.crisis.lying[p])
		if n == 0 {
			continue
		}
		s.makeRebels(p, n)
		total += n
		s.log(plural(n, "citizen", "citizens") + " of " + s.name(p) + " rebelled.")
	}
	if total > 0 {
		s.moveRebellion(total)
		s.log("Rebellion +" + itoa(total) + ".")
	} else {
		s.log("Every citizen was fed.")
	}
}

// makeRebels lays n of seat p's standing citizens down as rebels, first
// where they are most numerous (house rule), free citizens before those at
// work.
func (s *state) makeRebels(p, n int) {
	for n > 0 {
		best, most := -1, 0
		for h := range nHex {
			if k := int(s.units[h][p].cit + s.units[h][p].citLinked); k > most {
				best, most = h, k
			}
		}
		if best < 0 {
			return
		}
		u := &s.units[best][p]
		if u.cit > 0 {
			u.cit--
		} else {
			u.citLinked--
		}
		u.rebels++
		n--
	}
}

// event resolves the event on the back of card k.
func (s *state) event(k int) {
	b := cards[k].back
	a := b.eventArg
	switch b.event {
	case evTemples:
		d := a * s.owned(-1, bTemple)
		s.moveRebellion(-d)
		s.log("Event: the temples preach calm, rebellion -" + itoa(d) + ".")
	case evMarkets:
		d := a * s.owned(-1, bMarket)
		s.moveRebellion(-d)
		s.log("Event: market day, rebellion -" + itoa(d) + ".")
	case evCities:
		d := a * s.owned(-1, bCity)
		s.moveRebellion(d)
		s.log("Event: unrest in the cities, rebellion +" + itoa(d) + ".")
	case evImmigrants:
		s.moveExcess(a)
		s.log("Event: immigrants arrive, excess workers +" + itoa(a) + ".")
	case evEmigrants:
		s.moveExcess(-a)
		s.log("Event: workers leave for the continent, excess workers -" + itoa(a) + ".")
	case evHarvest:
		n := 0
		for range 2 {
			if s.bankCubes[a] > 0 && int(s.home[a]) < homeZone.spaces() {
				s.bankCubes[a]--
				s.home[a]++
				n++
			}
		}
		s.log("Event: a fine harvest brings " + itoa(n) + " " + resNames[a] + " to the domestic market.")
	case evDemand:
		n := min(2, int(s.export[a]))
		s.export[a] -= int8(n)
		s.bankCubes[a] += int8(n)
		s.log("Event: Europe buys " + itoa(n) + " " + resNames[a] + " from the export market.")
	case evUnrest:
		s.moveRebellion(a)
		s.log("Event: agitators stir the colony, rebellion +" + itoa(a) + ".")
	case evFestival:
		s.moveRebellion(-a)
		s.log("Event: a festival, rebellion -" + itoa(a) + ".")
	}
}

// startActions is phase 5.
func (s *state) startActions() {
	s.phase = phActions
	s.explored, s.taxed, s.reproduced, s.coins = 0, 0, 0, 0
	for p := range s.seats {
		s.players[p].discsUsed = 0
		s.players[p].passed = false
	}
	s.turn = -1
	s.nextActor()
}

// discsLeft is how many discs seat p may still place this round.
func (s *state) discsLeft(p int) int {
	if s.players[p].passed {
		return 0
	}
	return s.discs() - int(s.players[p].discsUsed)
}

// nextActor ends the current turn and finds the next player with discs.
func (s *state) nextActor() {
	if s.deal.open {
		s.log("The offer of " + s.name(int(s.deal.from)) + " lapsed.")
	}
	s.deal = offer{}
	s.credits = [2]int8{}
	s.offers = 0
	for i := 1; i <= s.seats; i++ {
		t := (int(s.turn) + i + s.seats) % s.seats
		if s.turn < 0 {
			t = i - 1
		}
		if s.discsLeft(s.seatAt(t)) > 0 {
			s.turn = int8(t)
			return
		}
	}
	s.startEvolution()
}

// startEvolution is phase 6: the discs come back, the wheel's florins go
// to the bank, and players buy and turn cards in turn order.
func (s *state) startEvolution() {
	for p := range s.seats {
		s.players[p].discsUsed = 0
		s.players[p].passed = false
	}
	s.bankFlorins += int(s.coins)
	s.coins = 0
	s.phase = phEvolution
	s.turn = -1
	s.nextEvolution()
}

// nextEvolution passes phase 6 on, or ends the round.
func (s *state) nextEvolution() {
	s.phase = phEvolution
	s.turn++
	for int(s.turn) < s.seats {
		if s.trackCards() > 0 {
			return
		}
		s.turn++
	}
	s.endRound()
}

// trackCards counts the cards on the evolution track.
func (s *state) trackCards() int {
	n := 0
	for _, sl := range s.track {
		if sl.card >= 0 {
			n++
		}
	}
	return n
}

// endRound checks the end conditions of the end of a round and starts the
// next one.
func (s *state) endRound() {
	if s.checkEnd() || s.checkRoundEnd() {
		return
	}
	s.round++
	s.startRound()
}

// refill fills the track's empty places from the pile, queueing the red
// zones of the revealed cards.
func (s *state) refill() {
	for i := range s.track {
		if s.track[i].card >= 0 || len(s.pile) == 0 {
			continue
		}
		n := len(s.pile)
		k := s.pile[n-1]
		s.pile = s.pile[: n-1 : n-1]
		s.track[i] = slot{card: k}
		s.log(cards[k].name + " is revealed in place " + itoa(i+1) + ".")
		b := cards[k].back
		if b.homeRed {
			s.enqueue(qHome, k)
		}
		if b.exportRed {
			s.enqueue(qExport, k)
		}
		if b.event != evNone && b.eventRed {
			s.enqueue(qEvent, k)
		}
	}
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

// exportDemand is how many cubes Europe asks of a back that shows n. House:
// with two players, whose colony stays small, it asks one fewer, but at
// least one.
func (s *state) exportDemand(n int) int {
	if s.seats == 2 {
		return max(1, n-1)
	}
	return n
}
