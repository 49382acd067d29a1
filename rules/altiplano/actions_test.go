package altiplano

import (
	"errors"
	"strings"
	"testing"

	"github.com/pbem-games/pbem/rules"
)

// actState returns a 2-player game in the action phase with seat 0 to act
// as a miner, its pawn at the Farm, the locations clockwise in index order
// (Farm, Forest, Mine, Port, Village, Market, Road) and nothing on its
// action spaces; edit changes it further.
func actState(t *testing.T, edit func(s *state, p *player)) *state {
	t.Helper()
	st, err := Game.Start(rules.Setup{Seats: 2, Seed: rules.SeedFromInt(1)})
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*state).clone()
	for i := range s.circle {
		s.circle[i] = Loc(i)
	}
	s.phase, s.turn = phaseAct, 0
	for i := range s.players {
		p := &s.players[i]
		p.stage, p.passed = stageDone, false
		p.planning, p.crate, p.bag = Goods{}, Goods{}, nil
		p.loc, p.locNew = [numLocs]Goods{}, [numLocs]Goods{}
	}
	p := &s.players[0]
	p.prof = 3 // miner
	p.cards = []holder{{design: professions[3].design}}
	p.pawn = Farm
	p.coins = 0
	edit(s, p)
	return s
}

// at puts goods on p's action spaces at l.
func at(p *player, l Loc, gs ...Good) { p.loc[l] = p.loc[l].Plus(of(gs...)) }

// give adds an extension of design d to p with goods on its spaces.
func give(p *player, d int, coins int, gs ...Good) {
	p.cards = append(p.cards, holder{design: d, goods: of(gs...), coins: coins})
}

// actionCase is one move tried on a prepared state.
type actionCase struct {
	name  string
	edit  func(s *state, p *player)
	move  string
	err   string                   // a part of the error; "" means the move is legal
	check func(a, b *state) string // what the move did, a before and b after; "" means right
}

// crateGot checks that seat 0's crate gained exactly goods.
func crateGot(gs ...Good) func(a, b *state) string {
	return func(a, b *state) string {
		if got := b.players[0].crate.Minus(a.players[0].crate); got != of(gs...) {
			return "the crate gained " + got.Phrase() + ", want " + of(gs...).Phrase()
		}
		return ""
	}
}

// both joins checks.
func both(cs ...func(a, b *state) string) func(a, b *state) string {
	return func(a, b *state) string {
		for _, c := range cs {
			if msg := c(a, b); msg != "" {
				return msg
			}
		}
		return ""
	}
}

// supplyLost checks that the supply lost exactly goods.
func supplyLost(gs ...Good) func(a, b *state) string {
	return func(a, b *state) string {
		if got := a.supply.Minus(b.supply); got != of(gs...) {
			return "the supply lost " + got.Phrase() + ", want " + of(gs...).Phrase()
		}
		return ""
	}
}

// seat0 checks a condition on seat 0 after the move.
func seat0(what string, ok func(p *player) bool) func(a, b *state) string {
	return func(a, b *state) string {
		if !ok(&b.players[0]) {
			return what
		}
		return ""
	}
}

