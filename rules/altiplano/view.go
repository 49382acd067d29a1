package altiplano

import (
	"encoding/json"
	"slices"
	"strings"
	"sync"

	"github.com/pbem-games/pbem/rules"
)

// View is what one seat sees: the table, which every seat sees alike, and
// what only the seat itself sees. While the others plan, a seat sees their
// action boards as they were at the end of the last action phase.
type View struct {
	Seat  int      `json:"seat"` // the viewer; -1 for an observer
	Table *Table   `json:"table"`
	You   *OwnView `json:"you,omitempty"` // nil for an observer

	text *textCache // Text, made once per state and seat
}

// textCache holds the Text of one seat's view of one state, which mails
// and the conformance suite ask for repeatedly.
type textCache struct {
	once sync.Once
	text string
}

// Table is the public part of a view, shared by the views of one state.
type Table struct {
	Players     int            `json:"players"`
	Variants    []string       `json:"variants"`
	Round       int            `json:"round"`
	Phase       string         `json:"phase"`            // "choose", "plan", "act" or "over"
	FinalRound  int            `json:"final_round"`      // the last round once the end is triggered, else 0
	EndBy       string         `json:"end_by,omitempty"` // what triggered the end, e.g. "the Port has nothing left"
	Start       int            `json:"start_player"`
	ToAct       []int          `json:"to_act"`
	Circle      []string       `json:"circle"`    // the locations clockwise
	Supply      map[string]int `json:"supply"`    // goods at the locations, food in the centre
	Carts       int            `json:"carts"`     // at the Village
	Houses      string         `json:"houses"`    // at the Village, by the good they favour: "corn 1, wood 1"
	Boats       string         `json:"boats"`     // at the Port, by the good they give
	Contracts   []int          `json:"contracts"` // at the Market, by number
	Display     []Offer        `json:"display"`
	Pile        int            `json:"pile"`
	PileLetter  string         `json:"pile_letter"`                // the back of the top card, "" when empty
	Professions []string       `json:"professions_left,omitempty"` // the choose variant
	Seats       []PlayerView   `json:"seats"`
	Last        *LastMove      `json:"last"`
	Over        bool           `json:"over"`
	Scores      []int          `json:"scores"`  // as Result reports them
	Winners     []int          `json:"winners"` // once over: first in the ranking
	Ranking     []Place        `json:"ranking"` // once over

	json *jsonCache // the table's JSON, made once
}

// jsonCache holds a table's JSON: the conformance suite and the mail
// layer marshal the views of one state many times.
type jsonCache struct {
	once sync.Once
	data []byte
	err  error
}

// MarshalJSON returns the table's JSON, made on first use.
func (t *Table) MarshalJSON() ([]byte, error) {
	type plain Table // without the method
	if t.json == nil {
		return json.Marshal((*plain)(t))
	}
	t.json.once.Do(func() { t.json.data, t.json.err = json.Marshal((*plain)(t)) })
	return t.json.data, t.json.err
}

// viewCache holds a state's table, built on first use. Each state has its
// own; sync.Once makes building it safe for states shared between
// goroutines.
type viewCache struct {
	once  sync.Once
	table *Table
	texts []textCache // by seat, the observer last
}

// Place is a seat's place in the final ranking, from 1: by points, then
// by coins (the rulebook's tie-break); seats equal on both share a place.
type Place struct {
	Seat   int `json:"seat"`
	Place  int `json:"place"`
	Points int `json:"points"`
	Coins  int `json:"coins"`
}

// ContractView is a contract card.
type ContractView struct {
	Number int    `json:"number"`
	Needs  string `json:"needs"`
	Points int    `json:"points"`
}

// Offer is an extension on the display: its name, its space from 1, the
// lowest, and its cost, the price plus the space's surcharge.
type Offer struct {
	Space int    `json:"space"`
	Name  string `json:"name"`
	Cost  int    `json:"cost"`
}

