package archipelago

import (
	"strconv"

	"github.com/pbem-games/pbem/rules"
)

// LooksLikeMove reports whether text starts as a move: with a verb, or
// any part of one that names one verb only, or with a number (a bid).
func (s *state) LooksLikeMove(_ rules.Seat, text string) bool {
	words := tokens(text)
	if len(words) == 0 {
		return false
	}
	if _, err := strconv.Atoi(words[0]); err == nil {
		return true
	}
	_, ok := lookup(words[0], verbs)
	return ok
}
