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

// MoveAt returns the move as the rules record it when seat writes move
// after event n of a game's history (DONE written where the game calls
// it PASS, say), or "" when it is no legal move then, as the rules read
// it (nothing of pauses or turns pbem keeps beside them): what a refusal
// of a move must agree with.
func MoveAt(c rules.Catalog, evs []events.Event, seed rules.Seed, n uint64, seat int, move string) (string, error) {
	if n == 0 || n > uint64(len(evs)) {
		return "", fmt.Errorf("torture: no event %d in a history of %d", n, len(evs))
	}
	g, err := projections.Replay(c, evs, seed, int(n))
	if err != nil {
		return "", err
	}
	m, err := g.State.Parse(rules.Seat(seat), move)
	if err != nil {
		return "", nil
	}
	if _, err := g.State.Apply(rules.Seat(seat), m); err != nil {
		return "", nil
	}
	return m.String(), nil
}
