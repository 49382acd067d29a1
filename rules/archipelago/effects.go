package archipelago

import "github.com/pbem-games/pbem/rules"

// The effects of the actions of phase 5, once checked.

// doAction carries out a checked action, ending the turn when it takes a
// disc.
func (s *state) doAction(p int, m Move) {
	pl := &s.players[p]
	switch m.Kind {
	case KUse:
		pl.florins -= marketFee
		s.coins += marketFee
		i := 0
		if m.Build == bPort {
			pl.port, i = true, 1
		} else {
			pl.market = true
		}
		s.credits[i] = 2
		s.logf("%s paid %s to use their %s: two transactions without a disc.", s.who(p), florinsPhrase(marketFee), say(buildNames[m.Build]))
		return
	case KTrade:
		i := 0
		if m.Abroad {
			i = 1
		}
		free := s.credits[i] > 0
		if free {
			s.credits[i]--
		}
		s.trade(p, m)
		if free {
			return
		}
	case KHarvest:
		s.harvest(p, m)
	case KCard:
		s.useCard(p, int(m.Card))
	case KTax:
		s.tax(p)
	case KExplore:
		s.explore(p, m)
	case KRecruit:
		s.recruit(p, m)
	case KReproduce:
		s.reproduce(p)
	case KBuild:
		s.build(p, m)
	case KMigrate:
		if !s.migrating {
			pl.discsUsed++
			s.migrating = true
		}
		s.migrate(p, m)
		if len(s.migrationSteps(p)) == 0 {
			s.endMigration(p)
		}
		return
	case KDone:
		s.endMigration(p)
		return
	case KPass:
		pl.passed = true
		s.logf("%s passed for the rest of the round.", s.who(p))
		s.nextActor()
		return
	}
	pl.discsUsed++
	s.nextActor()
}

func (s *state) trade(p int, m Move) {
	z, cubes := s.marketOf(m.Abroad)
	r := int(m.Res)
	pl := &s.players[p]
	n := int(cubes[r])
	if m.Sell {
		price := sellPrice(z, n)
		if m.Abroad {
			price += s.effectSum(p, effSellExport)
		} else {
			price += s.effectSum(p, effSellHome)
		}
		pl.cubes[r]--
		cubes[r]++
		got := s.fromBank(p, price)
		s.logf("%s sold a cube of %s on the %s for %s.", s.who(p), say(resNames[r]), say(marketName(m.Abroad)), florinsPhrase(got))
		return
	}
	price := buyPrice(z, n)
	cubes[r]--
	pl.cubes[r]++
	s.payBank(p, price)
	s.logf("%s bought a cube of %s on the %s for %s.", s.who(p), say(resNames[r]), say(marketName(m.Abroad)), florinsPhrase(price))
}

func (s *state) harvest(p int, m Move) {
	r := int(m.Res)
	total := 0
	for _, x := range m.Spots {
		if x.n == 0 {
			break
		}
		h := int(s.grid[x.cell])
		u := &s.units[h][p]
		if harvestByShip(r) {
			u.ship -= x.n
			u.shipLink += x.n
		} else {
			u.cit -= x.n
			u.citLinked += x.n
		}
		s.occ[h][r] += x.n
		total += int(x.n)
	}
	s.bankCubes[r] -= int8(total)
	s.players[p].cubes[r] += int8(total)
	s.logf("%s harvested %s of %s.", s.who(p), pluralPhrase(total, "cube", "cubes"), say(resNames[r]))
}

// taxes is what seat p's taxes bring now.
func (s *state) taxes(p int) int {
	n := 0
	for h := range nHex {
		u := s.units[h][p]
		n += taxTable.citizen*int(u.cit+u.citLinked+u.housed) + taxTable.ship*u.ships()
	}
	n += taxTable.city*s.owned(p, bCity) + taxTable.temple*s.owned(p, bTemple)
	return n + s.effectSum(p, effTax)
}

func (s *state) tax(p int) {
	s.taxed++
	got := s.fromBank(p, s.taxes(p))
	s.moveRebellion(1)
	s.logf("%s levied taxes for %s; rebellion +1.", s.who(p), florinsPhrase(got))
}

// explore lays the new region, or discards it (public fact, the
// publisher's reference sheet: a player may discard the explored hexagon
// instead of laying it, and then takes no token and no cube).
func (s *state) explore(p int, m Move) {
	s.explored++
	for i, h := range s.display {
		if h == m.Tile {
			s.display[i] = s.drawRegion()
		}
	}
	h := int(m.Tile)
	if m.Away {
		s.logf("%s explored and discarded hexagon %d (%s).", s.who(p), h, say(regions[h-1].name))
		return
	}
	s.lay(h, int(m.Side), int(m.Cell), int(m.Turn))
	from := int(s.grid[m.From])
	if m.Ship {
		s.units[from][p].ship--
		s.units[h][p].ship++
	} else {
		s.units[from][p].cit--
		s.units[h][p].cit++
	}
	s.logf("%s explored %s on %s.", s.who(p), s.regionPhrase(h), cellName(int(m.Cell)))
	s.takeToken(p)
	face := s.sideData(h)
	// One free cube of a resource the region shows (public fact, the
	// publisher's reference sheet), if the bank has one.
	if r := m.Res; s.bankCubes[r] > 0 {
		s.bankCubes[r]--
		s.players[p].cubes[r]++
		s.logf("%s took a cube of %s behind their screen.", s.who(p), say(resNames[r]))
	} else {
		s.logf("The bank has no %s left to give.", say(resNames[r]))
	}
	if face.huts() > 0 {
		s.moveExcess(face.huts())
		s.logf("Its huts raise the excess workers by %d.", face.huts())
	}
	if bonus := s.effectSum(p, effExplore); bonus > 0 {
		s.fromBank(p, bonus)
	}
}

