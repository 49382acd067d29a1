package archipelago

import (
	"github.com/pbem-games/pbem/rules"
)

// Legal lists seat p's moves, sorted by their text, when the game waits
// for p. Offers are listed only in a small class (one cube, or a harvest
// permit, for one florin); Parse and Apply accept any offer, and take the
// moves of deals from a seat the game does not wait for too (OutOfTurn),
// which Legal does not list.
func (s *state) Legal(p rules.Seat) []rules.Move {
	seat := int(p)
	if s.over || seat < 0 || seat >= s.seats || s.mayMove(seat) != nil {
		return nil
	}
	var ms []Move
	add := func(m Move) {
		if s.check(seat, m) == nil {
			ms = append(ms, m)
		}
	}
	switch s.phase {
	case phPlace:
		s.layings(s.hands[seat][:], s.seaCells(), true, func(h, sd, c, t int) {
			m := blank(KPlace)
			m.Tile, m.Side, m.Cell, m.Turn = int8(h), int8(sd), int8(c), int8(t)
			ms = append(ms, m)
		})
	case phChoose:
		face := s.sideData(int(s.placing))
		for r := range nRes {
			for k := range nRes {
				if k != r && face.icons[r] > 0 && face.icons[k] > 0 {
					m := blank(KChoose)
					m.Res, m.Keep = int8(r), int8(k)
					ms = append(ms, m)
				}
			}
		}
	case phBid:
		for b := 0; b <= s.players[seat].florins; b++ {
			m := blank(KBid)
			m.Bid = b
			ms = append(ms, m)
		}
	case phOrder:
		s.orders(func(o [maxSeats]int8) {
			m := blank(KOrder)
			m.Order = o
			ms = append(ms, m)
		})
	case phCrisis:
		ms = s.legalGifts(seat)
	case phActions:
		ms = s.legalActions(seat, add)
	case phEvolution:
		ms = s.legalEvolution(seat, add)
	}
	s.legalDeals(seat, add)
	return sortMoves(ms)
}

// orders calls each with every turn order.
func (s *state) orders(each func([maxSeats]int8)) {
	var o [maxSeats]int8
	for i := range o {
		o[i] = -1
	}
	var used [maxSeats]bool
	var rec func(i int)
	rec = func(i int) {
		if i == s.seats {
			each(o)
			return
		}
		for q := range s.seats {
			if !used[q] {
				used[q] = true
				o[i] = int8(q)
				rec(i + 1)
				used[q] = false
			}
		}
	}
	rec(0)
}

func (s *state) legalGifts(p int) []Move {
	c := &s.crisis
	kind := KFeed
	market := int(s.home[c.res])
	if c.kind == qExport {
		kind = KExport
		market = int(s.export[c.res])
	}
	want := s.cubesWanted(p)
	pl := &s.players[p]
	var ms []Move
	for a := 0; a <= min(market, want); a++ {
		for b := 0; b <= min(int(pl.cubes[c.res]), want-a); b++ {
			for t := 0; t <= min(int(pl.tokens), want-a-b); t++ {
				m := blank(kind)
				m.N = [3]int8{int8(a), int8(b), int8(t)}
				ms = append(ms, m)
			}
		}
	}
	return ms
}

func (s *state) legalActions(p int, add func(Move)) []Move {
	var ms []Move
	push := func(m Move) { ms = append(ms, m) }
	if s.migrating {
		push(blank(KDone))
		return append(ms, s.migrationSteps(p)...)
	}
	push(blank(KPass))
	if int(s.taxed) < wheel[s.seats].tax {
		push(blank(KTax))
	}
	if s.checkReproduce(p) == nil {
		push(blank(KReproduce))
	}
	for k := range cards {
		m := blank(KCard)
		m.Card = int8(k)
		if s.checkCard(p, m) == nil {
			push(m)
		}
	}
	for _, k := range []int8{bMarket, bPort} {
		m := blank(KUse)
		m.Build = k
		if s.checkUse(p, m) == nil {
			push(m)
		}
	}
	for r := range nRes {
		for _, sell := range []bool{false, true} {
			for _, abroad := range []bool{false, true} {
				m := blank(KTrade)
				m.Res, m.Sell, m.Abroad = int8(r), sell, abroad
				if s.checkTrade(p, m) == nil {
					push(m)
				}
			}
		}
	}
	s.legalHarvests(p, push)
	s.legalRecruits(p, push)
	s.legalBuilds(p, push)
	ms = append(ms, s.migrationSteps(p)...)
	s.legalExplorations(p, push)
	return ms
}

