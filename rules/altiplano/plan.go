package altiplano

import (
	"slices"

	"github.com/pbem-games/pbem/rules"
)

// fits reports whether holder h has a free action space for g (or Coin).
func fits(h holder, g Good) bool {
	goods, coins := h.goods, h.coins
	if g == Coin {
		coins++
	} else {
		goods[g]++
	}
	return slotsHold(designs[h.design].in, goods, coins)
}

// slotsHold reports whether the goods and coins can lie on the action
// spaces in, one each.
func slotsHold(in []slot, goods Goods, coins int) bool {
	coinSlots, anySlots := 0, 0
	var spec Goods
	for _, sl := range in {
		switch sl {
		case slot(Coin):
			coinSlots++
		case anyGood:
			anySlots++
		default:
			spec[sl]++
		}
	}
	if coins > coinSlots {
		return false
	}
	need := 0
	for k := range numGoods {
		if extra := int(goods[k] - spec[k]); extra > 0 {
			if k == Food {
				return false
			}
			need += extra
		}
	}
	return need <= anySlots
}

// accepts reports whether location l's action spaces take good g.
func accepts(l Loc, g Good) bool {
	if g == Coin {
		return false
	}
	if locData[l].accepts == nil {
		return g != Food
	}
	return slices.Contains(locData[l].accepts, g)
}

// cardOf returns the index in p.cards that target t names, or -1 when t is
// not one of p's profession and extensions.
func (p *player) cardOf(t int) int {
	switch {
	case t >= tProf && t < tProf+len(professions):
		if t-tProf != p.prof {
			return -1
		}
		return 0
	case t >= tExt && t < tExt+numDesigns:
		if t-tExt == professions[p.prof].design {
			return -1
		}
		return p.card(t - tExt)
	}
	return -1
}

// targetOf returns the target by which p names its card k.
func (p *player) targetOf(k int) int {
	if k == 0 {
		return tProf + p.prof
	}
	return tExt + p.cards[k].design
}

// checkPut says why seat p may not place good g on target t, or is nil.
func (s *state) checkPut(p *player, t int, g Good) error {
	name := targetName(t)
	if g == Coin {
		k := p.cardOf(t)
		switch {
		case t < tProf:
			return illegal("coins go only on extensions and professions that take them; at the %s you pay when you act", name)
		case k < 0:
			return illegal("you have no %s", name)
		case p.coins == 0:
			return illegal("you have no coins")
		case !fits(p.cards[k], Coin):
			return illegal("the %s takes no more coins", name)
		}
		return nil
	}
	if p.planning[g] == 0 {
		return illegal("you have no %s on your planning spaces", g.Name())
	}
	switch {
	case t >= 0 && t < int(numLocs):
		l := Loc(t)
		if !accepts(l, g) {
			return illegal("no action at the %s uses %s", name, g.Name())
		}
		if p.loc[l].Total() >= locData[l].spaces {
			return illegal("the %d action spaces of the %s are full", locData[l].spaces, name)
		}
	case t == tMove:
		if g != Food {
			return illegal("only food goes on the movement spaces")
		}
		if int(p.move) >= moveSpaces {
			return illegal("the %d movement spaces are full", moveSpaces)
		}
	default:
		k := p.cardOf(t)
		if k < 0 {
			return illegal("you have no %s", name)
		}
		if !fits(p.cards[k], g) {
			return illegal("the %s has no free space for %s", name, g.Name())
		}
	}
	return nil
}

// checkTake says why seat p may not take good g placed this round back
// from target t, or is nil.
func (s *state) checkTake(p *player, t int, g Good) error {
	name := targetName(t)
	ok := false
	switch {
	case t >= 0 && t < int(numLocs):
		ok = g != Coin && p.locNew[t][g] > 0
	case t == tMove:
		ok = g == Food && p.moveNew > 0
	default:
		if k := p.cardOf(t); k >= 0 {
			h := p.cards[k]
			ok = g == Coin && h.coins > 0 || g != Coin && h.fresh[g] > 0
		}
	}
	if !ok {
		return illegal("you placed no %s on the %s this round; goods placed in earlier rounds stay", g.Name(), name)
	}
	return nil
}

// checkBack says why seat p may not pull good g back from target t before
// drawing, or is nil.
func (s *state) checkBack(p *player, t int, g Good) error {
	name := targetName(t)
	if p.planning.Total() >= p.drawSize() {
		return illegal("your planning spaces are full")
	}
	ok := false
	switch {
	case g == Coin:
	case t >= 0 && t < int(numLocs):
		ok = p.loc[t][g] > 0
	case t == tMove:
		ok = g == Food && p.move > 0
	default:
		if k := p.cardOf(t); k >= 0 {
			ok = p.cards[k].goods[g] > 0
		}
	}
	if !ok {
		return illegal("there is no %s on your %s", g.Name(), name)
	}
	return nil
}

