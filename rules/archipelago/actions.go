package archipelago

import "slices"

func (s *state) checkAction(p int, m Move) error {
	if err := s.phaseIs(phActions, "actions are taken"); err != nil {
		return err
	}
	if p != s.actor() {
		return illegal("it is not your turn: %s", s.waitingFor())
	}
	if s.migrating && m.Kind != KMigrate && m.Kind != KDone {
		return illegal("finish your migration first: move units that have not moved yet (MIGRATE ...) or say DONE")
	}
	switch m.Kind {
	case KDone:
		if !s.migrating {
			return illegal("DONE ends a migration, and you are not migrating")
		}
	case KUse:
		return s.checkUse(p, m)
	case KCard:
		return s.checkCard(p, m)
	case KTrade:
		return s.checkTrade(p, m)
	case KHarvest:
		return s.checkHarvest(p, m)
	case KTax:
		if int(s.taxed) >= wheel[s.seats].tax {
			return illegal("the taxes zone of the wheel is full this round")
		}
	case KExplore:
		return s.checkExplore(p, m)
	case KRecruit:
		return s.checkRecruit(p, m)
	case KReproduce:
		return s.checkReproduce(p)
	case KBuild:
		return s.checkBuild(p, m)
	case KMigrate:
		return s.checkMigrate(p, m)
	}
	return nil
}

func (s *state) checkUse(p int, m Move) error {
	if m.Build != bMarket && m.Build != bPort {
		return illegal("you may use a MARKET or a PORT")
	}
	pl := &s.players[p]
	used := pl.market
	if m.Build == bPort {
		used = pl.port
	}
	switch {
	case s.owned(p, int(m.Build)) == 0:
		return illegal("you own no %s", buildNames[m.Build])
	case used:
		return illegal("you have used your %s this round", buildNames[m.Build])
	case pl.florins < marketFee:
		return illegal("using a %s costs %s", buildNames[m.Build], florins(marketFee))
	}
	return nil
}

// owner is the seat that owns card k, or -1.
func (s *state) owner(k int) int {
	for p := range s.seats {
		if s.has(p, k) {
			return p
		}
	}
	return -1
}

// checkCard checks placing an action disc on evolution card k to use its
// power (see gatherCubes).
func (s *state) checkCard(p int, m Move) error {
	k := int(m.Card)
	if k < 0 || k >= len(cards) || cards[k].effect != effGather {
		return illegal("only the cards that gather a resource are used with a disc")
	}
	o := s.owner(k)
	switch {
	case o < 0:
		return illegal("nobody owns %s", cards[k].name)
	case s.players[o].used&(1<<k) != 0:
		return illegal("%s has been used this round", cards[k].name)
	case o != p && s.players[p].florins < cardFee:
		return illegal("%s belongs to %s: using it costs %s", cards[k].name, s.name(o), florins(cardFee))
	case s.bankCubes[cards[k].param] == 0:
		return illegal("the bank has no %s left", resNames[cards[k].param])
	}
	return nil
}

// marketOf is the zone and cubes of the domestic or export market.
func (s *state) marketOf(abroad bool) (zone, *[nRes]int8) {
	if abroad {
		return exportZone, &s.export
	}
	return homeZone, &s.home
}

// buyPrice and sellPrice are the prices in a zone holding n cubes: the row
// of the last cube, and of the first free space.
func buyPrice(z zone, n int) int { return z.price[(n-1)/z.perRow] }

func sellPrice(z zone, n int) int { return z.price[n/z.perRow] }

func marketName(abroad bool) string {
	if abroad {
		return "export market"
	}
	return "domestic market"
}

func (s *state) checkTrade(p int, m Move) error {
	if m.Res < 0 || m.Res >= nRes {
		return illegal("name a resource: fish, fruit, cattle, stone, wood or iron")
	}
	z, cubes := s.marketOf(m.Abroad)
	n := int(cubes[m.Res])
	pl := &s.players[p]
	if m.Sell {
		switch {
		case pl.cubes[m.Res] == 0:
			return illegal("you have no %s behind your screen", resNames[m.Res])
		case n >= z.spaces():
			return illegal("the %s's %s zone is full", marketName(m.Abroad), resNames[m.Res])
		}
		return nil
	}
	switch {
	case n == 0:
		return illegal("the %s has no %s", marketName(m.Abroad), resNames[m.Res])
	case pl.florins < buyPrice(z, n):
		return illegal("%s costs %s there and you have %s", resNames[m.Res], florins(buyPrice(z, n)), florins(pl.florins))
	}
	return nil
}

