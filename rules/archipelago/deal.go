package archipelago

// Deals. The player to act may offer another player a deal: florins,
// cubes, explorer tokens and a harvest permit, never units or discs. The
// rulebook allows it in three places: in the actions phase ("players may
// negotiate, trade, sell, give, or lend anything except units or action
// discs"), when the highest bidder sets the turn order ("negotiations and
// bribes are encouraged") and in a domestic consumption crisis
// ("negotiations are allowed"). The addressee accepts or declines as their
// move; both sides change hands at once, and the deal is refused if either
// side no longer holds its goods. An offer lapses when the offerer's turn
// ends: with the disc or pass that ends an actions turn, with the order set,
// or with the offerer's gift to the crisis.

// mostOffers is how many offers a player may make in one turn. House: an
// offer waits for the other player's mail, so one a turn keeps the game
// moving; a turn always ends.
const mostOffers = 1

// controls counts the regions seat p controls.
func (s *state) controls(p int) int { return s.owned(p, bCity) }

// lacks says what seat p lacks of g, or "".
func (s *state) lacks(p int, g goods) string {
	pl := &s.players[p]
	switch {
	case g.florins > pl.florins:
		return florins(g.florins)
	case g.tokens > int(pl.tokens):
		return plural(g.tokens, "explorer token", "explorer tokens")
	case g.permit && s.controls(p) == 0:
		return "a region to permit harvesting in"
	}
	for r, n := range g.cubes {
		if n > int(pl.cubes[r]) {
			return itoa(n) + " " + resNames[r]
		}
	}
	return ""
}

func validGoods(g goods) bool {
	if g.florins < 0 || g.tokens < 0 {
		return false
	}
	for _, n := range g.cubes {
		if n < 0 {
			return false
		}
	}
	return true
}

// dealsOpen reports whether the player to act may make deals now.
func (s *state) dealsOpen() bool {
	switch s.phase {
	case phActions, phOrder:
		return true
	case phCrisis:
		return s.crisis.kind == qHome
	}
	return false
}

// lapse ends the deals of a turn: an open offer lapses.
func (s *state) lapse() {
	if s.deal.open {
		s.log("The offer of " + s.name(int(s.deal.from)) + " lapsed.")
	}
	s.deal = offer{}
	s.offers = 0
}

func (s *state) checkDeal(p int, m Move) error {
	if !s.dealsOpen() {
		return illegal("deals are made only in the actions phase, while the turn order is set and in a domestic crisis; now %s", s.waitingFor())
	}
	switch m.Kind {
	case KOffer:
		q := int(m.Seat)
		switch {
		case p != s.actor():
			return illegal("only the player to act may offer a deal: %s", s.waitingFor())
		case s.migrating:
			return illegal("finish your migration first: move units that have not moved yet (MIGRATE ...) or say DONE")
		case s.deal.open:
			return illegal("your offer to %s is still open: wait for the answer or WITHDRAW it", s.name(int(s.deal.to)))
		case s.offers >= mostOffers:
			return illegal("you have made %d offers this turn; take an action", mostOffers)
		case q < 0 || q >= s.seats:
			return illegal("there is no such player in this game")
		case q == p:
			return illegal("you cannot make a deal with yourself")
		case !validGoods(m.Give) || !validGoods(m.Ask):
			return illegal("amounts in a deal are 0 or more")
		case m.Give.empty() && m.Ask.empty():
			return illegal("a deal must move something")
		}
		if what := s.lacks(p, m.Give); what != "" {
			return illegal("you cannot offer that: you lack %s", what)
		}
		if m.Ask.permit && s.controls(q) == 0 {
			return illegal("%s controls no region, so has no permit to give", s.name(q))
		}
		return nil
	case KWithdraw:
		if !s.deal.open || p != int(s.deal.from) {
			return illegal("you have no open offer")
		}
		return nil
	}
	if !s.deal.open || p != int(s.deal.to) {
		return illegal("nobody has offered you a deal")
	}
	if int(m.Seat) != int(s.deal.from) {
		return illegal("the offer is from %s: write %s %s", s.name(int(s.deal.from)), map[Kind]string{KAccept: "ACCEPT", KDecline: "DECLINE"}[m.Kind], upper(colors[s.deal.from]))
	}
	if m.Kind == KAccept {
		if what := s.lacks(int(s.deal.from), s.deal.give); what != "" {
			return illegal("the deal cannot be made: %s no longer has %s", s.name(int(s.deal.from)), what)
		}
		if what := s.lacks(p, s.deal.ask); what != "" {
			return illegal("the deal cannot be made: you lack %s", what)
		}
	}
	return nil
}

func (s *state) doDeal(p int, m Move) {
	switch m.Kind {
	case KOffer:
		s.offers++
		s.deal = offer{open: true, from: int8(p), to: m.Seat, give: m.Give, ask: m.Ask}
		s.log(s.name(p) + " offers " + s.name(int(m.Seat)) + " " + goodsWords(m.Give) + " for " + goodsWords(m.Ask) + ".")
	case KWithdraw:
		s.log(s.name(p) + " withdrew the offer.")
		s.deal = offer{}
	case KDecline:
		s.log(s.name(p) + " declined the offer.")
		s.deal = offer{}
	case KAccept:
		d := s.deal
		s.transfer(int(d.from), int(d.to), d.give)
		s.transfer(int(d.to), int(d.from), d.ask)
		s.log(s.name(p) + " accepted: " + s.name(int(d.from)) + " gave " + goodsWords(d.give) + " for " + goodsWords(d.ask) + ".")
		s.deal = offer{}
	}
}

// transfer moves goods g from seat a to seat b.
func (s *state) transfer(a, b int, g goods) {
	pa, pb := &s.players[a], &s.players[b]
	pa.florins -= g.florins
	pb.florins += g.florins
	pa.tokens -= int8(g.tokens)
	pb.tokens += int8(g.tokens)
	for r, n := range g.cubes {
		pa.cubes[r] -= int8(n)
		pb.cubes[r] += int8(n)
	}
	if g.permit {
		s.permits[a] |= 1 << b
	}
}
