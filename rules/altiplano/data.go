package altiplano

// This file holds all component data of the game. Only some of it is
// public: the seven locations and professions, the counts of the cards and
// goods, the 4-player supplies of the Village and the Forest, the Miner's
// starting goods, the draw size 4 to 8, what boats and houses are worth and
// how the warehouse treats food and corn. Everything else is printed only on
// the physical components, so it is a house design, balanced by the
// reasons given with each item and measured by the balance test. Each item
// says where it comes from: "rulebook", "public fact" or "house design".
// docs/rules/altiplano.md lists the same data for players. A new edition of
// the data is a change of this file only.

// Loc is a location.
type Loc int8

// The seven locations. Their order here is only an index; the circle on the
// table is shuffled at the start (rulebook).
const (
	Farm Loc = iota
	Forest
	Mine
	Port
	Village
	Market
	Road
	numLocs
)

// centre is where food and coins lie: no location.
const centre Loc = -1

// goodInfo is what the game needs to know about a kind of good.
type goodInfo struct {
	name   string
	zh     string // the name in the Chinese rulebook
	value  int    // points at the end
	price  int    // coins at the Market's sell action; 0: cannot be sold
	home   Loc    // the location whose supply holds it
	supply [4]int // pieces in the game with 2, 3, 4 and 5 players
}

// goodData describes the goods.
//
// Provenance: the kinds and their homes are rulebook (setup step 2); the
// counts with 5 players are the public component counts (209 pieces: food
// 36, corn 25, wood 20, stone 20, ore 15, fabric 15, silver 15, wool 15,
// fish 12, glass 12, alpaca 12, cocoa 12); wood 18 and cocoa 11 with 4
// players are public fact. The other counts are house design: wood and
// cocoa lose 2 and 1 pieces per player fewer, as the public 4-player counts
// show, and the other goods follow the same steps (2 a player for the goods
// of 15 to 25 pieces, 1 for those of 12), so that every supply runs out at
// about the same pace whatever the number of players. Food lies in the
// centre and is never removed (the rulebook removes goods only "according
// to the table", and the public facts give none for food).
//
// Values (house design; the rulebook: "0, 1, 2, 3, or 4 points"): food 0,
// because it "doesn't score at the end" (rulebook tip); goods no basic
// action makes, or made from food alone, 1; goods one step up a chain
// (wool, glass) and corn, which only roads and contracts bring, 2; fabric,
// two steps up from alpaca, 3; silver, from the scarce ore, 4.
//
// Prices (house design; the rulebook: goods without a price cannot be
// sold): the traded goods only, each at about its value less one, so that
// selling (which keeps the good) is income, not a way to points.
var goodData = [numGoods]goodInfo{
	Food:   {"food", "食物", 0, 0, centre, [4]int{36, 36, 36, 36}},
	Corn:   {"corn", "玉米", 2, 0, Road, [4]int{16, 19, 22, 25}},
	Wood:   {"wood", "木材", 1, 0, Forest, [4]int{14, 16, 18, 20}},
	Stone:  {"stone", "石头", 1, 0, Mine, [4]int{14, 16, 18, 20}},
	Ore:    {"ore", "矿石", 1, 0, Mine, [4]int{9, 11, 13, 15}},
	Fabric: {"fabric", "布料", 3, 2, Farm, [4]int{9, 11, 13, 15}},
	Silver: {"silver", "白银", 4, 3, Mine, [4]int{9, 11, 13, 15}},
	Wool:   {"wool", "羊毛", 2, 1, Farm, [4]int{9, 11, 13, 15}},
	Fish:   {"fish", "鱼", 1, 0, Port, [4]int{9, 10, 11, 12}},
	Glass:  {"glass", "玻璃", 2, 2, Market, [4]int{9, 10, 11, 12}},
	Alpaca: {"alpaca", "羊驼", 1, 0, Farm, [4]int{9, 10, 11, 12}},
	Cocoa:  {"cocoa", "可可", 1, 1, Forest, [4]int{9, 10, 11, 12}},
}

