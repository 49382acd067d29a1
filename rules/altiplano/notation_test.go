package altiplano

import (
	"errors"
	"strings"
	"testing"

	"github.com/pbem-games/pbem/rules"
)

// notationPlan is a planning position: seat 0, a miner, holds food, alpaca,
// wool and cocoa on its planning spaces, a coin and a glassworks.
func notationPlan(t *testing.T) *state {
	return planState(t, of(Food, Alpaca, Wool, Cocoa), 1, func(s *state, p *player) { give(p, dGlassworks, 0) })
}

// notationAct is an action position: seat 0's pawn at the Farm with goods
// at every location, a bought cart and food on the movement spaces.
func notationAct(t *testing.T) *state {
	return actState(t, func(s *state, p *player) {
		at(p, Farm, Alpaca, Alpaca, Food)
		at(p, Forest, Cocoa, Cocoa)
		at(p, Mine, Ore, Food)
		at(p, Port, Wood, Wood)
		at(p, Village, Wool, Stone, Stone)
		at(p, Market, Wool, Glass)
		at(p, Road, Stone, Wood)
		p.carts, p.move, p.coins = 2, 3, 5
		s.display = [5]int{1, 7, 8, 9, 10}
		s.contracts = []int{4}
	})
}

var notationCases = []struct {
	act  bool // in the action position, else the planning one
	text string
	want string // the canonical text, or "" for an error
	err  string // a part of the error
}{
	{text: "PUT FARM ALPACA", want: "PUT FARM ALPACA"},
	{text: "  put farm alpaca ", want: "PUT FARM ALPACA"},
	{text: "farm:alpaca", want: "PUT FARM ALPACA"},
	{text: "farm alpaca", want: "PUT FARM ALPACA"},
	{text: "alpaca on the farm", want: "PUT FARM ALPACA"},
	{text: "place llama farm", want: "PUT FARM ALPACA"},
	{text: "plan fa al", err: "not a word"},
	{text: "put alp far", want: "PUT FARM ALPACA"},
	{text: "put sto wool", err: "short for several words"},
	{text: "put movement food", want: "PUT MOVE FOOD"},
	{text: "put profession food", want: "PUT MINER FOOD"},
	{text: "put shaft food", want: "PUT MINER FOOD"},
	{text: "put glassworks coin", want: "PUT GLASSWORKS COIN"},
	{text: "forest: cacao", want: "PUT FOREST COCOA"},
	{text: "放 农场 羊驼", want: "PUT FARM ALPACA"},
	{text: "农场羊驼", want: "PUT FARM ALPACA"},
	{text: "放置 矿工 食物", want: "PUT MINER FOOD"},
	{text: "移动 食物", want: "PUT MOVE FOOD"},
	{text: "市场：羊毛", want: "PUT MARKET WOOL"},
	{text: "done", want: "DONE"},
	{text: "Ready", want: "DONE"},
	{text: "完成", want: "DONE"},
	{text: "结束", want: "DONE"},
	{text: "", err: "the move is empty"},
	{text: "xyzzy", err: `"XYZZY" is not a word`},
	{text: "put farm", err: "name where and what"},
	{text: "put 12 food move", err: "more than any action takes"},

	{text: "return alpaca farm", err: "you have drawn already"},

	{act: true, text: "FARM WOOL", want: "FARM WOOL"},
	{act: true, text: "move mine; silver", want: "GO MINE / MINE SILVER"},
	{act: true, text: "go mine with food / silver", want: "GO MINE BY FOOD / MINE SILVER"},
	{act: true, text: "go market / sell wool, glass", want: "GO MARKET / MARKET SELL WOOL+GLASS"},
	{act: true, text: "wool", want: "FARM WOOL"},
	{act: true, text: "农场 生产 羊毛", want: "FARM WOOL"},
	{act: true, text: "farm food x2", want: "FARM FOOD+FOOD"},
	{act: true, text: "2 food", want: "FARM FOOD+FOOD"},
	{act: true, text: "farm 2food", want: "FARM FOOD+FOOD"},
	{act: true, text: "farm food*2", want: "FARM FOOD+FOOD"},
	{act: true, text: "农场 食物×2", want: "FARM FOOD+FOOD"},
	{act: true, text: "go mine / mine silver", want: "GO MINE / MINE SILVER"},
	{act: true, text: "go mine, silver", want: "GO MINE / MINE SILVER"},
	{act: true, text: "Go Mine; Silver", want: "GO MINE / MINE SILVER"},
	{act: true, text: "go to the mine then make silver", want: "GO MINE / MINE SILVER"},
	{act: true, text: "前往矿山 / 白银", want: "GO MINE / MINE SILVER"},
	{act: true, text: "移动 矿山 / 矿山 生产 白银", want: "GO MINE / MINE SILVER"},
	{act: true, text: "go mine by food / silver", want: "GO MINE BY FOOD / MINE SILVER"},
	{act: true, text: "go port with cart / boat ore", want: "GO PORT BY CART / PORT BOAT ORE"},
	{act: true, text: "go harbour using a wagon; build a ship ore", want: "GO PORT BY CART / PORT BOAT ORE"},
	{act: true, text: "前往港口 用 货车 / 建造船只 矿石", want: "GO PORT BY CART / PORT BOAT ORE"},
	{act: true, text: "前往港口 用 额外货车 / 建造船只卡 矿石", want: "GO PORT BY CART / PORT BOAT ORE"},
	{act: true, text: "农场 生产 两个 食物", want: "FARM FOOD+FOOD"},
	{act: true, text: "go forest / trade food glass", want: "GO FOREST / FOREST TRADE FOOD+GLASS"},
	{act: true, text: "go forest / cocoa for glass and food", want: "GO FOREST / FOREST TRADE FOOD+GLASS"},
	{act: true, text: "go forest / forest glass", want: "GO FOREST / FOREST TRADE GLASS"},
	{act: true, text: "前往森林 / 可可 兑换 玻璃", want: "GO FOREST / FOREST TRADE GLASS"},
	{act: true, text: "go village / house silver", want: "GO VILLAGE / VILLAGE HOUSE SILVER"},
	{act: true, text: "go village / store wool", want: "GO VILLAGE / VILLAGE STORE WOOL"},
	{act: true, text: "go village / warehouse wool", want: "GO VILLAGE / VILLAGE STORE WOOL"},
	{act: true, text: "go village / cart", want: "GO VILLAGE / VILLAGE CART"},
	{act: true, text: "go village / buy a wagon", want: "GO VILLAGE / VILLAGE CART"},
	{act: true, text: "go market / buy", err: "name the extension to buy"},
	{act: true, text: "前往村庄 / 存放 羊毛", want: "GO VILLAGE / VILLAGE STORE WOOL"},
	{act: true, text: "go market / sell wool glass", want: "GO MARKET / MARKET SELL WOOL+GLASS"},
	{act: true, text: "go market / sell glass+wool", want: "GO MARKET / MARKET SELL WOOL+GLASS"},
	{act: true, text: "go market / buy sawmill", want: "GO MARKET / MARKET BUY SAWMILL"},
	{act: true, text: "go market / contract 5", want: "GO MARKET / MARKET CONTRACT 5"},
	{act: true, text: "go market / order #5", want: "GO MARKET / MARKET CONTRACT 5"},
	{act: true, text: "前往市场 / 取得订单 5", want: "GO MARKET / MARKET CONTRACT 5"},
	{act: true, text: "前往市场 / 取得第5号订单", want: "GO MARKET / MARKET CONTRACT 5"},
	{act: true, text: "前往市场 / 取得第五号订单", want: "GO MARKET / MARKET CONTRACT 5"},
	{act: true, text: "前往市场 / 出售 玻璃", want: "GO MARKET / MARKET SELL GLASS"},
	{act: true, text: "go market / contract 17", err: "1 to 16"},
	{act: true, text: "go road / build", want: "GO ROAD / ROAD BUILD"},
	{act: true, text: "go road / road", want: "GO ROAD / ROAD BUILD"},
	{act: true, text: "修建道路", err: "your pawn is at the farm"},
	{act: true, text: "前往道路 / 修建道路", want: "GO ROAD / ROAD BUILD"},
	{act: true, text: "pass", want: "PASS"},
	{act: true, text: "跳过", want: "PASS"},
	// The names as the Chinese mails write them (see TestChineseNamesParse).
	{act: true, text: "前往矿山 / 矿山 银", want: "GO MINE / MINE SILVER"},
	{act: true, text: "前往矿山 / 银", want: "GO MINE / MINE SILVER"},
	{act: true, text: "前往市场 / 购买 锯木厂", want: "GO MARKET / MARKET BUY SAWMILL"},
	{act: true, text: "前往市场 / 市场 购买 扩展卡 剪毛场", want: "GO MARKET / MARKET BUY SHEARING"},
	{act: true, text: "前往村庄 / 存入仓库 羊毛", want: "GO VILLAGE / VILLAGE STORE WOOL"},
	{text: "放 玻璃工坊 金币", want: "PUT GLASSWORKS COIN"},
	{text: "移动位置 食物", want: "PUT MOVE FOOD"},
	{text: "农场上 1 羊驼", want: "PUT FARM ALPACA"},
	{text: "放 冶炼厂 银", err: "no silver on your planning spaces"},
	{act: true, text: "go road / pass", want: "GO ROAD / PASS"},
	{act: true, text: "go road", err: "moving is not a turn"},
	{act: true, text: "go mine / silver / pass", err: "a turn is a movement"},
	{act: true, text: "go mine by bus / silver", err: "not a word"},
	{act: true, text: "farm wool glass", err: "not an action at the Farm"},
	{act: true, text: "sell wool build", err: "one action per turn"},
	{act: true, text: "done", want: "PASS"},
	{act: true, text: "put farm alpaca", err: "not an action at the Farm"},
}

