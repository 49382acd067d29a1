package atacama

import (
	"strings"

	"github.com/pbem-games/pbem/rules"
)

// LooksLikeMove reports whether text starts as a move: a field (with or
// without its double mark), PASS, or a claim, with or without the word
// CLAIM, in English or in Chinese (zhWords).
func (s *state) LooksLikeMove(_ rules.Seat, text string) bool {
	words := strings.Fields(strings.ToUpper(fromChinese(text)))
	if len(words) == 0 {
		return false
	}
	w := words[0]
	switch {
	case w == "PASS" || w == "CLAIM" || claimColours[w] != "" || claimAxes[w] != "":
		return true
	case strings.Trim(w, "*") == "" && len(words) > 1: // "* E5"
		w = words[1]
	}
	return looksLikeField(strings.Trim(w, "*"))
}
