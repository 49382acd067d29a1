package archipelago

// Round 0, the initial exploration, and the rest of the setup.

// layOK says why hexagon h, side sd, cannot lie on cell c with turn t, or
// "". It checks the landscape on every side that touches a hexagon and
// counts the contacts: the initial exploration needs the open sea among
// them, an exploration two of them.
func (s *state) layOK(h, sd, c, t int, initial bool) string {
	if c < 0 || c >= nCells {
		return "that cell is off the table"
	}
	if s.grid[c] >= 0 {
		return cellName(c) + " is taken"
	}
	face := &regions[h-1].sides[sd]
	contacts, sea := 0, false
	for d := range 6 {
		o := s.hexAt(neighbours[c][d])
		if o < 0 {
			continue
		}
		contacts++
		if o == 0 {
			sea = true
		}
		if initial && s.relaxed() && o != 0 {
			continue
		}
		if mine, theirs := edgeOf(face, t, d), s.edge(o, opposite(d)); mine != theirs {
			return "its " + dirNames[d] + " edge is " + landName(mine) + " but touches " + landName(theirs) + " on " + cellName(neighbours[c][d])
		}
	}
	switch {
	case initial && !sea:
		return cellName(c) + " does not touch the open sea"
	case !initial && contacts < 2:
		return cellName(c) + " must touch two hexagons already laid"
	}
	return ""
}

// relaxed reports whether the player laying a hexagon in round 0 has gone
// through the whole pile without finding one that fits: then only the edge
// facing the open sea must match (house rule).
func (s *state) relaxed() bool {
	return s.phase == phPlace && s.placing == -2
}

// layings lists every way to lay one of the hexagons hs with one side, on
// a cell of cs, with a turn that gives distinct edges.
func (s *state) layings(hs []int8, cs []int, initial bool, each func(h, sd, c, t int)) {
	for _, h := range hs {
		if h <= 0 {
			continue
		}
		for sd := range 2 {
			face := &regions[h-1].sides[sd]
			for t := range 6 {
				if firstTurn(face, t) != t {
					continue
				}
				for _, c := range cs {
					if s.layOK(int(h), sd, c, t, initial) == "" {
						each(int(h), sd, c, t)
					}
				}
			}
		}
	}
}

// seaCells are the free cells around the open sea.
func (s *state) seaCells() []int {
	var cs []int
	for _, c := range neighbours[center] {
		if c >= 0 && s.grid[c] < 0 {
			cs = append(cs, c)
		}
	}
	return cs
}

// frontier lists the free cells touching at least two hexagons.
func (s *state) frontier() []int {
	var cs []int
	for c := range nCells {
		if s.grid[c] >= 0 {
			continue
		}
		n := 0
		for _, o := range neighbours[c] {
			if o >= 0 && s.grid[o] >= 0 {
				n++
			}
		}
		if n >= 2 {
			cs = append(cs, c)
		}
	}
	return cs
}

// handFits reports whether a hexagon of seat p's hand fits next to the sea.
func (s *state) handFits(p int) bool {
	found := false
	s.layings(s.hands[p][:], s.seaCells(), true, func(int, int, int, int) { found = true })
	return found
}

// readyPlacer makes sure the player laying next holds a hexagon that fits,
// discarding and drawing three more as often as needed.
func (s *state) readyPlacer() {
	p := s.seatAt(int(s.turn))
	for tries := 0; !s.handFits(p); tries++ {
		if tries > 2*len(regions) {
			s.placing = -2 // nothing fits anywhere: relax the rule
			s.logf("No hexagon fits: %s may lay one touching only the open sea.", s.who(p))
			return
		}
		for _, h := range s.hands[p] {
			if h > 0 {
				s.handDiscard = append(cloneInt8(s.handDiscard), h)
			}
		}
		if len(s.regionPile) < 3 {
			pile := append(cloneInt8(s.regionPile), s.handDiscard...)
			s.rng.Shuffle(len(pile), func(i, j int) { pile[i], pile[j] = pile[j], pile[i] })
			s.regionPile, s.handDiscard = pile, nil
		}
		for k := range s.hands[p] {
			s.hands[p][k] = s.drawRegion()
		}
		s.logf("%s could fit none of their hexagons, discarded them and drew three more.", s.who(p))
	}
}

