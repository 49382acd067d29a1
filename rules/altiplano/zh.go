package altiplano

import (
	"strings"

	"github.com/pbem-games/pbem/rules"
)

// MoveIn writes move m as a player of language lang writes it, in the
// terms of that language's rulebook, so that Parse reads it back as m:
// "zh" in the Chinese rulebook's phrases (前往矿山 用 额外货车 / 生产白银),
// English in the canonical notation. It is "" for another language.
func (s *state) MoveIn(lang string, m rules.Move) string {
	mv, ok := m.(Move)
	switch {
	case !ok:
		return ""
	case lang == "en":
		return mv.String()
	case lang == "zh":
		return mv.chinese()
	}
	return ""
}

// zhGood is a good's Chinese name, or 金币 for a coin.
func zhGood(g Good) string {
	if g == Coin {
		return "金币"
	}
	return goodData[g].zh
}

// zhTarget is the Chinese name of a planning target.
func zhTarget(t int) string {
	switch {
	case t >= 0 && t < int(numLocs):
		return locData[t].zh
	case t == tMove:
		return "移动位置"
	case t >= tProf && t < tProf+len(professions):
		return professions[t-tProf].zh
	case t >= tExt && t < tExt+numDesigns:
		return designs[t-tExt].zh
	}
	return "?"
}

// zhGoods lists goods in Chinese, each as many times as counted.
func zhGoods(g Goods) string {
	var out []string
	for _, x := range g.list() {
		out = append(out, goodData[x].zh)
	}
	return strings.Join(out, " ")
}

// zhActs are the Chinese rulebook's headings of the basic actions, by
// action: what follows the location's name.
var zhActs = [numActs]string{
	ActFarmWool:       "生产羊毛",
	ActFarmFabric:     "生产布料",
	ActForestWood:     "生产木材",
	ActForestTrade:    "交易可可",
	ActMineStone:      "生产石头",
	ActMineSilver:     "生产白银",
	ActPortFood:       "生产食物",
	ActPortStone:      "鱼兑换石头",
	ActPortBoat:       "建造船只",
	ActVillageHouse:   "建造房屋",
	ActVillageStore:   "存放货物",
	ActVillageCart:    "购买货车",
	ActMarketSell:     "出售货物",
	ActMarketBuy:      "购买扩展",
	ActMarketContract: "取得订单",
	ActMarketDeliver:  "交付订单",
	ActRoadBuild:      "修建道路",
}

// chinese is the move in the Chinese rulebook's phrases.
func (m Move) chinese() string {
	switch m.Kind {
	case KindChoose:
		return "选择 " + professions[m.Prof].zh
	case KindBack:
		return "收回 " + zhTarget(int(m.Target)) + " " + zhGood(m.Good)
	case KindPut:
		return "放 " + zhTarget(int(m.Target)) + " " + zhGood(m.Good)
	case KindTake:
		return "取回 " + zhTarget(int(m.Target)) + " " + zhGood(m.Good)
	case KindDraw:
		return "抽取"
	case KindDone:
		return "规划完成"
	}
	var b strings.Builder
	if m.Go >= 0 {
		b.WriteString("前往" + locData[m.Go].zh)
		switch m.By {
		case ByCart:
			b.WriteString(" 用 额外货车")
		case ByFood:
			b.WriteString(" 用 食物")
		}
		b.WriteString(" / ")
	}
	b.WriteString(m.chineseAct())
	return b.String()
}

// chineseAct is a turn's action in the Chinese rulebook's phrases.
func (m Move) chineseAct() string {
	switch m.Act {
	case ActPass:
		return "结束本轮行动"
	case ActCard:
		d := targetDesign(int(m.Target))
		return locData[designs[d].loc].zh + " " + zhTarget(int(m.Target))
	case ActFarmFood:
		return locData[Farm].zh + " 生产 " + zhGoods(m.Goods)
	}
	text := locData[actInfo[m.Act].loc].zh + " " + zhActs[m.Act]
	switch m.Act {
	case ActForestTrade, ActVillageStore, ActMarketSell, ActMarketDeliver:
		text += " " + zhGoods(m.Goods)
	case ActPortBoat, ActVillageHouse:
		text += " " + goodData[m.Arg].zh
	case ActMarketBuy:
		text += " " + designs[m.Arg].zh
	case ActMarketContract:
		text += " " + itoa(int(m.Arg)+1)
	}
	return text
}

// locNotated is location l's word of the notation, as GO writes it, in
// every language's notation: MINE, 矿山 (前往矿山).
func locNotated(l Loc) rules.Phrase {
	return rules.Notated(upper(locData[l].name), map[string]string{"zh": locData[l].zh})
}

// actNotated is turn m's action in every language's notation, for a
// refusal's example: MINE SILVER, 矿山 生产白银.
func (m Move) actNotated() rules.Phrase {
	return rules.Notated(m.actText(), map[string]string{"zh": m.chineseAct()})
}

// zhAlone is the Chinese of the notation's words that stand alone: DONE
// and END end a plan, DRAW draws, PASS ends a turn.
var zhAlone = map[string]string{wDone: "规划完成", wEnd: "结束", wDraw: "抽取", wPass: "结束本轮行动"}
