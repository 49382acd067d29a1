package campaigns

import (
	"fmt"
	"reflect"

	"github.com/pbem-games/pbem/rules"
)

// Replay folds facts like Fold and, given the campaign's seed (the
// service's) or once the history reveals it, pairs every round again
// (Pair) and checks it is the round recorded: a pairing changed, or made
// by another seed, fails. It reports whether the pairings were checked;
// before the seed is known they cannot be.
func Replay(id string, facts []Fact, seed *rules.Seed) (*Campaign, bool, error) {
	if seed == nil {
		for _, f := range facts {
			if r, ok := f.(SeedRevealed); ok {
				s, err := rules.ParseSeed(r.Seed)
				if err != nil {
					return nil, false, fmt.Errorf("campaigns: campaign %s: the seed revealed: %w", id, err)
				}
				seed = &s
			}
		}
	}
	c := &Campaign{ID: id}
	for _, f := range facts {
		if r, ok := f.(RoundPaired); ok && seed != nil && c.Created.Kind != Ladder && c.facts > 0 {
			want, err := c.Pair(*seed)
			if err != nil {
				return nil, false, fmt.Errorf("campaigns: campaign %s: round %d: %w", id, r.Round, err)
			}
			if !reflect.DeepEqual(normalRound(want), normalRound(r)) {
				return nil, false, fmt.Errorf("campaigns: campaign %s: round %d was paired %v, the seed pairs it %v", id, r.Round, r.Tables, want.Tables)
			}
		}
		if st, ok := f.(SeasonStarted); ok && seed != nil {
			want, due := c.NextSeason(*seed)
			if !due || !reflect.DeepEqual(want, st) {
				return nil, false, fmt.Errorf("campaigns: campaign %s: season %d's divisions are %v, the results and the seed make them %v", id, st.Season, st.Divisions, want.Divisions)
			}
		}
		if err := c.Apply(f); err != nil {
			return nil, false, err
		}
	}
	if c.facts == 0 {
		return nil, false, fmt.Errorf("campaigns: campaign %s has no history", id)
	}
	if seed != nil && c.Commitment != "" && !seed.Commits(c.Commitment, seedBinds(id)...) {
		return nil, false, fmt.Errorf("campaigns: campaign %s: the seed is not the one committed to", id)
	}
	return c, seed != nil, nil
}

// normalRound is r with empty lists as nil, as JSON decodes them.
func normalRound(r RoundPaired) RoundPaired {
	if len(r.Byes) == 0 {
		r.Byes = nil
	}
	if len(r.Tables) == 0 {
		r.Tables = nil
	}
	return r
}