// harvestByShip reports whether a resource is harvested by ships (fish) rather than citizens.
func harvestByShip(r int) bool { return r == fish }

// checkSpots checks the cells of a harvest or recruitment: ascending,
// distinct, each a laid hexagon.
func (s *state) checkSpots(sp [8]spot) error {
	prev := -1
	for i, x := range sp {
		if x.n == 0 {
			if i == 0 {
				return illegal("name at least one region, e.g. F5 or F5x2")
			}
			for _, y := range sp[i:] {
				if y.n != 0 {
					return illegal("name each region once")
				}
			}
			return nil
		}
		if x.n < 0 || int(x.cell) <= prev || x.cell < 0 || int(x.cell) >= nCells {
			return illegal("name each region once, with a count of 1 or more")
		}
		if s.grid[x.cell] < 0 {
			return illegal("there is no region on %s", cellName(int(x.cell)))
		}
		prev = int(x.cell)
	}
	return nil
}

func (s *state) checkHarvest(p int, m Move) error {
	if m.Res < 0 || m.Res >= nRes {
		return illegal("name a resource: fish, fruit, cattle, stone, wood or iron")
	}
	if err := s.checkSpots(m.Spots); err != nil {
		return err
	}
	r := int(m.Res)
	total := 0
	for _, x := range m.Spots {
		if x.n == 0 {
			break
		}
		h := int(s.grid[x.cell])
		u := s.units[h][p]
		free := int(s.sideData(h).icons[r] - s.occ[h][r])
		have, who := int(u.cit), "free citizens"
		if harvestByShip(r) {
			have, who = int(u.ship), "free ships"
		}
		switch {
		case free <= 0:
			return illegal("%s has no free %s icon", cellName(int(x.cell)), resNames[r])
		case int(x.n) > free:
			return illegal("%s has only %d free %s icons", cellName(int(x.cell)), free, resNames[r])
		case int(x.n) > have:
			return illegal("you have %d %s on %s (fish needs ships, the rest citizens)", have, who, cellName(int(x.cell)))
		case !s.mayHarvest(p, h):
			return illegal("%s controls %s: you need their permit to harvest there", s.name(s.controller(h)), cellName(int(x.cell)))
		}
		total += int(x.n)
	}
	if total > int(s.bankCubes[r]) {
		return illegal("the bank has only %s of %s", plural(int(s.bankCubes[r]), "cube", "cubes"), resNames[r])
	}
	return nil
}

