package campaigns_test

import (
	"encoding/json"
	"fmt"
	"slices"
	"testing"

	"github.com/pbem-games/pbem/campaigns"
	"github.com/pbem-games/pbem/rules"
)

// league is a campaign under test with the facts it was folded from.
type league struct {
	t     testing.TB
	c     *campaigns.Campaign
	seed  rules.Seed
	facts []campaigns.Fact
	games int
}

func players(n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = fmt.Sprintf("p%02d", i+1)
	}
	return out
}

func newLeague(t testing.TB, kind string, opt campaigns.Options, entries []string) *league {
	t.Helper()
	l := &league{t: t, c: &campaigns.Campaign{ID: "c23456a"}, seed: rules.SeedFromInt(uint64(len(entries)*31 + len(kind)))}
	l.apply(campaigns.Created{Kind: kind, Game: "atacama", Options: opt, Entries: entries, Organiser: "org"})
	l.apply(campaigns.SeedCommitted{Commitment: campaigns.SeedCommitment(l.seed, l.c.ID)})
	return l
}

func (l *league) apply(f campaigns.Fact) {
	l.t.Helper()
	if err := l.c.Apply(f); err != nil {
		l.t.Fatal(err)
	}
	l.facts = append(l.facts, f)
}

// round pairs the next round, starts its games and records each result
// that places gives (by seat) for the table's players.
func (l *league) round(places func(seats []string) []int) campaigns.RoundPaired {
	l.t.Helper()
	r, err := l.c.Pair(l.seed)
	if err != nil {
		l.t.Fatalf("Pair round %d: %v", len(l.c.Rounds)+1, err)
	}
	l.apply(r)
	for i, seats := range r.Tables {
		l.play(r.Round, i+1, seats, places(seats))
	}
	return r
}

func (l *league) play(round, table int, seats []string, places []int) string {
	l.t.Helper()
	l.games++
	id := fmt.Sprintf("g%05d", l.games)
	l.apply(campaigns.GameStarted{Game: id, Round: round, Table: table, Seats: seats})
	n := len(seats)
	scores := make([]int, n)
	for s, p := range places {
		scores[s] = 10 * (n - p)
	}
	l.apply(campaigns.Result{Game: id, Seq: 40, Hash: fmt.Sprintf("%064x", l.games), Places: places, Scores: scores,
		Moves: slices.Repeat([]int{10}, n), Timeouts: make([]int, n), Abandoned: make([]bool, n), Reason: "finished"})
	return id
}

// byName places the seats by the order of the players' names: the lower
// name wins.
func byName(seats []string) []int {
	places := make([]int, len(seats))
	for i, p := range seats {
		places[i] = 1
		for _, q := range seats {
			if q < p {
				places[i]++
			}
		}
	}
	return places
}

// drawn ties every seat.
func drawn(seats []string) []int { return slices.Repeat([]int{1}, len(seats)) }

func jsonMarshal(v any) ([]byte, error) { return json.Marshal(v) }
