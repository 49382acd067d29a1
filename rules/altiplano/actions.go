package altiplano

import (
	"slices"
	"strings"

	"github.com/pbem-games/pbem/rules"
)

// upper is strings.ToUpper, for names in moves.
func upper(s string) string { return strings.ToUpper(s) }

// title is a location's or card's name with a capital, for sentences.
func title(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// conversion is an action that turns fixed goods on its location's action
// spaces into fixed goods from the supply.
type conversion struct {
	what       string // what it makes, as a refusal names it
	cost, gain Goods
}

// conversions are the actions that are conversions and nothing more.
var conversions = map[Act]conversion{
	ActFarmWool:   {"wool", of(Alpaca, Food), of(Wool)},
	ActFarmFabric: {"fabric", of(Wool, Food), of(Fabric)},
	ActForestWood: {"wood", of(Food, Food), of(Wood)},
	ActMineStone:  {"stone", of(Food, Food), of(Stone)},
	ActMineSilver: {"silver", of(Ore, Food), of(Silver)},
	ActPortFood:   {"food from fish", of(Fish, Food), of(Food)},
	ActPortStone:  {"stone from fish", of(Fish, Fish), of(Stone)},
}

// checkAction says why p, whose pawn is at the action's location, may not
// perform the action of turn m, or is nil.
func (s *state) checkAction(p *player, m Move) error {
	l := m.at()
	have := p.loc[l]
	where := title(locData[l].name)
	needs := func(what string, goods Goods) error {
		if have.Has(goods) {
			return nil
		}
		return illegal("%s needs %s on your action spaces at the %s, which hold %s", rules.Say(what), goods, where, have)
	}
	gives := func(goods Goods) error {
		for g := range numGoods {
			if s.supply[g] < goods[g] {
				if h := goodData[g].home; h >= 0 {
					return illegal("the %s has only %d %s left", title(locData[h].name), s.supply[g], g.Name())
				}
				return illegal("the centre has only %d %s left", s.supply[g], g.Name())
			}
		}
		return nil
	}
	both := func(a, b error) error {
		if a != nil {
			return a
		}
		return b
	}
	if c, ok := conversions[m.Act]; ok {
		return both(needs(c.what, c.cost), gives(c.gain))
	}
	switch m.Act {
	case ActFarmFood:
		k := m.Goods[Food]
		if k < 1 || m.Goods.Total() != int(k) {
			return illegal("write FARM FOOD for one alpaca, FARM FOOD+FOOD for two")
		}
		return both(needs("food from alpacas", Goods{Alpaca: k}), gives(Goods{Food: k}))
	case ActForestTrade:
		k := m.Goods.Total()
		if k == 0 || m.Goods[Food]+m.Goods[Fabric]+m.Goods[Glass] != int8(k) {
			return illegal("cocoa trades for food, fabric or glass, e.g. FOREST TRADE FOOD+GLASS")
		}
		return both(needs("trading cocoa", Goods{Cocoa: int8(k)}), gives(m.Goods))
	case ActPortBoat:
		if !slices.Contains(s.boats, Good(m.Arg)) {
			return illegal("no boat giving %s is left at the Port", Good(m.Arg).Name())
		}
		return needs("a boat", of(Wood, Wood))
	case ActVillageHouse:
		if !slices.Contains(s.houses, Good(m.Arg)) {
			return illegal("no house favouring %s is left in the Village", Good(m.Arg).Name())
		}
		return needs("a house", of(Stone, Stone))
	case ActVillageStore:
		return s.checkStore(p, m.Goods, needs)
	case ActVillageCart:
		switch {
		case p.boughtCart:
			return illegal("you have bought a cart this round already")
		case p.carts >= maxCarts:
			return illegal("you have %d carts, the most there may be", maxCarts)
		case s.carts == 0:
			return illegal("the Village has no carts left")
		case p.coins < 1:
			return illegal("a cart costs 1 coin and you have none")
		}
	case ActMarketSell:
		if m.Goods.Total() == 0 {
			return illegal("name the goods to sell, e.g. MARKET SELL WOOL")
		}
		for _, g := range m.Goods.list() {
			if goodData[g].price == 0 {
				return illegal("the Market buys no %s", g.Name())
			}
		}
		return needs("selling", m.Goods)
	case ActMarketBuy:
		return s.checkBuy(p, int(m.Arg))
	case ActMarketContract:
		switch {
		case !slices.Contains(s.contracts, int(m.Arg)):
			return illegal("contract %d is not at the Market", m.Arg+1)
		case p.contract >= 0:
			return illegal("you have an open contract (%d); complete it first", p.contract+1)
		case p.coins < 1:
			return illegal("a contract costs 1 coin and you have none")
		}
	case ActMarketDeliver:
		if p.contract < 0 {
			return illegal("you have no open contract")
		}
		if m.Goods.Total() == 0 {
			return illegal("name the goods to deliver, e.g. MARKET DELIVER WOOL")
		}
		if missing := contracts[p.contract].need.Minus(p.delivered); !missing.Has(m.Goods) {
			return illegal("your contract %d still needs %s", p.contract+1, missing)
		}
		return needs("delivering", m.Goods)
	case ActRoadBuild:
		if p.road >= len(roadTrack) {
			return illegal("your road is complete")
		}
		return needs("a road", of(Stone, Wood))
	case ActCard:
		return s.checkCard(p, m)
	default:
		return illegal("that is not an action")
	}
	return nil
}

// checkStore says why p may not store goods from the Village's spaces.
func (s *state) checkStore(p *player, goods Goods, needs func(string, Goods) error) error {
	switch {
	case goods.Total() == 0:
		return illegal("name the goods to store, e.g. VILLAGE STORE WOOL")
	case goods[Food] > 0:
		return illegal("food cannot be stored")
	}
	if err := needs("storing", goods); err != nil {
		return err
	}
	if !canStore(p.rows, goods) {
		return illegal("your warehouse has no room for %s: each row holds one kind", goods)
	}
	return nil
}

// cheapest returns the display space of the cheapest card of design d, or -1.
func (s *state) cheapest(d int) int {
	for i, c := range s.display {
		if c >= 0 && extCards[c].design == d {
			return i
		}
	}
	return -1
}

// checkBuy says why p may not buy an extension of design d.
func (s *state) checkBuy(p *player, d int) error {
	if d < 0 || d >= numDesigns {
		return illegal("there is no such extension")
	}
	name := designs[d].name
	i := s.cheapest(d)
	switch {
	case i < 0:
		return illegal("no %s is on the display", name)
	case p.boughtExt:
		return illegal("you have bought an extension this round already")
	case professions[p.prof].design == d:
		return illegal("the %s's action is your profession's", name)
	case p.owns(d):
		return illegal("you have a %s already", name)
	}
	if cost := designs[d].price + surcharge[i]; p.coins < cost {
		return illegal("the %s costs %d coins and you have %d", name, cost, p.coins)
	}
	return nil
}

// checkCard says why p may not perform the action of a profession or
// extension.
func (s *state) checkCard(p *player, m Move) error {
	k := p.cardOf(int(m.Target))
	if k < 0 {
		return illegal("you have no %s", targetName(int(m.Target)))
	}
	h := p.cards[k]
	dg := designs[h.design]
	name := targetName(int(m.Target))
	if dg.store {
		if h.goods.Total() == 0 {
			return illegal("the %s holds no goods to store", name)
		}
		if !canStore(p.rows, h.goods) {
			return illegal("your warehouse has no room for %s", h.goods)
		}
		return nil
	}
	if h.goods.Total()+h.coins < len(dg.in) {
		return illegal("the %s's action spaces are not all filled", name)
	}
	for g := range numGoods {
		if s.supply[g] < dg.out[g] {
			return illegal("no %s is left", g.Name())
		}
	}
	return nil
}

// use takes goods from p's action spaces at l into the crate.
func (p *player) use(l Loc, goods Goods) {
	p.loc[l] = p.loc[l].Minus(goods)
	p.crate = p.crate.Plus(goods)
}

// gain moves goods from the supply to p: corn straight into the warehouse
// (public fact: "corn goes straight into the warehouse"), whatever brings
// it, the rest into the crate.
func (s *state) gain(p *player, goods Goods) {
	s.supply = s.supply.Minus(goods)
	for range goods[Corn] {
		p.storeCorn()
	}
	goods[Corn] = 0
	p.crate = p.crate.Plus(goods)
}

// removeOne returns gs without one x, as a new slice.
func removeOne[T comparable](gs []T, x T) []T {
	i := slices.Index(gs, x)
	return slices.Concat(gs[:i], gs[i+1:])
}

// applyAction performs the action of turn m, checked, for p.
func (s *state) applyAction(p *player, m Move) {
	if c, ok := conversions[m.Act]; ok {
		p.use(m.at(), c.cost)
		s.gain(p, c.gain)
		return
	}
	switch m.Act {
	case ActFarmFood:
		p.use(Farm, Goods{Alpaca: m.Goods[Food]})
		s.gain(p, m.Goods)
	case ActForestTrade:
		p.use(Forest, Goods{Cocoa: int8(m.Goods.Total())})
		s.gain(p, m.Goods)
	case ActPortBoat:
		g := Good(m.Arg)
		p.use(Port, of(Wood, Wood))
		s.boats = removeOne(s.boats, g)
		p.boats = append(slices.Clip(p.boats), g)
		if s.supply[g] > 0 {
			s.gain(p, of(g))
		}
	case ActVillageHouse:
		g := Good(m.Arg)
		p.use(Village, of(Stone, Stone))
		s.houses = removeOne(s.houses, g)
		p.houses = append(slices.Clip(p.houses), g)
	case ActVillageStore:
		p.loc[Village] = p.loc[Village].Minus(m.Goods)
		p.store(m.Goods)
	case ActVillageCart:
		p.coins--
		p.carts++
		s.carts--
		p.boughtCart = true
	case ActMarketSell:
		p.use(Market, m.Goods)
		for _, g := range m.Goods.list() {
			p.coins += goodData[g].price
		}
	case ActMarketBuy:
		d := int(m.Arg)
		i := s.cheapest(d)
		p.coins -= designs[d].price + surcharge[i]
		s.display[i] = -1
		p.cards = append(slices.Clip(p.cards), holder{design: d})
		p.boughtExt = true
		s.bought = true
	case ActMarketContract:
		p.coins--
		p.contract, p.delivered = int(m.Arg), Goods{}
		s.contracts = removeOne(s.contracts, int(m.Arg))
	case ActMarketDeliver:
		p.loc[Market] = p.loc[Market].Minus(m.Goods)
		p.delivered = p.delivered.Plus(m.Goods)
		if p.delivered == contracts[p.contract].need {
			p.done = append(slices.Clip(p.done), p.contract)
			p.contract, p.delivered = -1, Goods{}
			s.gainCorn(p)
		}
	case ActRoadBuild:
		p.use(Road, of(Stone, Wood))
		p.road++
		if roadTrack[p.road-1].corn {
			s.gainCorn(p)
		}
	case ActCard:
		k := p.cardOf(int(m.Target))
		p.cards = slices.Clone(p.cards)
		h := &p.cards[k]
		dg := designs[h.design]
		if dg.store {
			p.store(h.goods)
		} else {
			p.crate = p.crate.Plus(h.goods)
			s.gain(p, dg.out)
		}
		h.goods, h.coins = Goods{}, 0
	}
}
