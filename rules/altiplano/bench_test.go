package altiplano

import (
	"encoding/json"
	"testing"

	"github.com/pbem-games/pbem/rules"
	"github.com/pbem-games/pbem/rules/rulestest"
)

// benchState is a game of the given size some random moves in.
func benchState(b *testing.B, seats, moves int) rules.State {
	r := rules.NewRand(rules.SeedFromInt(1), "bench")
	return rulestest.Played(b, Game, rules.Setup{Seats: seats, Seed: rules.SeedFromInt(3)}, moves, r.IntN)
}

// BenchmarkCalls measures what the conformance suite calls most.
func BenchmarkCalls(b *testing.B) {
	st := benchState(b, 4, 300)
	seat := st.ToAct()[0]
	b.Run("view", func(b *testing.B) {
		for b.Loop() {
			st.View(seat)
		}
	})
	v := st.View(seat)
	b.Run("text", func(b *testing.B) {
		for b.Loop() {
			_ = v.Text()
		}
	})
	b.Run("json", func(b *testing.B) {
		for b.Loop() {
			json.Marshal(v)
		}
	})
	b.Run("legal", func(b *testing.B) {
		for b.Loop() {
			st.Legal(seat)
		}
	})
	l := st.Legal(seat)
	b.Run("apply", func(b *testing.B) {
		for b.Loop() {
			st.Apply(seat, l[len(l)/2])
		}
	})
	b.Run("parse", func(b *testing.B) {
		for b.Loop() {
			st.Parse(seat, l[len(l)/2].String())
		}
	})
	b.Logf("%d legal moves, e.g. %s", len(l), l[len(l)/2])
}
