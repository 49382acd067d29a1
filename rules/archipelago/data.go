package archipelago

// All of the game's component data. Each item says where it comes from:
// "rulebook" (the rules text), "public fact" (published component counts
// and rules) or "house" (designed here because no source prints it, with
// the reason). A new edition of the components is a change of this file
// only. docs/rules/archipelago.md lists the same items.

// colors are the players' colors, by seat. House: the rulebook says each
// player chooses a color; seats take them in this order so that mail can
// name players.
var colors = [maxSeats]string{"red", "blue", "green", "yellow", "white"}

// maxSeats is the most players. Rulebook: 2 to 5 players.
const maxSeats = 5

// resNames names the resources. Rulebook: fish, exotic fruit, livestock,
// stone, wood, iron (called fruit and cattle here, as on the cubes).
var resNames = [nRes]string{"fish", "fruit", "cattle", "stone", "wood", "iron"}

// cubeSupply is the bank's cubes of each resource at the start, before the
// domestic market's six. Public fact: 82 cubes, fruit 15, wood 15, cattle
// 15, fish 15, stone 12, iron 10.
var cubeSupply = [nRes]int{15, 15, 15, 12, 15, 10}

// Money. Public fact: the bank holds 21 coins of 5 and 30 of 1 florin.
// Rulebook: each player starts with 10 florins.
const (
	bankFlorins  = 21*5 + 30
	startFlorins = 10
)

// Per player. Public fact: 4 ships, 10 citizens, 5 action discs of which 3
// at the start. Rulebook: one ship and two citizens at the start.
const (
	shipsEach    = 4
	citizensEach = 10
	startDiscs   = 3
	mostDiscs    = 5
	startShips   = 1
	startCits    = 2
)

// Explorer tokens. Public fact and rulebook: 24 tokens in 3 stacks of 8.
const (
	tokenStacks = 3
	tokensStack = 8
)

// Building tokens in the bank. Public fact (the published rulebook's list
// of components): 13 market/port tokens and 13 town/temple tokens.
const (
	portMarketTokens = 13
	templeCityTokens = 13
)

// shipLoad is how many citizens a ship carries across water. House: the
// rulebook's first ship carries the two starting citizens, so a ship holds
// two.
const shipLoad = 2

// mostCitizensHere is the most citizens of one player on one region that
// recruitment and reproduction may bring it to. Public fact: at most 3 of
// your citizens per region; the publisher's FAQ keeps the cap for
// reproduction.
const mostCitizensHere = 3

// markets are the two market boards' zones, the same for every resource.
// House: the rulebook says the price comes from the row and the
// population effect from the row of the last cube, but prints neither.
// Domestic market (board I): four rows of two, 5 down to 2 florins; an
// empty zone stirs unrest (rebellion +1), a half-full one calms (rebellion
// -1 on the third row), a glutted one idles craftsmen (excess workers +1 on
// the fourth row). Export market (board II): three rows of two, 6 down to
// 4 florins, dearer than at home so that exporting pays; an empty zone
// leaves dockers idle (excess workers +1), trade employs them (excess
// workers -1 from the second row).
var (
	homeZone = zone{
		perRow: 2,
		price:  []int{5, 4, 3, 2},
		rebel:  []int{0, -1, -1, 0},
		excess: []int{0, 0, 0, 1},
		empty:  [2]int{0, 0},
	}
	exportZone = zone{
		perRow: 2,
		price:  []int{6, 5, 4},
		rebel:  []int{0, 0, 0},
		excess: []int{0, -1, -1},
		empty:  [2]int{0, 0},
	}
)

// populationTrack is the colony stability board (III): the population
// marker's band moves the excess workers and rebellion markers. House: a
// growing colony breeds idle hands first, then unrest (from 30 citizens:
// see the balance figures in docs/rules/archipelago.md).
var populationTrack = []band{
	{from: 0},
	{from: 10, excess: 1},
	{from: 20, excess: 1},
	{from: 30, excess: 2, rebel: 1},
	{from: 40, excess: 2, rebel: 1},
}

