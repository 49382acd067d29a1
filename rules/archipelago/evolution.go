package archipelago

// Phase 6: buying and turning evolution cards.

// cardCost is what the card in track place i costs now, or skull.
func (s *state) cardCost(i int) int {
	sl := s.track[i]
	if sl.card < 0 || sl.turns >= 4 {
		return skull
	}
	return cards[sl.card].costs[sl.turns]
}

func (s *state) checkEvolution(p int, m Move) error {
	if err := s.phaseIs(phEvolution, "cards are bought and turned"); err != nil {
		return err
	}
	if p != s.actor() {
		return illegal("it is not your turn: %s", s.waitingFor())
	}
	a, b := int(m.N[0])-1, int(m.N[1])-1
	inTrack := func(i int) bool { return i >= 0 && i < trackSize && s.track[i].card >= 0 }
	if !inTrack(a) {
		return illegal("name a place of the evolution track holding a card: %s", s.trackPlaces())
	}
	others := s.trackCards() - 1
	if m.Kind == KBuy {
		if c := s.cardCost(a); c > s.players[p].florins {
			return illegal("%s costs %s and you have %s", cards[s.track[a].card].name, florins(c), florins(s.players[p].florins))
		}
		switch {
		case b < 0 && others > 0:
			return illegal("after buying, turn one of the other cards: BUY %d ROTATE %d", a+1, s.firstOther(a, -1)+1)
		case b >= 0 && (b == a || !inTrack(b)):
			return illegal("turn another card of the track: %s", s.trackPlaces())
		}
		return nil
	}
	switch {
	case b < 0 && others > 0:
		return illegal("turn two different cards, e.g. ROTATE %d %d", a+1, s.firstOther(a, -1)+1)
	case b >= 0 && (b <= a || !inTrack(b)):
		return illegal("turn two different cards, the lower place first, e.g. ROTATE %d %d", min(a, b)+1, max(a, b)+1)
	}
	return nil
}

// firstOther is the first track place holding a card other than a and b.
func (s *state) firstOther(a, b int) int {
	for i, sl := range s.track {
		if sl.card >= 0 && i != a && i != b {
			return i
		}
	}
	return -1
}

// trackPlaces lists the places holding cards, e.g. "places 1, 2 and 4".
func (s *state) trackPlaces() string {
	var parts []string
	for i, sl := range s.track {
		if sl.card >= 0 {
			parts = append(parts, itoa(i+1))
		}
	}
	return "places " + joinWords(parts)
}

func (s *state) doEvolution(p int, m Move) {
	a, b := int(m.N[0])-1, int(m.N[1])-1
	if m.Kind == KBuy {
		k := int(s.track[a].card)
		price := s.cardCost(a)
		s.payBank(p, price)
		s.players[p].cards |= 1 << k
		s.track[a] = slot{card: -1}
		s.bought++
		s.logf("%s bought %s for %s.", s.who(p), say(cards[k].name), florinsPhrase(price))
		if cards[k].effect == effCalm {
			s.moveRebellion(-cards[k].param)
			s.logf("%s calms the colony: rebellion -%d.", say(cards[k].name), cards[k].param)
		}
	} else {
		s.rotate(a)
	}
	if b >= 0 {
		s.rotate(b)
	}
	s.queue = nil
	s.refill()
	s.after = phEvolution
	if s.checkEnd() {
		return
	}
	s.runQueue()
}

// rotate turns the card in place i a quarter clockwise, discarding it
// when its red triangle reaches the skull.
func (s *state) rotate(i int) {
	s.track[i].turns++
	k := s.track[i].card
	if s.cardCost(i) == skull {
		s.track[i] = slot{card: -1}
		s.logf("%s turned to the skull and was discarded.", say(cards[k].name))
		return
	}
	s.logf("%s turned; it now costs %s.", say(cards[k].name), florinsPhrase(s.cardCost(i)))
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

// refill fills the track's empty places from the pile and queues the red
// zones of the card it reveals. Rulebook, phase 6: "If a newly revealed
// card has a red zone on the back, the corresponding crisis or event must
// be resolved immediately": the card newly revealed is the one that
// becomes the top of the pile, whose back now shows, not a card that
// leaves the pile for the track (its back is hidden on the track). When
// two places are filled at once, the card drawn in between goes straight
// to the track, and only the top left at the end is revealed (house
// reading). A refill that draws nothing reveals nothing.
func (s *state) refill() {
	drawn := false
	for i := range s.track {
		if s.track[i].card >= 0 || len(s.pile) == 0 {
			continue
		}
		n := len(s.pile)
		k := s.pile[n-1]
		s.pile = s.pile[: n-1 : n-1]
		s.track[i] = slot{card: k}
		s.logf("%s is revealed in place %d.", say(cards[k].name), i+1)
		drawn = true
	}
	if n := len(s.pile); drawn && n > 0 {
		s.revealTop(s.pile[n-1])
	}
}

// revealTop queues the red zones of card k, just turned up on top of the
// pile.
func (s *state) revealTop(k int8) {
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
	if len(s.queue) > 0 {
		s.logf("The back of the pile's new top card has a red zone: it is resolved at once.")
	}
}