// TestNotation reads moves written in many ways, in English and Chinese.
func TestNotation(t *testing.T) {
	plan, act := notationPlan(t), notationAct(t)
	for _, tc := range notationCases {
		s := plan
		if tc.act {
			s = act
		}
		m, err := s.Parse(0, tc.text)
		switch {
		case tc.want != "" && err != nil:
			t.Errorf("Parse(%q) = error %q, want %s", tc.text, err, tc.want)
		case tc.want != "" && m.String() != tc.want:
			t.Errorf("Parse(%q) = %s, want %s", tc.text, m, tc.want)
		case tc.want == "" && err == nil:
			t.Errorf("Parse(%q) = %s, want an error saying %q", tc.text, m, tc.err)
		case tc.want == "" && (!errors.Is(err, rules.ErrIllegal) || !strings.Contains(err.Error(), tc.err)):
			t.Errorf("Parse(%q) = error %q, want one saying %q", tc.text, err, tc.err)
		}
	}
}

// TestRoundTrip parses back every legal move of both positions.
func TestRoundTrip(t *testing.T) {
	for _, s := range []*state{notationPlan(t), notationAct(t)} {
		legal := s.Legal(0)
		if len(legal) < 10 {
			t.Errorf("only %d legal moves: %v", len(legal), legal)
		}
		for _, m := range legal {
			back, err := s.Parse(0, strings.ToLower(m.String()))
			if err != nil || back != m {
				t.Errorf("Parse(%q) = %v, %v; want the move back", m, back, err)
			}
		}
	}
}

