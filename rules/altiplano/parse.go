package altiplano

import (
	"slices"
	"strconv"
	"strings"

	"github.com/pbem-games/pbem/rules"
)

// Legal lists seat i's moves, sorted by their text.
func (s *state) Legal(i rules.Seat) []rules.Move {
	if !s.acting(i) {
		return nil
	}
	var ms []rules.Move
	switch s.phase {
	case phaseChoose:
		ms = s.chooseMoves()
	case phasePlan:
		ms = s.planMoves(&s.players[i])
	case phaseAct:
		ms = s.turnMoves(int(i))
	}
	return rules.SortMoves(ms)
}

// Parse reads seat i's move. Case, spaces and punctuation do not matter;
// see docs/rules/altiplano.md for the words and forms it accepts.
func (s *state) Parse(i rules.Seat, text string) (rules.Move, error) {
	if err := s.mayAct(i); err != nil {
		return nil, err
	}
	words, err := lex(text)
	if err != nil {
		return nil, err
	}
	if len(words) == 0 {
		return nil, illegal("the move is empty: %s", s.hint(int(i)))
	}
	var m Move
	switch s.phase {
	case phaseChoose:
		m, err = parseChoose(words)
	case phasePlan:
		m, err = s.parsePlan(&s.players[i], words)
	default:
		m, err = s.parseTurn(&s.players[i], words)
	}
	if err != nil {
		return nil, inTheirWords(err, text)
	}
	if err := s.check(int(i), m); err != nil {
		return nil, err
	}
	return m, nil
}

// mayAct says why seat i may not move now, or is nil.
func (s *state) mayAct(i rules.Seat) error {
	switch {
	case s.phase == phaseOver:
		return illegal("the game is over")
	case i < 0 || int(i) >= s.seats:
		return illegal("seat %d is not playing in this game", i)
	case s.acting(i):
		return nil
	case s.phase == phasePlan:
		return illegal("you have finished planning; the others are still planning")
	case s.phase == phaseChoose:
		return illegal("it is not your turn: seat %d chooses a profession now", s.turn)
	}
	return illegal("it is not your turn: seat %d acts now", s.turn)
}

// check says why seat i may not play m now, or is nil.
func (s *state) check(i int, m Move) error {
	switch s.phase {
	case phaseChoose:
		if m.Kind != KindChoose {
			return illegal("choose a profession first, e.g. CHOOSE MINER")
		}
		if m.Prof < 0 || int(m.Prof) >= len(professions) || !s.profFree(int(m.Prof)) {
			return illegal("the %s is taken", professions[m.Prof].name)
		}
		return nil
	case phasePlan:
		return s.checkPlan(&s.players[i], m)
	}
	if m.Kind != KindTurn {
		return illegal("the players are acting: write an action, e.g. GO MINE / MINE SILVER, or PASS")
	}
	return s.checkTurn(i, m)
}

// Apply returns the state after seat i plays m.
func (s *state) Apply(i rules.Seat, m rules.Move) (rules.State, error) {
	mv, ok := m.(Move)
	if !ok {
		return nil, illegal("that is not an Altiplano move")
	}
	if err := s.mayAct(i); err != nil {
		return nil, err
	}
	if err := s.check(int(i), mv); err != nil {
		return nil, err
	}
	text := mv.String()
	n := s.clone()
	switch mv.Kind {
	case KindChoose:
		n.applyChoose(int(mv.Prof))
	case KindTurn:
		n.applyTurn(int(i), mv)
	default:
		n.applyPlan(int(i), mv)
	}
	n.last = &LastMove{Seat: int(i)}
	if mv.Kind == KindChoose || mv.Kind == KindTurn { // a planning move stays hidden
		n.last.Move, n.last.mv = text, &mv
	}
	return n, nil
}

