package archipelago

// The kinds of component. The values themselves, with where each comes
// from, are in data.go.

// Resources, in the order the boards show them.
const (
	fish = iota
	fruit
	cattle
	stone
	wood
	iron
	nRes
)

// Landscapes of a region's edges.
const (
	water    = 'W'
	field    = 'F'
	mountain = 'M'
)

// side is one face of a region hexagon.
type side struct {
	edges string     // six landscapes, clockwise from the east edge: E, SE, SW, W, NW, NE
	icons [nRes]int8 // resource icons, by resource
}

// huts is the number of huts on the side: each raises the excess workers
// by one when the region is found. They are not printed data but follow
// from the icons (hutsAndIcons in data.go); the open sea has none.
func (f *side) huts() int {
	if f == &openSea.sides[0] || f == &openSea.sides[1] {
		return 0
	}
	n := 0
	for _, x := range f.icons {
		n += int(x)
	}
	return max(0, hutsAndIcons-n)
}

// region is a double-sided hexagon.
type region struct {
	name  string
	sides [2]side // A and B
}

// zone describes one resource zone of a market board: its spaces are
// filled row by row from the top left, two to a row.
type zone struct {
	perRow int
	price  []int  // florins by row, top row first
	rebel  []int  // rebellion marker moves by row of the last cube (population effects)
	excess []int  // excess workers marker moves by row of the last cube
	empty  [2]int // rebellion, excess workers moves when the zone is empty
}

// spaces is how many cubes the zone holds.
func (z zone) spaces() int { return z.perRow * len(z.price) }

// band is a row of a track (boards III and IV): it applies from its
// first value on.
type band struct {
	from    int
	excess  int // excess workers marker move in the population effects
	rebel   int // rebellion marker move in the population effects
	recruit int // board IV: florins a recruited citizen costs
}

// bandAt returns the band a marker at value v is in.
func bandAt(bands []band, v int) band {
	b := bands[0]
	for _, x := range bands {
		if v >= x.from {
			b = x
		}
	}
	return b
}

// Buildings.
const (
	bShip = iota // ships are built, but are units, not buildings
	bCity
	bMarket
	bPort
	bTemple
	nBuild
)

// cost is what something costs: cubes and florins.
type cost struct {
	cubes   [nRes]int8
	florins int
}

// Effects of the evolution cards' fronts.
const (
	effGather     = iota + 1 // an action disc on the card, once a round: gatherCubes cubes of param (a resource) from the bank
	effBuild                 // building param (bShip…bTemple) costs you no florins
	effTax                   // param more florins when you levy taxes
	effRecruit               // each citizen you recruit costs param florin less
	effFeed                  // in a domestic crisis each cube you give stands up param more citizens
	effCalm                  // when you buy the card, the rebellion marker moves back param
	effIncome                // you take param florins from the bank in each unlink phase
	effExplore               // param florins from the bank each time you explore
	effSellHome              // param more florins for each cube you sell on the domestic market
	effSellExport            // param more florins for each cube you sell on the export market
)

// Kinds of evolution card.
const (
	progress  = 0
	character = 1
)

// skull marks the orientation whose red triangle points to the skull.
const skull = -1

// card is an evolution card: its front (bought) and its back (the
// archipelago balance, read while it lies on top of the pile).
type card struct {
	name   string
	kind   int
	effect int
	param  int
	costs  [4]int // cost by orientation: 0 as revealed, then a quarter turn clockwise each; skull ends it
	back   back
}

// back is the archipelago balance printed on the back of an evolution card.
type back struct {
	homeRes   int  // domestic consumption crisis: the resource
	homePer   int  // how many citizens one cube stands up
	homeRed   bool // resolved when revealed instead of in phase 4
	exportN   int  // export consumption crisis: how many cubes
	exportRes int
	exportRed bool
	event     int // 0 for none
	eventArg  int
	eventRed  bool
}

// Events on the backs.
const (
	evNone       = iota
	evTemples    // the rebellion marker moves back arg for each temple in the archipelago
	evMarkets    // the rebellion marker moves back arg for each market in the archipelago
	evCities     // the rebellion marker moves forward arg for each city in the archipelago
	evImmigrants // the excess workers marker moves forward arg
	evEmigrants  // the excess workers marker moves back arg
	evHarvest    // arg: a resource; two cubes of it go from the bank to the domestic market
	evDemand     // arg: a resource; two cubes of it leave the export market for Europe
	evUnrest     // the rebellion marker moves forward arg
	evFestival   // the rebellion marker moves back arg
)

// Scoring rules of objectives and trends: vp victory points for every per
// things counted.
const (
	scTemple    = iota + 1 // temples you own
	scCity                 // cities you own
	scTrade                // markets and ports you own
	scBuilding             // buildings you own
	scShip                 // your ships on the board
	scCitizen              // your citizens on the board, rebels included
	scRebel                // your rebel citizens
	scProgress             // progress cards you own
	scCharacter            // character cards you own
	scCard                 // evolution cards you own
	scToken                // explorer tokens behind your screen
	scFlorins              // florins behind your screen
	scFood                 // fish, fruit and cattle behind your screen
	scMaterial             // stone, wood and iron behind your screen
	scRegion               // regions where you have a unit
)

type scoring struct {
	what int
	per  int // count per vp; at least 1
	vp   int // may be negative
}

// End conditions of objectives: the game ends at once when it holds,
// comparing a count with base + perSeat × players.
const (
	endNone       = iota // only the year printed on the card
	endPeace             // at the end of a turn: rebellion 0, no rebels, population at least the threshold
	endPopulation        // the population marker
	endRegions           // regions on the map, the open sea not counted
	endCities            // cities in the archipelago
	endTemples           // temples in the archipelago
	endBuildings         // buildings in the archipelago
	endBought            // evolution cards bought by all players
	endShips             // the holder's ships on the board
	endFlorins           // florins behind the holder's screen
	endCards             // evolution cards the holder owns
	endTokens            // explorer tokens taken from the stacks
)

// Objective lengths.
const (
	lenShort = iota
	lenMedium
	lenLong
)

// Special objectives.
const (
	ordinary = iota
	separatist
	pacifist
)

type objective struct {
	name    string
	length  int
	special int
	end     int
	base    int
	perSeat int
	ranked  int // what the players are ranked by (sc…): rankVP by length for the most, the second most, …
}

type trend struct {
	name  string
	score scoring
}

// circles are the colored circles of the action wheel's limited zones for
// one number of players.
type circles struct {
	explore, tax, reproduce int
}
