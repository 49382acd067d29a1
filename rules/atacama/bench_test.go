package atacama

import (
	"encoding/json"
	"testing"

	"github.com/pbem-games/pbem/rules"
)

// benchState is a tactical game of the given size after ten random moves.
func benchState(seats int) rules.State {
	st, _ := Game.Start(rules.Setup{Seats: seats, Variants: []string{Tactical}})
	r := rules.NewRand(rules.SeedFromInt(1), "bench")
	for range 10 {
		l := st.Legal(st.ToAct()[0])
		st, _ = st.Apply(st.ToAct()[0], l[r.IntN(len(l))])
	}
	return st
}

// BenchmarkView measures what the conformance suite calls most.
func BenchmarkView(b *testing.B) {
	for _, n := range []int{2, 3} {
		st := benchState(n)
		b.Run("view", func(b *testing.B) {
			for b.Loop() {
				st.View(0)
			}
		})
		v := st.View(0)
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
		b.Run("legal+apply", func(b *testing.B) {
			for b.Loop() {
				l := st.Legal(st.ToAct()[0])
				st.Apply(st.ToAct()[0], l[0])
			}
		})
	}
}
