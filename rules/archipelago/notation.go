package archipelago

import (
	"strconv"
	"strings"

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

// Words are the words of the moves' notation as moves are written, in
// upper case, in every language (HARVEST WOOD E5, CARD HARBOUR MASTER):
// the verbs, the names of resources, buildings, colors and cards, and
// the other words a move or its example may hold.
func Words() []string {
	out := []string{"KEEP", "OWN", "TOKEN", "TOKENS", "NONE", "HOME", "NOTHING", "FOR", "FLORIN", "FLORINS", "PERMIT",
		"DISCARD", "CITIZEN", "CITIZENS"}
	for _, l := range [][]named[Kind]{verbs} {
		for _, w := range l {
			out = append(out, w.name)
		}
	}
	for _, l := range [][]named[int8]{resWords, buildWords, colorWords} {
		for _, w := range l {
			out = append(out, w.name)
		}
	}
	for _, c := range cards {
		out = append(out, strings.Fields(strings.ToUpper(c.name))...)
	}
	return out
}