// excessTrack is the excess workers board (IV): the marker's band moves the
// rebellion marker and sets the price of a recruited citizen. House: few
// idle workers means calm and dear labour, many means unrest and cheap
// labour. The marker stays between 0 and excessMax. The bands are 18 wide
// because every region brings 2 to 4 huts (hutsAndIcons), about six times
// the huts of the first design, whose bands were three wide.
var excessTrack = []band{
	{from: 0, rebel: -2, recruit: 5},
	{from: 18, rebel: -1, recruit: 4},
	{from: 36, rebel: 0, recruit: 3},
	{from: 54, rebel: 1, recruit: 2},
	{from: 72, rebel: 2, recruit: 1},
	{from: 90, rebel: 3, recruit: 1},
}

const excessMax = 110

// taxTable is the tax table of the player aid screen: florins for each
// active citizen, ship, city and temple. House: the rulebook names the
// four but not the amounts; buildings pay more because they cost more.
var taxTable = struct{ citizen, ship, city, temple int }{1, 1, 3, 2}

// buildCosts are the construction costs. Public fact: ship 1 wood + 1f;
// town 1 stone + 1 wood + 2f; market 1 fruit + 1 cattle; port 1 stone + 1
// fish + 2f; temple 2 stone + 1f.
var buildCosts = [nBuild]cost{
	bShip:   {cubes: [nRes]int8{wood: 1}, florins: 1},
	bCity:   {cubes: [nRes]int8{stone: 1, wood: 1}, florins: 2},
	bMarket: {cubes: [nRes]int8{fruit: 1, cattle: 1}},
	bPort:   {cubes: [nRes]int8{fish: 1, stone: 1}, florins: 2},
	bTemple: {cubes: [nRes]int8{stone: 2}, florins: 1},
}

var buildNames = [nBuild]string{"ship", "city", "market", "port", "temple"}

// wheel is the action wheel's limited zones by number of players: index
// 2–4 is the 2–4 player side, 5 the 5 player side. House: the rulebook
// says the zones are limited to colored circles but not how many; about
// one exploration per player, and fewer taxes and reproductions than
// players, so that they are contested.
var wheel = [maxSeats + 1]circles{
	2: {explore: 2, tax: 2, reproduce: 1},
	3: {explore: 3, tax: 2, reproduce: 2},
	4: {explore: 4, tax: 3, reproduce: 3},
	5: {explore: 5, tax: 4, reproduce: 3},
}

// marketFee is what a market or port you own charges for its two
// transactions without a disc. Public fact: 1 florin.
const marketFee = 1

// gatherCubes is what a gathering card gives for the action disc placed
// on it, and cardFee what a player pays the owner to use another's card.
// Public fact (the publisher's player aid and reference sheet): evolution
// cards have powers used with action discs, and another player's card may
// be used for money. House: which cards (the fourteen that gather a
// resource; the others keep powers that need no disc, as some published
// cards do), the cubes and the fee.
const (
	gatherCubes = 2
	cardFee     = 2
)

// trackSize is the evolution track's cards. Rulebook: 5.
const trackSize = 5

// deadline is the year printed on every objective card of a length, as the
// round at whose end the game ends if nothing else ended it. House: the
// rulebook's game always ends by an objective or a war but prints no end
// condition; a last round on every card makes sure a game ends, and the
// three lengths differ by it.
var deadline = [3]int{lenShort: 6, lenMedium: 9, lenLong: 12}

var lengthNames = [3]string{lenShort: "short", lenMedium: "medium", lenLong: "long"}

// hutsAndIcons is the number of huts and resource icons of a region
// together: a region has 5 − (its icons) huts. Public fact (the publisher's
// reference sheet): always 5 minus the number of resource icons, except on
// the volcano; pbem's regions have no volcano (house), so every region has
// 2 to 4 huts.
const hutsAndIcons = 5