// hint says what a move looks like now.
func (s *state) hint(i int) rules.Phrase {
	switch s.phase {
	case phaseChoose:
		return rules.Say("choose a profession, e.g. CHOOSE MINER")
	case phasePlan:
		if s.players[i].stage == stageDraw {
			return rules.Say("write DRAW, or pull a good back first, e.g. BACK FARM ALPACA")
		}
		return rules.Say("place a good, e.g. PUT FARM ALPACA, or write DONE")
	}
	return rules.Say("write an action, e.g. GO MINE / MINE SILVER, or PASS")
}

func parseChoose(words []string) (Move, error) {
	if words[0] == wChoose {
		words = words[1:]
	}
	if len(words) != 1 {
		return Move{}, illegal("choose a profession by its name, e.g. CHOOSE MINER")
	}
	if n, ok := names[words[0]]; ok && n.kind == nProf {
		return Move{Kind: KindChoose, Prof: int8(n.index)}, nil
	}
	return Move{}, illegal("choose a profession by its name, e.g. CHOOSE MINER")
}

// target returns the target a word names for p, or -1.
func (p *player) target(w string) int {
	switch w {
	case wMove:
		return tMove
	case wProfession:
		if p.prof >= 0 {
			return tProf + p.prof
		}
	}
	n, ok := names[w]
	switch {
	case !ok:
	case n.kind == nLoc:
		return n.index
	case n.kind == nProf:
		return tProf + n.index
	case n.kind == nDesign:
		if p.prof >= 0 && professions[p.prof].design == n.index {
			return tProf + p.prof // the profession's action named as the extension
		}
		return tExt + n.index
	}
	return -1
}

// parsePlan reads a move of phases 1 and 2: a verb (PUT if none), then a
// target and a good in either order, or DONE or DRAW alone.
func (s *state) parsePlan(p *player, words []string) (Move, error) {
	kind := KindPut
	if p.stage == stageDraw {
		kind = KindBack
	}
	switch words[0] {
	case wPut:
		kind, words = KindPut, words[1:]
	case wTake:
		kind, words = KindTake, words[1:]
		if len(words) > 0 && words[0] == wBack && p.stage == stageDraw {
			kind = KindBack // "take back" before drawing pulls a good back
		}
		if slices.Contains(words, "CONTRACT") {
			return Move{}, illegal("contracts are taken at the Market in the action phase, e.g. GO MARKET / MARKET CONTRACT 5; while planning, TAKE takes back a good you placed, e.g. TAKE FARM ALPACA")
		}
	case wBack:
		kind, words = KindBack, words[1:]
	case wDone, wEnd, wDraw, wPass:
		if len(words) > 1 {
			return Move{}, illegal("write %s alone", rules.Notated(words[0], map[string]string{"zh": zhAlone[words[0]]}))
		}
		if words[0] == wDraw || p.stage == stageDraw {
			return Move{Kind: KindDraw}, nil // done pulling back: draw
		}
		return Move{Kind: KindDone}, nil
	}
	if slices.Contains(words, wSlash) || slices.Contains(words, wGo) {
		return Move{}, illegal("the players are planning now: %s", map[bool]rules.Phrase{true: say("DRAW, or BACK FARM ALPACA"), false: say("PUT FARM ALPACA, or DONE")}[p.stage == stageDraw])
	}
	t := -1
	var goods []Good // Coin is not a Good of a Goods
	for _, w := range words {
		if w == wBack && kind != KindPut {
			continue // "take back", "pull the alpaca back"
		}
		if w == wPut && kind == KindPut {
			continue // the Chinese order: 将羊驼放到农场, the good before the verb
		}
		if x, ok := goodWord(w); ok {
			goods = append(goods, x)
			continue
		}
		if x := p.target(w); x >= 0 && (t < 0 || x == t) {
			t = x
			continue
		}
		return Move{}, illegal(outOfPlace, strings.ToLower(w))
	}
	switch {
	case t < 0 || len(goods) == 0:
		return Move{}, illegal("name where and what, e.g. PUT FARM ALPACA or PUT MOVE FOOD")
	case len(goods) > 1:
		return Move{}, onePerLine(kind, t, goods)
	}
	return Move{Kind: kind, Target: int8(t), Good: goods[0]}, nil
}