// PlayerView is what everyone sees of one player. The warehouse lists the
// rows in use from the top, each as its kind and number of goods, e.g.
// "alpaca 1" (rows fill from the top; their sizes are in data.go); the
// board maps each target with goods or coins on its action spaces to them,
// e.g. "farm": "food 1, alpaca 1".
type PlayerView struct {
	Seat       int               `json:"seat"`
	Profession string            `json:"profession,omitempty"`
	Coins      int               `json:"coins"`
	Pawn       string            `json:"pawn,omitempty"` // none before the first placement
	Road       int               `json:"road"`
	Carts      int               `json:"carts"`
	CartsUsed  int               `json:"bought_carts_used,omitempty"`
	FreeUsed   bool              `json:"free_cart_used,omitempty"`
	Warehouse  []string          `json:"warehouse,omitempty"`
	Overflow   int               `json:"corn_beside_warehouse,omitempty"`
	Houses     []string          `json:"houses,omitempty"`
	Boats      []string          `json:"boats,omitempty"`
	Contract   int               `json:"contract,omitempty"` // the open contract's number
	Delivered  string            `json:"delivered,omitempty"`
	Completed  []int             `json:"completed,omitempty"` // numbers of the completed contracts
	Extensions []string          `json:"extensions,omitempty"`
	Board      map[string]string `json:"board,omitempty"`
	Status     string            `json:"status,omitempty"` // "drawing", "planning", "done planning" or "passed"
	Score      int               `json:"score"`            // as Result reports it
	Final      *Score            `json:"final,omitempty"`  // the breakdown, once over
	Missions   []MissionView     `json:"missions,omitempty"`
}

// OwnView is what only the seat itself sees: its coins and action spaces
// as they are while it plans, its bag, crate, planning spaces, the goods
// it placed this round and its missions.
type OwnView struct {
	Coins    int               `json:"coins"`
	Board    map[string]string `json:"board"`
	Bag      int               `json:"bag"`
	BagGoods string            `json:"bag_goods"` // what is in it, not in which order
	Crate    string            `json:"crate"`
	Planning []PlanSpace       `json:"planning"`
	Placed   []Placement       `json:"placed_this_round"`
	Missions []MissionView     `json:"missions,omitempty"`
}

// PlanSpace is one planning space and its good.
type PlanSpace struct {
	Seat  int    `json:"seat"`
	Space int    `json:"space"`
	Good  string `json:"good"`
}

// Placement is a good or coin the seat placed this round, hidden from the
// others until every plan is done.
type Placement struct {
	Seat   int    `json:"seat"`
	Target string `json:"target"`
	Good   string `json:"good"`
	Count  int    `json:"count"`
}

// MissionView is a mission card.
type MissionView struct {
	Seat   int    `json:"seat"`
	Name   string `json:"name"`
	Goal   string `json:"goal"`
	Points int    `json:"points"`
	Done   bool   `json:"fulfilled"`
}

// LastMove is the move that led to this position; a planning move is
// shown without its text.
type LastMove struct {
	Seat int    `json:"seat"`
	Move string `json:"move"`
	mv   *Move  // the move shown, for its notation in other languages; nil for a planning move
}

// Notated is the move as a phrase of notation, which each reader reads
// in the notation of their language: GO MINE / PASS, 前往矿山 / 结束本轮行动.
// Written when asked: only the last move's view is ever shown, and a
// planning move, hidden, has none.
func (l LastMove) Notated() rules.Phrase {
	if l.mv == nil {
		return rules.Notated(l.Move, nil)
	}
	return rules.Notated(l.Move, map[string]string{"zh": l.mv.chinese()})
}

// View returns what seat i may see.
func (s *state) View(i rules.Seat) rules.View {
	s.cache.once.Do(func() {
		s.cache.table = s.table()
		s.cache.texts = make([]textCache, s.seats+1)
	})
	v := &View{Seat: int(i), Table: s.cache.table, text: &s.cache.texts[s.seats]}
	if i >= 0 && int(i) < s.seats {
		v.You = s.ownView(int(i))
		v.text = &s.cache.texts[i]
	}
	return v
}