// TestGuide checks what mails say of moves.
func TestGuide(t *testing.T) {
	act := notationAct(t)
	for move, want := range map[string]string{
		"PUT FARM ALPACA":                         "planned",
		"TAKE FARM ALPACA":                        "planned",
		"BACK FARM ALPACA":                        "pulled a good back from the action spaces",
		"DRAW":                                    "drew goods",
		"DONE":                                    "finished planning",
		"CHOOSE MINER":                            "chose the miner",
		"PASS":                                    "passed",
		"GO ROAD / PASS":                          "moved to the Road and passed",
		"GO MINE BY FOOD / MINE SILVER":           "moved to the Mine paying food and made silver at the Mine",
		"GO PORT BY CART / PORT BOAT ORE":         "moved to the Port with a bought cart and 1 food and built a boat giving ore",
		"FOREST TRADE FOOD+GLASS":                 "traded cocoa for food, glass at the Forest",
		"FARM FOOD+FOOD":                          "made food, food at the Farm",
		"MARKET CONTRACT 5":                       "took contract 5",
		"MARKET BUY SAWMILL":                      "bought the sawmill extension",
		"MINE MINER":                              "used the miner at the Mine",
		"VILLAGE STORE WOOL+WOOL":                 "stored wool, wool in the warehouse",
		"GO VILLAGE / VILLAGE HOUSE SILVER":       "moved to the Village and built a house for silver",
		"GO MARKET / MARKET DELIVER WOOL":         "moved to the Market and delivered wool for the contract",
		"GO MARKET / MARKET SELL GLASS+WOOL":      "moved to the Market and sold glass, wool",
		"GO VILLAGE / VILLAGE CART":               "moved to the Village and bought a cart",
		"GO ROAD / ROAD BUILD":                    "moved to the Road and built a road",
		"GO FARM / FARM WOOL":                     "moved to the Farm and made wool at the Farm",
		"GO FOREST / FOREST PLANTATION":           "moved to the Forest and used the plantation at the Forest",
		"GO VILLAGE / VILLAGE STORE SILVER":       "moved to the Village and stored silver in the warehouse",
		"GO MARKET / MARKET CONTRACT 12":          "moved to the Market and took contract 12",
		"GO PORT / PORT STONE":                    "moved to the Port and made stone at the Port",
		"GO MARKET / MARKET BUY BULLION":          "moved to the Market and bought the bullion extension",
		"GO MINE / MINE STONE":                    "moved to the Mine and made stone at the Mine",
		"GO FOREST / FOREST WOOD":                 "moved to the Forest and made wood at the Forest",
		"GO PORT / PORT FOOD":                     "moved to the Port and made food at the Port",
		"GO FARM / FARM FABRIC":                   "moved to the Farm and made fabric at the Farm",
		"GO VILLAGE / VILLAGE STOREHOUSE":         "moved to the Village and used the storehouse at the Village",
		"GO FOREST BY CART / FOREST TRADE FABRIC": "moved to the Forest with a bought cart and 1 food and traded cocoa for fabric at the Forest",
	} {
		if got := act.Describe(0, move); got != want {
			t.Errorf("Describe(%q) = %q, want %q", move, got, want)
		}
	}
	for _, s := range []*state{notationPlan(t), notationAct(t)} {
		if s.MoveSyntax(0) == "" {
			t.Errorf("no move syntax in phase %d", s.phase)
		}
	}
}

