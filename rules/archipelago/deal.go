package archipelago

import "github.com/pbem-games/pbem/rules"

// Deals. Any player may offer any other a deal, whether or not it is
// their turn: florins, cubes, explorer tokens and a harvest permit, never
// units or discs. The rulebook allows it in three places: in the actions
// phase ("players may negotiate, trade, sell, give, or lend anything
// except units or action discs"), when the highest bidder sets the turn
// order ("negotiations and bribes are encouraged") and in a domestic
// consumption crisis ("negotiations are allowed"). The game waits for no
// deal: the addressee answers ACCEPT or DECLINE whenever they next write,
// in turn or not (rules.OutOfTurn); both sides change hands at once, and
// the deal is refused if either side no longer holds its goods. An offer
// stands until it is answered or withdrawn, or until the phase it was made
// in ends.
//
// House: a player has one offer open at a time, and offers each other
// player once a phase, so that ACCEPT RED always means the one offer Red
// made, as the addressee read it: an offer withdrawn is not replaced by
// other terms under the same words.

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

// dealsOpen reports whether deals may be made now.
func (s *state) dealsOpen() bool {
	switch s.phase {
	case phActions, phOrder:
		return true
	case phCrisis:
		return s.crisis.kind == qHome
	}
	return false
}

// dealStage names the stretch of play in which deals are made: the
// offers made in one lapse when it ends.
func (s *state) dealStage() int {
	if !s.dealsOpen() {
		return -1
	}
	return s.round*16 + s.phase
}

// lapseEnded ends the deals of a stretch that is over: every open offer
// lapses, and each player may offer each other once again.
func (s *state) lapseEnded() {
	if s.dealStage() == s.dealsIn {
		return
	}
	for p := range s.seats {
		if d := s.deals[p]; d.open {
			s.logf("The offer of %s to %s lapsed.", s.who(p), s.who(int(d.to)))
		}
	}
	s.deals = [maxSeats]offer{}
	s.offered = [maxSeats]uint8{}
	s.dealsIn = s.dealStage()
}

// Lapsed lists the seats whose offer stood in before and lapsed on the
// way to s (rules.Lapsing): the stretch of deals it was made in ended.
func (s *state) Lapsed(before rules.State) []rules.Seat {
	b, ok := before.(*state)
	if !ok || b.dealsIn == s.dealsIn {
		return nil
	}
	var out []rules.Seat
	for p := range b.seats {
		if b.deals[p].open {
			out = append(out, rules.Seat(p))
		}
	}
	return out
}

// offerTo returns the open offer of seat from to seat to, if any.
func (s *state) offerTo(from, to int) (offer, bool) {
	if from < 0 || from >= s.seats {
		return offer{}, false
	}
	d := s.deals[from]
	return d, d.open && int(d.to) == to
}

// offersTo lists the seats with an open offer to seat p.
func (s *state) offersTo(p int) []int {
	var out []int
	for q := range s.seats {
		if _, ok := s.offerTo(q, p); ok {
			out = append(out, q)
		}
	}
	return out
}

// OutOfTurn reports whether m is a move of a deal, which a player may
// make whether or not it is their turn.
func (s *state) OutOfTurn(m rules.Move) bool {
	mv, ok := m.(Move)
	if !ok {
		return false
	}
	switch mv.Kind {
	case KOffer, KAccept, KDecline, KWithdraw:
		return true
	}
	return false
}

