package altiplano

import (
	"strings"
	"testing"
	"unicode"

	"github.com/pbem-games/pbem/rules"
)

// chineseRulebookCases are the actions of the Chinese rulebook, each as
// its heading names it and as Chinese players write it: every one parses
// to its move (issue 29's forms among them).
var chineseRulebookCases = []struct {
	act  bool // in zhActState, else in notationPlan
	text string
	want string
}{
	// 二、规划阶段
	{false, "规划完成", "DONE"},
	{false, "宣布规划完成", "DONE"},
	{false, "将羊驼放到农场", "PUT FARM ALPACA"},
	{false, "把羊驼放到农场上", "PUT FARM ALPACA"},
	{false, "将 1 个食物 放到 移动位置", "PUT MOVE FOOD"},
	// 三、行动阶段: 移动规则
	{true, "前往矿山 用 初始货车 / 生产白银", "GO MINE / MINE SILVER"},
	{true, "前往矿山 使用 初始货车 / 白银", "GO MINE / MINE SILVER"},
	{true, "前往矿山 用 额外货车 / 白银", "GO MINE BY CART / MINE SILVER"},
	{true, "前往矿山 使用额外货车 / 白银", "GO MINE BY CART / MINE SILVER"},
	{true, "前往矿山 用 货车 / 白银", "GO MINE BY CART / MINE SILVER"},
	{true, "前往矿山 用 食物 / 白银", "GO MINE BY FOOD / MINE SILVER"},
	// 农场
	{true, "生产食物", "FARM FOOD"},
	{true, "农场 生产 一个 食物", "FARM FOOD"},
	{true, "生产羊毛", "FARM WOOL"},
	{true, "农场 生产布料", "FARM FABRIC"},
	// 森林
	{true, "前往森林 / 生产木材", "GO FOREST / FOREST WOOD"},
	{true, "前往森林 / 交易可可 玻璃", "GO FOREST / FOREST TRADE GLASS"},
	{true, "前往森林 / 可可 换 玻璃", "GO FOREST / FOREST TRADE GLASS"},
	{true, "前往森林 / 可可兑换玻璃", "GO FOREST / FOREST TRADE GLASS"},
	// 矿山
	{true, "前往矿山 / 生产石头", "GO MINE / MINE STONE"},
	{true, "前往矿山 / 生产白银", "GO MINE / MINE SILVER"},
	// 港口
	{true, "前往港口 / 生产食物", "GO PORT / PORT FOOD"},
	{true, "前往港口 / 鱼兑换石头", "GO PORT / PORT STONE"},
	{true, "前往港 / 鱼换石头", "GO PORT / PORT STONE"},

	// 村庄 (the boat, two wood, in notationAct's Port: see TestNotation)
	{true, "前往村庄 / 建造房屋 白银", "GO VILLAGE / VILLAGE HOUSE SILVER"},
	{true, "前往村庄 / 建造房屋卡 白银", "GO VILLAGE / VILLAGE HOUSE SILVER"},
	{true, "前往村庄 / 存放货物 羊毛", "GO VILLAGE / VILLAGE STORE WOOL"},
	{true, "前往村庄 / 将羊毛存入仓库", "GO VILLAGE / VILLAGE STORE WOOL"},
	{true, "前往村庄 / 购买货车", "GO VILLAGE / VILLAGE CART"},
	// 市场
	{true, "前往市场 / 出售货物 玻璃", "GO MARKET / MARKET SELL GLASS"},
	{true, "前往市场 / 购买扩展 锯木厂", "GO MARKET / MARKET BUY SAWMILL"},
	{true, "前往市场 / 交付订单 羊毛", "GO MARKET / MARKET DELIVER WOOL"},
	// (取得订单 with no contract open: TestNotation's 前往市场 / 取得第5号订单)
	// 道路
	{true, "前往道路 / 修建道路", "GO ROAD / ROAD BUILD"},
	// 行动结算与结束
	{true, "结束本轮行动", "PASS"},
	{true, "前往道路 / 结束本轮行动", "GO ROAD / PASS"},
}