var actionCases = []actionCase{
	// Farm.
	{name: "farm food", edit: func(s *state, p *player) { at(p, Farm, Alpaca) }, move: "FARM FOOD",
		check: both(crateGot(Alpaca, Food), supplyLost(Food))},
	{name: "farm food from two alpacas", edit: func(s *state, p *player) { at(p, Farm, Alpaca, Alpaca, Food) }, move: "FARM FOOD+FOOD",
		check: both(crateGot(Alpaca, Alpaca, Food, Food), seat0("the food stays", func(p *player) bool { return p.loc[Farm] == of(Food) }))},
	{name: "farm food from more alpacas than placed", edit: func(s *state, p *player) { at(p, Farm, Alpaca) }, move: "FARM FOOD+FOOD",
		err: "needs 2 alpaca"},
	{name: "farm wool", edit: func(s *state, p *player) { at(p, Farm, Alpaca, Food) }, move: "FARM WOOL",
		check: both(crateGot(Alpaca, Food, Wool), supplyLost(Wool))},
	{name: "farm wool without food", edit: func(s *state, p *player) { at(p, Farm, Alpaca, Alpaca) }, move: "FARM WOOL",
		err: "wool needs 1 food and 1 alpaca"},
	{name: "farm fabric", edit: func(s *state, p *player) { at(p, Farm, Wool, Food) }, move: "FARM FABRIC",
		check: crateGot(Wool, Food, Fabric)},
	{name: "farm fabric with none left", edit: func(s *state, p *player) { at(p, Farm, Wool, Food); s.supply[Fabric] = 0 }, move: "FARM FABRIC",
		err: "the Farm has only 0 fabric left"},
	{name: "farm food without the pawn there", edit: func(s *state, p *player) { at(p, Farm, Alpaca); p.pawn = Mine }, move: "FARM FOOD",
		err: "your pawn is at the mine"},
	// Forest.
	{name: "forest wood", edit: func(s *state, p *player) { p.pawn = Forest; at(p, Forest, Food, Food) }, move: "FOREST WOOD",
		check: both(crateGot(Food, Food, Wood), supplyLost(Wood))},
	{name: "forest trade", edit: func(s *state, p *player) { p.pawn = Forest; at(p, Forest, Cocoa, Cocoa, Cocoa) }, move: "FOREST TRADE FOOD+FABRIC+GLASS",
		check: both(crateGot(Cocoa, Cocoa, Cocoa, Food, Fabric, Glass), supplyLost(Food, Fabric, Glass))},
	{name: "forest trade of fewer cocoa", edit: func(s *state, p *player) { p.pawn = Forest; at(p, Forest, Cocoa, Cocoa) }, move: "FOREST TRADE GLASS",
		check: both(crateGot(Cocoa, Glass), seat0("a cocoa stays", func(p *player) bool { return p.loc[Forest] == of(Cocoa) }))},
	{name: "forest trade for more than the cocoa", edit: func(s *state, p *player) { p.pawn = Forest; at(p, Forest, Cocoa) }, move: "FOREST TRADE FOOD+GLASS",
		err: "needs 2 cocoa"},
	{name: "forest trade for silver", edit: func(s *state, p *player) { p.pawn = Forest; at(p, Forest, Cocoa) }, move: "FOREST TRADE SILVER",
		err: "not an action at the Forest"},
	// Mine.
	{name: "mine stone", edit: func(s *state, p *player) { p.pawn = Mine; at(p, Mine, Food, Food) }, move: "MINE STONE",
		check: crateGot(Food, Food, Stone)},
	{name: "mine silver", edit: func(s *state, p *player) { p.pawn = Mine; at(p, Mine, Ore, Food) }, move: "MINE SILVER",
		check: both(crateGot(Ore, Food, Silver), supplyLost(Silver))},
	{name: "mine silver without ore", edit: func(s *state, p *player) { p.pawn = Mine; at(p, Mine, Food, Food) }, move: "MINE SILVER",
		err: "silver needs 1 food and 1 ore"},
	// Port.
	{name: "port food", edit: func(s *state, p *player) { p.pawn = Port; at(p, Port, Fish, Food) }, move: "PORT FOOD",
		check: crateGot(Fish, Food, Food)},
	{name: "port stone", edit: func(s *state, p *player) { p.pawn = Port; at(p, Port, Fish, Fish) }, move: "PORT STONE",
		check: both(crateGot(Fish, Fish, Stone), supplyLost(Stone))},
	{name: "port boat", edit: func(s *state, p *player) { p.pawn = Port; at(p, Port, Wood, Wood) }, move: "PORT BOAT ORE",
		check: both(crateGot(Wood, Wood, Ore), supplyLost(Ore), seat0("no boat", func(p *player) bool { return len(p.boats) == 1 && p.boats[0] == Ore }),
			func(a, b *state) string {
				if len(b.boats) != len(a.boats)-1 {
					return "the Port kept the boat"
				}
				return ""
			})},
	{name: "port boat whose good ran out", edit: func(s *state, p *player) { p.pawn = Port; at(p, Port, Wood, Wood); s.supply[Ore] = 0 }, move: "PORT BOAT ORE",
		check: crateGot(Wood, Wood)},
	{name: "port boat with one wood", edit: func(s *state, p *player) { p.pawn = Port; at(p, Port, Wood, Fish) }, move: "PORT BOAT ORE",
		err: "a boat needs 2 wood"},
	{name: "port boat none left", edit: func(s *state, p *player) { p.pawn = Port; at(p, Port, Wood, Wood); s.boats = []Good{Fish} }, move: "PORT BOAT ORE",
		err: "no boat giving ore"},
	// Village.
	{name: "village house", edit: func(s *state, p *player) { p.pawn = Village; at(p, Village, Stone, Stone) }, move: "VILLAGE HOUSE SILVER",
		check: both(crateGot(Stone, Stone), seat0("no house", func(p *player) bool { return len(p.houses) == 1 && p.houses[0] == Silver }))},
	{name: "village house taken", edit: func(s *state, p *player) { p.pawn = Village; at(p, Village, Stone, Stone); s.houses = []Good{Corn} }, move: "VILLAGE HOUSE SILVER",
		err: "no house favouring silver"},
	{name: "village store", edit: func(s *state, p *player) { p.pawn = Village; at(p, Village, Wool, Wool, Glass) }, move: "VILLAGE STORE WOOL+WOOL+GLASS",
		check: seat0("not stored in rows", func(p *player) bool {
			return p.rows[0] == rowFill{Wool, 2} && p.rows[1] == rowFill{Glass, 1} && p.loc[Village].Total() == 0 && p.crate.Total() == 0
		})},
	{name: "village store into a started row", edit: func(s *state, p *player) {
		p.pawn = Village
		at(p, Village, Glass)
		p.rows = []rowFill{{Wool, 2}, {Glass, 1}, {}, {}, {}, {}}
	}, move: "VILLAGE STORE GLASS",
		check: seat0("not in the glass row", func(p *player) bool { return p.rows[1] == rowFill{Glass, 2} })},
	{name: "village store a full kind starts a new row", edit: func(s *state, p *player) {
		p.pawn = Village
		at(p, Village, Wool)
		p.rows = []rowFill{{Wool, 2}, {}, {}, {}, {}, {}}
	}, move: "VILLAGE STORE WOOL",
		check: seat0("not in a new row", func(p *player) bool { return p.rows[1] == rowFill{Wool, 1} })},
	{name: "village store no room", edit: func(s *state, p *player) {
		p.pawn = Village
		at(p, Village, Silver)
		p.rows = []rowFill{{Wool, 2}, {Corn, 3}, {Fish, 3}, {Ore, 4}, {Stone, 4}, {Wood, 5}}
	}, move: "VILLAGE STORE SILVER", err: "no room"},
	{name: "village cart", edit: func(s *state, p *player) { p.pawn = Village; p.coins = 2 }, move: "VILLAGE CART",
		check: both(seat0("no cart", func(p *player) bool { return p.carts == 2 && p.coins == 1 && p.boughtCart }),
			func(a, b *state) string {
				if b.carts != a.carts-1 {
					return "the Village kept the cart"
				}
				return ""
			})},
	{name: "village second cart in a round", edit: func(s *state, p *player) { p.pawn = Village; p.coins = 2; p.boughtCart = true }, move: "VILLAGE CART",
		err: "bought a cart this round"},
	{name: "village fifth cart", edit: func(s *state, p *player) { p.pawn = Village; p.coins = 2; p.carts = 4 }, move: "VILLAGE CART",
		err: "you have 4 carts"},
	{name: "village cart without a coin", edit: func(s *state, p *player) { p.pawn = Village }, move: "VILLAGE CART",
		err: "costs 1 coin"},
	// Market.
	{name: "market sell", edit: func(s *state, p *player) { p.pawn = Market; at(p, Market, Silver, Wool) }, move: "MARKET SELL WOOL+SILVER",
		check: both(crateGot(Wool, Silver), seat0("not paid 4 coins", func(p *player) bool { return p.coins == 4 }))},
	{name: "market sell unpriced", edit: func(s *state, p *player) { p.pawn = Market; at(p, Market, Stone) }, move: "MARKET SELL STONE",
		err: "the Market buys no stone"},
	{name: "market buy", edit: func(s *state, p *player) { p.pawn = Market; p.coins = 9; s.display = [5]int{1, 7, 8, 9, 10} }, move: "MARKET BUY SAWMILL",
		check: seat0("not bought for 1 coin", func(p *player) bool { return p.coins == 8 && p.owns(dSawmill) && p.boughtExt })},
	{name: "market buy pays the surcharge", edit: func(s *state, p *player) { p.pawn = Market; p.coins = 9; s.display = [5]int{7, 8, 9, 10, 1} }, move: "MARKET BUY SAWMILL",
		check: seat0("not bought for 1+2 coins", func(p *player) bool { return p.coins == 6 })},
	{name: "market buy twice in a round", edit: func(s *state, p *player) {
		p.pawn = Market
		p.coins = 9
		p.boughtExt = true
		s.display = [5]int{1, 7, 8, 9, 10}
	},
		move: "MARKET BUY SAWMILL", err: "bought an extension this round"},
	{name: "market buy the profession's action", edit: func(s *state, p *player) { p.pawn = Market; p.coins = 9; s.display = [5]int{3, 7, 8, 9, 10} },
		move: "MARKET BUY SHAFT", err: "your profession's"},
	{name: "market buy one owned", edit: func(s *state, p *player) {
		p.pawn = Market
		p.coins = 9
		give(p, dSawmill, 0)
		s.display = [5]int{1, 7, 8, 9, 10}
	}, move: "MARKET BUY SAWMILL", err: "you have a sawmill already"},
	{name: "market buy too dear", edit: func(s *state, p *player) { p.pawn = Market; p.coins = 2; s.display = [5]int{7, 8, 9, 10, 15} },
		move: "MARKET BUY BULLION", err: "costs 6 coins"},
	{name: "market buy one not shown", edit: func(s *state, p *player) { p.pawn = Market; p.coins = 9; s.display = [5]int{7, 8, 9, 10, 15} },
		move: "MARKET BUY LOOM", err: "no loom is on the display"},
	{name: "market contract", edit: func(s *state, p *player) { p.pawn = Market; p.coins = 1; s.contracts = []int{4, 6} }, move: "MARKET CONTRACT 5",
		check: both(seat0("no contract", func(p *player) bool { return p.contract == 4 && p.coins == 0 }),
			func(a, b *state) string {
				if len(b.contracts) != 1 {
					return "the contract stayed at the Market"
				}
				return ""
			})},
	{name: "market second contract", edit: func(s *state, p *player) { p.pawn = Market; p.coins = 1; p.contract = 6; s.contracts = []int{4} },
		move: "MARKET CONTRACT 5", err: "open contract (7)"},
	{name: "market contract not there", edit: func(s *state, p *player) { p.pawn = Market; p.coins = 1; s.contracts = []int{6} },
		move: "MARKET CONTRACT 5", err: "contract 5 is not at the Market"},
	{name: "market deliver part", edit: func(s *state, p *player) { p.pawn = Market; p.contract = 0; at(p, Market, Wool) }, move: "MARKET DELIVER WOOL",
		check: seat0("not delivered", func(p *player) bool {
			return p.delivered == of(Wool) && p.loc[Market].Total() == 0 && p.crate.Total() == 0
		})},
	{name: "market deliver completes", edit: func(s *state, p *player) {
		p.pawn = Market
		p.contract, p.delivered = 0, of(Alpaca, Wool)
		at(p, Market, Fabric)
	}, move: "MARKET DELIVER FABRIC",
		check: both(supplyLost(Corn), seat0("not completed with a corn stored", func(p *player) bool {
			return p.contract < 0 && len(p.done) == 1 && p.rows[0] == rowFill{Corn, 1}
		}))},
	{name: "market deliver what is not wanted", edit: func(s *state, p *player) { p.pawn = Market; p.contract = 0; at(p, Market, Glass) },
		move: "MARKET DELIVER GLASS", err: "still needs"},
	// Road.
	{name: "road", edit: func(s *state, p *player) { p.pawn = Road; at(p, Road, Stone, Wood) }, move: "ROAD BUILD",
		check: both(crateGot(Stone, Wood), seat0("not one step, 5 spaces", func(p *player) bool { return p.road == 1 && p.drawSize() == 5 }))},
	{name: "second road gives corn", edit: func(s *state, p *player) { p.pawn = Road; p.road = 1; at(p, Road, Stone, Wood) }, move: "ROAD BUILD",
		check: both(supplyLost(Corn), seat0("no corn stored", func(p *player) bool { return p.road == 2 && p.rows[0] == rowFill{Corn, 1} }))},
	{name: "road at the end", edit: func(s *state, p *player) { p.pawn = Road; p.road = len(roadTrack); at(p, Road, Stone, Wood) },
		move: "ROAD BUILD", err: "your road is complete"},
	{name: "road without wood", edit: func(s *state, p *player) { p.pawn = Road; at(p, Road, Stone, Stone) }, move: "ROAD BUILD",
		err: "a road needs 1 wood and 1 stone"},
	// The cornfield's corn, as every corn, goes straight into the warehouse.
	{name: "cornfield corn into the warehouse", edit: func(s *state, p *player) {
		p.pawn = Road
		give(p, dCornfield, 0, Food, Wood)
	}, move: "ROAD CORNFIELD",
		check: both(crateGot(Food, Wood), supplyLost(Corn), seat0("the corn is not in the warehouse", func(p *player) bool {
			return p.rows[0] == rowFill{Corn, 1} && p.crate[Corn] == 0
		}))},
	{name: "cornfield corn beside a full warehouse", edit: func(s *state, p *player) {
		p.pawn = Road
		give(p, dCornfield, 0, Food, Wood)
		p.rows = []rowFill{{Wool, 2}, {Ore, 3}, {Fish, 3}, {Glass, 4}, {Stone, 4}, {Wood, 5}}
	}, move: "ROAD CORNFIELD",
		check: both(crateGot(Food, Wood), seat0("the corn is not beside the warehouse", func(p *player) bool {
			return p.overflow[Corn] == 1 && p.crate[Corn] == 0
		}))},
	// Movement.
	{name: "free cart", edit: func(s *state, p *player) { at(p, Mine, Ore, Food) }, move: "GO MINE / MINE SILVER",
		check: seat0("not moved with the free cart", func(p *player) bool { return p.pawn == Mine && p.freeUsed })},
	{name: "free cart used", edit: func(s *state, p *player) { p.freeUsed = true }, move: "GO MINE / PASS",
		err: "free cart has moved this round"},
	{name: "bought cart", edit: func(s *state, p *player) { p.freeUsed, p.carts, p.move = true, 2, 1 }, move: "GO PORT BY CART / PASS",
		check: both(crateGot(Food), seat0("not moved with a bought cart", func(p *player) bool { return p.pawn == Port && p.cartsUsed == 1 && p.move == 0 }))},
	{name: "bought cart used", edit: func(s *state, p *player) { p.carts, p.cartsUsed, p.move = 2, 1, 1 }, move: "GO PORT BY CART / PASS",
		err: "no bought cart left"},
	{name: "bought cart without food", edit: func(s *state, p *player) { p.carts = 2 }, move: "GO PORT BY CART / PASS",
		err: "takes 1 food"},
	{name: "food steps", edit: func(s *state, p *player) { p.move = 3 }, move: "GO MINE BY FOOD / PASS",
		check: both(crateGot(Food, Food), seat0("not moved 2 steps", func(p *player) bool { return p.pawn == Mine && p.move == 1 && !p.freeUsed }))},
	{name: "food steps the short way", edit: func(s *state, p *player) { p.move = 1 }, move: "GO ROAD BY FOOD / PASS",
		check: seat0("not moved 1 step", func(p *player) bool { return p.pawn == Road && p.move == 0 })},
	{name: "too few food steps", edit: func(s *state, p *player) { p.move = 2 }, move: "GO PORT BY FOOD / PASS",
		err: "3 steps away"},
	{name: "go where the pawn is", move: "GO FARM / PASS", err: "already"},
	{name: "first placement is free", edit: func(s *state, p *player) { p.pawn, p.freeUsed = -1, true; at(p, Port, Fish, Food) },
		move: "GO PORT / PORT FOOD", check: seat0("not placed", func(p *player) bool { return p.pawn == Port })},
	{name: "first placement by food", edit: func(s *state, p *player) { p.pawn, p.move = -1, 2 }, move: "GO PORT BY FOOD / PASS",
		err: "not on the table yet"},
	{name: "pass", move: "PASS", check: seat0("not passed", func(p *player) bool { return p.passed })},
}

