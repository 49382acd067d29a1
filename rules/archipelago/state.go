package archipelago

import (
	"slices"
	"sync"
	"sync/atomic"

	"github.com/pbem-games/pbem/rules"
)

// nHex is the number of hexagons: 0 is the open sea, 1 to 24 the regions.
const nHex = 25

// Phases of a state: where the game waits for a move.
const (
	phPlace     = iota // round 0: the player to act lays a hexagon next to the open sea
	phChoose           // round 0: the player to act chooses the cubes of their region
	phBid              // phase 2: sealed bids for the turn order
	phOrder            // phase 2: the highest bidder sets the turn order
	phCrisis           // phase 4 or a red zone: the player to act gives cubes to a crisis
	phActions          // phase 5
	phEvolution        // phase 6
	phOver
)

var phaseNames = [...]string{"initial exploration", "initial exploration", "turn order", "turn order", "archipelago balance", "actions", "evolution", "over"}

// units are one player's pieces in one hexagon.
type units struct {
	cit       int8 // active citizens, standing and free
	citLinked int8 // citizens on resource icons
	rebels    int8 // rebel citizens, lying down
	housed    int8 // citizens living in a building
	ship      int8 // active ships
	shipLink  int8 // ships on fish icons
}

func (u units) citizens() int { return int(u.cit + u.citLinked + u.rebels + u.housed) }
func (u units) ships() int    { return int(u.ship + u.shipLink) }
func (u units) any() bool     { return u.citizens()+u.ships() > 0 }

// building is a building standing in a region: its owner and the citizen
// living in it (-1: nobody).
type building struct {
	owner    int8
	occupant int8
}

// player is what one seat holds.
type player struct {
	florins   int
	cubes     [nRes]int8
	tokens    int8
	objective int8
	bid       int
	hasBid    bool
	discsUsed int8
	passed    bool
	ships     int8 // ships not yet on the board
	cits      int8 // citizens not yet on the board
	cards     uint64
	used      uint64 // cards whose once-a-round power is used (turned)
	market    bool   // a market's transactions were used this round
	port      bool
}

// goods are what a deal moves from one player to another.
type goods struct {
	florins int
	cubes   [nRes]int
	tokens  int
	permit  bool // leave to harvest in the giver's regions this round
}

func (g goods) empty() bool {
	return g.florins == 0 && g.cubes == [nRes]int{} && g.tokens == 0 && !g.permit
}

// offer is a deal a player proposes to another.
type offer struct {
	open bool
	to   int8
	give goods // from the offerer
	ask  goods // from the addressee
}

// slot is a place of the evolution track.
type slot struct {
	card  int8 // -1: empty
	turns int8 // quarter turns since it was revealed
}

// Kinds of crisis waiting to be resolved.
const (
	qHome = iota
	qExport
	qEvent
)

type queued struct {
	kind int8
	card int8
}

// crisis is a consumption crisis being resolved, contribution by
// contribution in turn order.
type crisis struct {
	kind  int8 // qHome or qExport
	card  int8
	res   int8
	per   int8 // qHome: citizens a cube stands up
	need  int8 // qExport: cubes still missing
	lying [maxSeats]int8
	idx   int8 // the contributor's place in the turn order
	red   bool
}

// state is one position. It is never changed once returned: Apply copies
// it (the arrays come with the copy) and copies a slice before changing it.
type state struct {
	seats  int
	length int
	round  int
	phase  int
	rng    rules.Rand

	grid   [nCells]int8 // hexagon on each cell, -1: none
	cellOf [nHex]int8   // cell of each hexagon, -1: not on the table
	sideOf [nHex]int8
	turnOf [nHex]int8
	units  [nHex][maxSeats]units
	occ    [nHex][nRes]int8 // resource icons taken
	builds [nHex][nBuild]building

	regionPile  []int8 // face down, top last
	display     [2]int8
	hands       [maxSeats][3]int8 // round 0
	handDiscard []int8
	placing     int8 // round 0: the hexagon just laid, for phChoose

	home, export [nRes]int8
	bankCubes    [nRes]int8
	bankFlorins  int
	stacks       [tokenStacks]int8
	pmTokens     int8
	tcTokens     int8
	rebellion    int
	excess       int

	players [maxSeats]player
	order   [maxSeats]int8 // seats in turn order
	turn    int8           // place in the turn order of the seat to act
	chooser int8           // phOrder: the seat that sets the order
	rebid   uint8          // seats bidding again after a tie; 0 in a first bid
	bids    [maxSeats]int  // the bids last revealed
	shown   bool           // bids are revealed and shown

	pile   []int8 // evolution pile, top last
	track  [trackSize]slot
	bought int
	trend  int8
	queue  []queued
	crisis crisis
	after  int // phase to go on with when the queue is empty

	explored   int8 // exploration circles taken this round
	taxed      int8
	reproduced uint8 // seats that reproduced this round
	coins      int8  // florins in the market and port zones of the wheel
	credits    [2]int8
	migrating  bool            // the player to act is in the middle of a migration action
	arrived    [nHex][2]int8   // units that arrived in the migration under way: citizens, ships
	deals      [maxSeats]offer // each seat's open offer
	offered    [maxSeats]uint8 // offered[p] has bit q: p offered q a deal in this stretch of deals
	dealsIn    int             // dealStage of the open offers
	permits    [maxSeats]uint8 // permits[g] has bit s: s may harvest in g's regions

	over    bool
	war     bool
	winner  int8 // independence war: the separatist, or -1
	endedBy int8 // the objective that ended the game, or -1 (a war or the year)

	last []rules.Phrase // what the last move did, for everyone

	maps   *mapCache // the map view of an earlier state, maybe still right
	public *viewCache
}

