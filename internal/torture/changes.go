package torture

import (
	"fmt"
	"slices"

	"github.com/pbem-games/pbem/events"
	"github.com/pbem-games/pbem/projections"
	"github.com/pbem-games/pbem/rules"
)

// Changes replays a game's history and returns, for each seat, the events
// after which something changed for that seat that it did not cause: both
// what it sees and what it may do. A reply to a mail of pbem sent at event
// P is stale exactly when one of these falls after P and no later than
// the event at which the reply is read; Check holds the mailroom to that.
// It says so in its own words, from the rules, not by asking the games
// package how it judges.
func Changes(c rules.Catalog, evs []events.Event, seed rules.Seed) (map[int][]uint64, error) {
	if len(evs) == 0 {
		return nil, nil
	}
	g, err := projections.Start(c, evs[0], seed)
	if err != nil {
		return nil, err
	}
	out := map[int][]uint64{}
	seats := len(g.Created.Players)
	for _, e := range evs[1:] {
		before := g.State
		if err := g.Apply(e); err != nil {
			return nil, fmt.Errorf("torture: replay game %s: %w", e.Game, err)
		}
		for seat := range seats {
			if e.Actor == seat {
				continue
			}
			s := rules.Seat(seat)
			legal := func(st rules.State) []string {
				var out []string
				for _, m := range st.Legal(s) {
					out = append(out, m.String())
				}
				return out
			}
			if !slices.Equal(legal(before), legal(g.State)) && before.View(s).Text() != g.State.View(s).Text() {
				out[seat] = append(out[seat], e.Seq)
			}
		}
	}
	return out, nil
}
