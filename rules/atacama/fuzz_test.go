package atacama_test

import (
	"errors"
	"testing"

	"github.com/pbem-games/pbem/rules"
	"github.com/pbem-games/pbem/rules/atacama"
)

// FuzzParse feeds any text to Parse in a position some moves into a game:
// it must answer with a move or a refusal wrapping rules.ErrIllegal, never
// panic, and a move it reads must read back from its own text.
func FuzzParse(f *testing.F) {
	st, err := atacama.Game.Start(rules.Setup{Seats: 3, Seed: rules.SeedFromInt(5)})
	if err != nil {
		f.Fatal(err)
	}
	for i := 0; i < 8 && len(st.ToAct()) > 0; i++ {
		seat := st.ToAct()[0]
		legal := st.Legal(seat)
		f.Add(legal[len(legal)/2].String())
		if st, err = st.Apply(seat, legal[len(legal)/2]); err != nil {
			f.Fatal(err)
		}
	}
	for _, s := range []string{"", "pass", "E5*", "CLAIM ORANGE ROWS", "放 农场 羊驼", "GO MINE / MINE SILVER", "\x00\xff", "ＥＥ５"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		for _, seat := range append(st.ToAct(), rules.Observer, 7) {
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