// TestChineseRulebookPhrases: every action heading and phrase of the
// Chinese rulebook that names a move parses to that move, and the move's
// text reads back to itself.
func TestChineseRulebookPhrases(t *testing.T) {
	plan, act := notationPlan(t), zhActState(t)
	for _, c := range chineseRulebookCases {
		s := plan
		if c.act {
			s = act
		}
		m, err := s.Parse(0, c.text)
		if err != nil {
			t.Errorf("Parse(%q) = error %q, want %s", c.text, err, c.want)
			continue
		}
		if m.String() != c.want {
			t.Errorf("Parse(%q) = %s, want %s", c.text, m, c.want)
			continue
		}
		if back, err := s.Parse(0, m.String()); err != nil || back.String() != m.String() {
			t.Errorf("Parse(%q) = %v, %v; want the move back", m, back, err)
		}
	}
}

// zhActState is an action position whose spaces hold the goods of every
// action of the Chinese rulebook: seat 0's pawn at the Farm, a bought
// cart, food on the movement spaces and an open contract.
func zhActState(t *testing.T) *state {
	return actState(t, func(s *state, p *player) {
		at(p, Farm, Alpaca, Food, Wool)
		at(p, Forest, Food, Food, Cocoa)
		at(p, Mine, Food, Ore, Food)
		at(p, Port, Fish, Fish, Food)
		at(p, Village, Wool, Stone, Stone)
		at(p, Market, Wool, Glass)
		at(p, Road, Stone, Wood)
		p.carts, p.move, p.coins = 2, 3, 5
		p.contract = 5 // three wool
		s.display = [5]int{1, 7, 8, 9, 10}
		s.contracts = []int{4}
	})
}

// TestChineseRefusalsQuoteThePlayer: a refusal of a move written in
// Chinese quotes only what the player wrote, never the English words the
// parser read it as.
func TestChineseRefusalsQuoteThePlayer(t *testing.T) {
	plan, act := notationPlan(t), zhActState(t)
	for _, c := range []struct {
		act     bool
		text    string
		english string // a word the player did not write
		want    string
	}{
		{false, "放 农场 羊驼 出售", "sell", `"放 农场 羊驼 出售": a word is out of place`},
		{true, "前往市场 / 出售 羊毛 购买 锯木厂", "buy", `"前往市场 / 出售 羊毛 购买 锯木厂" names two actions`},
	} {
		s := plan
		if c.act {
			s = act
		}
		_, err := s.Parse(0, c.text)
		if err == nil || strings.Contains(err.Error(), c.english) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("Parse(%q) = %v; want a refusal saying %s and not %q", c.text, err, c.want, c.english)
		}
	}
}

// TestChineseRoundTrip plays whole games and writes every legal move of
// every seat to act as a Chinese player writes it (MoveIn "zh"): no line
// holds an English word, and each parses back to its move.
func TestChineseRoundTrip(t *testing.T) {
	for _, setup := range []rules.Setup{
		{Seats: 3, Seed: rules.SeedFromInt(29)},
		{Seats: 2, Variants: []string{Choose, Missions}, Seed: rules.SeedFromInt(30)},
	} {
		st, err := Game.Start(setup)
		if err != nil {
			t.Fatal(err)
		}
		r := rules.NewRand(rules.SeedFromInt(1), "zh")
		kinds := map[string]bool{}
		for n := 0; len(st.ToAct()) > 0 && n < 5000; n++ {
			for _, seat := range st.ToAct() {
				for _, m := range st.Legal(seat) {
					zh := st.(rules.Translator).MoveIn("zh", m)
					if strings.ContainsFunc(zh, func(r rune) bool { return r < 0x80 && unicode.IsLetter(r) }) {
						t.Fatalf("MoveIn(zh, %s) = %q holds an English word", m, zh)
					}
					back, err := st.Parse(seat, zh)
					if err != nil || back.String() != m.String() {
						t.Fatalf("Parse(%q) = %v, %v; want %s", zh, back, err, m)
					}
					kinds[strings.Fields(m.String())[0]] = true
				}
			}
			to := st.ToAct()
			seat := to[r.IntN(len(to))]
			legal := st.Legal(seat)
			if st, err = st.Apply(seat, legal[r.IntN(len(legal))]); err != nil {
				t.Fatal(err)
			}
		}
		if _, over := st.Result(); !over {
			t.Errorf("%+v: the game did not end", setup)
		}
		if len(kinds) < 6 {
			t.Errorf("%+v: only moves %v were written", setup, kinds)
		}
	}
}
