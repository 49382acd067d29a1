package campaigns_test

import (
	"errors"
	"fmt"
	"reflect"
	"slices"
	"testing"

	"github.com/pbem-games/pbem/campaigns"
	"github.com/pbem-games/pbem/rules"
)

// TestRandomCampaigns plays campaigns of every kind that pairs rounds,
// of 2 to 9 players, with random results (ties included) and players
// withdrawing at random, to their end: each ends within a bound, never
// pairs a player who left, and its history folds again, with the seed
// revealed, to the same table, ratings and reliability.
func TestRandomCampaigns(t *testing.T) {
	type setup struct {
		kind string
		opt  campaigns.Options
	}
	setups := []setup{
		{campaigns.RoundRobin, campaigns.Options{}},
		{campaigns.RoundRobin, campaigns.Options{Table: 3}},
		{campaigns.Swiss, campaigns.Options{}},
		{campaigns.Knockout, campaigns.Options{}},
		{campaigns.League, campaigns.Options{Division: 3, Seasons: 3}},
		{campaigns.League, campaigns.Options{Table: 3, Division: 4, Seasons: 2}},
	}
	for _, s := range setups {
		for n := 2; n <= 9; n++ {
			for trial := range 3 {
				t.Run(fmt.Sprintf("%s/%d/table%d/%d", s.kind, n, max(s.opt.Table, 2), trial), func(t *testing.T) {
					randomCampaign(t, s.kind, s.opt, n, uint64(trial))
				})
			}
		}
	}
}

func randomCampaign(t *testing.T, kind string, opt campaigns.Options, n int, trial uint64) {
	l := newLeague(t, kind, opt, players(n))
	r := rules.NewRand(rules.SeedFromInt(trial*1000+uint64(n)), "random campaign")
	randomPlaces := func(seats []string) []int {
		scores := make([]int, len(seats))
		for i := range scores {
			scores[i] = r.IntN(3)
		}
		places := make([]int, len(seats))
		for i := range seats {
			places[i] = 1
			for _, o := range scores {
				if o > scores[i] {
					places[i]++
				}
			}
		}
		return places
	}
	for step := 0; !l.c.Over(); step++ {
		if step > 200 {
			t.Fatalf("not over after %d rounds", len(l.c.Rounds))
		}
		l.season()
		round, err := l.c.Pair(l.seed)
		if err != nil {
			t.Fatalf("Pair round %d (%d players in): %v", len(l.c.Rounds)+1, len(l.c.Active()), err)
		}
		l.apply(round)
		for i, seats := range round.Tables {
			for _, p := range seats {
				if _, gone := l.c.Withdrawn[p]; gone {
					t.Fatalf("round %d pairs %s, who left", round.Round, p)
				}
			}
			l.play(round.Round, i+1, seats, randomPlaces(seats))
		}
		if active := l.c.Active(); len(active) > 2 && r.IntN(8) == 0 {
			l.apply(campaigns.Withdrew{Player: active[r.IntN(len(active))], Reason: "random"})
		}
	}
	l.apply(campaigns.SeedRevealed{Seed: l.seed.String()})
	again, checked, err := campaigns.Replay(l.c.ID, l.facts, nil)
	if err != nil || !checked {
		t.Fatalf("Replay = %v, checked %v", err, checked)
	}
	if !reflect.DeepEqual(again.Standings(), l.c.Standings()) || !reflect.DeepEqual(again.Ratings(), l.c.Ratings()) ||
		!reflect.DeepEqual(again.Reliability(), l.c.Reliability()) {
		t.Errorf("the history folds again to another table:\n%+v\nwant\n%+v", again.Standings(), l.c.Standings())
	}
	if _, err := l.c.Pair(l.seed); !errors.Is(err, campaigns.ErrNoRound) {
		t.Errorf("Pair after the end = %v, want ErrNoRound", err)
	}
}

// TestRandomLadder plays random challenges on ladders of 3 to 9, some
// refused for their reach: the ladder always holds every player still in
// once, a won challenge moves the challenger to the defender's place,
// and the history folds again to the same ladder.
func TestRandomLadder(t *testing.T) {
	for n := 3; n <= 9; n++ {
		l := newLeague(t, campaigns.Ladder, campaigns.Options{Reach: 2}, players(n))
		r := rules.NewRand(rules.SeedFromInt(uint64(n)), "ladder")
		for range 60 {
			ch, de := l.c.Ladder[r.IntN(len(l.c.Ladder))], l.c.Ladder[r.IntN(len(l.c.Ladder))]
			round, err := l.c.Challenge(ch, de)
			pc, pd := indexOf(l.c.Ladder, ch), indexOf(l.c.Ladder, de)
			if ok := pd < pc && pc-pd <= 2; (err == nil) != ok {
				t.Fatalf("ladder %v: Challenge(%s, %s) = %v, want allowed %v", l.c.Ladder, ch, de, err, ok)
			}
			if err != nil {
				continue
			}
			l.apply(round)
			places := [][]int{{1, 2}, {2, 1}, {1, 1}}[r.IntN(3)]
			l.play(round.Round, 1, round.Tables[0], places)
			if places[0] == 1 && places[1] == 2 && indexOf(l.c.Ladder, ch) != pd {
				t.Fatalf("%s beat %s from place %d but stands at %d of %v", ch, de, pc+1, indexOf(l.c.Ladder, ch)+1, l.c.Ladder)
			}
			if len(l.c.Ladder) != len(l.c.Active()) {
				t.Fatalf("ladder %v holds other players than %v", l.c.Ladder, l.c.Active())
			}
		}
		again, err := campaigns.Fold(l.c.ID, l.facts)
		if err != nil || !slices.Equal(again.Ladder, l.c.Ladder) {
			t.Errorf("the ladder folds again to %v, %v; want %v", again.Ladder, err, l.c.Ladder)
		}
	}
}

func indexOf(s []string, p string) int { return slices.Index(s, p) }
