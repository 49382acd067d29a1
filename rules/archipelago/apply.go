package archipelago

import (
	"slices"

	"github.com/pbem-games/pbem/rules"
)

// actor is the seat whose turn it is in the phases played in turn.
func (s *state) actor() int {
	switch s.phase {
	case phOrder:
		return int(s.chooser)
	case phCrisis:
		return s.seatAt(int(s.crisis.idx))
	case phPlace, phChoose, phActions, phEvolution:
		return s.seatAt(int(s.turn))
	}
	return -1
}

// ToAct returns the seats the game waits for: every seat yet to bid in
// the bidding, the player to act otherwise. Deals wait for nobody (see
// OutOfTurn).
func (s *state) ToAct() []rules.Seat {
	if s.over {
		return nil
	}
	var out []rules.Seat
	if s.phase == phBid {
		for p := range s.seats {
			if s.mustBid(p) {
				out = append(out, rules.Seat(p))
			}
		}
		return out
	}
	return []rules.Seat{rules.Seat(s.actor())}
}

// Apply returns the state after seat p plays m.
func (s *state) Apply(p rules.Seat, m rules.Move) (rules.State, error) {
	mv, ok := m.(Move)
	if !ok {
		return nil, illegal("that is not an Archipelago move")
	}
	if err := s.check(int(p), mv); err != nil {
		return nil, err
	}
	n := s.clone()
	n.do(int(p), mv)
	n.advance()
	return n, nil
}

// check says why seat p may not play m now, or returns nil.
func (s *state) check(p int, m Move) error {
	if s.OutOfTurn(m) {
		if err := s.mayDeal(p); err != nil {
			return err
		}
		return s.checkDeal(p, m)
	}
	if err := s.mayMove(p); err != nil {
		return err
	}
	switch m.Kind {
	case KPlace, KChoose:
		return s.checkSetup(p, m)
	case KBid:
		return s.checkBid(p, m)
	case KOrder:
		return s.checkOrder(p, m)
	case KFeed, KExport:
		return s.checkGift(p, m)
	case KHarvest, KTax, KTrade, KUse, KCard, KExplore, KRecruit, KReproduce, KBuild, KMigrate, KDone, KPass:
		return s.checkAction(p, m)
	case KBuy, KRotate:
		return s.checkEvolution(p, m)
	}
	return illegal("that is not an Archipelago move")
}

// mayDeal says why seat p may not make deals at all, or returns nil.
func (s *state) mayDeal(p int) error {
	if s.over {
		return illegal("the game is over")
	}
	if p < 0 || p >= s.seats {
		return illegal("seat %d is not playing in this game", p)
	}
	return nil
}

// mayMove says why seat p may not move at all now, or returns nil.
func (s *state) mayMove(p int) error {
	if s.over {
		return illegal("the game is over")
	}
	if p < 0 || p >= s.seats {
		return illegal("seat %d is not playing in this game", p)
	}
	for _, q := range s.ToAct() {
		if int(q) == p {
			return nil
		}
	}
	if s.phase == phBid && s.players[p].hasBid {
		// Only the bidder reads this: the amount stays sealed from the others.
		return illegal("you have made your bid of %d florin(s), and a sealed bid cannot be changed; the others are still bidding", s.players[p].bid)
	}
	if s.phase == phBid {
		return illegal("you have made your bid; the others are still bidding")
	}
	return illegal("it is not your turn: %s", s.waitingFor())
}

// waitingFor says who moves now, for errors.
func (s *state) waitingFor() rules.Phrase {
	return say("%s "+phaseVerb[s.phase], say(s.name(s.actor())))
}

var phaseVerb = [...]string{"lays a hexagon", "chooses cubes", "bids", "sets the turn order", "gives to the crisis", "acts", "buys and turns cards", ""}

// phaseIs says why a move of the named kind may not be played when the
// phase is not ph.
func (s *state) phaseIs(ph int, what string) error {
	if s.phase != ph {
		return illegal("%s only in the %s phase; now %s", say(what), say(phaseNames[ph]), s.waitingFor())
	}
	return nil
}

// do carries out a checked move.
func (s *state) do(p int, m Move) {
	switch m.Kind {
	case KPlace:
		s.place(p, int(m.Tile), int(m.Side), int(m.Cell), int(m.Turn))
	case KChoose:
		s.choose(p, int(m.Res), int(m.Keep))
	case KBid:
		s.bid(p, m.Bid)
	case KOrder:
		s.logf("%s set the turn order: %s.", s.who(p), s.orderPhrase(m.Order))
		s.setOrder(m.Order)
	case KFeed, KExport:
		s.contribute(p, m.N)
	case KOffer, KAccept, KDecline, KWithdraw:
		s.doDeal(p, m)
	case KBuy, KRotate:
		s.doEvolution(p, m)
	default:
		s.doAction(p, m)
	}
}