func (s *state) checkDeal(p int, m Move) error {
	if !s.dealsOpen() {
		return illegal("deals are made only in the actions phase, while the turn order is set and in a domestic crisis; now %s", s.waitingFor())
	}
	switch m.Kind {
	case KOffer:
		q := int(m.Seat)
		switch {
		case s.migrating && p == s.actor():
			return illegal("finish your migration first: move units that have not moved yet (MIGRATE ...) or say DONE")
		case s.deals[p].open:
			return illegal("your offer to %s is still open: wait for the answer or WITHDRAW it", s.name(int(s.deals[p].to)))
		case q < 0 || q >= s.seats:
			return illegal("there is no such player in this game")
		case q == p:
			return illegal("you cannot make a deal with yourself")
		case s.dealsIn == s.dealStage() && s.offered[p]&(1<<q) != 0:
			return illegal("you have made %s an offer in this phase already: one offer to each player a phase", s.name(q))
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
		if !s.deals[p].open {
			return illegal("you have no open offer")
		}
		return nil
	}
	from := int(m.Seat)
	d, ok := s.offerTo(from, p)
	if !ok {
		return s.noOffer(p, m.Kind)
	}
	if m.Kind == KAccept {
		if s.lacks(from, d.give) != "" {
			// What the offerer lacks lies behind their screen: the
			// addressee learns only that the offer cannot be made, as at
			// the table.
			return illegal("the offer of %s no longer stands: %s cannot make it now", s.name(from), s.name(from))
		}
		if what := s.lacks(p, d.ask); what != "" {
			return illegal("the deal cannot be made: you lack %s", what)
		}
	}
	return nil
}

// noOffer says why seat p's answer of kind names no offer made to it.
func (s *state) noOffer(p int, k Kind) error {
	if from := s.offersTo(p); len(from) > 0 {
		return illegal("the offers to you are from %s: write %s and the colour of the player whose offer you answer",
			join(", ", namePhrases(s, from)), map[Kind]string{KAccept: "ACCEPT", KDecline: "DECLINE"}[k])
	}
	return illegal("nobody has offered you a deal")
}

// namePhrases are the names of seats ps as phrases.
func namePhrases(s *state, ps []int) []rules.Phrase {
	var out []rules.Phrase
	for _, p := range ps {
		out = append(out, s.who(p))
	}
	return out
}

func (s *state) doDeal(p int, m Move) {
	switch m.Kind {
	case KOffer:
		s.lapseEnded()
		s.offered[p] |= 1 << m.Seat
		s.deals[p] = offer{open: true, to: m.Seat, give: m.Give, ask: m.Ask}
		s.logf("%s offers %s %s for %s.", s.who(p), s.who(int(m.Seat)), goodsPhrase(m.Give), goodsPhrase(m.Ask))
	case KWithdraw:
		s.logf("%s withdrew the offer to %s.", s.who(p), s.who(int(s.deals[p].to)))
		s.deals[p] = offer{}
	case KDecline:
		s.logf("%s declined the offer of %s.", s.who(p), s.who(int(m.Seat)))
		s.deals[m.Seat] = offer{}
	case KAccept:
		from := int(m.Seat)
		d := s.deals[from]
		s.transfer(from, p, d.give)
		s.transfer(p, from, d.ask)
		s.logf("%s accepted: %s gave %s for %s.", s.who(p), s.who(from), goodsPhrase(d.give), goodsPhrase(d.ask))
		s.deals[from] = offer{}
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

// offers says which offers are open, and how each is answered.
func (v *View) offers() []rules.Phrase {
	if len(v.Offers) == 0 {
		return nil
	}
	ls := []rules.Phrase{{}, say("OFFERS (answered in any mail, in turn or not, until the phase ends)")}
	for _, o := range v.Offers {
		// The offer and its answers in the reader's notation: 接受 红色.
		from := upper(v.Players[o.From].Color)
		fromIn := rules.Notated(from, map[string]string{"zh": zhNotation(from)})
		ls = append(ls, say("  %s offers %s %s for %s (%s): %s answers ACCEPT %s or DECLINE %s.",
			say(v.color(o.From)), say(v.color(o.To)), goodsPhrase(o.give), goodsPhrase(o.ask),
			rules.Notated(o.Move, map[string]string{"zh": zhNotation(o.Move)}), say(v.color(o.To)), fromIn, fromIn))
	}
	return ls
}