func (s *state) checkExplore(p int, m Move) error {
	switch {
	case int(s.explored) >= wheel[s.seats].explore:
		return illegal("the exploration zone of the wheel is full this round")
	case s.tokensTaken() >= tokenStacks*tokensStack:
		return illegal("the explorer tokens are all taken: nothing is left to explore")
	case m.Tile < 1 || int(m.Tile) > len(regions) || !slices.Contains(s.display[:], m.Tile):
		return illegal("hexagon %d is not among the next hexagons: they are %s", m.Tile, s.displayWords())
	}
	if m.Away {
		return nil
	}
	face := &regions[m.Tile-1].sides[m.Side]
	if m.Res < 0 || m.Res >= nRes || face.icons[m.Res] == 0 {
		return illegal("name the free cube you take, one of %s, e.g. EXPLORE %d%s %s %d %s %s %s",
			resourceWords(shownResources(face)), m.Tile, sideLetter(m.Side), cellName(int(m.Cell)), m.Turn,
			map[bool]string{true: "SHIP", false: "CITIZEN"}[m.Ship], cellName(int(m.From)), upper(resNames[shownResources(face)[0]]))
	}
	if err := checkTurn(int(m.Tile), m.Side, m.Turn); err != nil {
		return err
	}
	if why := s.layOK(int(m.Tile), int(m.Side), int(m.Cell), int(m.Turn), false); why != "" {
		return illegal("hexagon %d%s cannot lie on %s with turn %d: %s", m.Tile, sideLetter(m.Side), cellName(int(m.Cell)), m.Turn, why)
	}
	d := slices.Index(neighbours[m.Cell][:], int(m.From))
	if d < 0 || m.From < 0 || s.grid[m.From] < 0 {
		return illegal("the unit must come from a region next to %s", cellName(int(m.Cell)))
	}
	from := int(s.grid[m.From])
	crossing := edgeOf(&regions[m.Tile-1].sides[m.Side], int(m.Turn), d)
	u := s.units[from][p]
	switch {
	case m.Ship && crossing != water:
		return illegal("a ship sails in across water, and that edge is %s", landName(crossing))
	case !m.Ship && crossing == water:
		return illegal("a citizen walks in across land, and that edge is water: send a SHIP")
	case m.Ship && u.ship == 0:
		return illegal("you have no free ship on %s", cellName(int(m.From)))
	case !m.Ship && u.cit == 0:
		return illegal("you have no free citizen on %s", cellName(int(m.From)))
	}
	return nil
}

// recruitCost is what n citizens recruited by seat p cost: each at the
// price of the excess workers marker's band, which falls as they are hired.
func (s *state) recruitCost(p, n int) int {
	cut := s.effectSum(p, effRecruit)
	total := 0
	for i := range n {
		total += max(0, bandAt(excessTrack, s.excess-i).recruit-cut)
	}
	return total
}

func (s *state) checkRecruit(p int, m Move) error {
	if err := s.checkSpots(m.Spots); err != nil {
		return err
	}
	total := 0
	for _, x := range m.Spots {
		if x.n == 0 {
			break
		}
		h := int(s.grid[x.cell])
		u := s.units[h][p]
		room := mostCitizensHere - u.citizens()
		switch {
		case h == 0:
			return illegal("citizens live on land, not on the open sea")
		case !u.any():
			return illegal("you have no unit on %s: recruit where you have one", cellName(int(x.cell)))
		case int(x.n) > room:
			return illegal("recruitment may bring you to %d citizens on a region; on %s you may add %d", mostCitizensHere, cellName(int(x.cell)), max(0, room))
		}
		total += int(x.n)
	}
	pl := &s.players[p]
	switch {
	case total > int(pl.cits):
		return illegal("you have only %s left", plural(int(pl.cits), "citizen", "citizens"))
	case total > s.excess:
		return illegal("there are only %s", plural(s.excess, "excess worker", "excess workers"))
	case s.recruitCost(p, total) > pl.florins:
		return illegal("%s cost %s and you have %s", plural(total, "citizen", "citizens"), florins(s.recruitCost(p, total)), florins(pl.florins))
	}
	return nil
}

// breeders lists the hexagons where seat p has two citizens that are not
// rebels and room for a child: the public cap of 3 citizens per player per
// region holds for reproduction too (the publisher's FAQ).
func (s *state) breeders(p int) []int {
	var out []int
	for h := range nHex {
		u := s.units[h][p]
		if u.cit+u.citLinked+u.housed >= 2 && u.citizens() < mostCitizensHere {
			out = append(out, h)
		}
	}
	return out
}

func (s *state) checkReproduce(p int) error {
	switch {
	case s.reproduced&(1<<p) != 0:
		return illegal("you have reproduced this round")
	case countBits(s.reproduced) >= wheel[s.seats].reproduce:
		return illegal("the reproduction zone of the wheel is full this round")
	case len(s.breeders(p)) == 0:
		return illegal("you need two citizens (not rebels) on a region with fewer than %d of yours to reproduce", mostCitizensHere)
	case s.players[p].cits == 0:
		return illegal("all your citizens are on the board")
	}
	return nil
}

func countBits(x uint8) int {
	n := 0
	for ; x != 0; x &= x - 1 {
		n++
	}
	return n
}