// onePerLine refuses a placement of several goods in one move ("put 2 food
// mine") with the lines to write instead: a move places one good, and a
// mail may hold many lines.
func onePerLine(kind Kind, t int, goods []Good) error {
	slices.Sort(goods)
	var lines, zh []string
	for i, g := range goods {
		if i == 0 || g != goods[i-1] {
			m := Move{Kind: kind, Target: int8(t), Good: g}
			lines, zh = append(lines, m.String()), append(zh, m.chinese())
		}
	}
	if len(lines) == 1 {
		return illegal("one good per move: write %s on %d lines, one for each", rules.Notated(lines[0], map[string]string{"zh": zh[0]}), len(goods))
	}
	return illegal("one good per move: write %s, each on its own line", rules.Notated(strings.Join(lines, ", "), map[string]string{"zh": strings.Join(zh, "、")}))
}

// parseTurn reads a turn: an optional movement "GO place [BY CART|FOOD]",
// then an action or PASS.
func (s *state) parseTurn(p *player, words []string) (Move, error) {
	m := Move{Kind: KindTurn, Go: -1}
	if words[0] == wGo || words[0] == wMove {
		if len(words) < 2 || locWord(words[1]) < 0 {
			return Move{}, illegal("write where to go, e.g. GO MINE")
		}
		m.Go = locWord(words[1])
		words = words[2:]
		if len(words) > 0 && words[0] == wBy {
			if len(words) < 2 {
				return Move{}, illegal("write GO MINE BY CART or GO MINE BY FOOD")
			}
			switch words[1] {
			case "CART":
				m.By = ByCart
			case "FOOD":
				m.By = ByFood
			case wFree:
			default:
				return Move{}, illegal("a pawn moves BY CART (a bought cart and 1 food) or BY FOOD (1 food a step); without BY it takes the free cart")
			}
			words = words[2:]
		}
	}
	if len(words) > 0 && words[0] == wSlash {
		words = words[1:]
	}
	if slices.Contains(words, wSlash) {
		return Move{}, illegal("a turn is a movement, a slash and one action, e.g. GO MINE / MINE SILVER")
	}
	if len(words) == 0 {
		if m.Go >= 0 {
			return Move{}, illegal("moving is not a turn: add an action or PASS, e.g. GO %s / PASS", locNotated(m.Go))
		}
		return Move{}, illegal("write an action, e.g. GO MINE / MINE SILVER, or PASS")
	}
	if len(words) == 1 && (words[0] == wPass || words[0] == wEnd || words[0] == wDone) {
		m.Act = ActPass
		return m, nil
	}
	at := p.pawn
	if m.Go >= 0 {
		at = m.Go
	}
	return s.parseAction(p, m, words, at)
}

// locWord returns the location a word names, or -1.
func locWord(w string) Loc {
	if n, ok := names[w]; ok && n.kind == nLoc {
		return Loc(n.index)
	}
	return -1
}

// verbLoc is where the actions named by a verb are performed.
var verbLoc = map[string]Loc{
	"BOAT": Port, "HOUSE": Village, "STORE": Village, "CART": Village, "SELL": Market,
	"BUY": Market, "CONTRACT": Market, "DELIVER": Market, "BUILD": Road, "TRADE": Forest,
}