// openSea is the 25th hexagon, all water. Public fact: 25 double-sided
// hexagons. House: side A (3 fish icons) is used with 2–4 players, side B
// (4 fish icons) with 5, as the action wheel has a side for each.
var openSea = region{name: "Open Sea", sides: [2]side{
	{edges: "WWWWWW", icons: [nRes]int8{fish: 3}},
	{edges: "WWWWWW", icons: [nRes]int8{fish: 4}},
}}

// regions are the 24 region hexagons, numbered 1 to 24. House: every side
// has at least two water edges so that the archipelago stays navigable,
// one to three resource icons (and so 2 to 4 huts, see hutsAndIcons); nine B sides have an
// inlet, a single water edge between two land edges, so that a cell
// between two regions on the open sea can always be filled; side A and side B of a
// hexagon differ in landscape and produce, and the player who lays a
// hexagon chooses its side. Icons on the A sides: fish 8, fruit 9, cattle
// 8, stone 9, wood 8, iron 5 (iron is scarce, as in the bank); the B sides
// have more fish (14) and fewer of the rest.
var regions = [24]region{
	{"Coral Bay", [2]side{{"WWWWFF", [nRes]int8{fish: 1, fruit: 1}}, {"WFFWFF", [nRes]int8{fish: 1, cattle: 1}}}},
	{"Palm Cove", [2]side{{"WWFFFF", [nRes]int8{fruit: 2}}, {"WFFWFF", [nRes]int8{fish: 2}}}},
	{"Iron Ridge", [2]side{{"WWMMMF", [nRes]int8{stone: 1, iron: 1}}, {"WFFWMM", [nRes]int8{fish: 1, iron: 1}}}},
	{"Green Vale", [2]side{{"WWFFFF", [nRes]int8{fruit: 1, cattle: 1}}, {"WWWFFF", [nRes]int8{cattle: 2}}}},
	{"Stone Point", [2]side{{"WWWMMF", [nRes]int8{stone: 2}}, {"WMMWMM", [nRes]int8{fish: 1, stone: 1}}}},
	{"Timber Coast", [2]side{{"WWWFFF", [nRes]int8{wood: 2}}, {"WWFFMM", [nRes]int8{stone: 1, wood: 1}}}},
	{"Turtle Lagoon", [2]side{{"WWWWWW", [nRes]int8{fish: 2}}, {"WWWWWF", [nRes]int8{fish: 1, fruit: 1}}}},
	{"High Pastures", [2]side{{"WWFMMF", [nRes]int8{cattle: 2}}, {"WWFFFM", [nRes]int8{cattle: 1, wood: 1}}}},
	{"Black Cliffs", [2]side{{"WWMMMM", [nRes]int8{iron: 1}}, {"WMMWMM", [nRes]int8{fish: 1, iron: 1}}}},
	{"Mango Grove", [2]side{{"WWWFFF", [nRes]int8{fruit: 2}}, {"WFFWFF", [nRes]int8{fruit: 1, wood: 1}}}},
	{"Cedar Hills", [2]side{{"WWFFMM", [nRes]int8{wood: 2}}, {"WWWFFM", [nRes]int8{fish: 1, wood: 1}}}},
	{"Salt Marsh", [2]side{{"WWWWFF", [nRes]int8{fish: 1, cattle: 1}}, {"WWWFFF", [nRes]int8{fish: 1, fruit: 1}}}},
	{"Granite Cape", [2]side{{"WWMMFF", [nRes]int8{stone: 1, wood: 1}}, {"WFFWMM", [nRes]int8{stone: 2}}}},
	{"Sugar Fields", [2]side{{"WWFFFF", [nRes]int8{fruit: 1, cattle: 1}}, {"WWWWFF", [nRes]int8{fruit: 2}}}},
	{"Smoking Peak", [2]side{{"WWMMMM", [nRes]int8{stone: 1, iron: 1}}, {"WWWMMF", [nRes]int8{wood: 1, iron: 1}}}},
	{"Fishers' Reef", [2]side{{"WWWWWF", [nRes]int8{fish: 2}}, {"WWWWWW", [nRes]int8{fish: 3}}}},
	{"Wild Plateau", [2]side{{"WWFFMM", [nRes]int8{cattle: 1, stone: 1}}, {"WMMWFF", [nRes]int8{cattle: 1, wood: 1}}}},
	{"Banana Shore", [2]side{{"WWWWFF", [nRes]int8{fish: 1, fruit: 1}}, {"WWWFFF", [nRes]int8{fruit: 1, cattle: 1}}}},
	{"Obsidian Bay", [2]side{{"WWWMMM", [nRes]int8{stone: 1, iron: 1}}, {"WWMMMM", [nRes]int8{stone: 1}}}},
	{"Ranch Lands", [2]side{{"WWFFFF", [nRes]int8{cattle: 2}}, {"WWWFFF", [nRes]int8{fruit: 1, cattle: 1}}}},
	{"Deep Forest", [2]side{{"WWFFFM", [nRes]int8{wood: 2}}, {"WWWFFM", [nRes]int8{wood: 2}}}},
	{"Quarry Hill", [2]side{{"WWMMFF", [nRes]int8{stone: 1, wood: 1}}, {"WWFMMF", [nRes]int8{stone: 2}}}},
	{"Pearl Sound", [2]side{{"WWWWWF", [nRes]int8{fish: 1, fruit: 1}}, {"WWWWFF", [nRes]int8{fish: 2}}}},
	{"Twin Peaks", [2]side{{"WWMMMM", [nRes]int8{stone: 1, iron: 1}}, {"WMMWMM", [nRes]int8{cattle: 1, iron: 1}}}},
}