// buildPrice is what building k costs seat p.
func (s *state) buildPrice(p, k int) cost {
	c := buildCosts[k]
	if s.hasEffect(p, effBuild, k) {
		c.florins = 0
	}
	return c
}

// mayBuild reports whether seat p has a unit on hexagon h that may build
// k: a free citizen, or for a port a free citizen or a free ship. Public
// fact (the publisher's player aid): a building is built "using an active
// citizen (or ship for a port)".
func (s *state) mayBuild(p, h, k int) bool {
	u := s.units[h][p]
	return u.cit > 0 || k == bPort && u.ship > 0
}

// coastal reports whether hexagon h has a water edge.
func (s *state) coastal(h int) bool {
	for d := range 6 {
		if s.edge(h, d) == water {
			return true
		}
	}
	return false
}

func (s *state) checkBuild(p int, m Move) error {
	if m.Build < bShip || m.Build >= nBuild {
		return illegal("build a SHIP, CITY, MARKET, PORT or TEMPLE")
	}
	if m.Cell < 0 || int(m.Cell) >= nCells || s.grid[m.Cell] <= 0 {
		return illegal("build on a region of the map")
	}
	h, k := int(s.grid[m.Cell]), int(m.Build)
	pl := &s.players[p]
	if !s.mayBuild(p, h, k) {
		if k == bPort {
			return illegal("you need a free citizen or a free ship on %s to build a port there", cellName(int(m.Cell)))
		}
		return illegal("you need a free citizen on %s to build there", cellName(int(m.Cell)))
	}
	switch {
	case k == bShip && pl.ships == 0:
		return illegal("all your ships are on the board")
	case (k == bShip || k == bPort) && !s.coastal(h):
		return illegal("%s has no coast", cellName(int(m.Cell)))
	case k != bShip && s.builds[h][k].owner >= 0:
		return illegal("%s already has a %s", cellName(int(m.Cell)), buildNames[k])
	case (k == bCity || k == bTemple) && s.tcTokens == 0, (k == bMarket || k == bPort) && s.pmTokens == 0:
		return illegal("the bank has no %s token left", buildNames[k])
	}
	c := s.buildPrice(p, k)
	if _, ok := s.tokensFor(p, c); !ok || pl.florins < c.florins {
		return illegal("a %s costs %s (an explorer token may stand for a missing cube the bank has)", buildNames[k], costWords(c))
	}
	return nil
}

// tokensFor is how many of seat p's explorer tokens pay for the cubes of c
// that p lacks, each turned into a cube at the bank, and whether p can pay
// all of c's cubes so. Public fact (the publisher's reference sheet):
// explorer tokens can be turned into cubes at the bank when needed, not
// only in a crisis. House: the need is a construction's missing cube, so
// the exchange happens inside BUILD, and only a cube the bank holds.
func (s *state) tokensFor(p int, c cost) (int, bool) {
	pl := &s.players[p]
	need := 0
	for r, n := range c.cubes {
		if miss := int(n - pl.cubes[r]); miss > 0 {
			if int(s.bankCubes[r]) < miss {
				return 0, false
			}
			need += miss
		}
	}
	return need, need <= int(pl.tokens)
}

// costWords is "1 stone, 1 wood and 2 florins".
func costWords(c cost) string {
	var parts []string
	for r, n := range c.cubes {
		if n > 0 {
			parts = append(parts, itoa(int(n))+" "+resNames[r])
		}
	}
	if c.florins > 0 {
		parts = append(parts, florins(c.florins))
	}
	return joinWords(parts)
}

// crossing is the landscape between hexagon h and its neighbour in
// direction d: water or land for a sea or land crossing, 0 if the two
// edges disagree.
func (s *state) crossing(h, d, o int) byte {
	a, b := s.edge(h, d), s.edge(o, opposite(d))
	switch {
	case a == water && b == water:
		return water
	case a != water && b != water:
		return field
	}
	return 0
}