// cardCases exercise every profession's and extension's action.
func cardCases() []actionCase {
	var cs []actionCase
	for k, pr := range professions {
		dg := designs[pr.design]
		cs = append(cs, actionCase{
			name: "profession " + pr.name,
			edit: func(s *state, p *player) {
				p.prof, p.cards, p.pawn = k, []holder{{design: pr.design}}, dg.loc
				fill(p, 0)
			},
			move:  upper(locData[dg.loc].name + " " + pr.name),
			check: cardDid(pr.design),
		}, actionCase{
			name: "profession " + pr.name + " unfilled",
			edit: func(s *state, p *player) {
				p.prof, p.cards, p.pawn = k, []holder{{design: pr.design}}, dg.loc
			},
			move: upper(locData[dg.loc].name + " " + pr.name),
			err:  "not all filled",
		})
	}
	for d, dg := range designs {
		cs = append(cs, actionCase{
			name: "extension " + dg.name,
			edit: func(s *state, p *player) {
				p.prof, p.cards, p.pawn = other(d), []holder{{design: professions[other(d)].design}, {design: d}}, dg.loc
				fill(p, 1)
			},
			move:  upper(locData[dg.loc].name + " " + dg.name),
			check: cardDid(d),
		}, actionCase{
			name: "extension " + dg.name + " not owned",
			edit: func(s *state, p *player) {
				p.prof, p.cards, p.pawn = other(d), []holder{{design: professions[other(d)].design}}, dg.loc
			},
			move: upper(locData[dg.loc].name + " " + dg.name),
			err:  "you have no " + dg.name,
		})
	}
	return cs
}