// viewCache holds the views of a state, built on first use.
type viewCache struct {
	maps   atomic.Pointer[mapCache] // the map view, once built
	base   sync.Once
	public *View // what every seat sees
	once   [maxSeats + 1]sync.Once
	views  [maxSeats + 1]*View // by seat, the observer last
}

// clone copies s for a move; slices are shared until changed.
func (s *state) clone() *state {
	c := *s
	if m := s.public.maps.Load(); m != nil {
		c.maps = m
	}
	c.public = &viewCache{}
	c.last = nil
	return &c
}

// logf tells everyone what the move did, as a phrase (rules.Say) each
// reader reads in their own language.
func (s *state) logf(format string, args ...any) {
	s.last = append(s.last, say(format, args...))
}

// lastLines is what the last move did, in English.
func (s *state) lastLines() []string {
	out := make([]string, len(s.last))
	for i, p := range s.last {
		out[i] = p.String()
	}
	return out
}

// placed reports whether hexagon h is on the table.
func (s *state) placed(h int) bool { return s.cellOf[h] >= 0 }

// sideData is the face of hexagon h that lies up.
func (s *state) sideData(h int) *side {
	if h == 0 {
		return &openSea.sides[s.sideOf[0]]
	}
	return &regions[h-1].sides[s.sideOf[h]]
}

// hexAt is the hexagon on cell c, or -1.
func (s *state) hexAt(c int) int {
	if c < 0 {
		return -1
	}
	return int(s.grid[c])
}

// edge is the landscape hexagon h shows in direction d.
func (s *state) edge(h, d int) byte {
	return edgeOf(s.sideData(h), int(s.turnOf[h]), d)
}

// population is the number of citizens on the board, rebels included.
func (s *state) population() int {
	n := 0
	for h := range nHex {
		for p := range s.seats {
			n += s.units[h][p].citizens()
		}
	}
	return n
}

func (s *state) seatCitizens(p int) int {
	n := 0
	for h := range nHex {
		n += s.units[h][p].citizens()
	}
	return n
}

func (s *state) seatShips(p int) int {
	n := 0
	for h := range nHex {
		n += s.units[h][p].ships()
	}
	return n
}

func (s *state) seatRebels(p int) int {
	n := 0
	for h := range nHex {
		n += int(s.units[h][p].rebels)
	}
	return n
}

// owned counts the buildings of kind k that seat p owns (p = -1: anyone's).
func (s *state) owned(p, k int) int {
	n := 0
	for h := range nHex {
		if o := s.builds[h][k].owner; o >= 0 && (p < 0 || int(o) == p) {
			n++
		}
	}
	return n
}

// controller is the seat that controls hexagon h (the owner of its city), or -1.
func (s *state) controller(h int) int {
	return int(s.builds[h][bCity].owner)
}

// mayHarvest reports whether seat p may harvest in hexagon h.
func (s *state) mayHarvest(p, h int) bool {
	c := s.controller(h)
	return c < 0 || c == p || s.permits[c]&(1<<p) != 0
}

// regionsOnMap counts the regions laid, the open sea not counted.
func (s *state) regionsOnMap() int {
	n := 0
	for h := 1; h < nHex; h++ {
		if s.placed(h) {
			n++
		}
	}
	return n
}

// tokensTaken counts the explorer tokens taken from the stacks.
func (s *state) tokensTaken() int {
	n := tokenStacks * tokensStack
	for _, k := range s.stacks {
		n -= int(k)
	}
	return n
}

// discs is how many action discs each player has: one more for each
// explorer stack emptied.
func (s *state) discs() int {
	n := startDiscs
	for i := 0; i < tokenStacks-1; i++ {
		if s.stacks[i] == 0 {
			n++
		}
	}
	return min(n, mostDiscs)
}

// seatAt is the seat in place i of the turn order.
func (s *state) seatAt(i int) int { return int(s.order[i]) }

// has reports whether seat p owns card k.
func (s *state) has(p, k int) bool { return s.players[p].cards&(1<<k) != 0 }

// cardsOf lists the cards seat p owns.
func (s *state) cardsOf(p int) []int {
	var out []int
	for k := range cards {
		if s.has(p, k) {
			out = append(out, k)
		}
	}
	return out
}

// effectSum adds the params of seat p's cards with effect e.
func (s *state) effectSum(p, e int) int {
	n := 0
	for k := range cards {
		if s.has(p, k) && cards[k].effect == e {
			n += cards[k].param
		}
	}
	return n
}

// hasEffect reports whether seat p owns a card with effect e on target.
func (s *state) hasEffect(p, e, target int) bool {
	for k := range cards {
		if s.has(p, k) && cards[k].effect == e && cards[k].param == target {
			return true
		}
	}
	return false
}

// payBank moves florins from seat p to the bank.
func (s *state) payBank(p, f int) {
	s.players[p].florins -= f
	s.bankFlorins += f
}

// fromBank pays seat p up to f florins from the bank and returns what it paid.
func (s *state) fromBank(p, f int) int {
	f = min(f, s.bankFlorins)
	s.players[p].florins += f
	s.bankFlorins -= f
	return f
}

// moveRebellion moves the rebellion marker, never below 0.
func (s *state) moveRebellion(d int) {
	s.rebellion = max(0, s.rebellion+d)
}

// moveExcess moves the excess workers marker within its track.
func (s *state) moveExcess(d int) {
	s.excess = min(excessMax, max(0, s.excess+d))
}

// cloneInt8 copies a pile before it changes: piles are shared between states.
func cloneInt8(xs []int8) []int8 { return slices.Clone(xs) }
