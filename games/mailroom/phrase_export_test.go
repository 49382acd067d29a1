package mailroom

import (
	"github.com/pbem-games/pbem/games/locale"
	"github.com/pbem-games/pbem/mail"
	"github.com/pbem-games/pbem/rules"
)

// PhraseIn writes a phrase as a reader of lang reads it, for the tests
// outside the package.
func (s *Service) PhraseIn(lang string) func(rules.Phrase) string {
	return locale.Of(s.games.Words(), mail.Pref{Lang: lang}).Phrase
}