// eachSpots calls each with every choice of 0 to caps[i] units on cells[i],
// at least one in all and at most most.
func eachSpots(cells, caps []int, most int, each func([8]spot)) {
	if len(cells) > 8 {
		cells, caps = cells[:8], caps[:8]
	}
	var cur [8]int
	var rec func(i, total int)
	rec = func(i, total int) {
		if i == len(cells) {
			if total == 0 {
				return
			}
			var sp [8]spot
			k := 0
			for j, n := range cur[:len(cells)] {
				if n > 0 {
					sp[k] = spot{cell: int8(cells[j]), n: int8(n)}
					k++
				}
			}
			each(sp)
			return
		}
		for n := 0; n <= caps[i] && total+n <= most; n++ {
			cur[i] = n
			rec(i+1, total+n)
		}
		cur[i] = 0
	}
	rec(0, 0)
}

func (s *state) legalHarvests(p int, push func(Move)) {
	for r := range nRes {
		var cells, caps []int
		for c := range nCells {
			h := int(s.grid[c])
			if h < 0 {
				continue
			}
			u := s.units[h][p]
			have := int(u.cit)
			if harvestByShip(r) {
				have = int(u.ship)
			}
			free := int(s.sideData(h).icons[r] - s.occ[h][r])
			if n := min(have, free); n > 0 && s.mayHarvest(p, h) {
				cells, caps = append(cells, c), append(caps, n)
			}
		}
		eachSpots(cells, caps, int(s.bankCubes[r]), func(sp [8]spot) {
			m := blank(KHarvest)
			m.Res, m.Spots = int8(r), sp
			push(m)
		})
	}
}

func (s *state) legalRecruits(p int, push func(Move)) {
	pl := &s.players[p]
	most := min(int(pl.cits), s.excess)
	if most == 0 {
		return
	}
	var cells, caps []int
	for c := range nCells {
		h := int(s.grid[c])
		if h <= 0 {
			continue
		}
		u := s.units[h][p]
		if room := mostCitizensHere - u.citizens(); u.any() && room > 0 {
			cells, caps = append(cells, c), append(caps, room)
		}
	}
	eachSpots(cells, caps, most, func(sp [8]spot) {
		total := 0
		for _, x := range sp {
			total += int(x.n)
		}
		if s.recruitCost(p, total) <= pl.florins {
			m := blank(KRecruit)
			m.Spots = sp
			push(m)
		}
	})
}

func (s *state) legalBuilds(p int, push func(Move)) {
	for c := range nCells {
		h := int(s.grid[c])
		if h <= 0 || !s.units[h][p].any() {
			continue
		}
		for k := bShip; k < nBuild; k++ {
			m := blank(KBuild)
			m.Build, m.Cell = int8(k), int8(c)
			if s.checkBuild(p, m) == nil {
				push(m)
			}
		}
	}
}