// locInfo describes a location and its action spaces on every player's
// action board.
type locInfo struct {
	name    string
	zh      string // the name in the Chinese rulebook
	spaces  int    // action spaces on the action board
	accepts []Good // the goods its actions use; nil: any good but food
}

// locData describes the locations.
//
// Provenance: names and actions are rulebook. Spaces are house design: the
// Chinese rulebook says "usually 2 to 3"; 3 everywhere lets the largest
// basic action (3 alpacas, 3 cocoa, 3 goods sold or stored) be planned,
// and the Road has 2 because its only action takes 1 stone and 1 wood.
// Accepted goods are house design: only goods some basic action there uses,
// so that a plan cannot strand a good where nothing can ever use it.
var locData = [numLocs]locInfo{
	Farm:    {"farm", "农场", 3, []Good{Food, Wool, Alpaca}},
	Forest:  {"forest", "森林", 3, []Good{Food, Cocoa}},
	Mine:    {"mine", "矿山", 3, []Good{Food, Ore}},
	Port:    {"port", "港口", 3, []Good{Food, Wood, Fish}},
	Village: {"village", "村庄", 3, nil},
	Market:  {"market", "市场", 3, nil},
	Road:    {"road", "道路", 2, []Good{Wood, Stone}},
}

// Movement and carts.
const (
	// moveSpaces is how much food the movement action spaces hold. House
	// design: enough for the 3 bought carts, or for some steps.
	moveSpaces = 4
	// maxCarts is the most carts a player may have, the first included
	// (rulebook: "maximum 4 carts in total").
	maxCarts = 4
	// cartSteps is how far one cart moves a pawn (rulebook).
	cartSteps = 3
	// baseDraw is the number of planning spaces at the start (rulebook:
	// "initially, you can occupy spaces 1 to 4").
	baseDraw = 4
)

// cartsAtVillage is the carts in the Village's supply with 2 to 5 players,
// before each player takes one. Provenance: 12 with 4 players is public
// fact, 15 carts in all is public fact (used with 5); 6 and 9 are house
// design, 3 fewer per player fewer, as from 5 to 4.
var cartsAtVillage = [4]int{6, 9, 12, 15}

// contractsRemoved is how many contracts are removed at random (rulebook:
// 6 with 2 or 3 players, 4 with 4 or 5).
func contractsRemoved(seats int) int {
	if seats <= 3 {
		return 6
	}
	return 4
}

// slot is what one action space of a profession or an extension takes: a
// good, Coin, or anyGood (any good but food).
type slot int8

const anyGood slot = 100

// design is the action of an extension card, also printed on professions.
type design struct {
	name  string // one word, used in moves
	zh    string // its Chinese name, as the Chinese mails write it
	loc   Loc    // where the action is performed
	in    []slot // the action spaces, one good or coin each
	out   Goods  // what the action gives
	store bool   // the action stores its goods in the warehouse instead
	final bool   // its goods are stored at the end of the game
	price int    // coins at the Market, before the display's surcharge
}

// The designs, indexes into designs.
const (
	dCorral = iota
	dSawmill
	dFishery
	dShaft
	dPlantation
	dQuarry
	dGlassworks
	dShearing
	dLoom
	dSmelter
	dSmokehouse
	dBullion
	dCornfield
	dStorehouse
	numDesigns
)