// parseAction reads an action; at is where the pawn stands when it is
// performed, the location meant when none is named.
func (s *state) parseAction(p *player, m Move, words []string, at Loc) (Move, error) {
	loc, verb := Loc(-1), ""
	var goods Goods
	var names []int
	var rest []string
	if len(words) > 1 && (words[0] == wTake || words[0] == wChoose) {
		words = words[1:] // "take contract 5", "take a boat giving ore": TAKE undoes only while planning
	}
	words = slices.DeleteFunc(slices.Clone(words), func(w string) bool { return w == wBy }) // "fulfil the contract with wool"
	for _, w := range words {
		_, isVerb := verbLoc[w]
		g, isGood := goodWord(w)
		switch {
		case locWord(w) >= 0 && (loc < 0 || locWord(w) == loc):
			loc = locWord(w) // "road: build a road" names the Road twice
		case isVerb:
			switch {
			case verb == w: // "store wool in the warehouse"
			case verb == "" || builds(verb, w):
				verb = w
			case builds(w, verb):
			default:
				return Move{}, illegal(twoActions, strings.ToLower(verb), strings.ToLower(w))
			}
		case isGood && g != Coin:
			goods[g]++
		case p.target(w) >= tProf:
			names = append(names, p.target(w))
		default:
			rest = append(rest, w)
		}
	}
	if loc < 0 {
		switch {
		case verb != "":
			loc = verbLoc[verb]
		case len(names) == 1:
			loc = designs[targetDesign(names[0])].loc
		case at >= 0:
			loc = at
		default:
			return Move{}, illegal("name the location, e.g. GO MINE / MINE SILVER")
		}
	}
	bad := func() (Move, error) {
		return Move{}, illegal("that is not an action at the %s: %s", title(locData[loc].name), rules.Say(actionsHelp[loc]))
	}
	switch {
	case verb == "BUY":
		if len(names) != 1 || len(rest) > 0 || goods.Total() > 0 {
			return Move{}, illegal("name the extension to buy, e.g. MARKET BUY SAWMILL")
		}
		m.Act, m.Arg = ActMarketBuy, int8(targetDesign(names[0]))
		return checkLoc(m, loc)
	case verb == "CONTRACT":
		if len(rest) == 1 && len(names) == 0 && goods.Total() == 0 {
			if n, err := strconv.Atoi(rest[0]); err == nil && n >= 1 && n <= len(contracts) {
				m.Act, m.Arg = ActMarketContract, int8(n-1)
				return checkLoc(m, loc)
			}
		}
		return Move{}, illegal("name the contract by its number, 1 to %d, e.g. MARKET CONTRACT 5", len(contracts))
	case len(names) > 0:
		if len(names) > 1 || len(rest) > 0 || verb != "" || goods.Total() > 0 {
			return bad()
		}
		if l := designs[targetDesign(names[0])].loc; l != loc {
			return Move{}, illegal("the %s's action is at the %s", targetName(names[0]), title(locData[l].name))
		}
		m.Act, m.Target = ActCard, int8(names[0])
		return m, nil
	case len(rest) > 0:
		return bad()
	}
	act, arg, list, ok := readAction(loc, verb, goods)
	if !ok {
		return bad()
	}
	m.Act, m.Arg, m.Goods = act, arg, list
	return checkLoc(m, loc)
}

// builds reports whether verb a only says how verb b is done, as in
// "build a boat", "buy a cart" or "deliver wool to the contract", so that
// b is the verb.
func builds(a, b string) bool {
	return a == "BUILD" && (b == "BOAT" || b == "HOUSE") || a == "BUY" && b == "CART" || a == "CONTRACT" && b == "DELIVER"
}

// checkLoc makes sure a verb's action is at the location named.
func checkLoc(m Move, loc Loc) (Move, error) {
	if a := m.at(); a != loc {
		return Move{}, illegal("that action is at the %s, not at the %s", title(locData[a].name), title(locData[loc].name))
	}
	return m, nil
}

