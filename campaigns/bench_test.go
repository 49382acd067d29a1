package campaigns_test

import (
	"testing"

	"github.com/pbem-games/pbem/campaigns"
	"github.com/pbem-games/pbem/rules"
)

// swissOf plays rounds rounds of a Swiss of n with results drawn from a
// fixed seed.
func swissOf(b *testing.B, n, rounds int) *league {
	l := newLeague(b, campaigns.Swiss, campaigns.Options{Rounds: rounds + 1}, players(n))
	r := rules.NewRand(rules.SeedFromInt(1), "results")
	for range rounds {
		l.round(func([]string) []int { return [][]int{{1, 2}, {2, 1}, {1, 1}}[r.IntN(3)] })
	}
	return l
}

// BenchmarkSwissPair pairs round 8 of a Swiss of 128 players.
func BenchmarkSwissPair(b *testing.B) {
	l := swissOf(b, 128, 7)
	b.ResetTimer()
	for b.Loop() {
		if _, err := l.c.Pair(l.seed); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkStandings folds the table of a Swiss of 128 players after 7
// rounds: points, every tiebreak, ratings and reliability.
func BenchmarkStandings(b *testing.B) {
	l := swissOf(b, 128, 7)
	b.ResetTimer()
	for b.Loop() {
		l.c.Standings()
		l.c.Ratings()
		l.c.Reliability()
	}
}

// BenchmarkFold folds the whole history of that Swiss from its facts.
func BenchmarkFold(b *testing.B) {
	l := swissOf(b, 128, 7)
	b.ReportMetric(float64(len(l.facts)), "facts")
	b.ResetTimer()
	for b.Loop() {
		if _, err := campaigns.Fold(l.c.ID, l.facts); err != nil {
			b.Fatal(err)
		}
	}
}
