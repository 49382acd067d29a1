// Package altiplano registers Altiplano (rules/altiplano) with pbem: its rules, the
// drawing of its board, its words in every language, its rules document
// (docs/rules/altiplano.md, docs/zh/rules/altiplano.md) and how the torture's players play it.
package altiplano

import (
	"github.com/pbem-games/pbem/catalog"
	"github.com/pbem-games/pbem/docs"
	"github.com/pbem-games/pbem/pictures"
	altiplanorules "github.com/pbem-games/pbem/rules/altiplano"
	"github.com/pbem-games/pbem/templates/words"
)

// Game is Altiplano with every piece pbem needs of it.
func Game() catalog.Game {
	docEN, _ := docs.RulesIn("en", "altiplano")
	docZH, _ := docs.RulesIn("zh", "altiplano")
	return catalog.Game{
		Rules: altiplanorules.Game,
		Draw:  pictures.Draws(drawAltiplano),
		Words: map[string]words.Texts{"en": en, "zh": zh},
		Docs:  map[string][]byte{"en": docEN, "zh": docZH},
		Bots:  &catalog.Bots{AtOnce: true},
	}
}