// readAction finds the action at loc a verb (or none) and goods name.
func readAction(loc Loc, verb string, goods Goods) (Act, int8, Goods, bool) {
	only := func(g Good) bool { return goods.Total() == 1 && goods[g] == 1 }
	one := func() (Good, bool) {
		if goods.Total() != 1 {
			return 0, false
		}
		return goods.list()[0], true
	}
	switch loc {
	case Farm:
		switch {
		case verb != "":
		case goods.Total() > 0 && goods[Food] == int8(goods.Total()):
			return ActFarmFood, 0, goods, true
		case only(Wool):
			return ActFarmWool, 0, Goods{}, true
		case only(Fabric):
			return ActFarmFabric, 0, Goods{}, true
		}
	case Forest:
		outs := goods
		outs[Cocoa] = 0
		switch {
		case verb == "" && only(Wood):
			return ActForestWood, 0, Goods{}, true
		case (verb == "" || verb == "TRADE") && outs.Total() > 0 && outs[Food]+outs[Fabric]+outs[Glass] == int8(outs.Total()):
			return ActForestTrade, 0, outs, true
		}
	case Mine:
		switch {
		case verb != "":
		case only(Stone):
			return ActMineStone, 0, Goods{}, true
		case only(Silver):
			return ActMineSilver, 0, Goods{}, true
		}
	case Port:
		switch {
		case verb == "BOAT":
			if g, ok := one(); ok {
				return ActPortBoat, int8(g), Goods{}, true
			}
		case verb != "":
		case only(Food):
			return ActPortFood, 0, Goods{}, true
		case only(Stone):
			return ActPortStone, 0, Goods{}, true
		}
	case Village:
		switch verb {
		case "HOUSE":
			if g, ok := one(); ok {
				return ActVillageHouse, int8(g), Goods{}, true
			}
		case "STORE":
			return ActVillageStore, 0, goods, goods.Total() > 0
		case "CART":
			return ActVillageCart, 0, Goods{}, goods.Total() == 0
		}
	case Market:
		switch verb {
		case "SELL":
			return ActMarketSell, 0, goods, goods.Total() > 0
		case "DELIVER":
			return ActMarketDeliver, 0, goods, goods.Total() > 0
		}
	case Road:
		if (verb == "" || verb == "BUILD") && goods.Total() == 0 {
			return ActRoadBuild, 0, Goods{}, true
		}
	}
	return 0, 0, Goods{}, false
}

// actionsHelp lists each location's basic actions for error messages.
var actionsHelp = [numLocs]string{
	Farm:    "FARM FOOD (alpaca), FARM WOOL (alpaca and food), FARM FABRIC (wool and food)",
	Forest:  "FOREST WOOD (2 food), FOREST TRADE FOOD+FABRIC+GLASS (one cocoa each)",
	Mine:    "MINE STONE (2 food), MINE SILVER (ore and food)",
	Port:    "PORT FOOD (fish and food), PORT STONE (2 fish), PORT BOAT ORE (2 wood)",
	Village: "VILLAGE HOUSE SILVER (2 stone), VILLAGE STORE WOOL, VILLAGE CART (1 coin)",
	Market:  "MARKET SELL WOOL, MARKET BUY SAWMILL, MARKET CONTRACT 5, MARKET DELIVER WOOL",
	Road:    "ROAD BUILD (stone and wood)",
}

// inTheirWords rewrites a refusal that quotes a word of the canonical
// notation so that it quotes only what the player wrote: a move written
// in Chinese is read into English words, which the player never wrote.
func inTheirWords(err error, text string) error {
	e, ok := err.(*illegalError)
	if !ok || isASCII(text) {
		return err
	}
	said := strings.Join(strings.Fields(text), " ")
	switch e.format {
	case outOfPlace:
		return illegal("%q: a word is out of place: write e.g. PUT FARM ALPACA", said)
	case twoActions:
		return illegal("%q names two actions: one action per turn", said)
	}
	return err
}

const (
	outOfPlace = "%q is out of place: write e.g. PUT FARM ALPACA"
	twoActions = "one action per turn: %s and %s"
)