// table builds the public part of the views.
func (s *state) table() *Table {
	v := &Table{
		Players:    s.seats,
		Round:      s.round,
		Phase:      [...]string{"choose", "plan", "act", "over"}[s.phase],
		FinalRound: s.final,
		EndBy:      s.endBy,
		Start:      s.start,
		Supply:     map[string]int{},
		Carts:      s.carts,
		Houses:     countGoods(s.houses),
		Boats:      countGoods(s.boats),
		Contracts:  []int{},
		Pile:       len(s.pile),
		Last:       s.last,
		Over:       s.phase == phaseOver,
		json:       &jsonCache{},
	}
	if s.choose {
		v.Variants = append(v.Variants, Choose)
	}
	if s.missions {
		v.Variants = append(v.Variants, Missions)
	}
	if s.shortage {
		v.Variants = append(v.Variants, Shortage)
	}
	if len(s.pile) > 0 {
		v.PileLetter = string(extCards[s.pile[len(s.pile)-1]].letter)
	}
	for _, t := range s.ToAct() {
		v.ToAct = append(v.ToAct, int(t))
	}
	for _, l := range s.circle {
		v.Circle = append(v.Circle, locData[l].name)
	}
	for g := range numGoods {
		v.Supply[g.Name()] = int(s.supply[g])
	}
	for _, c := range s.contracts {
		v.Contracts = append(v.Contracts, c+1)
	}
	for k, c := range s.display {
		if c >= 0 {
			dg := designs[extCards[c].design]
			v.Display = append(v.Display, Offer{Space: k + 1, Name: dg.name, Cost: dg.price + surcharge[k]})
		}
	}
	if s.phase == phaseChoose {
		for k, p := range professions {
			if s.profFree(k) {
				v.Professions = append(v.Professions, p.name)
			}
		}
	}
	v.Scores, _ = s.Result()
	for k := range s.players {
		v.Seats = append(v.Seats, s.playerView(k, v.Scores[k]))
	}
	if v.Over {
		v.Ranking = s.ranking(v.Scores)
		for _, pl := range v.Ranking {
			if pl.Place == 1 {
				v.Winners = append(v.Winners, pl.Seat)
			}
		}
		slices.Sort(v.Winners)
	}
	return v
}

// counted says the goods as "glass 11, wool 2"; a count of -1 is shown
// as 0.
func (g Goods) counted() string {
	var b strings.Builder
	for k := range numGoods {
		if g[k] == 0 {
			continue
		}
		if b.Len() > 0 {
			b.WriteString(", ")
		}
		b.WriteString(k.Name())
		b.WriteByte(' ')
		b.WriteString(itoa(max(0, int(g[k]))))
	}
	return b.String()
}

func countGoods(gs []Good) string {
	var g Goods
	for _, x := range gs {
		g[x]++
	}
	return g.counted()
}

func contractView(c int) ContractView {
	return ContractView{Number: c + 1, Needs: contracts[c].need.Phrase(), Points: contracts[c].points}
}

// designNamed returns the design called name, or -1.
func designNamed(name string) int {
	for d, dg := range designs {
		if dg.name == name {
			return d
		}
	}
	return -1
}

// actionPhrase says what a profession's or extension's action does.
func actionPhrase(d int) rules.Phrase {
	dg := designs[d]
	var in []rules.Phrase
	for _, sl := range dg.in {
		switch sl {
		case anyGood:
			in = append(in, say("any good"))
		default:
			in = append(in, say(Good(sl).Name()))
		}
	}
	if dg.store {
		return say("%s into the warehouse, also at the end", and(in))
	}
	return say("%s -> %s", and(in), dg.out.phrase())
}

func goodNames(gs []Good) []string {
	var out []string
	for _, g := range gs {
		out = append(out, g.Name())
	}
	return out
}