func (s *state) recruit(p int, m Move) {
	total := 0
	for _, x := range m.Spots {
		if x.n == 0 {
			break
		}
		total += int(x.n)
	}
	price := s.recruitCost(p, total)
	s.payBank(p, price)
	for _, x := range m.Spots {
		if x.n == 0 {
			break
		}
		s.units[s.grid[x.cell]][p].cit += x.n
	}
	s.players[p].cits -= int8(total)
	s.moveExcess(-total)
	s.logf("%s recruited %s for %s; excess workers -%d.", s.who(p), pluralPhrase(total, "citizen", "citizens"), florinsPhrase(price), total)
}

func (s *state) reproduce(p int) {
	s.reproduced |= 1 << p
	n := 0
	for _, h := range s.breeders(p) {
		if s.players[p].cits == 0 {
			break
		}
		s.units[h][p].cit++
		s.players[p].cits--
		n++
	}
	s.logf("%s's citizens had %s.", s.who(p), pluralPhrase(n, "child", "children"))
}

func (s *state) build(p int, m Move) {
	h, k := int(s.grid[m.Cell]), int(m.Build)
	c := s.buildPrice(p, k)
	pl := &s.players[p]
	if t, _ := s.tokensFor(p, c); t > 0 {
		pl.tokens -= int8(t) // each token becomes a cube at the bank, and the cube pays at once
		s.logf("%s turned %s into cubes at the bank.", s.who(p), pluralPhrase(t, "explorer token", "explorer tokens"))
	}
	for r, n := range c.cubes {
		paid := min(n, pl.cubes[r])
		pl.cubes[r] -= paid
		s.bankCubes[r] += paid
	}
	s.payBank(p, c.florins)
	switch k {
	case bShip:
		pl.ships--
		s.units[h][p].ship++
	case bCity, bTemple:
		s.tcTokens--
		s.builds[h][k].owner = int8(p)
	default:
		s.pmTokens--
		s.builds[h][k].owner = int8(p)
	}
	s.logf("%s built a %s on %s.", s.who(p), say(buildNames[k]), cellName(int(m.Cell)))
}

// migrate carries out one step of a migration.
func (s *state) migrate(p int, m Move) {
	h := int(s.grid[m.Cell])
	if m.Build >= 0 {
		to, where := h, m.Cell
		if m.From >= 0 {
			to, where = int(s.grid[m.From]), m.From
		}
		s.units[h][p].cit--
		s.units[to][p].housed++
		s.builds[to][m.Build].occupant = int8(p)
		s.logf("%s settled a citizen from %s in the %s on %s.", s.who(p), cellName(int(m.Cell)), say(buildNames[m.Build]), cellName(int(where)))
		return
	}
	o := int(s.grid[m.From])
	s.units[h][p].cit -= m.N[0]
	s.units[h][p].ship -= m.N[1]
	s.units[o][p].cit += m.N[0]
	s.units[o][p].ship += m.N[1]
	s.arrived[o][0] += m.N[0]
	if m.N[0] > 0 {
		// A convoy: the ships that made their own move already carry
		// first, keeping the others' own move for later; their marks go
		// with them.
		k := min(m.N[1], s.arrived[h][1])
		s.arrived[h][1] -= k
		s.arrived[o][1] += k
	} else {
		s.arrived[o][1] += m.N[1]
	}
	var parts []rules.Phrase
	if m.N[0] > 0 {
		parts = append(parts, pluralPhrase(int(m.N[0]), "citizen", "citizens"))
	}
	if m.N[1] > 0 {
		parts = append(parts, pluralPhrase(int(m.N[1]), "ship", "ships"))
	}
	s.logf("%s moved %s from %s to %s.", s.who(p), joinPhrases(parts), cellName(int(m.Cell)), cellName(int(m.From)))
}

// endMigration ends the migration under way and the player's turn.
func (s *state) endMigration(p int) {
	s.migrating = false
	s.arrived = [nHex][2]int8{}
	s.logf("%s's migration is over.", s.who(p))
	s.nextActor()
}

// useCard carries out the power of card k, on which seat p placed an
// action disc: the card turns until the next unlink, and a player who
// does not own it pays its owner.
func (s *state) useCard(p, k int) {
	o := s.owner(k)
	s.players[o].used |= 1 << k
	if o != p {
		s.players[p].florins -= cardFee
		s.players[o].florins += cardFee
	}
	r := cards[k].param
	n := min(gatherCubes, int(s.bankCubes[r]))
	s.bankCubes[r] -= int8(n)
	s.players[p].cubes[r] += int8(n)
	took := pluralPhrase(n, "cube", "cubes")
	if o != p {
		s.logf("%s used %s, paying %s %s and took %s of %s.", s.who(p), say(cards[k].name), s.who(o), florinsPhrase(cardFee), took, say(resNames[r]))
		return
	}
	s.logf("%s used %s and took %s of %s.", s.who(p), say(cards[k].name), took, say(resNames[r]))
}
