package altiplano

import (
	"slices"

	"github.com/pbem-games/pbem/rules"
)

// checkGo says why p may not move to l by means, or is nil.
func (s *state) checkGo(p *player, l Loc, by Means) error {
	name := locData[l].name
	if p.pawn < 0 {
		if by != ByFree {
			return illegal("your pawn is not on the table yet: place it anywhere for free with GO %s", locNotated(l))
		}
		return nil
	}
	if l == p.pawn {
		return illegal("your pawn is at the %s already", name)
	}
	d := s.distance(p.pawn, l)
	switch by {
	case ByFree:
		if p.freeUsed {
			return illegal("your free cart has moved this round: write GO %s BY CART or BY FOOD", locNotated(l))
		}
	case ByCart:
		if p.carts-1 <= p.cartsUsed {
			return illegal("you have no bought cart left to use this round")
		}
		if p.move < 1 {
			return illegal("a bought cart takes 1 food from your movement spaces, and there is none")
		}
	case ByFood:
		if int(p.move) < d {
			return illegal("the %s is %d steps away and your movement spaces hold %d food", name, d, p.move)
		}
	}
	return nil
}

// applyGo moves p's pawn to l by means, checked.
func (s *state) applyGo(p *player, l Loc, by Means) {
	if p.pawn >= 0 {
		switch by {
		case ByFree:
			p.freeUsed = true
		case ByCart:
			p.cartsUsed++
			p.move--
			p.crate[Food]++
		case ByFood:
			d := int8(s.distance(p.pawn, l))
			p.move -= d
			p.crate[Food] += d
		}
	}
	p.pawn = l
}

// checkTurn says why seat i may not play turn m, or is nil.
func (s *state) checkTurn(i int, m Move) error {
	p := s.players[i] // a copy, moved as the turn says
	if m.Go >= 0 {
		if err := s.checkGo(&p, m.Go, m.By); err != nil {
			return err
		}
		p.pawn = m.Go
	}
	if m.Act == ActPass {
		return nil
	}
	at := m.at()
	if p.pawn < 0 {
		return illegal("place your pawn first: GO %s / %s", locNotated(at), m.actNotated())
	}
	if at != p.pawn {
		return illegal("your pawn is at the %s, not at the %s: move first, e.g. GO %s / %s", locData[p.pawn].name, locData[at].name, locNotated(at), m.actNotated())
	}
	return s.checkAction(&p, m)
}

// applyTurn plays turn m, checked, for seat i.
func (s *state) applyTurn(i int, m Move) {
	p := &s.players[i]
	if m.Go >= 0 {
		s.applyGo(p, m.Go, m.By)
	}
	if m.Act == ActPass {
		p.passed = true
	} else {
		s.applyAction(p, m)
		s.checkSupplies()
	}
	s.nextTurn()
	s.settle()
}

// turnMoves lists the legal turns of seat i.
func (s *state) turnMoves(i int) []rules.Move {
	p := &s.players[i]
	type route struct {
		to Loc
		by Means
	}
	routes := []route{{-1, ByFree}}
	for l := range numLocs {
		for _, by := range []Means{ByFree, ByCart, ByFood} {
			if s.checkGo(p, l, by) == nil {
				routes = append(routes, route{l, by})
			}
		}
	}
	var here [numLocs][]Move
	var done [numLocs]bool
	var ms []rules.Move
	for _, r := range routes {
		ms = append(ms, Move{Kind: KindTurn, Go: r.to, By: r.by, Act: ActPass})
		at := r.to
		if at < 0 {
			at = p.pawn
		}
		if at < 0 {
			continue
		}
		if !done[at] {
			here[at], done[at] = s.actionsAt(p, at), true
		}
		for _, a := range here[at] {
			a.Go, a.By = r.to, r.by
			ms = append(ms, a)
		}
	}
	return ms
}

// actionsAt lists the actions p may perform at location l.
func (s *state) actionsAt(p *player, l Loc) []Move {
	var cands []Move
	add := func(a Act, arg int8, goods Goods) {
		cands = append(cands, Move{Kind: KindTurn, Act: a, Arg: arg, Goods: goods})
	}
	g := p.loc[l]
	switch l {
	case Farm:
		for k := int8(1); k <= g[Alpaca]; k++ {
			add(ActFarmFood, 0, Goods{Food: k})
		}
		add(ActFarmWool, 0, Goods{})
		add(ActFarmFabric, 0, Goods{})
	case Forest:
		add(ActForestWood, 0, Goods{})
		var all Goods
		all[Food], all[Fabric], all[Glass] = g[Cocoa], g[Cocoa], g[Cocoa]
		for _, outs := range all.subsets(func(Good) bool { return true }) {
			add(ActForestTrade, 0, outs)
		}
	case Mine:
		add(ActMineStone, 0, Goods{})
		add(ActMineSilver, 0, Goods{})
	case Port:
		add(ActPortFood, 0, Goods{})
		add(ActPortStone, 0, Goods{})
		for _, b := range distinct(s.boats) {
			add(ActPortBoat, int8(b), Goods{})
		}
	case Village:
		for _, h := range distinct(s.houses) {
			add(ActVillageHouse, int8(h), Goods{})
		}
		for _, sub := range g.subsets(func(k Good) bool { return k != Food }) {
			add(ActVillageStore, 0, sub)
		}
		add(ActVillageCart, 0, Goods{})
	case Market:
		for _, sub := range g.subsets(func(k Good) bool { return goodData[k].price > 0 }) {
			add(ActMarketSell, 0, sub)
		}
		seen := map[int]bool{}
		for _, c := range s.display {
			if c >= 0 && !seen[extCards[c].design] {
				seen[extCards[c].design] = true
				add(ActMarketBuy, int8(extCards[c].design), Goods{})
			}
		}
		for _, c := range s.contracts {
			add(ActMarketContract, int8(c), Goods{})
		}
		if p.contract >= 0 {
			for _, sub := range g.subsets(func(Good) bool { return true }) {
				add(ActMarketDeliver, 0, sub)
			}
		}
	case Road:
		add(ActRoadBuild, 0, Goods{})
	}
	for k, h := range p.cards {
		if designs[h.design].loc == l {
			cands = append(cands, Move{Kind: KindTurn, Act: ActCard, Target: int8(p.targetOf(k))})
		}
	}
	var out []Move
	for _, m := range cands {
		if s.checkAction(p, m) == nil {
			out = append(out, m)
		}
	}
	return out
}

// distinct returns the different goods of gs, ascending.
func distinct(gs []Good) []Good {
	out := slices.Clone(gs)
	slices.Sort(out)
	return slices.Compact(out)
}
