package altiplano

import (
	"github.com/pbem-games/pbem/rules"
)

// recipe is something worth planning: the goods to place on a target, and
// roughly what carrying it out is worth.
type recipe struct {
	target int
	goods  Goods
	worth  int
}

// recipes lists what seat p could plan this round, best first.
func (s *state) recipes(p *player) []recipe {
	rs := []recipe{
		{int(Mine), of(Ore, Food), 9},
		{int(Farm), of(Wool, Food), 8},
		{int(Village), of(Stone, Stone), 8},
		{int(Road), of(Stone, Wood), 7},
		{int(Forest), of(Cocoa), 6},
		{int(Port), of(Wood, Wood), 6},
		{int(Farm), of(Alpaca, Food), 6},
		{int(Port), of(Fish, Food), 4},
		{int(Farm), of(Alpaca), 3},
		{int(Mine), of(Food, Food), 3},
		{int(Forest), of(Food, Food), 2},
		{int(Port), of(Fish, Fish), 2},
	}
	for k, h := range p.cards {
		var g Goods
		for _, sl := range designs[h.design].in {
			if sl != slot(Coin) && sl != anyGood {
				g[sl]++
			}
		}
		if g.Total() > 0 {
			rs = append(rs, recipe{p.targetOf(k), g, 7})
		}
	}
	for _, g := range []Good{Silver, Fabric, Glass, Wool, Cocoa} {
		if p.planning[g] > 1 {
			rs = append(rs, recipe{int(Market), of(g), 2})
		}
	}
	if p.contract >= 0 {
		need := contracts[p.contract].need.Minus(p.delivered)
		for g := range numGoods {
			if need[g] > 0 && p.planning[g] > 0 {
				rs = append(rs, recipe{int(Market), of(g), 5})
			}
		}
	}
	for _, g := range []Good{Silver, Fabric, Wool, Glass, Corn} {
		if p.planning[g] > 0 && canStore(p.rows, of(g)) {
			rs = append(rs, recipe{int(Village), of(g), 3})
		}
	}
	if p.planning[Food] > 0 {
		rs = append(rs, recipe{tMove, of(Food), 1})
	}
	return rs
}

// botPlan places one good for the best recipe the planning spaces can
// complete, or is DONE.
func botPlan(st *state, i rules.Seat) rules.Move {
	p := &st.players[i]
	if p.stage == stageDraw {
		return Move{Kind: KindDraw}
	}
	for _, h := range p.cards {
		for _, sl := range designs[h.design].in {
			t := p.targetOf(p.card(h.design))
			if sl == slot(Coin) && p.coins > 0 && st.checkPut(p, t, Coin) == nil {
				return Move{Kind: KindPut, Target: int8(t), Good: Coin}
			}
		}
	}
	for _, r := range st.recipes(p) {
		var have Goods
		switch {
		case r.target < int(numLocs):
			have = p.loc[r.target]
		case r.target == tMove:
			have[Food] = p.move
		default:
			have = p.cards[p.cardOf(r.target)].goods
		}
		missing := r.goods
		for g := range numGoods {
			missing[g] = max(0, missing[g]-have[g])
		}
		if missing.Total() == 0 || !p.planning.Has(missing) {
			continue
		}
		g := missing.list()[0]
		if st.checkPut(p, r.target, g) == nil {
			return Move{Kind: KindPut, Target: int8(r.target), Good: g}
		}
	}
	return Move{Kind: KindDone}
}

// worth is how a bot values seat i's position: points, and a little for
// coins, food and what makes goods later.
func worth(st *state, i int) int {
	p := &st.players[i]
	v := 10 * st.score(i).Total
	v += 3*min(p.coins, 8) + 2*min(int(p.held()[Food]), 8) + 12*(len(p.cards)-1) + 6*p.carts + 8*p.road
	v += 6 * p.stored().Total()
	if p.contract >= 0 {
		v += 6 + 15*p.delivered.Total()
	}
	return v
}

// greedyPlayer plans with botPlan and, acting, takes the move that most
// raises worth, preferring not to move the pawn; it passes when nothing
// helps. One move in ten is random, so games differ.
func greedyPlayer(st rules.State, i rules.Seat, legal []rules.Move, r *rules.Rand) rules.Move {
	s := st.(*state)
	switch s.phase {
	case phasePlan:
		return botPlan(s, i)
	case phaseChoose:
		return legal[r.IntN(len(legal))]
	}
	if r.IntN(10) == 0 {
		return legal[r.IntN(len(legal))]
	}
	base := worth(s, int(i))
	var best rules.Move = Move{Kind: KindTurn, Go: -1, Act: ActPass}
	bestVal := 0
	for _, m := range legal {
		mv := m.(Move)
		if mv.Act == ActPass {
			continue
		}
		next, err := s.Apply(i, m)
		if err != nil {
			panic(err)
		}
		val := worth(next.(*state), int(i)) - base
		switch mv.By {
		case ByCart:
			val -= 2
		case ByFood:
			val -= 3 * s.distance(s.players[i].pawn, mv.Go)
		}
		if val > bestVal {
			best, bestVal = m, val
		}
	}
	return best
}