// place lays hexagon h in round 0 for seat p: the ship sails in with the
// two citizens, the player takes an explorer token, the huts raise the
// excess workers and the region's resources are shared out.
func (s *state) place(p, h, sd, c, t int) {
	s.lay(h, sd, c, t)
	for k := range s.hands[p] {
		if int(s.hands[p][k]) == h {
			s.hands[p][k] = -1
		}
	}
	s.units[0][p].ship--
	s.units[h][p].ship++
	s.units[h][p].cit += startCits
	s.players[p].cits -= startCits
	s.takeToken(p)
	face := s.sideData(h)
	s.moveExcess(face.huts())
	s.logf("%s laid %s on %s; their ship and two citizens landed.", s.who(p), s.regionPhrase(h), cellName(c))
	var kinds []int
	for r := range nRes {
		if face.icons[r] > 0 {
			kinds = append(kinds, r)
		}
	}
	switch len(kinds) {
	case 0:
		s.nextPlacer()
	case 1:
		s.toMarket(kinds[0])
		s.nextPlacer()
	default:
		s.placing = int8(h)
		s.phase = phChoose
	}
}

// lay puts hexagon h on cell c.
func (s *state) lay(h, sd, c, t int) {
	s.grid[c] = int8(h)
	s.cellOf[h], s.sideOf[h], s.turnOf[h] = int8(c), int8(sd), int8(t)
}

// takeToken gives seat p the top explorer token of the first stack with
// any, and reports whether there was one.
func (s *state) takeToken(p int) bool {
	for i := range s.stacks {
		if s.stacks[i] > 0 {
			before := s.discs()
			s.stacks[i]--
			s.players[p].tokens++
			if s.discs() > before {
				s.logf("An explorer stack is empty: every player now has %d action discs.", s.discs())
			}
			return true
		}
	}
	return false
}

// toMarket moves a cube of r from the bank to the domestic market.
func (s *state) toMarket(r int) {
	if s.bankCubes[r] > 0 && int(s.home[r]) < homeZone.spaces() {
		s.bankCubes[r]--
		s.home[r]++
		s.logf("A cube of %s went to the domestic market.", say(resNames[r]))
	}
}

// choose carries out round 0's choice of cubes.
func (s *state) choose(p, market, keep int) {
	s.toMarket(market)
	if keep >= 0 && s.bankCubes[keep] > 0 {
		s.bankCubes[keep]--
		s.players[p].cubes[keep]++
		s.logf("%s took a cube behind their screen.", s.who(p))
	}
	s.placing = -1
	s.nextPlacer()
}

// nextPlacer passes round 0 on, or ends the setup.
func (s *state) nextPlacer() {
	s.placing = -1
	s.turn++
	if int(s.turn) < s.seats {
		s.phase = phPlace
		s.readyPlacer()
		return
	}
	s.finishSetup()
}

// finishSetup returns the unused hexagons to the pile and shuffles it,
// reveals five evolution cards, draws the trend and deals the objectives.
func (s *state) finishSetup() {
	pile := cloneInt8(s.regionPile)
	for p := range s.seats {
		for k, h := range s.hands[p] {
			if h > 0 {
				pile = append(pile, h)
			}
			s.hands[p][k] = -1
		}
	}
	pile = append(pile, s.handDiscard...)
	s.handDiscard = nil
	s.rng.Shuffle(len(pile), func(i, j int) { pile[i], pile[j] = pile[j], pile[i] })
	s.regionPile = pile
	for i := range s.display {
		s.display[i] = s.drawRegion()
	}
	pileCards := cloneInt8(s.pile)
	for i := range s.track {
		n := len(pileCards)
		s.track[i] = slot{card: pileCards[n-1]}
		pileCards = pileCards[:n-1]
	}
	s.pile = pileCards
	s.trend = int8(s.rng.IntN(len(trends)))
	var stack []int8
	for k, o := range objectives {
		if o.length == s.length {
			stack = append(stack, int8(k))
		}
	}
	s.rng.Shuffle(len(stack), func(i, j int) { stack[i], stack[j] = stack[j], stack[i] })
	for i := range s.seats {
		s.players[s.seatAt(i)].objective = stack[i]
	}
	s.logf("The evolution track is laid out, the trend is %s, and each player has drawn a secret objective.", say(trends[s.trend].name))
	s.round = 1
	s.startRound()
}
