// Package altiplano implements Altiplano (Reiner Stockhausen, 2017) for 2
// to 5 players: each round the players draw goods from their bags, plan
// them on the action spaces of seven locations, their profession and the
// extensions they bought, then take turns moving their pawns around a
// circle of locations and carrying out the planned actions. Goods are never
// used up: what an action takes and what it gives go into the player's
// crate, back into the bag when it runs empty. Points come from the goods
// held at the end, boats, houses, contracts and full warehouse rows.
//
// Planning is simultaneous and hidden: each seat places one good per move
// and ends with DONE; the plans are revealed when every seat is done. The
// variant "missions" deals each player two secret goals; "choose" lets the
// players choose their professions instead of dealing them; "shortage"
// ends the game when any one supply of a location runs out, not only when
// a location has nothing left. The rules, the
// notation and every house decision are in docs/rules/altiplano.md; all
// component data is in data.go.
package altiplano

import (
	"fmt"
	"slices"

	"github.com/pbem-games/pbem/rules"
)

// Variant names.
const (
	Choose   = "choose"
	Missions = "missions"
	Shortage = "shortage"
)

// Game is Altiplano. It is a stateless value.
var Game rules.Game = game{}

type game struct{}

// Info describes Altiplano.
func (game) Info() rules.Info {
	return rules.Info{
		Name:     "altiplano",
		Title:    "Altiplano",
		MinSeats: 2,
		MaxSeats: 5,
		Variants: []rules.Variant{
			{Name: Choose, Help: "The players choose their professions, the last player first and counter-clockwise, instead of being dealt them."},
			{Name: Missions, Help: "Each player is dealt two secret missions that score points at the end when fulfilled."},
			{Name: Shortage, Help: "The end comes as soon as any one supply of a location is empty (a kind of good, the carts, houses, boats or contracts), not only when a location has nothing left."},
		},
		Hidden:     true,
		Chance:     true,
		Programmed: true, // a player may send the turns of a whole action phase at once
		HouseRules: "pbem's own rules: everyone plans at once and in secret, the plans are shown when all are done, and a plan declared DONE cannot change; " +
			"food is limited to its 36 pieces, and running out of it ends nothing; the game ends when a location has nothing left " +
			"(with the variant shortage, when any one supply is empty); a tie on points goes to the most coins; " +
			"a player may mail the turns of a whole action phase at once.",
	}
}

// illegal returns an error for the player that wraps rules.ErrIllegal,
// as rules.Illegal does, but formats its text only when it is read:
// Legal tries many moves and throws most reasons away.
func illegal(format string, args ...any) error { return &illegalError{format, args} }

type illegalError struct {
	format string
	args   []any
}

func (e *illegalError) Error() string {
	args := make([]any, len(e.args))
	for i, a := range e.args {
		if g, ok := a.(Goods); ok {
			a = g.Phrase()
		}
		args[i] = a
	}
	return fmt.Sprintf(e.format, args...)
}
func (e *illegalError) Is(target error) bool { return target == rules.ErrIllegal }

// Start sets up a new game.
func (game) Start(setup rules.Setup) (rules.State, error) {
	if setup.Seats < 2 || setup.Seats > 5 {
		return nil, fmt.Errorf("altiplano: Altiplano is for 2 to 5 players, not %d", setup.Seats)
	}
	for _, v := range setup.Variants {
		if v != Choose && v != Missions && v != Shortage {
			return nil, fmt.Errorf("altiplano: unknown variant %q: the variants are %s, %s and %s", v, Choose, Missions, Shortage)
		}
	}
	n := setup.Seats
	s := &state{
		seats:    n,
		missions: setup.Has(Missions),
		choose:   setup.Has(Choose),
		shortage: setup.Has(Shortage),
		round:    1,
		carts:    cartsAtVillage[n-2],
		cache:    &viewCache{},
	}
	rng := rules.NewRand(setup.Seed, "setup")

	// 1. The locations in a random circle.
	for i := range numLocs {
		s.circle[i] = i
	}
	rng.Shuffle(int(numLocs), func(i, j int) { s.circle[i], s.circle[j] = s.circle[j], s.circle[i] })

	// 2. Goods, cards and the contracts left after the random removal.
	for g := range numGoods {
		s.supply[g] = int8(goodData[g].supply[n-2])
	}
	s.houses = slices.Clone(houseGoods)
	s.boats = slices.Clone(boatGoods)
	ks := make([]int, len(contracts))
	for i := range ks {
		ks[i] = i
	}
	rng.Shuffle(len(ks), func(i, j int) { ks[i], ks[j] = ks[j], ks[i] })
	s.contracts = ks[contractsRemoved(n):]
	slices.Sort(s.contracts)

	// 3. The extension pile: each letter shuffled, D at the bottom, A on
	// top (the top is the end of the slice), and 5 cards on display.
	for _, letter := range []byte{'D', 'C', 'B', 'A'} {
		var part []int
		for i, c := range extCards {
			if c.letter == letter && c.min <= n {
				part = append(part, i)
			}
		}
		rng.Shuffle(len(part), func(i, j int) { part[i], part[j] = part[j], part[i] })
		s.pile = append(s.pile, part...)
	}
	for i := range s.display {
		s.display[i] = -1
	}
	s.refill()

	// 4. The players' material: one cart each from the Village.
	s.players = make([]player, n)
	for i := range s.players {
		p := &s.players[i]
		p.prof = -1
		p.pawn = -1
		p.contract = -1
		p.carts = 1
		p.rows = make([]rowFill, len(warehouseRows))
		p.rng = rules.NewRand(setup.Seed, fmt.Sprintf("bag %d", i))
		p.shown = &shownBoard{}
	}
	s.carts -= n

	// Missions, dealt in secret.
	if s.missions {
		ms := make([]int, len(missions))
		for i := range ms {
			ms[i] = i
		}
		rng.Shuffle(len(ms), func(i, j int) { ms[i], ms[j] = ms[j], ms[i] })
		for i := range s.players {
			s.players[i].missions = slices.Clone(ms[i*missionsEach : (i+1)*missionsEach])
		}
	}

	// 5 and 6. Seat 0 starts. Professions are dealt from the shuffled
	// seven, starting with the starting player, or chosen.
	if s.choose {
		s.phase = phaseChoose
		s.turn = n - 1
		return s, nil
	}
	profs := []int{0, 1, 2, 3, 4, 5, 6}
	rng.Shuffle(len(profs), func(i, j int) { profs[i], profs[j] = profs[j], profs[i] })
	for i := range s.players {
		s.players[i].prof = profs[i]
	}
	s.begin()
	return s, nil
}

// begin gives every player the goods and coins of their profession and
// starts the first round.
func (s *state) begin() {
	for i := range s.players {
		p := &s.players[i]
		pr := professions[p.prof]
		p.coins = pr.coins
		p.cards = []holder{{design: pr.design}}
		for _, g := range pr.start.list() {
			s.supply[g]--
			p.crate[g]++
		}
	}
	s.phase = phasePlan
	s.startDraws()
}
