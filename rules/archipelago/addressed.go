package archipelago

import (
	"slices"
	"strings"

	"github.com/pbem-games/pbem/rules"
)

// Addressees returns the seat an offer names (OFFER BLUE …): the one
// player who answers it. Any other move asks nobody.
func (s *state) Addressees(seat rules.Seat, move string) []rules.Seat {
	f := strings.Fields(move)
	if len(f) < 2 || f[0] != "OFFER" {
		return nil
	}
	p := slices.Index(colors[:], strings.ToLower(f[1]))
	if p < 0 || p >= s.seats || rules.Seat(p) == seat {
		return nil
	}
	return []rules.Seat{rules.Seat(p)}
}