// cards are the 48 evolution cards: 24 progress cards, then 24 characters.
// Public fact: 48 cards, 24 of each kind, the backs carrying the
// archipelago balance. House: the fronts' effects and costs and the backs'
// crises and events. Costs fall as a card turns, so an unwanted card gets
// cheaper before the skull discards it; strong cards cost more. Each
// resource is the domestic crisis of eight backs, a cube standing up 5 to 8
// citizens; exports ask 1 to 3 cubes; about half the backs carry an event,
// and 15 have one red zone, five of each kind (see the counts in
// docs/rules/archipelago.md, checked by data_test.go).
var cards = [48]card{
	// Progress cards.
	{"Fishing Nets", progress, effGather, fish, [4]int{4, 3, 2, skull}, back{fish, 6, false, 1, wood, false, evNone, 0, false}},
	{"Irrigation", progress, effGather, fruit, [4]int{4, 3, 2, skull}, back{fruit, 6, false, 1, stone, false, evHarvest, fruit, false}},
	{"Animal Husbandry", progress, effGather, cattle, [4]int{4, 3, 2, skull}, back{cattle, 6, false, 2, fish, false, evNone, 0, false}},
	{"Quarrying", progress, effGather, stone, [4]int{5, 3, 2, skull}, back{stone, 7, false, 1, fruit, false, evTemples, 2, false}},
	{"Sawmill", progress, effGather, wood, [4]int{4, 3, 2, skull}, back{wood, 7, false, 2, cattle, false, evNone, 0, false}},
	{"Blast Furnace", progress, effGather, iron, [4]int{5, 4, skull, skull}, back{iron, 8, false, 1, fish, false, evUnrest, 2, true}},
	{"Shipyard", progress, effBuild, bShip, [4]int{3, 2, skull, skull}, back{fish, 5, true, 1, iron, false, evNone, 0, false}},
	{"Masonry", progress, effBuild, bCity, [4]int{5, 4, 3, skull}, back{fruit, 7, false, 2, wood, false, evMarkets, 1, false}},
	{"Trade Hall", progress, effSellHome, 1, [4]int{3, 2, skull, skull}, back{cattle, 7, false, 1, stone, true, evNone, 0, false}},
	{"Harbour Works", progress, effBuild, bPort, [4]int{4, 3, 2, skull}, back{stone, 6, false, 2, fruit, false, evImmigrants, 2, false}},
	{"Architecture", progress, effBuild, bTemple, [4]int{3, 2, skull, skull}, back{wood, 6, false, 1, fish, false, evNone, 0, false}},
	{"Printing Press", progress, effCalm, 2, [4]int{6, 4, 3, skull}, back{iron, 7, false, 3, wood, false, evDemand, wood, false}},
	{"Medicine", progress, effFeed, 1, [4]int{6, 5, 4, skull}, back{fish, 7, false, 2, cattle, false, evFestival, 2, true}},
	{"Astrolabe", progress, effExplore, 2, [4]int{4, 3, skull, skull}, back{fruit, 5, true, 1, iron, false, evNone, 0, false}},
	{"Compass", progress, effExplore, 1, [4]int{3, 2, 1, skull}, back{cattle, 6, false, 2, stone, false, evCities, 1, false}},
	{"Banking", progress, effIncome, 2, [4]int{8, 6, 4, skull}, back{stone, 8, false, 1, wood, false, evNone, 0, false}},
	{"Accounting", progress, effTax, 1, [4]int{4, 3, 2, skull}, back{wood, 5, false, 2, fish, true, evNone, 0, false}},
	{"Crop Rotation", progress, effFeed, 1, [4]int{5, 4, 3, skull}, back{iron, 6, false, 1, cattle, false, evEmigrants, 2, false}},
	{"Canals", progress, effSellHome, 1, [4]int{3, 2, skull, skull}, back{fish, 8, false, 1, fruit, false, evNone, 0, false}},
	{"Navigation", progress, effSellExport, 1, [4]int{4, 3, 2, skull}, back{fruit, 6, false, 3, iron, false, evTemples, 1, true}},
	{"Windmill", progress, effGather, fruit, [4]int{3, 2, skull, skull}, back{cattle, 5, true, 1, wood, false, evNone, 0, false}},
	{"Steel Forge", progress, effGather, iron, [4]int{4, 3, skull, skull}, back{stone, 7, false, 2, fruit, false, evHarvest, fish, false}},
	{"Aqueduct", progress, effCalm, 1, [4]int{3, 2, 1, skull}, back{wood, 8, false, 1, stone, false, evNone, 0, false}},
	{"Lighthouse", progress, effSellExport, 1, [4]int{3, 2, skull, skull}, back{iron, 5, false, 2, cattle, true, evNone, 0, false}},
	// Characters.
	{"Governor", character, effTax, 2, [4]int{8, 6, 4, skull}, back{fish, 6, false, 2, stone, false, evUnrest, 1, false}},
	{"Tax Collector", character, effTax, 1, [4]int{4, 3, 2, skull}, back{fruit, 7, false, 1, wood, false, evNone, 0, false}},
	{"Recruiter", character, effRecruit, 1, [4]int{4, 3, 2, skull}, back{cattle, 8, false, 2, iron, false, evImmigrants, 1, false}},
	{"Missionary", character, effCalm, 3, [4]int{7, 5, 3, skull}, back{stone, 5, true, 1, fish, false, evNone, 0, false}},
	{"Priest", character, effCalm, 2, [4]int{5, 4, skull, skull}, back{wood, 7, false, 2, fruit, false, evTemples, 2, false}},
	{"Diplomat", character, effCalm, 1, [4]int{2, 1, skull, skull}, back{iron, 8, false, 1, cattle, false, evNone, 0, false}},
	{"Merchant", character, effSellExport, 1, [4]int{4, 3, 2, skull}, back{fish, 5, false, 3, fruit, false, evDemand, fish, true}},
	{"Shopkeeper", character, effSellHome, 1, [4]int{3, 2, 1, skull}, back{fruit, 8, false, 1, stone, false, evNone, 0, false}},
	{"Banker", character, effIncome, 2, [4]int{8, 6, skull, skull}, back{cattle, 6, false, 2, wood, false, evMarkets, 1, false}},
	{"Moneylender", character, effIncome, 1, [4]int{4, 3, 2, skull}, back{stone, 6, false, 1, iron, true, evNone, 0, false}},
	{"Navigator", character, effExplore, 2, [4]int{4, 3, 2, skull}, back{wood, 6, true, 2, cattle, false, evNone, 0, false}},
	{"Cook", character, effFeed, 1, [4]int{5, 4, 3, skull}, back{iron, 7, false, 1, fruit, false, evFestival, 1, false}},
	{"Doctor", character, effFeed, 2, [4]int{8, 6, 4, skull}, back{fish, 7, false, 2, iron, false, evNone, 0, false}},
	{"Fisherman", character, effGather, fish, [4]int{3, 2, skull, skull}, back{fruit, 6, false, 1, cattle, false, evCities, 1, true}},
	{"Farmer", character, effGather, fruit, [4]int{3, 2, 1, skull}, back{cattle, 7, false, 2, stone, false, evNone, 0, false}},
	{"Herder", character, effGather, cattle, [4]int{3, 2, 1, skull}, back{stone, 7, false, 1, wood, false, evEmigrants, 1, false}},
	{"Stonemason", character, effGather, stone, [4]int{3, 2, skull, skull}, back{wood, 5, false, 2, fish, false, evNone, 0, false}},
	{"Lumberjack", character, effGather, wood, [4]int{3, 2, 1, skull}, back{iron, 6, false, 3, stone, true, evNone, 0, false}},
	{"Blacksmith", character, effGather, iron, [4]int{4, 3, skull, skull}, back{fish, 8, false, 1, wood, false, evHarvest, cattle, false}},
	{"Architect", character, effBuild, bTemple, [4]int{3, 2, 1, skull}, back{fruit, 5, false, 2, cattle, false, evNone, 0, false}},
	{"Shipwright", character, effBuild, bShip, [4]int{2, 1, skull, skull}, back{cattle, 8, false, 1, fruit, false, evUnrest, 1, false}},
	{"Mayor", character, effBuild, bCity, [4]int{4, 3, 2, skull}, back{stone, 5, false, 2, iron, false, evNone, 0, false}},
	{"Judge", character, effCalm, 2, [4]int{5, 3, skull, skull}, back{wood, 8, false, 1, fish, false, evFestival, 2, false}},
	{"Harbour Master", character, effBuild, bPort, [4]int{3, 2, skull, skull}, back{iron, 6, false, 2, fruit, false, evNone, 0, false}},
}

