package atacama

import (
	"fmt"
	"strings"

	"github.com/pbem-games/pbem/rules"
)

// MoveSyntax says how seat p writes a move now.
func (s *state) MoveSyntax(p rules.Seat) string {
	var b strings.Builder
	if s.geo.hex {
		b.WriteString("Name a free field: its row letter A to K, then its number from the left, e.g. F3.")
	} else {
		b.WriteString("Name a free field: its column letter A to I, then its row 1 to 9, e.g. E5.")
	}
	if int(p) >= 0 && int(p) < s.seats && s.double[p] > 0 {
		b.WriteString(" Add * for a second-colour rig, which counts double: E5*.")
	}
	if s.enhanced && !s.claimed {
		b.WriteString(" Instead of placing you may claim a concession for one rig, e.g. CLAIM TURQUOISE COLUMNS.")
	}
	return b.String()
}

// Describe says what a recorded move did.
func (s *state) Describe(p rules.Seat, move string) string {
	words := strings.Fields(strings.ToUpper(move))
	switch {
	case len(words) == 0:
		return ""
	case words[0] == "PASS":
		return "passed: no field could take a rig"
	case words[0] == "CLAIM" && len(words) == 3:
		return fmt.Sprintf("claimed the %s concession, scoring the %s", strings.ToLower(words[1]), strings.ToLower(words[2]))
	case strings.HasSuffix(words[0], "*"):
		return "placed a second-colour rig on " + strings.TrimSuffix(words[0], "*")
	}
	return "placed a rig on " + words[0]
}
