// Package atacama implements Atacama (Martin Schlegel, 2013): players place
// oil rigs on a board of gold, silver and copper fields and score the
// columns, rows or diagonals their mining concession names.
//
// Two or four players use the square side of the board, three players the
// hexagonal side. The enhanced game (two players) lays the tiles in three
// stages and lets the players claim the concessions during play; the
// tactical variant adds rigs of a second colour that count double. The
// rules and every house decision are in docs/rules/atacama.md.
package atacama

import (
	"fmt"
	"strings"

	"github.com/pbem-games/pbem/rules"
)

// Variant names.
const (
	Enhanced = "enhanced"
	Tactical = "tactical"
)

// Game is Atacama. It is a stateless value.
var Game rules.Game = game{}

type game struct{}

// Info describes Atacama.
func (game) Info() rules.Info {
	return rules.Info{
		Name:     "atacama",
		Title:    "Atacama",
		MinSeats: 2,
		MaxSeats: 4,
		Variants: []rules.Variant{
			{Name: Enhanced, Help: "Two players only: the tiles are shuffled and laid in three stages, and a player claims the concessions during play at the cost of one rig."},
			{Name: Tactical, Help: "Some of each player's rigs are of a second colour and count double, plus and minus."},
		},
		Hidden: true,
		Chance: true,
		HouseRules: "Where the rulebook is silent pbem decides: a game in which no field can take a rig ends at once; " +
			"in the enhanced game the claim is forced on the player who has one rig left when nobody has claimed; " +
			"on the hexagonal board the blue concession lacks gold (silver and copper count plus); a tie on points stays a tie.",
	}
}

// illegal is rules.Illegal: every error a player sees wraps rules.ErrIllegal.
func illegal(format string, args ...any) error { return rules.Illegal(format, args...) }

// concession is a mining concession: the metal it lacks counts minus, the
// others plus.
type concession struct {
	name     string
	positive string // for people
	negative string // for people
	lacks    metal
}

// The concessions: each lacks one metal, which counts minus for it, and
// the other two count plus. Turquoise (no copper) and orange (no silver)
// are the square side's counters (rulebook); on the hexagonal side yellow,
// blue and orange are printed on the board, one lacking each metal (house
// design; see docs/rules/atacama.md).
const (
	turquoise = iota
	orange
	yellow
	blue
)

var concessions = []concession{
	turquoise: {"turquoise", "gold and silver", "copper", copper},
	orange:    {"orange", "gold and copper", "silver", silver},
	yellow:    {"yellow", "gold and silver", "copper", copper},
	blue:      {"blue", "silver and copper", "gold", gold},
}

// sign is +1 or -1: how field f counts for concession k.
func sign(k int, f field) int {
	if f.metal == concessions[k].lacks {
		return -1
	}
	return 1
}

// holding is a seat's concession and the axis it scores; kind -1 means none yet.
type holding struct {
	kind, axis int
}

// Axes of the square side, as in geometry.axes.
const (
	columns = 0
	rows    = 1
)

// seating gives each player count's concessions and rigs (basic, second colour).
func seating(seats int, tactical bool) (h []holding, basic, double int) {
	switch seats {
	case 2:
		h = []holding{{turquoise, columns}, {orange, rows}}
		basic, double = 14, 0
		if tactical {
			basic, double = 11, 3
		}
	case 3:
		// Rows, falling and rising diagonals (hexGeo.axes). Turning the
		// hexagon a third maps rows to rising diagonals and each metal to
		// the next (hexBoard), so the concessions lacking copper, gold and
		// silver there make the three directions exactly alike.
		h = []holding{{yellow, 0}, {orange, 1}, {blue, 2}}
		basic, double = 11, 0
		if tactical {
			basic, double = 9, 2
		}
	case 4:
		h = []holding{{turquoise, columns}, {orange, rows}, {orange, columns}, {turquoise, rows}}
		basic, double = 7, 0
		if tactical {
			basic, double = 6, 1
		}
	}
	return h, basic, double
}

// Start deals a new game.
func (game) Start(setup rules.Setup) (rules.State, error) {
	if setup.Seats < 2 || setup.Seats > 4 {
		return nil, fmt.Errorf("atacama: Atacama is for 2 to 4 players, not %d", setup.Seats)
	}
	for _, v := range setup.Variants {
		if v != Enhanced && v != Tactical {
			return nil, fmt.Errorf("atacama: unknown variant %q: the variants are %s and %s", v, Enhanced, Tactical)
		}
	}
	s := &state{
		seats:    setup.Seats,
		enhanced: setup.Has(Enhanced),
		tactical: setup.Has(Tactical),
		rng:      rules.NewRand(setup.Seed, "tiles"),
		public:   &viewCache{},
	}
	if s.enhanced && s.seats != 2 {
		return nil, fmt.Errorf("atacama: the enhanced game is for 2 players (with 3 the board is the hexagonal side, with 4 the concessions are fixed)")
	}
	s.geo = squareGeo
	if s.seats == 3 {
		s.geo = hexGeo
	}
	h, basic, double := seating(s.seats, s.tactical)
	s.holds = h
	if s.enhanced {
		s.holds = []holding{{-1, -1}, {-1, -1}}
	}
	for range s.seats {
		s.basic = append(s.basic, basic)
		s.double = append(s.double, double)
	}
	for p := range s.tileAt {
		s.tileAt[p] = p
	}
	if s.enhanced {
		// The shuffled pile: the i-th tile drawn goes to stageOrder[i].
		deck := []int{0, 1, 2, 3, 4, 5, 6, 7, 8}
		s.rng.Shuffle(len(deck), func(i, j int) { deck[i], deck[j] = deck[j], deck[i] })
		for i, p := range stageOrder {
			s.tileAt[p] = deck[i]
		}
	}
	s.fields = s.layFields()
	s.rigs = make([]rig, len(s.geo.cells))
	for i := range s.rigs {
		s.rigs[i].owner = -1
	}
	return s, nil
}

// stageOrder lists the square board's tile positions (0 top left, row by
// row) in the order the enhanced game lays them: a triangle in the top left
// corner, then the diagonal from top right to bottom left, then the rest.
var stageOrder = [9]int{0, 1, 3, 2, 4, 6, 5, 7, 8}

// positionNames names the tile positions for people.
var positionNames = [9]string{"top left", "top middle", "top right", "middle left", "centre", "middle right", "bottom left", "bottom middle", "bottom right"}

// hexFields is the hexagonal side's fields, row by row.
var hexFields = func() []field {
	var fs []field
	for _, row := range hexBoard {
		for _, tok := range strings.Fields(row) {
			fs = append(fs, parseField(tok))
		}
	}
	if len(fs) != len(hexGeo.cells) {
		panic("atacama: hexBoard has the wrong number of fields")
	}
	return fs
}()
