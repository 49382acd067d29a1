package altiplano

import (
	"encoding/json"
	"testing"

	"github.com/pbem-games/pbem/rules"
)

// benchState is a game of the given size some random moves in.
func benchState(seats, moves int) rules.State {
	st, _ := Game.Start(rules.Setup{Seats: seats, Seed: rules.SeedFromInt(3)})
	r := rules.NewRand(rules.SeedFromInt(1), "bench")
	for range moves {
		to := st.ToAct()
		if len(to) == 0 {
			break
		}
		l := st.Legal(to[0])
		st, _ = st.Apply(to[0], l[r.IntN(len(l))])
	}
	return st
}

// BenchmarkCalls measures what the conformance suite calls most.
func BenchmarkCalls(b *testing.B) {
	st := benchState(4, 300)
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