// designs lists the extensions' actions.
//
// Provenance: house design throughout; the rulebook says only that
// extensions "offer new actions, usually requiring 1 or 2 specific goods",
// that market extensions take coins placed while planning, that some
// extensions allow a final storage, and that an extension may repeat a
// profession's action (which a player may not buy). The first seven are
// the professions' actions. Without them nobody could make alpacas, fish,
// ore or cocoa, which no basic action makes; the cheap ones (price 1) make
// goods a basic action also makes from 2 food. The next ones move goods one
// step up a chain without food, or turn coins, which score nothing, into
// silver, or bring corn. Prices grow with what an action is worth per round:
// one good of value 1 is 1 or 2 coins, a step up or two goods 3, silver for
// coins and corn 4. The shaft, the plantation and the quarry take 2 food,
// as the basic actions that make a good from food alone do, because what
// they make feeds the strongest steps: ore and food give silver, worth 4;
// cocoa trades for fabric, worth 3, without food; two stones build a house
// every time they come round. With 1 food, the farmer and the stonemason
// scored up to half as much again as the others, and the miner led.
var designs = [numDesigns]design{
	dCorral:     {name: "corral", zh: "畜栏", loc: Farm, in: []slot{slot(Food)}, out: of(Alpaca), price: 2},
	dSawmill:    {name: "sawmill", zh: "锯木厂", loc: Forest, in: []slot{slot(Food)}, out: of(Wood), price: 1},
	dFishery:    {name: "fishery", zh: "渔场", loc: Port, in: []slot{slot(Food)}, out: of(Fish), price: 2},
	dShaft:      {name: "shaft", zh: "矿井", loc: Mine, in: []slot{slot(Food), slot(Food)}, out: of(Ore), price: 2},
	dPlantation: {name: "plantation", zh: "种植园", loc: Forest, in: []slot{slot(Food), slot(Food)}, out: of(Cocoa), price: 2},
	dQuarry:     {name: "quarry", zh: "采石场", loc: Mine, in: []slot{slot(Food), slot(Food)}, out: of(Stone), price: 1},
	dGlassworks: {name: "glassworks", zh: "玻璃工坊", loc: Market, in: []slot{slot(Coin)}, out: of(Glass), price: 2},
	dShearing:   {name: "shearing", zh: "剪毛场", loc: Farm, in: []slot{slot(Alpaca)}, out: of(Wool), price: 3},
	dLoom:       {name: "loom", zh: "织布机", loc: Farm, in: []slot{slot(Wool)}, out: of(Fabric), price: 3},
	dSmelter:    {name: "smelter", zh: "冶炼厂", loc: Mine, in: []slot{slot(Ore)}, out: of(Silver), price: 3},
	dSmokehouse: {name: "smokehouse", zh: "熏制房", loc: Port, in: []slot{slot(Fish)}, out: of(Food, Food), price: 2},
	dBullion:    {name: "bullion", zh: "银锭", loc: Market, in: []slot{slot(Coin), slot(Coin)}, out: of(Silver), price: 4},
	dCornfield:  {name: "cornfield", zh: "玉米田", loc: Road, in: []slot{slot(Food), slot(Wood)}, out: of(Corn), price: 4},
	dStorehouse: {name: "storehouse", zh: "储藏室", loc: Village, in: []slot{anyGood, anyGood}, store: true, final: true, price: 3},
}

// profInfo is a profession card.
type profInfo struct {
	name   string
	zh     string // a common Chinese name (the Chinese rulebook names none)
	design int    // its action, the same as that extension's
	start  Goods  // starting goods, into the bag
	coins  int    // starting coins
}

// professions lists the seven professions (names: rulebook).
//
// Provenance: the Miner's 2 food, 1 fish, 1 ore and 1 coin are public fact.
// The others are house design on the Miner's pattern: 2 food, two goods of
// value 1 and 1 coin. Exceptions: the Merchant, whose action takes a coin
// every round, has 3 coins; the Shepherd has a wool (value 2), as its chain
// (alpaca, wool, fabric) needs food at every step and is the slowest. Each
// action is its extension's (see designs). The goods were chosen by
// measurement (balance_test.go): when four professions started with cocoa,
// whose trade for fabric is the best single action, fabric ran out within
// six rounds, so three do; fish with wood gave the fisherman stone and
// roads early and half as many points again as the others, so it has cocoa.
var professions = [7]profInfo{
	{"lumberjack", "伐木工", dSawmill, of(Food, Food, Alpaca, Wood), 1},
	{"fisherman", "渔夫", dFishery, of(Food, Food, Fish, Cocoa), 1},
	{"shepherd", "牧羊人", dCorral, of(Food, Food, Alpaca, Wool), 1},
	{"miner", "矿工", dShaft, of(Food, Food, Fish, Ore), 1},
	{"farmer", "农夫", dPlantation, of(Food, Food, Alpaca, Cocoa), 1},
	{"merchant", "商人", dGlassworks, of(Food, Food, Fish, Cocoa), 3},
	{"stonemason", "石匠", dQuarry, of(Food, Food, Fish, Stone), 1},
}