// migrationSteps lists the migration steps seat p may make now: each
// group of units that have not moved yet crossing to a neighbouring
// region, and each citizen moving into a free building of its region or
// of a neighbouring region across land.
func (s *state) migrationSteps(p int) []Move {
	var ms []Move
	for c := range nCells {
		h := int(s.grid[c])
		if h < 0 {
			continue
		}
		cits, ships := s.movable(p, h)
		if cits <= 0 && ships <= 0 {
			continue
		}
		carriers := s.convoys(p, h)
		into := func(to, where int) {
			for k := bCity; k < nBuild; k++ {
				if b := s.builds[to][k]; b.owner >= 0 && b.occupant < 0 {
					m := blank(KMigrate)
					m.Cell, m.Build = int8(c), int8(k)
					if where != c {
						m.From = int8(where)
					}
					ms = append(ms, m)
				}
			}
		}
		if cits > 0 {
			into(h, c)
		}
		for d, o := range neighbours[c] {
			if o < 0 || s.grid[o] < 0 {
				continue
			}
			m := blank(KMigrate)
			m.Cell, m.From = int8(c), int8(o)
			switch s.crossing(h, d, int(s.grid[o])) {
			case water:
				most := cits
				if s.grid[o] == 0 {
					most = 0 // only ships go to the open sea
				}
				for n := 1; n <= max(ships, carriers); n++ {
					for k := 0; k <= min(most, shipLoad*n); k++ {
						if k == 0 && n > ships || k > 0 && n > carriers {
							continue
						}
						m.N = [3]int8{int8(k), int8(n), 0}
						ms = append(ms, m)
					}
				}
			case field:
				for k := 1; k <= cits; k++ {
					m.N = [3]int8{int8(k), 0, 0}
					ms = append(ms, m)
				}
				if cits > 0 {
					into(int(s.grid[o]), o)
				}
			}
		}
	}
	return ms
}

func (s *state) legalExplorations(p int, push func(Move)) {
	if int(s.explored) >= wheel[s.seats].explore || s.tokensTaken() >= tokenStacks*tokensStack {
		return
	}
	s.layings(s.display[:], s.frontier(), false, func(h, sd, c, t int) {
		face := &regions[h-1].sides[sd]
		for d, o := range neighbours[c] {
			if o < 0 || s.grid[o] < 0 {
				continue
			}
			u := s.units[s.grid[o]][p]
			m := blank(KExplore)
			m.Tile, m.Side, m.Cell, m.Turn, m.From = int8(h), int8(sd), int8(c), int8(t), int8(o)
			m.Ship = edgeOf(face, t, d) == water
			if m.Ship && u.ship == 0 || !m.Ship && u.cit == 0 {
				continue
			}
			for _, r := range shownResources(face) {
				m.Res = int8(r)
				push(m)
			}
		}
	})
	for _, h := range s.display {
		if h > 0 {
			m := blank(KExplore)
			m.Tile, m.Away = h, true
			push(m)
		}
	}
}

// legalDeals adds the deals seat p may make now: answer the offers made
// to it, withdraw its own, or make one of the listed class (one cube of a
// kind it holds for one florin, or a harvest permit for one florin) to
// each player it has not made an offer in this stretch of deals.
func (s *state) legalDeals(p int, add func(Move)) {
	if !s.dealsOpen() {
		return
	}
	for _, q := range s.offersTo(p) {
		for _, k := range []Kind{KAccept, KDecline} {
			m := blank(k)
			m.Seat = int8(q)
			add(m)
		}
	}
	add(blank(KWithdraw))
	pl := &s.players[p]
	one := goods{florins: 1}
	for q := range s.seats {
		offer := func(give goods) {
			m := blank(KOffer)
			m.Seat, m.Give, m.Ask = int8(q), give, one
			add(m)
		}
		for r := range nRes {
			if pl.cubes[r] > 0 {
				var g goods
				g.cubes[r] = 1
				offer(g)
			}
		}
		offer(goods{permit: true})
	}
}

func (s *state) legalEvolution(p int, add func(Move)) []Move {
	var ms []Move
	for a := range trackSize {
		if s.track[a].card < 0 {
			continue
		}
		buyable := s.cardCost(a) <= s.players[p].florins
		alone := true
		for b := range trackSize {
			if b == a || s.track[b].card < 0 {
				continue
			}
			alone = false
			if buyable {
				m := blank(KBuy)
				m.N = [3]int8{int8(a + 1), int8(b + 1), 0}
				ms = append(ms, m)
			}
			if b > a {
				m := blank(KRotate)
				m.N = [3]int8{int8(a + 1), int8(b + 1), 0}
				ms = append(ms, m)
			}
		}
		if alone {
			if buyable {
				m := blank(KBuy)
				m.N = [3]int8{int8(a + 1), 0, 0}
				ms = append(ms, m)
			}
			m := blank(KRotate)
			m.N = [3]int8{int8(a + 1), 0, 0}
			ms = append(ms, m)
		}
	}
	return ms
}
