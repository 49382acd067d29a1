package archipelago

import (
	"github.com/pbem-games/pbem/rules"
)

// advance runs what needs no move, up to the next move or the end.
func (s *state) advance() {
	s.checkEnd()
	s.lapseEnded()
	if s.phase == phPlace && !s.over {
		s.readyPlacer()
	}
}

// startRound begins a round with phase 1 (skipped in the first round) and
// phase 2.
func (s *state) startRound() {
	if s.round > 1 {
		s.unlink()
	}
	s.phase = phBid
	s.rebid = 0
	s.shown = false
	for p := range s.seats {
		s.players[p].hasBid = false
		s.players[p].bid = 0
	}
}

// unlink is phase 1: cards turn back, units leave the resource icons,
// rebels stand up, permits lapse, and income cards pay.
func (s *state) unlink() {
	for h := range nHex {
		s.occ[h] = [nRes]int8{}
		for p := range s.seats {
			u := &s.units[h][p]
			u.cit += u.citLinked + u.rebels
			u.ship += u.shipLink
			u.citLinked, u.rebels, u.shipLink = 0, 0, 0
		}
	}
	for p := range s.seats {
		pl := &s.players[p]
		pl.used = 0
		pl.market, pl.port = false, false
		s.permits[p] = 0
		if inc := s.effectSum(p, effIncome); inc > 0 {
			got := s.fromBank(p, inc)
			s.logf("%s's cards brought %s.", s.who(p), florinsPhrase(got))
		}
	}
	s.logf("Round %d: units left the resource icons and the rebels stood up.", s.round)
}

// mustBid reports whether seat p still has to bid.
func (s *state) mustBid(p int) bool {
	if s.phase != phBid || s.players[p].hasBid {
		return false
	}
	return s.rebid == 0 || s.rebid&(1<<p) != 0
}

// sealedBid reports whether seat p has a bid that is not revealed yet.
func (s *state) sealedBid(p int) bool {
	return s.phase == phBid && s.players[p].hasBid && (s.rebid == 0 || s.rebid&(1<<p) != 0)
}

// bid records seat p's sealed bid and, once all are in, reveals them.
func (s *state) bid(p, amount int) {
	s.players[p].bid = amount
	s.players[p].hasBid = true
	for q := range s.seats {
		if s.mustBid(q) {
			return
		}
	}
	s.revealBids()
}

// revealBids pays all bids to the bank and finds who sets the order.
func (s *state) revealBids() {
	best, n, top := -1, 0, 0
	var bids []rules.Phrase
	for i := range s.seats {
		p := s.seatAt(i)
		if s.rebid != 0 && s.rebid&(1<<p) == 0 {
			continue
		}
		b := s.players[p].bid
		s.bids[p] = b
		s.payBank(p, b)
		bids = append(bids, say("%s %d", s.who(p), b))
		switch {
		case b > best:
			best, n, top = b, 1, p
		case b == best:
			n++
		}
	}
	s.shown = true
	s.logf("Bids revealed: %s.", join(", ", bids))
	second := s.rebid != 0
	switch {
	case best <= 0:
		s.logf("Nobody bid: the turn order stays.")
		s.afterOrder()
	case n == 1:
		s.chooser = int8(top)
		s.phase = phOrder
		s.logf("%s bid highest and sets the turn order.", s.who(top))
	case second:
		s.logf("A tie again: the turn order stays.")
		s.afterOrder()
	default:
		s.rebid = 0
		for p := range s.seats {
			if s.bids[p] == best {
				s.rebid |= 1 << p
				s.players[p].hasBid = false
				s.players[p].bid = 0
			}
		}
		s.logf("A tie for the highest bid: the tied players bid again.")
	}
}

// setOrder is the chosen turn order.
func (s *state) setOrder(order [maxSeats]int8) {
	s.order = order
	s.afterOrder()
}

// afterOrder runs phases 3 and 4 (not in the first round) and starts the
// actions.
func (s *state) afterOrder() {
	s.rebid = 0
	if s.round > 1 {
		s.populationEffects()
		if s.checkEnd() {
			return
		}
		s.balance()
		return
	}
	s.startActions()
}

