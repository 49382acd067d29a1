// Package archipelago registers Archipelago (rules/archipelago) with pbem: its rules, the
// drawing of its board, its words in every language, its rules document
// (docs/rules/archipelago.md, docs/zh/rules/archipelago.md) and how the torture's players play it.
package archipelago

import (
	"github.com/pbem-games/pbem/catalog"
	"github.com/pbem-games/pbem/docs"
	"github.com/pbem-games/pbem/pictures"
	archipelagorules "github.com/pbem-games/pbem/rules/archipelago"
	"github.com/pbem-games/pbem/templates/words"
)

// Game is Archipelago with every piece pbem needs of it.
func Game() catalog.Game {
	docEN, _ := docs.RulesIn("en", "archipelago")
	docZH, _ := docs.RulesIn("zh", "archipelago")
	return catalog.Game{
		Rules: archipelagorules.Game,
		Draw:  pictures.Draws(drawArchipelago),
		Words: map[string]words.Texts{"en": en, "zh": zh},
		Docs:  map[string][]byte{"en": docEN, "zh": docZH},
		Bots:  &catalog.Bots{AtOnce: true},
	}
}