func (s *state) checkSetup(p int, m Move) error {
	if m.Kind == KPlace {
		if err := s.phaseIs(phPlace, "hexagons are laid this way"); err != nil {
			return err
		}
		if m.Tile < 1 || int(m.Tile) > len(regions) || !slices.Contains(s.hands[p][:], m.Tile) {
			return illegal("hexagon %d is not in your hand: you hold %s", m.Tile, s.handWords(p))
		}
		if err := checkTurn(int(m.Tile), m.Side, m.Turn); err != nil {
			return err
		}
		if why := s.layOK(int(m.Tile), int(m.Side), int(m.Cell), int(m.Turn), true); why != "" {
			return illegal("hexagon %d%s cannot lie on %s with turn %d: %s", m.Tile, sideLetter(m.Side), cellName(int(m.Cell)), m.Turn, why)
		}
		return nil
	}
	if err := s.phaseIs(phChoose, "the cubes of your first region are chosen"); err != nil {
		return err
	}
	face := s.sideData(int(s.placing))
	switch {
	case m.Res < 0 || m.Res >= nRes || face.icons[m.Res] == 0:
		return illegal("your region does not produce that; it produces %s", iconWords(face))
	case m.Keep < 0:
		return illegal("name the cube you keep too, e.g. %s", Move{Kind: KChoose, Res: m.Res, Keep: otherKind(face, int(m.Res))})
	case m.Keep >= nRes || face.icons[m.Keep] == 0 || m.Keep == m.Res:
		return illegal("the cube you keep must be another resource of your region: it produces %s", iconWords(face))
	}
	return nil
}

// otherKind is a resource of face other than r.
func otherKind(face *side, r int) int8 {
	for k := range nRes {
		if k != r && face.icons[k] > 0 {
			return int8(k)
		}
	}
	return -1
}

// checkTurn checks a hexagon's side and turn.
func checkTurn(h int, sd, t int8) error {
	if sd < 0 || sd > 1 {
		return illegal("a hexagon has sides A and B")
	}
	if t < 0 || t > 5 {
		return illegal("the turn is 0 to 5 sixths of a turn clockwise")
	}
	face := &regions[h-1].sides[sd]
	if f := firstTurn(face, int(t)); f != int(t) {
		return illegal("side %s of hexagon %d shows the same edges with turn %d: write that", sideLetter(sd), h, f)
	}
	return nil
}

func (s *state) checkBid(p int, m Move) error {
	if err := s.phaseIs(phBid, "bids are made"); err != nil {
		return err
	}
	switch {
	case m.Bid < 0:
		return illegal("a bid is 0 florins or more")
	case m.Bid > s.players[p].florins:
		return illegal("you have only %s behind your screen", florins(s.players[p].florins))
	}
	return nil
}

func (s *state) checkOrder(p int, m Move) error {
	if err := s.phaseIs(phOrder, "the turn order is set"); err != nil {
		return err
	}
	var seen [maxSeats]bool
	for i, q := range m.Order {
		if i >= s.seats {
			if q != -1 {
				return illegal("name each of the %d players once", s.seats)
			}
			continue
		}
		if q < 0 || int(q) >= s.seats || seen[q] {
			return illegal("name each of the %d players once, e.g. %s", s.seats, s.orderExample(s.order))
		}
		seen[q] = true
	}
	return nil
}

func (s *state) checkGift(p int, m Move) error {
	what := "cubes are fed to the population"
	kind := int8(qHome)
	if m.Kind == KExport {
		what, kind = "cubes are exported to Europe", qExport
	}
	if err := s.phaseIs(phCrisis, what); err != nil {
		return err
	}
	c := &s.crisis
	if c.kind != kind {
		if kind == qHome {
			return illegal("this is an export crisis: write EXPORT, e.g. EXPORT 1 OWN")
		}
		return illegal("this is a domestic crisis: write FEED, e.g. FEED 1 OWN")
	}
	r := int(c.res)
	market := s.home[r]
	if kind == qExport {
		market = s.export[r]
	}
	pl := &s.players[p]
	switch {
	case m.N[0] < 0 || m.N[1] < 0 || m.N[2] < 0:
		return illegal("give 0 or more of each")
	case m.N[0] > market:
		return illegal("the market holds only %s of %s", plural(int(market), "cube", "cubes"), resNames[r])
	case m.N[1] > pl.cubes[r]:
		return illegal("you have only %s of %s behind your screen", plural(int(pl.cubes[r]), "cube", "cubes"), resNames[r])
	case m.N[2] > pl.tokens:
		return illegal("you have only %s", plural(int(pl.tokens), "explorer token", "explorer tokens"))
	case sum3(m.N) > s.cubesWanted(p):
		return illegal("only %s can still help", plural(s.cubesWanted(p), "cube", "cubes"))
	}
	return nil
}

func sum3(n [3]int8) int { return int(n[0]) + int(n[1]) + int(n[2]) }