// playerView is what everyone sees of seat k, whose score Result gives as
// result.
func (s *state) playerView(k int, result int) PlayerView {
	p := &s.players[k]
	pv := PlayerView{Seat: k, Coins: p.coins, Road: p.road, Carts: p.carts, CartsUsed: p.cartsUsed,
		FreeUsed: p.freeUsed, Houses: goodNames(p.houses), Boats: goodNames(p.boats), Overflow: int(p.overflow[Corn]),
		Score: result}
	for _, c := range p.done {
		pv.Completed = append(pv.Completed, c+1)
	}
	if p.prof >= 0 {
		pv.Profession = professions[p.prof].name
	}
	if p.pawn >= 0 {
		pv.Pawn = locData[p.pawn].name
	}
	for _, f := range p.rows {
		if f.n > 0 {
			pv.Warehouse = append(pv.Warehouse, f.kind.Name()+" "+itoa(f.n))
		}
	}
	if p.contract >= 0 {
		pv.Contract = p.contract + 1
		pv.Delivered = p.delivered.counted()
	}
	for _, h := range p.cards[min(1, len(p.cards)):] {
		pv.Extensions = append(pv.Extensions, designs[h.design].name)
	}
	pv.Board = s.board(p, false)
	switch {
	case s.phase == phasePlan:
		pv.Status = [...]string{"drawing", "planning", "done planning"}[p.stage]
		pv.Coins = p.coins + p.coinsPlaced() // placing coins is part of the hidden plan
	case s.phase == phaseAct && p.passed:
		pv.Status = "passed"
	}
	if s.phase == phaseOver {
		sc := s.score(k)
		pv.Final = &sc
		pv.Missions = s.missionViews(k)
	}
	return pv
}

// coinsPlaced is the number of p's coins on action spaces.
func (p *player) coinsPlaced() int {
	n := 0
	for _, h := range p.cards {
		n += h.coins
	}
	return n
}

// board maps each of p's targets with goods or coins on its action spaces
// to them: as they are for p itself and in the action phase, else as
// everyone last saw them.
func (s *state) board(p *player, own bool) map[string]string {
	locs, move, cards := p.loc, p.move, make([]Goods, len(p.cards))
	for k, h := range p.cards {
		cards[k] = h.goods
	}
	hidden := !own && s.phase == phasePlan
	if hidden {
		locs, move = p.shown.loc, p.shown.move
		cards = make([]Goods, len(p.cards))
		copy(cards, p.shown.cards)
	}
	out := map[string]string{}
	for l := range numLocs {
		if locs[l].Total() > 0 {
			out[locData[l].name] = locs[l].counted()
		}
	}
	if move > 0 {
		out["move"] = Goods{Food: move}.counted()
	}
	for k, g := range cards {
		x := g.counted()
		if c := p.cards[k].coins; c > 0 && !hidden {
			if x != "" {
				x += ", "
			}
			x += "coin " + itoa(c)
		}
		if x != "" {
			out[targetName(p.targetOf(k))] = x
		}
	}
	return out
}

// ownView is what only seat k sees.
func (s *state) ownView(k int) *OwnView {
	p := &s.players[k]
	var bag Goods
	for _, g := range p.bag {
		bag[g]++
	}
	o := &OwnView{Coins: p.coins, Board: s.board(p, true), Bag: len(p.bag), BagGoods: bag.counted(), Crate: p.crate.counted(),
		Planning: []PlanSpace{}, Placed: s.placed(k)}
	for n, g := range p.planning.list() {
		o.Planning = append(o.Planning, PlanSpace{Seat: k, Space: n + 1, Good: g.Name()})
	}
	if s.phase != phaseOver {
		o.Missions = s.missionViews(k)
	}
	return o
}

// placed lists what seat k placed this round, while the plans are hidden.
func (s *state) placed(k int) []Placement {
	out := []Placement{}
	if s.phase != phasePlan {
		return out
	}
	p := &s.players[k]
	add := func(t int, g Good, n int) {
		if n > 0 {
			out = append(out, Placement{Seat: k, Target: targetName(t), Good: g.Name(), Count: n})
		}
	}
	for _, l := range s.circle {
		for g := range numGoods {
			add(int(l), g, int(p.locNew[l][g]))
		}
	}
	add(tMove, Food, int(p.moveNew))
	for c, h := range p.cards {
		for g := range numGoods {
			add(p.targetOf(c), g, int(h.fresh[g]))
		}
		add(p.targetOf(c), Coin, h.coins)
	}
	return out
}
