package games

import (
	"cmp"
	"strings"

	"github.com/pbem-games/pbem/projections"
	"github.com/pbem-games/pbem/rules"
)

// HostName is the name of whoever set the game up: a player's name when
// the host plays.
func HostName(g *projections.Game) string {
	for _, p := range g.Created.Players {
		if p.Address != "" && strings.EqualFold(p.Address, g.Created.Host) {
			return p.Name
		}
	}
	return cmp.Or(g.Created.Host, "the service")
}

// SeatOf returns the seat whose registered address is addr, or Observer.
func SeatOf(g *projections.Game, addr string) rules.Seat {
	for _, p := range g.Created.Players {
		if p.Address != "" && strings.EqualFold(p.Address, addr) {
			return rules.Seat(p.Seat)
		}
	}
	return rules.Observer
}

// IsToAct reports whether seat is among those to act in st.
func IsToAct(st rules.State, seat int) bool {
	for _, t := range st.ToAct() {
		if int(t) == seat {
			return true
		}
	}
	return false
}
