package altiplano

import (
	"errors"
	"strings"
	"testing"

	"github.com/pbem-games/pbem/rules"
)

// plainPositions are the positions plainCases are read in: planning
// (notationPlan: seat 0, a miner, holds food, alpaca, wool and cocoa and a
// coin, and owns a glassworks), drawing (a good on the Farm may be pulled
// back), acting (notationAct: the pawn at the Farm, goods at every
// location, a bought cart, food on the movement spaces, contract 5 at the
// Market) and acting with contract 1 open.
func plainPositions(t *testing.T) map[string]*state {
	return map[string]*state{
		"plan": notationPlan(t),
		"draw": planState(t, Goods{}, 0, func(s *state, p *player) { p.stage = stageDraw; at(p, Farm, Alpaca) }),
		"act":  notationAct(t),
		"contract": actState(t, func(s *state, p *player) {
			p.pawn, p.contract = Market, 0
			at(p, Market, Wool, Glass)
		}),
	}
}

// plainCases are moves as players write them in plain English (issue 18):
// each is read as its canonical move, or refused with a reason that says
// what to write. The canonical notation is unchanged.
var plainCases = []struct {
	pos  string
	text string
	want string // the canonical move, or "" for a refusal
	err  string // a part of the refusal
}{
	// Planning.
	{"plan", "put food on the mine", "PUT MINE FOOD", ""},
	{"plan", "put 1 food on the mine", "PUT MINE FOOD", ""},
	{"plan", "put the alpaca on the farm", "PUT FARM ALPACA", ""},
	{"plan", "place wool at the farm", "PUT FARM WOOL", ""},
	{"plan", "alpaca to farm", "PUT FARM ALPACA", ""},
	{"plan", "put food on my movement spaces", "PUT MOVE FOOD", ""},
	{"plan", "put food on my profession", "PUT MINER FOOD", ""},
	{"plan", "put a coin on the glassworks", "PUT GLASSWORKS COIN", ""},
	{"plan", "put cocoa in the forest", "PUT FOREST COCOA", ""},
	{"plan", "put food on the farm, farm", "PUT FARM FOOD", ""},
	{"plan", "put 2 food mine", "", "one good per move: write PUT MINE FOOD on 2 lines, one for each"},
	{"plan", "put 2 food on the move spaces", "", "write PUT MOVE FOOD on 2 lines"},
	{"plan", "put food and alpaca on the farm", "", "one good per move: write PUT FARM FOOD, PUT FARM ALPACA, each on its own line"},
	{"plan", "take contract 5", "", "contracts are taken at the Market in the action phase, e.g. GO MARKET / MARKET CONTRACT 5; while planning, TAKE takes back a good"},
	{"plan", "put food", "", "name where and what"},
	{"plan", "skip", "DONE", ""},
	{"plan", "I'm done", "DONE", ""},
	{"plan", "finished", "DONE", ""},
	{"plan", "done, thanks", "", `"THANKS" is not a word`},
	{"draw", "skip", "DRAW", ""},
	{"draw", "take back the alpaca from the farm", "BACK FARM ALPACA", ""},
	{"draw", "pull the alpaca back from the farm", "BACK FARM ALPACA", ""},
	// Acting.
	{"act", "skip", "PASS", ""},
	{"act", "I pass", "PASS", ""},
	{"act", "pass this round", "PASS", ""},
	{"act", "go to the mine and pass", "GO MINE / PASS", ""},
	{"act", "take contract 5", "", "your pawn is at the farm, not at the market: move first, e.g. GO MARKET / MARKET CONTRACT 5"},
	{"act", "go to the market and take contract 5", "GO MARKET / MARKET CONTRACT 5", ""},
	{"act", "go market / take contract #5", "GO MARKET / MARKET CONTRACT 5", ""},
	{"act", "go to market, get contract number 5", "GO MARKET / MARKET CONTRACT 5", ""},
	{"act", "go to the market and take order 5", "GO MARKET / MARKET CONTRACT 5", ""},
	{"act", "go to the market and take a contract", "", "name the contract by its number"},
	{"act", "go to the market and buy the sawmill", "GO MARKET / MARKET BUY SAWMILL", ""},
	{"act", "go to the market and sell wool and glass", "GO MARKET / MARKET SELL WOOL+GLASS", ""},
	{"act", "go to the village and buy a new cart", "GO VILLAGE / VILLAGE CART", ""},
	{"act", "go to the village and store wool in my warehouse", "GO VILLAGE / VILLAGE STORE WOOL", ""},
	{"act", "go to the village and build a house for silver", "GO VILLAGE / VILLAGE HOUSE SILVER", ""},
	{"act", "go to the mine and make silver", "GO MINE / MINE SILVER", ""},
	{"act", "walk to the mine, produce silver", "GO MINE / MINE SILVER", ""},
	{"act", "go to the mine using food then make silver", "GO MINE BY FOOD / MINE SILVER", ""},
	{"act", "go to the port with my cart and build a boat giving ore", "GO PORT BY CART / PORT BOAT ORE", ""},
	{"act", "go to the port and take the boat giving ore", "GO PORT / PORT BOAT ORE", ""},
	{"act", "go to the road and build a road", "GO ROAD / ROAD BUILD", ""},
	{"act", "go to the forest and trade cocoa for glass", "GO FOREST / FOREST TRADE GLASS", ""},
	{"act", "go to the forest and swap 2 cocoa for food and glass", "GO FOREST / FOREST TRADE FOOD+GLASS", ""},
	{"act", "go to the mine and use my miner", "", "the miner's action spaces are not all filled"},
	{"act", "make 2 food", "FARM FOOD+FOOD", ""},
	{"act", "make wool", "FARM WOOL", ""},
	{"act", "make silver at the mine", "", "your pawn is at the farm, not at the mine: move first, e.g. GO MINE / MINE SILVER"},
	{"act", "go to the farm and make wool", "", "your pawn is at the farm already"},
	{"act", "put farm alpaca", "", "not an action at the Farm"},
	{"act", "go to the mine and make silver and stone", "", "not an action at the Mine"},
	{"contract", "deliver wool to my contract", "MARKET DELIVER WOOL", ""},
	{"contract", "deliver the wool for the contract", "MARKET DELIVER WOOL", ""},
	{"contract", "fulfil contract with wool", "MARKET DELIVER WOOL", ""},
	{"contract", "deliver glass", "", "your contract 1 still needs"},
}

// TestPlainEnglish reads plainCases.
func TestPlainEnglish(t *testing.T) {
	pos := plainPositions(t)
	for _, tc := range plainCases {
		m, err := pos[tc.pos].Parse(0, tc.text)
		switch {
		case tc.want != "" && err != nil:
			t.Errorf("%s: Parse(%q) = error %q, want %s", tc.pos, tc.text, err, tc.want)
		case tc.want != "" && m.String() != tc.want:
			t.Errorf("%s: Parse(%q) = %s, want %s", tc.pos, tc.text, m, tc.want)
		case tc.want == "" && err == nil:
			t.Errorf("%s: Parse(%q) = %s, want an error saying %q", tc.pos, tc.text, m, tc.err)
		case tc.want == "" && (!errors.Is(err, rules.ErrIllegal) || !strings.Contains(err.Error(), tc.err)):
			t.Errorf("%s: Parse(%q) = error %q, want one saying %q", tc.pos, tc.text, err, tc.err)
		}
	}
	if len(plainCases) < 50 {
		t.Errorf("%d plain-English cases, want fifty or more", len(plainCases))
	}
}
