package archipelago

// Phase 4, the archipelago balance, and the red zones of revealed cards:
// the consumption crises, resolved contribution by contribution in turn
// order, and the events.

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
		s.logf("The evolution pile is empty: there is no crisis.")
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
	s.logf("Domestic consumption crisis: %s, a cube stands up %d citizens; %d citizens lie down.", say(resNames[b.homeRes]), b.homePer, total)
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
	s.logf("Export consumption crisis: Europe asks %s.", say("%d "+resNames[b.exportRes], s.exportDemand(b.exportN)))
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
			s.logf("%s gave %s of %s, standing up %d citizens.", s.who(p), giftPhrase(n), say(resNames[r]), stood-up)
		} else {
			s.logf("%s gave nothing.", s.who(p))
		}
	} else {
		c.need -= int8(total)
		if total > 0 {
			s.logf("%s exported %s of %s.", s.who(p), giftPhrase(n), say(resNames[r]))
		} else {
			s.logf("%s exported nothing.", s.who(p))
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
			s.logf("%d cubes were missing for Europe: rebellion +%d.", c.need, c.need)
		} else {
			s.logf("Europe's demand was met.")
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
		s.logf("%s of %s rebelled.", pluralPhrase(n, "citizen", "citizens"), s.who(p))
	}
	if total > 0 {
		s.moveRebellion(total)
		s.logf("Rebellion +%d.", total)
	} else {
		s.logf("Every citizen was fed.")
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
		s.logf("Event: the temples preach calm, rebellion -%d.", d)
	case evMarkets:
		d := a * s.owned(-1, bMarket)
		s.moveRebellion(-d)
		s.logf("Event: market day, rebellion -%d.", d)
	case evCities:
		d := a * s.owned(-1, bCity)
		s.moveRebellion(d)
		s.logf("Event: unrest in the cities, rebellion +%d.", d)
	case evImmigrants:
		s.moveExcess(a)
		s.logf("Event: immigrants arrive, excess workers +%d.", a)
	case evEmigrants:
		s.moveExcess(-a)
		s.logf("Event: workers leave for the continent, excess workers -%d.", a)
	case evHarvest:
		n := 0
		for range 2 {
			if s.bankCubes[a] > 0 && int(s.home[a]) < homeZone.spaces() {
				s.bankCubes[a]--
				s.home[a]++
				n++
			}
		}
		s.logf("Event: a fine harvest brings %s to the domestic market.", say("%d "+resNames[a], n))
	case evDemand:
		n := min(2, int(s.export[a]))
		s.export[a] -= int8(n)
		s.bankCubes[a] += int8(n)
		s.logf("Event: Europe buys %s from the export market.", say("%d "+resNames[a], n))
	case evUnrest:
		s.moveRebellion(a)
		s.logf("Event: agitators stir the colony, rebellion +%d.", a)
	case evFestival:
		s.moveRebellion(-a)
		s.logf("Event: a festival, rebellion -%d.", a)
	}
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
