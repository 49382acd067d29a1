package atacama

import (
	"encoding/json"
	"testing"

	"github.com/pbem-games/pbem/rules"
	"github.com/pbem-games/pbem/rules/rulestest"
)

// benchState is a tactical game of the given size after ten random moves.
func benchState(b *testing.B, seats int) rules.State {
	r := rules.NewRand(rules.SeedFromInt(1), "bench")
	return rulestest.Played(b, Game, rules.Setup{Seats: seats, Variants: []string{Tactical}}, 10, r.IntN)
}

// BenchmarkView measures what the conformance suite calls most.
func BenchmarkView(b *testing.B) {
	for _, n := range []int{2, 3} {
		st := benchState(b, n)
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