// extCard is one of the 28 extension cards.
type extCard struct {
	letter byte // the back: 'A' to 'D'
	min    int  // the fewest players it is used with (the 3+, 4+, 5+ marks)
	design int
}

// extCards lists the extension cards.
//
// Provenance: 28 cards, letters A to D and marks 3+, 4+, 5+ are public fact;
// the cards are house design: 7 per letter; 16 unmarked, then 4 each for
// 3+, 4+ and 5+, so the display draws from 16, 20, 24 or 28 cards. Letter A
// holds the seven professions' actions, B and C the chain steps, D their
// second copies; the marked cards are second copies, so that more players
// find more of each action.
var extCards = []extCard{
	{'A', 2, dCorral}, {'A', 2, dSawmill}, {'A', 2, dFishery}, {'A', 2, dShaft},
	{'A', 2, dPlantation}, {'A', 2, dQuarry}, {'A', 2, dGlassworks},
	{'B', 2, dShearing}, {'B', 2, dSmelter}, {'B', 2, dSmokehouse}, {'B', 3, dSawmill},
	{'B', 3, dCorral}, {'B', 4, dQuarry}, {'B', 5, dFishery},
	{'C', 2, dLoom}, {'C', 2, dBullion}, {'C', 2, dCornfield}, {'C', 2, dStorehouse},
	{'C', 3, dShaft}, {'C', 4, dPlantation}, {'C', 5, dGlassworks},
	{'D', 2, dShearing}, {'D', 2, dSmelter}, {'D', 3, dLoom}, {'D', 4, dSmokehouse},
	{'D', 4, dBullion}, {'D', 5, dCornfield}, {'D', 5, dStorehouse},
}

// surcharge is the extra cost of each display space, from the lowest.
// Provenance: 5 spaces is rulebook ("reveal the first 5 extensions"), the
// lowest "without additional cost" is rulebook; the rest is house design:
// a card gets cheaper as it moves down, by 1 coin every two spaces.
var surcharge = [5]int{0, 1, 1, 2, 2}

// roadStep is what a step of the road track gives.
type roadStep struct {
	space bool // one more planning space from the next round
	corn  bool // one corn from the Road, stored at once
}

// roadTrack lists the road track from the marker's start.
// Provenance: the first two steps are rulebook (Chinese text: a fifth
// planning space, then a corn); 8 planning spaces at most is public fact;
// the rest is house design, alternating as the first two steps do.
var roadTrack = []roadStep{
	{space: true}, {corn: true}, {space: true}, {corn: true},
	{space: true}, {corn: true}, {space: true}, {corn: true},
}

// row is a warehouse row.
type row struct {
	size   int
	points int // when complete
}

// warehouseRows lists the warehouse's rows from the top.
// Provenance: one kind of good per row and a bonus for complete rows are
// public fact; the rows are house design: short rows are easy to complete
// and pay less per good (1 point for 2 goods), long ones pay more (6 for 5),
// rewarding the planning the rulebook's tip asks for.
var warehouseRows = []row{{2, 1}, {3, 2}, {3, 2}, {4, 4}, {4, 4}, {5, 6}}

// Cards at the Port and the Village.
const (
	boatPoints  = 2 // public fact
	housePoints = 4 // public fact
)

// boatGoods is the good each of the 10 boats gives when taken.
// Provenance: 10 boats and "a good and 2 points" are public fact; the goods
// are house design: the goods no basic action makes (alpaca, fish, ore,
// cocoa, twice each) and one wool and one glass, so a boat is a way into a
// chain rather than points.
var boatGoods = []Good{Alpaca, Alpaca, Fish, Fish, Ore, Ore, Cocoa, Cocoa, Wool, Glass}