// TestDrawWords reads the words that end pulling back as DRAW.
func TestDrawWords(t *testing.T) {
	s := planState(t, Goods{}, 0, func(s *state, p *player) { p.stage = stageDraw; at(p, Farm, Alpaca) })
	for _, text := range []string{"draw", "done", "ready", "finish", "完成", "结束", "抽取", "return alpaca farm", "farm alpaca"} {
		m, err := s.Parse(0, text)
		if err != nil {
			t.Errorf("Parse(%q) = error %q while drawing", text, err)
			continue
		}
		if k := m.(Move).Kind; k != KindDraw && k != KindBack {
			t.Errorf("Parse(%q) = %s while drawing, want DRAW or BACK", text, m)
		}
	}
}

// TestChooseAlone: CHOOSE without a profession, while the players choose,
// is refused with how to write it, as any other mistaken choice.
func TestChooseAlone(t *testing.T) {
	st, err := Game.Start(rules.Setup{Seats: 3, Variants: []string{Choose}, Seed: rules.SeedFromInt(1)})
	if err != nil {
		t.Fatal(err)
	}
	seat := st.ToAct()[0]
	for _, text := range []string{"CHOOSE", "CHOOSE MINER FARMER", "选择"} {
		if _, err := st.Parse(seat, text); !errors.Is(err, rules.ErrIllegal) || !strings.Contains(err.Error(), "CHOOSE MINER") {
			t.Errorf("Parse(%q) = %v, want a refusal that shows CHOOSE MINER", text, err)
		}
	}
}

// TestLastMoveNotation: the last move shown reads in each language's
// notation; a planning move, hidden, carries no notation in any language,
// so no view holds a word of another seat's plan.
func TestLastMoveNotation(t *testing.T) {
	plan, act := notationPlan(t), notationAct(t)
	for _, c := range []struct {
		s      *state
		hidden bool
	}{{plan, true}, {act, false}} {
		m := c.s.Legal(0)[0]
		next, err := c.s.Apply(0, m)
		if err != nil {
			t.Fatal(err)
		}
		last := next.View(1).(*View).Table.Last
		p := last.Notated()
		switch {
		case c.hidden && (last.Move != "" || p.Text != "" || len(p.In) != 0):
			t.Errorf("after the plan %s, the other seat's view shows %+v, notation %+v; want nothing", m, last, p)
		case !c.hidden && (last.Move != m.String() || p.Text != m.String() || p.In["zh"] == ""):
			t.Errorf("after the action %s, the view shows %+v, notation %+v; want the move and its Chinese", m, last, p)
		}
	}
}
