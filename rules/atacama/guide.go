package atacama

import (
	"strings"

	"github.com/pbem-games/pbem/rules"
)

// MoveSyntax says how seat p writes a move now.
func (s *state) MoveSyntax(p rules.Seat) string { return s.MoveSyntaxPhrase(p).String() }

// MoveSyntaxPhrase says how seat p writes a move now, as a phrase.
func (s *state) MoveSyntaxPhrase(p rules.Seat) rules.Phrase {
	parts := []any{rules.Say("Name a free field: its column letter A to I, then its row 1 to 9, e.g. E5.")}
	if s.geo.hex {
		parts[0] = rules.Say("Name a free field: its row letter A to K, then its number from the left, e.g. F3.")
	}
	if int(p) >= 0 && int(p) < s.seats && s.double[p] > 0 {
		parts = append(parts, rules.Say(" Add * for a second-colour rig, which counts double: E5*."))
	}
	if s.enhanced && !s.claimed {
		parts = append(parts, rules.Say(" Instead of placing you may claim a concession for one rig, e.g. CLAIM TURQUOISE COLUMNS."))
	}
	return rules.Say(strings.Repeat("%s", len(parts)), parts...)
}

// Describe says what a recorded move did.
func (s *state) Describe(p rules.Seat, move string) string {
	return s.DescribePhrase(p, move).String()
}

// DescribePhrase says what a recorded move did, as a phrase.
func (s *state) DescribePhrase(p rules.Seat, move string) rules.Phrase {
	words := strings.Fields(strings.ToUpper(move))
	switch {
	case len(words) == 0:
		return rules.Phrase{}
	case words[0] == "PASS":
		return rules.Say("passed: no field could take a rig")
	case words[0] == "CLAIM" && len(words) == 3:
		return rules.Say("claimed the %s concession, scoring the %s", rules.Say(strings.ToLower(words[1])), rules.Say(strings.ToLower(words[2])))
	case strings.HasSuffix(words[0], "*"):
		return rules.Say("placed a second-colour rig on %s", strings.TrimSuffix(words[0], "*"))
	}
	return rules.Say("placed a rig on %s", words[0])
}