// other is a profession whose action is not design d.
func other(d int) int {
	if professions[0].design == d {
		return 1
	}
	return 0
}

// fill puts the goods and coins card k of p takes on its action spaces.
func fill(p *player, k int) {
	h := &p.cards[k]
	for _, sl := range designs[h.design].in {
		switch sl {
		case slot(Coin):
			h.coins++
		case anyGood:
			h.goods[Wool]++
		default:
			h.goods[sl]++
		}
	}
}

// cardDid checks what the action of design d did: its goods went into the
// crate with its output, or into the warehouse.
func cardDid(d int) func(a, b *state) string {
	return func(a, b *state) string {
		dg := designs[d]
		pa, pb := &a.players[0], &b.players[0]
		k := pa.card(d)
		if dg.store {
			if pb.stored() != pa.stored().Plus(pa.cards[k].goods) {
				return "the goods were not stored"
			}
			return ""
		}
		out := dg.out
		out[Corn] = 0 // corn goes into the warehouse
		if got, want := pb.crate.Minus(pa.crate), pa.cards[k].goods.Plus(out); got != want {
			return "the crate gained " + got.Phrase() + ", want " + want.Phrase()
		}
		if got, want := pb.stored()[Corn]+pb.overflow[Corn]-pa.stored()[Corn]-pa.overflow[Corn], dg.out[Corn]; got != want {
			return "the warehouse gained " + itoa(int(got)) + " corn, want " + itoa(int(want))
		}
		if pb.cards[k].goods.Total()+pb.cards[k].coins != 0 {
			return "goods or coins stayed on the card"
		}
		if pb.coins != pa.coins {
			return "the coins in hand changed"
		}
		return ""
	}
}