// trends are the 12 trend cards; one is drawn, and its scoring rule
// applies to everyone at the end. Public fact: 12 trend cards. House: the
// rules, one for each way of building the colony.
var trends = [12]trend{
	{"Faith", scoring{scTemple, 1, 2}},
	{"Commerce", scoring{scFlorins, 5, 1}},
	{"Seafaring", scoring{scShip, 1, 1}},
	{"Urbanism", scoring{scCity, 1, 2}},
	{"Science", scoring{scProgress, 1, 1}},
	{"Nobility", scoring{scCharacter, 1, 1}},
	{"Discovery", scoring{scToken, 1, 1}},
	{"Abundance", scoring{scFood, 2, 1}},
	{"Industry", scoring{scMaterial, 2, 1}},
	{"Trade", scoring{scTrade, 1, 2}},
	{"Harmony", scoring{scRebel, 1, -2}},
	{"Growth", scoring{scCitizen, 3, 1}},
}

// rankVP are the victory points an objective gives, by its length, to the
// player with the most of what it ranks, the second most, the third most
// and so on. Public fact (the publisher's reference sheet): objectives
// score by majorities, most, second most, third most. House: the values,
// growing with the length as the counts do; tied players each score the
// place they share and the next places are skipped; a player with none of
// the thing ranked scores nothing.
var rankVP = [3][maxSeats]int{
	lenShort:  {4, 2, 1},
	lenMedium: {6, 3, 1},
	lenLong:   {8, 4, 2},
}