// movable is how many of seat p's citizens and ships on hexagon h may
// still move in this migration: free citizens that have not arrived in
// it, and free ships that have not made their own move in it. Any free
// ship may convoy citizens (convoys).
func (s *state) movable(p, h int) (cit, ship int) {
	u := s.units[h][p]
	return int(u.cit - s.arrived[h][0]), int(u.ship - s.arrived[h][1])
}

// convoys is how many of seat p's ships on hexagon h may carry citizens
// in this migration: every free one. Public fact (the publisher's
// reference sheet): "Ships may perform an infinite number of convoys
// during the same turn, even in different directions", before and after
// their own migration.
func (s *state) convoys(p, h int) int { return int(s.units[h][p].ship) }

// checkMigrate checks one step of a migration. Public fact (the
// publisher's reference sheet): a migration moves all the active,
// non-engaged units the player wants, each to an adjacent region or an
// unoccupied building, ships carrying citizens (convoys, as many as the
// player likes, in any direction); a citizen may enter a building on an
// adjacent region. pbem plays it as steps: the first MIGRATE places the
// disc, further MIGRATE moves of the same turn move citizens that have
// not moved yet, ships that carry them, and ships that have not made
// their own move, and DONE ends it.
func (s *state) checkMigrate(p int, m Move) error {
	if m.Cell < 0 || int(m.Cell) >= nCells || s.grid[m.Cell] < 0 {
		return illegal("migrate from a region of the map")
	}
	h := int(s.grid[m.Cell])
	cits, shipsHere := s.movable(p, h)
	d := -1
	if m.From >= 0 {
		d = slices.Index(neighbours[m.Cell][:], int(m.From))
		if d < 0 || s.grid[m.From] < 0 {
			return illegal("units migrate to a region next to %s", cellName(int(m.Cell)))
		}
	}
	if m.Build >= 0 {
		if m.Build <= bShip || m.Build >= nBuild {
			return illegal("citizens may move into a CITY, MARKET, PORT or TEMPLE")
		}
		to, where := h, m.Cell
		if m.From >= 0 {
			to, where = int(s.grid[m.From]), m.From
			if s.crossing(h, d, to) != field {
				return illegal("a citizen walks into a building of a neighbouring region across land, and %s lies across water", cellName(int(m.From)))
			}
		}
		b := s.builds[to][m.Build]
		switch {
		case b.owner < 0:
			return illegal("there is no %s on %s", buildNames[m.Build], cellName(int(where)))
		case b.occupant >= 0:
			return illegal("someone already lives in the %s on %s", buildNames[m.Build], cellName(int(where)))
		case cits <= 0:
			return illegal("you have no free citizen on %s that has not moved yet", cellName(int(m.Cell)))
		}
		return nil
	}
	if m.From < 0 {
		return illegal("units migrate to a region next to %s", cellName(int(m.Cell)))
	}
	c, ships := int(m.N[0]), int(m.N[1])
	switch s.crossing(h, d, int(s.grid[m.From])) {
	case water:
		if c > 0 {
			shipsHere = s.convoys(p, h) // a convoy: any free ship
		}
		switch {
		case ships < 1:
			return illegal("%s lies across water: send at least one ship (1S), which carries up to %d citizens", cellName(int(m.From)), shipLoad)
		case ships > shipsHere:
			return illegal("you have %s on %s that can still move", plural(max(0, shipsHere), "free ship", "free ships"), cellName(int(m.Cell)))
		case c > shipLoad*ships:
			return illegal("%s carry at most %d citizens", plural(ships, "ship", "ships"), shipLoad*ships)
		case c > 0 && s.grid[m.From] == 0:
			return illegal("citizens cannot stay on the open sea: only ships go there")
		}
	case field:
		switch {
		case ships > 0:
			return illegal("ships cannot cross land to %s", cellName(int(m.From)))
		case c < 1:
			return illegal("name the citizens that walk, e.g. 1C")
		}
	default:
		return illegal("nothing can cross between %s and %s", cellName(int(m.Cell)), cellName(int(m.From)))
	}
	if c > cits || c < 0 || ships < 0 {
		return illegal("you have %s on %s that can still move", plural(max(0, cits), "free citizen", "free citizens"), cellName(int(m.Cell)))
	}
	return nil
}