// houseGoods is the good each of the 10 houses gives a bonus for.
// Provenance: 10 houses, 4 points and "increase the value of a good" are
// public fact and rulebook; the goods are house design: every kind but
// food, which scores nothing, and cocoa, the one good traded away.
var houseGoods = []Good{Corn, Wood, Stone, Ore, Fabric, Silver, Wool, Fish, Glass, Alpaca}

// contract is a contract card.
type contract struct {
	need   Goods
	points int
}

// contracts lists the 16 contracts, numbered from 1 in moves.
// Provenance: 16 cards is public fact; the cards are house design: two to
// four goods, worth the goods' value plus 3 points (the goods delivered
// are lost; the corn that comes with completion is the reward for the
// trouble), so a contract is a little better than keeping its goods.
var contracts = []contract{
	{of(Alpaca, Wool, Fabric), 9},
	{of(Fish, Fish, Glass), 7},
	{of(Wood, Stone, Stone), 6},
	{of(Ore, Silver), 8},
	{of(Cocoa, Glass, Fabric), 9},
	{of(Wool, Wool, Wool), 9},
	{of(Wood, Stone, Glass), 7},
	{of(Fish, Cocoa, Silver), 9},
	{of(Alpaca, Alpaca, Fish), 6},
	{of(Ore, Ore, Stone), 6},
	{of(Fabric, Fabric), 9},
	{of(Silver, Glass), 9},
	{of(Wood, Wood, Wool), 7},
	{of(Cocoa, Cocoa, Glass), 7},
	{of(Wool, Fabric, Silver), 12},
	{of(Fish, Ore, Wood, Stone), 7},
}

// missionKind is what a mission counts.
type missionKind int8

const (
	mGood       missionKind = iota // goods of one kind held at the end
	mBoats                         // boats
	mHouses                        // houses
	mContracts                     // completed contracts
	mRoad                          // road steps built
	mRows                          // complete warehouse rows
	mStored                        // goods in the warehouse
	mExtensions                    // extensions bought
	mCarts                         // carts, the first included
	mKinds                         // kinds of goods held, food not counted
)

// mission is a mission card: at the end, its holder scores points if they
// have at least n of what kind counts.
type mission struct {
	name   string
	kind   missionKind
	good   Good // for mGood
	n      int
	points int
}

// missions lists the 20 missions of the missions variant.
// Provenance: 20 cards and "add up the points from completed missions" are
// public fact and rulebook; the cards are house design: goals that reward
// each way to score, each about as hard as the points it gives (4 for a
// pile of one good, 5 for goals that take several actions, 6 for variety).
var missions = []mission{
	{"fleet", mBoats, 0, 3, 5},
	{"builder", mHouses, 0, 2, 5},
	{"trader", mContracts, 0, 2, 5},
	{"highway", mRoad, 0, 6, 5},
	{"hoard", mGood, Silver, 4, 5},
	{"weaver", mGood, Fabric, 4, 5},
	{"herd", mGood, Alpaca, 5, 4},
	{"catch", mGood, Fish, 5, 4},
	{"timber", mGood, Wood, 5, 4},
	{"masonry", mGood, Stone, 5, 4},
	{"glazier", mGood, Glass, 4, 4},
	{"bales", mGood, Wool, 5, 4},
	{"chocolatier", mGood, Cocoa, 5, 4},
	{"prospector", mGood, Ore, 5, 4},
	{"orderly", mRows, 0, 2, 5},
	{"harvest", mGood, Corn, 4, 5},
	{"investor", mExtensions, 0, 3, 5},
	{"caravan", mCarts, 0, 3, 4},
	{"variety", mKinds, 0, 8, 6},
	{"granary", mStored, 0, 12, 5},
}

// missionsEach is how many missions each player is dealt (house design:
// two, so that one missed mission is not the whole reward).
const missionsEach = 2
