package archipelago

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

// BenchmarkView measures what the conformance suite calls most: building
// and marshalling views, rendering them, and listing and applying moves.
func BenchmarkView(b *testing.B) {
	st := benchState(b, 4, 120)
	b.Run("build+json", func(b *testing.B) {
		for b.Loop() {
			s := st.(*state).clone()
			json.Marshal(s.View(0))
		}
	})
	v := st.View(0)
	b.Run("text", func(b *testing.B) {
		for b.Loop() {
			_ = v.Text()
		}
	})
	b.Run("legal", func(b *testing.B) {
		for b.Loop() {
			st.Legal(st.ToAct()[0])
		}
	})
	l := st.Legal(st.ToAct()[0])
	b.Run("apply", func(b *testing.B) {
		for b.Loop() {
			st.Apply(st.ToAct()[0], l[0])
		}
	})
	b.Run("parse", func(b *testing.B) {
		for b.Loop() {
			st.Parse(st.ToAct()[0], l[len(l)-1].String())
		}
	})
}

func BenchmarkViewParts(b *testing.B) {
	st := benchState(b, 4, 120)
	b.Run("build", func(b *testing.B) {
		for b.Loop() {
			s := st.(*state).clone()
			s.View(0)
		}
	})
	v := st.View(0)
	data, _ := json.Marshal(v)
	b.Logf("json %d bytes, map %d regions", len(data), len(v.(*View).Map))
	b.Run("json", func(b *testing.B) {
		for b.Loop() {
			json.Marshal(v)
		}
	})
}