// applyPlace moves good g between p's planning spaces (or coins) and
// target t: forth for a placement, back (put false) for a take or a pull.
func (p *player) applyPlace(t int, g Good, put, fresh bool) {
	d := int8(1)
	if !put {
		d = -1
	}
	if g == Coin {
		p.coins -= int(d)
	} else {
		p.planning[g] -= d
	}
	switch {
	case t >= 0 && t < int(numLocs):
		p.loc[t][g] += d
		if fresh {
			p.locNew[t][g] += d
		}
	case t == tMove:
		p.move += d
		if fresh {
			p.moveNew += d
		}
	default:
		k := p.cardOf(t)
		p.cards = slices.Clone(p.cards)
		h := &p.cards[k]
		if g == Coin {
			h.coins += int(d)
			return
		}
		h.goods[g] += d
		if fresh {
			h.fresh[g] += d
		}
	}
}

// targets lists every target p may name: the locations, the movement
// spaces, the profession and the extensions.
func (p *player) targets() []int {
	ts := []int{0, 1, 2, 3, 4, 5, 6, tMove}
	for k := range p.cards {
		ts = append(ts, p.targetOf(k))
	}
	return ts
}

// planMoves lists the legal moves of p in phases 1 and 2. It tries only
// the goods that could move, since Legal is called at every step.
func (s *state) planMoves(p *player) []rules.Move {
	var ms []rules.Move
	if p.stage == stageDraw {
		ms = append(ms, Move{Kind: KindDraw})
		for _, t := range p.targets() {
			for _, g := range p.goodsOn(t, false).kinds() {
				if s.checkBack(p, t, g) == nil {
					ms = append(ms, Move{Kind: KindBack, Target: int8(t), Good: g})
				}
			}
		}
		return ms
	}
	ms = append(ms, Move{Kind: KindDone})
	puts := p.planning.kinds()
	if p.coins > 0 {
		puts = append(puts, Coin)
	}
	for _, t := range p.targets() {
		for _, g := range puts {
			if s.checkPut(p, t, g) == nil {
				ms = append(ms, Move{Kind: KindPut, Target: int8(t), Good: g})
			}
		}
		takes := p.goodsOn(t, true).kinds()
		if k := p.cardOf(t); k >= 0 && p.cards[k].coins > 0 {
			takes = append(takes, Coin)
		}
		for _, g := range takes {
			if s.checkTake(p, t, g) == nil {
				ms = append(ms, Move{Kind: KindTake, Target: int8(t), Good: g})
			}
		}
	}
	return ms
}

// goodsOn is what lies on p's action spaces of target t: all of it, or
// only what was placed this round.
func (p *player) goodsOn(t int, fresh bool) Goods {
	switch {
	case t >= 0 && t < int(numLocs):
		if fresh {
			return p.locNew[t]
		}
		return p.loc[t]
	case t == tMove:
		if fresh {
			return Goods{Food: p.moveNew}
		}
		return Goods{Food: p.move}
	}
	k := p.cardOf(t)
	if k < 0 {
		return Goods{}
	}
	if fresh {
		return p.cards[k].fresh
	}
	return p.cards[k].goods
}

// checkPlan says why seat p may not play m, a move of phases 1 and 2, or
// is nil.
func (s *state) checkPlan(p *player, m Move) error {
	switch m.Kind {
	case KindBack, KindDraw:
		if p.stage != stageDraw {
			return illegal("you have drawn already: place goods with PUT, or DONE")
		}
		if m.Kind == KindBack {
			return s.checkBack(p, int(m.Target), m.Good)
		}
	case KindPut, KindTake, KindDone:
		if p.stage != stagePlan {
			return illegal("draw first: DRAW, or pull goods back from action spaces with BACK")
		}
		if m.Kind == KindPut {
			return s.checkPut(p, int(m.Target), m.Good)
		}
		if m.Kind == KindTake {
			return s.checkTake(p, int(m.Target), m.Good)
		}
	default:
		return illegal("the players are planning: place goods with PUT, or DONE")
	}
	return nil
}

// applyPlan plays m, checked, for seat i.
func (s *state) applyPlan(i int, m Move) {
	p := &s.players[i]
	switch m.Kind {
	case KindBack:
		p.applyPlace(int(m.Target), m.Good, false, false)
		if p.planning.Total() >= p.drawSize() || p.onSpaces().Total() == 0 {
			p.draw()
			p.stage = stagePlan
		}
	case KindDraw:
		p.draw()
		p.stage = stagePlan
	case KindPut:
		p.applyPlace(int(m.Target), m.Good, true, true)
	case KindTake:
		p.applyPlace(int(m.Target), m.Good, false, true)
	case KindDone:
		p.stage = stageDone
	}
	s.settle()
}

// chooseMoves lists the professions left to choose.
func (s *state) chooseMoves() []rules.Move {
	var ms []rules.Move
	for k := range professions {
		if s.profFree(k) {
			ms = append(ms, Move{Kind: KindChoose, Prof: int8(k)})
		}
	}
	return ms
}

// profFree reports whether nobody has profession k yet.
func (s *state) profFree(k int) bool {
	return !slices.ContainsFunc(s.players, func(p player) bool { return p.prof == k })
}

// applyChoose gives the seat choosing profession k; the last to choose,
// seat 0, is the starting player, and the game begins.
func (s *state) applyChoose(k int) {
	s.players[s.turn].prof = k
	s.turn--
	if s.turn < 0 {
		s.turn = 0
		s.begin()
	}
}
