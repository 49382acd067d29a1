package archipelago

import (
	"strings"

	"github.com/pbem-games/pbem/rules"
)

// zhWords are the Chinese words of the notation besides the Glossary's
// names: the verbs and the other words of the moves, each with the one
// English word of the canonical notation it stands for. No Chinese
// edition of Archipelago names the actions, so these are pbem's own, in
// one table that both Parse (through chinese) and MoveIn read.
var zhWords = []Term{
	{"PLACE", "放置"}, {"KEEP", "保留"}, {"BID", "出价"}, {"ORDER", "顺序"}, {"FEED", "喂养"},
	{"EXPORT", "出口"}, {"HOME", "国内"}, {"HARVEST", "采集"}, {"TAX", "征税"}, {"SELL", "出售"},
	{"BUY", "购买"}, {"USE", "使用"}, {"EXPLORE", "探索"}, {"DISCARD", "弃掉"}, {"RECRUIT", "招募"},
	{"REPRODUCE", "繁衍"}, {"BUILD", "建造"}, {"MIGRATE", "迁移"}, {"DONE", "完成"}, {"CARD", "卡牌"},
	{"PASS", "跳过"}, {"OFFER", "提议"}, {"FOR", "换"}, {"ACCEPT", "接受"}, {"DECLINE", "拒绝"},
	{"WITHDRAW", "撤回"}, {"ROTATE", "旋转"}, {"NONE", "无"}, {"OWN", "自有"}, {"TOKEN", "标记"},
	{"PERMIT", "许可"},
}

// zhOf is the Chinese of each English word of the canonical notation
// that has one: the Glossary's one-word names and zhWords.
var zhOf = func() map[string]string {
	m := map[string]string{}
	for _, t := range Glossary {
		if !strings.Contains(t.English, " ") {
			m[strings.ToUpper(t.English)] = t.Chinese
		}
	}
	for _, t := range zhWords {
		m[t.English] = t.Chinese
	}
	// Plurals and the other spellings the canonical text writes.
	m["FLORINS"], m["TOKENS"], m["NOTHING"] = m["FLORIN"], m["TOKEN"], m["NONE"]
	return m
}()

// MoveIn writes move m as a player of language lang writes it: "zh" with
// the Chinese words of the notation (zhWords and the Glossary's names),
// the cells, hexagons and numbers as they are, so that Parse reads it
// back as m; English is the canonical text. It is "" for another
// language.
func (s *state) MoveIn(lang string, m rules.Move) string {
	mv, ok := m.(Move)
	switch {
	case !ok:
		return ""
	case lang == "en":
		return mv.String()
	case lang != "zh":
		return ""
	}
	if mv.Kind == KCard {
		return zhOf["CARD"] + " " + chineseName(cards[mv.Card].name)
	}
	return zhNotation(mv.String())
}

// zhNotation writes text, a move's canonical text or words of one
// (ACCEPT RED), in the Chinese words of the notation, the cells,
// hexagons and numbers as they are.
func zhNotation(text string) string {
	return rules.MapWords(text, func(w string) string {
		if zh, ok := zhOf[w]; ok {
			return zh
		}
		// 2C and 1S in a migration, F5x2 in a harvest or a recruitment.
		if n := len(w); n > 1 && w[0] >= '0' && w[0] <= '9' && (w[n-1] == 'C' || w[n-1] == 'S') {
			return w[:n-1] + " " + zhOf[map[byte]string{'C': "CITIZEN", 'S': "SHIP"}[w[n-1]]]
		}
		return strings.Replace(w, "x", "×", 1)
	})
}

// chineseName is the Glossary's Chinese of an English name.
func chineseName(en string) string {
	for _, t := range Glossary {
		if t.English == en {
			return t.Chinese
		}
	}
	return en
}
