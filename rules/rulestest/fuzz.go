package rulestest

import (
	"errors"
	"testing"

	"github.com/pbem-games/pbem/rules"
)

// FuzzParse is the body of a game's parser fuzz target: it feeds any text
// to Parse in st for every seat to act, an observer and a seat the game
// does not have. Parse must answer with a move or a refusal wrapping
// rules.ErrIllegal, never panic, a move it reads must read back from its
// own text, and applying it must not panic. corpus seeds the fuzzer, as
// do up to fuzzLegalSeeds legal moves of each seat in st.
//
//	func FuzzParse(f *testing.F) {
//		rulestest.FuzzParse(f, rulestest.Played(f, game.Game, setup, 8, nil), "pass")
//	}
func FuzzParse(f *testing.F, st rules.State, corpus ...string) {
	for _, seat := range st.ToAct() {
		legal := st.Legal(seat)
		for i := 0; i < len(legal); i += max(1, len(legal)/fuzzLegalSeeds) {
			f.Add(legal[i].String())
		}
	}
	for _, s := range corpus {
		f.Add(s)
	}
	seats := append(st.ToAct(), rules.Observer, 97)
	f.Fuzz(func(t *testing.T, text string) {
		for _, seat := range seats {
			m, err := st.Parse(seat, text)
			if err != nil {
				if !errors.Is(err, rules.ErrIllegal) {
					t.Fatalf("Parse(%d, %q) = %v, which does not wrap rules.ErrIllegal", seat, text, err)
				}
				continue
			}
			back, err := st.Parse(seat, m.String())
			if err != nil || back.String() != m.String() {
				t.Fatalf("Parse(%d, %q) = %s, but Parse of that = %v, %v", seat, text, m, back, err)
			}
			st.Apply(seat, m) // must not panic
		}
	})
}

const fuzzLegalSeeds = 16

// Played starts game with setup and plays up to moves moves, each by the
// first seat to act: the legal move at pick(len(legal)), or the middle one
// if pick is nil. Fuzz targets and benchmarks start from such a position.
func Played(tb testing.TB, game rules.Game, setup rules.Setup, moves int, pick func(n int) int) rules.State {
	tb.Helper()
	st, err := game.Start(setup)
	if err != nil {
		tb.Fatalf("Start(%+v) = %v", setup, err)
	}
	for i := 0; i < moves && len(st.ToAct()) > 0; i++ {
		seat := st.ToAct()[0]
		legal := st.Legal(seat)
		k := len(legal) / 2
		if pick != nil {
			k = pick(len(legal))
		}
		if st, err = st.Apply(seat, legal[k]); err != nil {
			tb.Fatalf("Apply(%d, %s) = %v", seat, legal[k], err)
		}
	}
	return st
}
