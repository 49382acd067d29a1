package altiplano

import "strings"

// Kind is what a move does.
type Kind int8

// The kinds of move.
const (
	KindChoose Kind = iota // the choose variant: take a profession
	KindBack               // phase 1: pull a good back from an action space
	KindDraw               // phase 1: draw from the bag
	KindPut                // phase 2: place a good or coin on an action space
	KindTake               // phase 2: take a good or coin placed this round back
	KindDone               // phase 2: declare the plan complete
	KindTurn               // phase 3: move the pawn, then act or pass
)

// Means is how a pawn moves.
type Means int8

// The means of movement.
const (
	ByFree Means = iota // the free cart, or the pawn's first placement
	ByCart              // a bought cart and 1 food
	ByFood              // 1 food a step
)

// Act is an action of phase 3.
type Act int8

// The actions.
const (
	ActPass Act = iota
	ActFarmFood
	ActFarmWool
	ActFarmFabric
	ActForestWood
	ActForestTrade
	ActMineStone
	ActMineSilver
	ActPortFood
	ActPortStone
	ActPortBoat
	ActVillageHouse
	ActVillageStore
	ActVillageCart
	ActMarketSell
	ActMarketBuy
	ActMarketContract
	ActMarketDeliver
	ActRoadBuild
	ActCard // the action of a profession or extension
	numActs
)

// actInfo says where an action is performed and the word that names it.
var actInfo = [numActs]struct {
	loc  Loc
	verb string
}{
	ActPass:           {-1, "PASS"},
	ActFarmFood:       {Farm, ""},
	ActFarmWool:       {Farm, "WOOL"},
	ActFarmFabric:     {Farm, "FABRIC"},
	ActForestWood:     {Forest, "WOOD"},
	ActForestTrade:    {Forest, "TRADE"},
	ActMineStone:      {Mine, "STONE"},
	ActMineSilver:     {Mine, "SILVER"},
	ActPortFood:       {Port, "FOOD"},
	ActPortStone:      {Port, "STONE"},
	ActPortBoat:       {Port, "BOAT"},
	ActVillageHouse:   {Village, "HOUSE"},
	ActVillageStore:   {Village, "STORE"},
	ActVillageCart:    {Village, "CART"},
	ActMarketSell:     {Market, "SELL"},
	ActMarketBuy:      {Market, "BUY"},
	ActMarketContract: {Market, "CONTRACT"},
	ActMarketDeliver:  {Market, "DELIVER"},
	ActRoadBuild:      {Road, "BUILD"},
	ActCard:           {-1, ""},
}

// Targets of planning moves: a location, the movement spaces, a profession
// or an extension.
const (
	tMove    = 7
	tProf    = 10 // + profession
	tExt     = 20 // + design
	noTarget = -1
)

// targetName is a target's lower-case name.
func targetName(t int) string {
	switch {
	case t >= 0 && t < int(numLocs):
		return locData[t].name
	case t == tMove:
		return "move"
	case t >= tProf && t < tProf+len(professions):
		return professions[t-tProf].name
	case t >= tExt && t < tExt+numDesigns:
		return designs[t-tExt].name
	}
	return "?"
}

// targetUpper is a target's name in capitals, as moves write it.
func targetUpper(t int) string {
	if t < 0 || t >= len(targetUppers) {
		return "?"
	}
	return targetUppers[t]
}

var targetUppers = func() []string {
	out := make([]string, tExt+numDesigns)
	for t := range out {
		out[t] = strings.ToUpper(targetName(t))
	}
	return out
}()

// targetDesign is the design of a profession or extension target, or -1.
func targetDesign(t int) int {
	switch {
	case t >= tProf && t < tProf+len(professions):
		return professions[t-tProf].design
	case t >= tExt && t < tExt+numDesigns:
		return t - tExt
	}
	return -1
}

// Move is one seat's move. Its String is the canonical text: "CHOOSE
// MINER", "BACK FARM ALPACA", "DRAW", "PUT FARM ALPACA", "TAKE FARM
// ALPACA", "DONE", and for a turn an optional movement, "GO MINE",
// "GO MINE BY CART" or "GO MINE BY FOOD", then " / " and the action, e.g.
// "MINE SILVER", "FOREST TRADE FOOD+GLASS", "PORT BOAT ORE",
// "MARKET CONTRACT 5", "MINE MINER", or "PASS".
type Move struct {
	Kind   Kind
	Prof   int8  // KindChoose: the profession
	Target int8  // KindBack, KindPut, KindTake: where; KindTurn with ActCard: whose action
	Good   Good  // KindBack, KindPut, KindTake: which good, or Coin
	Go     Loc   // KindTurn: where the pawn moves first, -1 nowhere
	By     Means // KindTurn: how
	Act    Act   // KindTurn
	Arg    int8  // the boat's or house's good, the design bought, the contract (from 0)
	Goods  Goods // goods an action gives (farm food, trade) or uses (store, sell, deliver)
}

// String returns the canonical text of the move.
func (m Move) String() string {
	switch m.Kind {
	case KindChoose:
		return "CHOOSE " + strings.ToUpper(professions[m.Prof].name)
	case KindBack, KindPut, KindTake:
		verb := map[Kind]string{KindBack: "BACK", KindPut: "PUT", KindTake: "TAKE"}[m.Kind]
		return verb + " " + targetUpper(int(m.Target)) + " " + m.Good.upper()
	case KindDraw:
		return "DRAW"
	case KindDone:
		return "DONE"
	}
	var b strings.Builder
	if m.Go >= 0 {
		b.WriteString("GO " + targetUpper(int(m.Go)))
		switch m.By {
		case ByCart:
			b.WriteString(" BY CART")
		case ByFood:
			b.WriteString(" BY FOOD")
		}
		b.WriteString(" / ")
	}
	b.WriteString(m.actText())
	return b.String()
}

// actText is the canonical text of a turn's action.
func (m Move) actText() string {
	if m.Act == ActPass {
		return "PASS"
	}
	if m.Act == ActCard {
		d := targetDesign(int(m.Target))
		return targetUpper(int(designs[d].loc)) + " " + targetUpper(int(m.Target))
	}
	info := actInfo[m.Act]
	text := targetUpper(int(info.loc))
	if info.verb != "" {
		text += " " + info.verb
	}
	switch m.Act {
	case ActFarmFood, ActForestTrade, ActVillageStore, ActMarketSell, ActMarketDeliver:
		text += " " + m.Goods.Code()
	case ActPortBoat, ActVillageHouse:
		text += " " + Good(m.Arg).upper()
	case ActMarketBuy:
		text += " " + targetUpper(tExt+int(m.Arg))
	case ActMarketContract:
		text += " " + itoa(int(m.Arg)+1)
	}
	return text
}

// at is where the action of a turn is performed, or -1 for a pass.
func (m Move) at() Loc {
	if m.Act == ActCard {
		return designs[targetDesign(int(m.Target))].loc
	}
	return actInfo[m.Act].loc
}
