package atacama

import (
	"regexp"
	"testing"

	"github.com/pbem-games/pbem/rules"
)

// TestChineseRoundTrip: through whole enhanced and tactical games, every
// legal move of the seat to act, written as a reader of Chinese writes it
// (MoveIn "zh"), holds no English word and parses back to the move; so do
// the claims written without spaces, as Chinese is.
func TestChineseRoundTrip(t *testing.T) {
	english := regexp.MustCompile(`[A-Za-z]{2,}`)
	for _, setup := range []rules.Setup{enhancedSetup, {Seats: 2, Variants: []string{Enhanced, Tactical}, Seed: rules.SeedFromInt(7)}} {
		st, err := Game.Start(setup)
		if err != nil {
			t.Fatal(err)
		}
		claims := 0
		for turn := 0; ; turn++ {
			if _, over := st.Result(); over || turn > 200 {
				break
			}
			seat := st.ToAct()[0]
			legal := st.Legal(seat)
			for _, m := range legal {
				zh := rules.MoveIn(st, "zh", m)
				if english.MatchString(zh) {
					t.Errorf("%s in Chinese is %q, with English in it", m, zh)
				}
				if m.(Move).Kind == Claim {
					claims++
				}
				for _, text := range []string{zh, regexp.MustCompile(` `).ReplaceAllString(zh, "")} {
					back, err := st.Parse(seat, text)
					if err != nil || back.String() != m.String() {
						t.Errorf("Parse(%q) = %v, %v; want %s", text, back, err, m)
					}
				}
			}
			if st, err = st.Apply(seat, legal[turn*7%len(legal)]); err != nil {
				t.Fatal(err)
			}
		}
		if claims == 0 {
			t.Errorf("%v: no claim was legal", setup.Variants)
		}
	}
	// 行 ("all right") on its own line is no move.
	st, _ := Game.Start(enhancedSetup)
	if st.(rules.Notation).LooksLikeMove(0, "行") {
		t.Errorf("行 on its own looks like a move")
	}
}
