package atacama

import (
	"strings"

	"github.com/pbem-games/pbem/rules"
)

// zhWords are the Chinese words of the notation, each with the English
// word of the canonical notation it stands for: the colours and the
// directions as the Chinese mails name them (青绿, 橙色, 列, 行), and the
// verbs. No Chinese edition of Atacama names them, so these are pbem's
// own, in one table that both Parse (through fromChinese) and MoveIn read.
// A field (E5, E5*) is written as it is in every language.
var zhWords = [][2]string{
	{"CLAIM", "认领"}, {"PASS", "跳过"},
	{"TURQUOISE", "青绿"}, {"ORANGE", "橙色"}, {"COLUMNS", "列"}, {"ROWS", "行"},
}

// zhOf is the Chinese of each word of zhWords.
var zhOf = func() map[string]string {
	m := map[string]string{}
	for _, w := range zhWords {
		m[w[0]] = w[1]
	}
	return m
}()

// fromChinese writes the Chinese words of text's notation as the
// canonical words, each parted from its neighbours, so that 认领青绿列 and
// 认领 青绿 列 both read as CLAIM TURQUOISE COLUMNS. The one-character
// directions are read only beside a colour, so that 行 ("all right") on
// a line of its own is not taken for a move.
func fromChinese(text string) string {
	if !strings.ContainsFunc(text, func(r rune) bool { return r > 0x2E7F }) {
		return text
	}
	for _, w := range zhWords {
		if len([]rune(w[1])) > 1 {
			text = strings.ReplaceAll(text, w[1], " "+w[0]+" ")
		}
	}
	words := strings.Fields(text)
	for i, w := range words {
		if i > 0 && (words[i-1] == "TURQUOISE" || words[i-1] == "ORANGE") || i+1 < len(words) && (words[i+1] == "TURQUOISE" || words[i+1] == "ORANGE") {
			for _, z := range zhWords {
				if len([]rune(z[1])) == 1 && w == z[1] {
					words[i] = z[0]
				}
			}
		}
	}
	return strings.Join(words, " ")
}

// MoveIn writes move m as a player of language lang writes it: "zh" with
// the Chinese words of the notation (认领 青绿 列, 跳过), a field as it
// is, so that Parse reads it back as m; English is the canonical text. It
// is "" for another language.
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
	return zhText(mv.String())
}

// zhText writes a move's canonical text in the Chinese words of the
// notation: CLAIM ORANGE ROWS is 认领 橙色 行, E5 stays E5.
func zhText(text string) string {
	return rules.MapWords(text, func(w string) string {
		if zh, ok := zhOf[w]; ok {
			return zh
		}
		return w
	})
}

// Notated is the last move as a phrase of notation, which each reader
// reads in the notation of their language: CLAIM ORANGE ROWS, 认领 橙色 行.
func (l LastMove) Notated() rules.Phrase {
	return rules.Notated(l.Move, map[string]string{"zh": zhText(l.Move)})
}