// objectives are the 30 objective cards, 10 of each length. Public fact:
// 30 objectives, 10 short, 10 medium, 10 long; each has a secret end
// condition and a scoring rule that applies to everyone, by majorities
// (rankVP). Rulebook: a
// separatist or a pacifist may be among the players. House: one
// separatist and one pacifist in each length, so that the chance of
// meeting one grows with the number of players; thresholds grow with the
// number of players and with the length; what each card ranks.
var objectives = [30]objective{
	{"The Separatist", lenShort, separatist, endNone, 0, 0, scRebel},
	{"The Pacifist", lenShort, pacifist, endPeace, 2, 3, scTemple},
	{"The Admiral", lenShort, ordinary, endShips, 3, 0, scShip},
	{"The Founder", lenShort, ordinary, endCities, 1, 1, scCity},
	{"The Trader", lenShort, ordinary, endFlorins, 20, 0, scFlorins},
	{"The Colonist", lenShort, ordinary, endPopulation, 4, 3, scCitizen},
	{"The Explorer", lenShort, ordinary, endRegions, 3, 3, scToken},
	{"The Scholar", lenShort, ordinary, endBought, 2, 1, scProgress},
	{"The Courtier", lenShort, ordinary, endCards, 2, 0, scCharacter},
	{"The Builder", lenShort, ordinary, endBuildings, 2, 1, scBuilding},

	{"The Rebel Leader", lenMedium, separatist, endNone, 0, 0, scRebel},
	{"The Peacemaker", lenMedium, pacifist, endPeace, 4, 4, scTemple},
	{"The Shipowner", lenMedium, ordinary, endShips, 4, 0, scShip},
	{"The Urbanist", lenMedium, ordinary, endCities, 2, 1, scCity},
	{"The Financier", lenMedium, ordinary, endFlorins, 30, 0, scFlorins},
	{"The Settler", lenMedium, ordinary, endPopulation, 6, 4, scCitizen},
	{"The Cartographer", lenMedium, ordinary, endRegions, 6, 3, scRegion},
	{"The Inventor", lenMedium, ordinary, endBought, 4, 2, scProgress},
	{"The Patron", lenMedium, ordinary, endCards, 4, 0, scCard},
	{"The Abbot", lenMedium, ordinary, endTemples, 2, 1, scBuilding},

	{"The Independentist", lenLong, separatist, endNone, 0, 0, scRebel},
	{"The Apostle of Peace", lenLong, pacifist, endPeace, 6, 5, scTemple},
	{"The Fleet Lord", lenLong, ordinary, endTokens, 10, 2, scShip},
	{"The Governor General", lenLong, ordinary, endCities, 2, 1, scCity},
	{"The Magnate", lenLong, ordinary, endFlorins, 35, 0, scFlorins},
	{"The Patriarch", lenLong, ordinary, endPopulation, 6, 4, scCitizen},
	{"The Pathfinder", lenLong, ordinary, endRegions, 6, 3, scToken},
	{"The Philosopher", lenLong, ordinary, endBought, 5, 2, scProgress},
	{"The Aristocrat", lenLong, ordinary, endCards, 5, 0, scCharacter},
	{"The Merchant Prince", lenLong, ordinary, endBuildings, 3, 2, scTrade},
}
