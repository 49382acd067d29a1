package altiplano

import (
	"strings"

	"github.com/pbem-games/pbem/rules"
)

// LooksLikeMove reports whether text is a move's words: all of them words
// of Altiplano moves, or at least the first that counts (not a filler
// such as THE), so that a move with one word mistyped still looks like
// one.
func (s *state) LooksLikeMove(_ rules.Seat, text string) bool {
	if words, err := lex(text); err == nil {
		return len(words) > 0
	}
	for _, f := range strings.Fields(text) {
		words, err := lex(f)
		if err != nil {
			return false
		}
		if len(words) > 0 {
			return true
		}
	}
	return false
}