// populationEffects is phase 3: boards I to IV in order.
func (s *state) populationEffects() {
	reb, exc := 0, 0
	for r := range nRes {
		dr, de := zoneEffect(homeZone, int(s.home[r]))
		reb, exc = reb+dr, exc+de
	}
	s.moveRebellion(reb)
	s.moveExcess(exc)
	exc2 := 0
	for r := range nRes {
		_, de := zoneEffect(exportZone, int(s.export[r]))
		exc2 += de
	}
	s.moveExcess(exc2)
	b := bandAt(populationTrack, s.population())
	s.moveExcess(b.excess)
	s.moveRebellion(b.rebel)
	w := bandAt(excessTrack, s.excess)
	s.moveRebellion(w.rebel)
	s.logf("Population effects: domestic market rebellion %+d and excess workers %+d; export market excess workers %+d; "+
		"population %d moves excess workers %+d and rebellion %+d; excess workers %d move rebellion %+d. Rebellion is now %d, excess workers %d.",
		reb, exc, exc2, s.population(), b.excess, b.rebel, s.excess, w.rebel, s.rebellion, s.excess)
}

// zoneEffect is the population effect of a market zone holding n cubes:
// the row of its last cube, or the empty zone's.
func zoneEffect(z zone, n int) (rebel, excess int) {
	if n == 0 {
		return z.empty[0], z.empty[1]
	}
	row := (n - 1) / z.perRow
	return z.rebel[row], z.excess[row]
}

// startActions is phase 5.
func (s *state) startActions() {
	s.phase = phActions
	s.explored, s.taxed, s.reproduced, s.coins = 0, 0, 0, 0
	for p := range s.seats {
		s.players[p].discsUsed = 0
		s.players[p].passed = false
	}
	s.turn = -1
	s.nextActor()
}

// discsLeft is how many discs seat p may still place this round.
func (s *state) discsLeft(p int) int {
	if s.players[p].passed {
		return 0
	}
	return s.discs() - int(s.players[p].discsUsed)
}

// nextActor ends the current turn and finds the next player with discs.
func (s *state) nextActor() {
	s.credits = [2]int8{}
	if s.turn >= 0 && s.checkTurnEnd() {
		return
	}
	for i := 1; i <= s.seats; i++ {
		t := (int(s.turn) + i + s.seats) % s.seats
		if s.turn < 0 {
			t = i - 1
		}
		if s.discsLeft(s.seatAt(t)) > 0 {
			s.turn = int8(t)
			return
		}
	}
	s.startEvolution()
}

// endRound checks the year printed on the objectives and starts the next
// round.
func (s *state) endRound() {
	if s.checkEnd() || s.checkYear() {
		return
	}
	s.round++
	s.startRound()
}

// Stage is the stretch of play a programmed list sent now is for: the
// initial exploration, or a round; pbem drops what is left of a list when
// its round ends, so a line written for one round's actions is never
// read as the next round's bid.
func (s *state) Stage() string { return s.StagePhrase().String() }

// StagePhrase names the stage as a phrase.
func (s *state) StagePhrase() rules.Phrase {
	if s.round == 0 {
		return say("the initial exploration")
	}
	return say("round %d", s.round)
}

// Replace refuses a bid that a mail's first move line makes while the
// seat's sealed bid stands and the others still bid: such a line is not
// kept for a later turn, since a sealed bid cannot change and the next
// bidding is another round's, whose list this one is not. Nothing else
// is replaced: no move of Archipelago is taken back.
func (s *state) Replace(seat rules.Seat, first string) ([]rules.Move, error) {
	if s.phase != phBid || int(seat) < 0 || int(seat) >= s.seats || !s.players[seat].hasBid {
		return nil, nil
	}
	if m, err := s.Parse(seat, first); err == nil {
		if mv, ok := m.(Move); ok && mv.Kind == KBid {
			return nil, s.mayMove(int(seat))
		}
	}
	return nil, nil
}
