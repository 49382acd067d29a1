// Package atacama registers Atacama (rules/atacama) with pbem: its rules, the
// drawing of its board, its words in every language, its rules document
// (docs/rules/atacama.md, docs/zh/rules/atacama.md) and how the torture's players play it.
package atacama

import (
	"github.com/pbem-games/pbem/catalog"
	"github.com/pbem-games/pbem/docs"
	"github.com/pbem-games/pbem/pictures"
	atacamarules "github.com/pbem-games/pbem/rules/atacama"
	"github.com/pbem-games/pbem/templates/words"
)

// Game is Atacama with every piece pbem needs of it.
func Game() catalog.Game {
	docEN, _ := docs.RulesIn("en", "atacama")
	docZH, _ := docs.RulesIn("zh", "atacama")
	return catalog.Game{
		Rules: atacamarules.Game,
		Draw:  pictures.Draws(drawAtacama),
		Words: map[string]words.Texts{"en": en, "zh": zh},
		Docs:  map[string][]byte{"en": docEN, "zh": docZH},
		Bots:  &catalog.Bots{IfThen: true},
	}
}
