// Package archipelago implements Archipelago (Christophe Boelinger, 2012)
// for 2 to 5 players: explorers discover, settle and exploit an
// archipelago, keeping its population fed and calm while they work towards
// secret objectives. The game ends in an independence war when the
// rebellion outgrows the population, or when a player's objective is met;
// then the objectives and the trend score victory points.
//
// Bids for the turn order are sealed and simultaneous; florins, cubes,
// explorer tokens and objectives lie behind each player's screen; in the
// actions phase, while the turn order is set and in a domestic crisis the
// player to act may offer another a deal, which the other accepts or
// declines as their move. The rules as pbem runs them, the
// notation and every house decision are in docs/rules/archipelago.md.
package archipelago

import (
	"fmt"

	"github.com/pbem-games/pbem/rules"
)

// Variant names: the objectives' length. Without one the game is medium.
const (
	Short  = "short"
	Medium = "medium"
	Long   = "long"
)

// Game is Archipelago. It is a stateless value.
var Game rules.Game = game{}

type game struct{}

// Info describes Archipelago.
func (game) Info() rules.Info {
	return rules.Info{
		Name:     "archipelago",
		Title:    "Archipelago",
		MinSeats: 2,
		MaxSeats: maxSeats,
		Variants: []rules.Variant{
			{Name: Long, Help: "Long objectives: the game ends by round 12 at the latest."},
			{Name: Medium, Help: "Medium objectives, the default: the game ends by round 9 at the latest."},
			{Name: Short, Help: "Short objectives: the game ends by round 6 at the latest."},
		},
		Hidden: true,
		Chance: true,
		// A player may write a whole round in one mail (a bid, the turn
		// order, crisis gifts, actions, the evolution), played as the
		// turns come.
		Programmed: true,
		HouseRules: "pbem's own rules: bids are sealed and cannot change; at the three moments the rulebook allows deals (setting the turn order, a food crisis, the actions) " +
			"anyone may offer one, the game waits for no answer, an offer lapses with its phase, and a promise made for one binds nobody; " +
			"in round 0 pbem discards and redraws unfitting hexagons by itself; a player may mail the rest of a round at once. " +
			"The variants short, medium (the default) and long set the objectives' length.",
	}
}

// illegal is rules.Illegal: every error a player sees wraps rules.ErrIllegal.
func illegal(format string, args ...any) error { return &illegalError{format, args} }

// illegalError is a refusal, formatted only when read: Legal tries many
// moves and throws most reasons away.
type illegalError struct {
	format string
	args   []any
}

func (e *illegalError) Error() string        { return fmt.Sprintf(e.format, e.args...) }
func (e *illegalError) Is(target error) bool { return target == rules.ErrIllegal }

// Phrase says the refusal as a phrase, the game's names, counts and
// lists among its arguments phrases of their own (see phraseArg).
func (e *illegalError) Phrase() rules.Phrase { return say(e.format, phraseArgs(e.args)...) }

// Start sets the table up and deals round 0, the initial exploration.
func (game) Start(setup rules.Setup) (rules.State, error) {
	if setup.Seats < 2 || setup.Seats > maxSeats {
		return nil, fmt.Errorf("archipelago: Archipelago is for 2 to %d players, not %d", maxSeats, setup.Seats)
	}
	length, lengths := lenMedium, 0
	for _, v := range setup.Variants {
		switch v {
		case Short:
			length = lenShort
		case Medium:
			length = lenMedium
		case Long:
			length = lenLong
		default:
			return nil, fmt.Errorf("archipelago: unknown variant %q: the variants are short, medium and long", v)
		}
		lengths++
	}
	if lengths > 1 {
		return nil, fmt.Errorf("archipelago: choose one length of objectives, not %d", lengths)
	}
	s := &state{
		seats:       setup.Seats,
		length:      length,
		rng:         rules.NewRand(setup.Seed, "archipelago"),
		bankFlorins: bankFlorins - startFlorins*setup.Seats,
		pmTokens:    portMarketTokens,
		tcTokens:    templeCityTokens,
		trend:       -1,
		winner:      -1,
		endedBy:     -1,
		placing:     -1,
		public:      &viewCache{},
	}
	for c := range s.grid {
		s.grid[c] = -1
	}
	for h := range nHex {
		s.cellOf[h] = -1
		for k := range nBuild {
			s.builds[h][k] = building{owner: -1, occupant: -1}
		}
	}
	s.grid[center], s.cellOf[0] = 0, center
	if s.seats == maxSeats {
		s.sideOf[0] = 1
	}
	for r := range nRes {
		s.home[r] = 1
		s.bankCubes[r] = int8(cubeSupply[r] - 1)
	}
	for i := range s.stacks {
		s.stacks[i] = tokensStack
	}
	for i := range s.order {
		s.order[i] = -1
	}
	for p := range s.seats {
		s.players[p] = player{florins: startFlorins, objective: -1, ships: shipsEach - startShips, cits: citizensEach}
		s.units[0][p].ship = startShips
		s.order[p] = int8(p)
	}
	s.rng.Shuffle(s.seats, func(i, j int) { s.order[i], s.order[j] = s.order[j], s.order[i] })
	s.pile = make([]int8, len(cards))
	for k := range s.pile {
		s.pile[k] = int8(k)
	}
	s.rng.Shuffle(len(s.pile), func(i, j int) { s.pile[i], s.pile[j] = s.pile[j], s.pile[i] })
	for i := range s.track {
		s.track[i] = slot{card: -1}
	}
	s.regionPile = make([]int8, len(regions))
	for i := range s.regionPile {
		s.regionPile[i] = int8(i + 1)
	}
	s.rng.Shuffle(len(s.regionPile), func(i, j int) {
		s.regionPile[i], s.regionPile[j] = s.regionPile[j], s.regionPile[i]
	})
	s.display = [2]int8{-1, -1}
	for i := range s.seats {
		p := s.seatAt(i)
		for k := range s.hands[p] {
			s.hands[p][k] = s.drawRegion()
		}
	}
	s.phase = phPlace
	s.logf("The open sea lies on F6; each player's ship waits on it with two citizens.")
	s.advance()
	return s, nil
}

// drawRegion takes the top hexagon of the region pile, or -1.
func (s *state) drawRegion() int8 {
	n := len(s.regionPile)
	if n == 0 {
		return -1
	}
	h := s.regionPile[n-1]
	s.regionPile = s.regionPile[: n-1 : n-1] // the next append copies
	return h
}
