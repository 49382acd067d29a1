// Package catalogtest registers a game pbem does not offer, the
// conformance suite's Nim (rules/rulestest/nim), through the registry
// alone: the stranger that shows the registry is the one door a game
// comes in by. Tests play it by mail end to end and take each piece away
// in turn (catalog TestValidate).
package catalogtest

import (
	"image/color"

	"github.com/pbem-games/pbem/catalog"
	"github.com/pbem-games/pbem/pictures"
	"github.com/pbem-games/pbem/rules"
	"github.com/pbem-games/pbem/rules/rulestest/nim"
	"github.com/pbem-games/pbem/templates/words"
)

// Nim is Nim with every piece pbem needs of a game.
func Nim() catalog.Game {
	return catalog.Game{
		Rules: nim.Game{},
		Draw:  pictures.Draws(drawNim),
		Words: map[string]words.Texts{"en": nimEN, "zh": nimZH},
		Docs:  map[string][]byte{"en": []byte(nimDoc), "zh": []byte(nimDocZh)},
		Bots:  &catalog.Bots{AtOnce: true},
	}
}

// drawNim draws the pile as a row of stones, and what each seat took.
func drawNim(p *pictures.Picture, v nim.View) {
	p.Width, p.Height = 360, float64(80+20*len(v.Taken))
	p.Title = p.Say(rules.Say("Nim: %d stones in the pile", v.Pile))
	p.Rect(0, 0, p.Width, p.Height, pictures.Style{Fill: color.RGBA{0xf7, 0xf5, 0xef, 0xff}}, "background")
	for i := range min(v.Pile, 16) {
		p.Circle(20+float64(i)*20, 24, 8, pictures.Style{Fill: color.RGBA{0x6b, 0x6b, 0x6b, 0xff}}, "stone")
	}
	font := pictures.Font{Size: 14, Color: color.RGBA{0x1f, 0x23, 0x28, 0xff}}
	p.Text(12, 56, p.Say(rules.Say("pile: %d", v.Pile)), font, "pile")
	for s, n := range v.Taken {
		p.Text(12, float64(76+20*s), p.Say(rules.Say("seat %d took %d", s, n)), font, "seat")
	}
}

// nimDoc is Nim's rules document.
const nimDoc = `# Nim

Nim on one pile whose size comes from the seed, with a hidden reserve
nobody sees until the end. Each seat takes 1 to 3 stones (1 to 80 with
the variant big): write take and the number, e.g. take 2. The seat that
takes the last stone wins; with misere it loses. With turns the seats
take turns; otherwise every seat chooses in secret each round.
`

// nimDocZh is Nim's rules document in Chinese.
const nimDocZh = `# 尼姆

一堆石子，数目由种子决定，另有一份谁也看不见的储备，直到终局才揭晓。
每个座位每次拿 1 到 3 颗（变体 big 可拿 1 到 80 颗）：写 take 和数目，例如
take 2。拿到最后一颗石子的人赢；变体 misere 则输。变体 turns 让座位轮流拿；
否则每一轮所有座位同时秘密选择。
`

// nimEN are Nim's own texts in English: the formats of its phrases.
var nimEN = words.Texts{
	"pile: %s":                            "pile: %s",
	"reserve: %s":                         "reserve: %s",
	"seat %s took %s":                     "seat %s took %s",
	"scores: %s":                          "scores: %s",
	"took %s stones":                      "took %s stones",
	"it is not your turn":                 "it is not your turn",
	"%s is not a move of nim":             "%s is not a move of nim",
	"Nim: %s stones in the pile":          "Nim: %s stones in the pile",
	"you may take 1 to %s stones, not %s": "you may take 1 to %s stones, not %s",
	`%s is not a move: write take and a number, e.g. "take 2"`:       `%s is not a move: write take and a number, e.g. "take 2"`,
	"Write take and how many stones you take, 1 to %s, e.g. take 2.": "Write take and how many stones you take, 1 to %s, e.g. take 2.",
	"A pile of over a thousand stones; take up to 80 at once.":       "A pile of over a thousand stones; take up to 80 at once.",
	"Whoever takes the last stone loses.":                            "Whoever takes the last stone loses.",
	"Seats take turns instead of choosing at the same time.":         "Seats take turns instead of choosing at the same time.",
}

// nimZH are Nim's own texts in Chinese.
var nimZH = words.Texts{
	"pile: %s":                            "石堆：%s",
	"reserve: %s":                         "储备：%s",
	"seat %s took %s":                     "座位 %s 拿了 %s 颗",
	"scores: %s":                          "得分：%s",
	"took %s stones":                      "拿走了 %s 颗石子",
	"it is not your turn":                 "还没轮到你",
	"%s is not a move of nim":             "%s 不是尼姆的着法",
	"Nim: %s stones in the pile":          "尼姆：石堆里有 %s 颗石子",
	"you may take 1 to %s stones, not %s": "你可以拿 1 到 %s 颗石子，不能拿 %s 颗",
	`%s is not a move: write take and a number, e.g. "take 2"`:       `%s 不是着法：请写 take 和一个数，例如“take 2”`,
	"Write take and how many stones you take, 1 to %s, e.g. take 2.": "请写 take 和你要拿的石子数（1 到 %s），例如 take 2。",
	"A pile of over a thousand stones; take up to 80 at once.":       "石堆有一千多颗石子；一次最多拿 80 颗。",
	"Whoever takes the last stone loses.":                            "拿到最后一颗石子的人输。",
	"Seats take turns instead of choosing at the same time.":         "座位轮流拿，而不是同时选择。",
}
