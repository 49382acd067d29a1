package nim

import (
	"strings"

	"github.com/pbem-games/pbem/rules"
)

// MoveSyntax says how a seat writes a move.
func (st *state) MoveSyntax(s rules.Seat) string { return st.MoveSyntaxPhrase(s).String() }

// MoveSyntaxPhrase is MoveSyntax as a phrase.
func (st *state) MoveSyntaxPhrase(rules.Seat) rules.Phrase {
	return rules.Say("Write take and how many stones you take, 1 to %d, e.g. take 2.", st.max)
}

// Describe says what a recorded move did.
func (st *state) Describe(s rules.Seat, move string) string {
	return st.DescribePhrase(s, move).String()
}

// DescribePhrase is Describe as a phrase.
func (st *state) DescribePhrase(_ rules.Seat, move string) rules.Phrase {
	n := strings.TrimPrefix(move, "take ")
	return rules.Say("took %s stones", n)
}

// LooksLikeMove reports whether text starts as a move does: with "take"
// or a number.
func (st *state) LooksLikeMove(_ rules.Seat, text string) bool {
	f := strings.Fields(strings.ToLower(text))
	if len(f) == 0 {
		return false
	}
	if f[0] == "take" {
		return true
	}
	return strings.Trim(f[0], "0123456789") == ""
}