// TestActions plays every action, profession and extension, legal and
// illegal, on prepared positions.
func TestActions(t *testing.T) {
	for _, tc := range append(append([]actionCase{}, actionCases...), cardCases()...) {
		t.Run(strings.ReplaceAll(tc.name, " ", "_"), func(t *testing.T) {
			s := actState(t, func(s *state, p *player) {
				if tc.edit != nil {
					tc.edit(s, p)
				}
			})
			before := s.View(rules.Observer).Text()
			legal := legalTexts(s, 0)
			m, err := s.Parse(0, tc.move)
			var next rules.State
			if err == nil {
				next, err = s.Apply(0, m)
			}
			if tc.err != "" {
				if err == nil || !errors.Is(err, rules.ErrIllegal) || !strings.Contains(err.Error(), tc.err) {
					t.Fatalf("%s = %v, want an error saying %q", tc.move, err, tc.err)
				}
				if legal[canonicalOf(s, tc.move)] {
					t.Errorf("%s is illegal but in Legal", tc.move)
				}
				return
			}
			if err != nil {
				t.Fatalf("%s = error %q, want it legal", tc.move, err)
			}
			if !legal[m.String()] {
				t.Errorf("%s is legal but not in Legal", m)
			}
			if s.View(rules.Observer).Text() != before {
				t.Errorf("%s changed the state it was applied to", tc.move)
			}
			if tc.check != nil {
				if msg := tc.check(s, next.(*state)); msg != "" {
					t.Errorf("%s: %s", tc.move, msg)
				}
			}
		})
	}
}

func legalTexts(s *state, seat rules.Seat) map[string]bool {
	out := map[string]bool{}
	for _, m := range s.Legal(seat) {
		out[m.String()] = true
	}
	return out
}

// canonicalOf is the canonical text of a move written by a test, read
// without checking whether it is legal.
func canonicalOf(s *state, text string) string {
	words, err := lex(text)
	if err != nil {
		return text
	}
	m, err := s.parseTurn(&s.players[0], words)
	if err != nil {
		return text
	}
	return m.String()
}
