package archipelago

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/pbem-games/pbem/rules"
)

// TestScreensStayHidden plays random games and checks at every step that
// no view but a player's own shows what lies behind that player's screen:
// florins, cubes, explorer tokens, objective, sealed bid and hand.
func TestScreensStayHidden(t *testing.T) {
	r := rules.NewRand(rules.SeedFromInt(5), "screens")
	for _, n := range []int{2, 3, 5} {
		st, err := Game.Start(rules.Setup{Seats: n, Variants: []string{Short}, Seed: rules.SeedFromInt(uint64(n))})
		if err != nil {
			t.Fatal(err)
		}
		for step := 0; len(st.ToAct()) > 0; step++ {
			s := st.(*state)
			for p := range n {
				mine := privateLines(s.privateView(p))
				own, _ := json.Marshal(s.privateView(p))
				for q := -1; q < n; q++ {
					if q == p {
						continue
					}
					v := s.View(rules.Seat(q)).(*View)
					if v.Private != nil && v.Private.Color != colors[q] {
						t.Fatalf("%d players, step %d: the view of %d holds the screen of %s", n, step, q, v.Private.Color)
					}
					data, _ := json.Marshal(v)
					text := v.Text()
					if strings.Contains(string(data), string(own)) || strings.Contains(string(data), `"private":{"color":"`+colors[p]+`"`) {
						t.Fatalf("%d players, step %d: the JSON view of %d shows the screen of %d", n, step, q, p)
					}
					for _, line := range mine {
						if strings.Contains(text, line) {
							t.Fatalf("%d players, step %d: the view of %d shows %q", n, step, q, line)
						}
					}
				}
			}
			to := st.ToAct()
			seat := to[r.IntN(len(to))]
			legal := st.Legal(seat)
			if st, err = st.Apply(seat, legal[r.IntN(len(legal))]); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// TestPublicCounts checks that the public view shows units and cards but
// no counts of what lies behind screens.
func TestPublicCounts(t *testing.T) {
	s := inActions(t, 3)
	v := s.View(rules.Observer).(*View)
	data, _ := json.Marshal(v)
	for _, hidden := range []string{`"florins"`, `"cubes"`, `"explorer_tokens"`, `"objective"`, `"sealed_bid"`, `"hand"`} {
		if strings.Contains(string(data), hidden) {
			t.Errorf("the public view has %s", hidden)
		}
	}
	if v.Private != nil {
		t.Errorf("the observer sees a screen")
	}
	for p := range 3 {
		if pv := s.View(rules.Seat(p)).(*View).Private; pv == nil || pv.Color != colors[p] || pv.Objective == nil {
			t.Errorf("seat %d does not see its own screen and objective", p)
		}
	}
}

// TestSecretsOfObserver checks that the piles' order is a secret of
// nobody and appears in no view.
func TestSecretsOfObserver(t *testing.T) {
	s := inActions(t, 2)
	sec := s.Secrets(rules.Observer)
	if len(sec) != len(s.pile)+len(s.regionPile) {
		t.Fatalf("Secrets(Observer) has %d strings for %d cards and %d hexagons", len(sec), len(s.pile), len(s.regionPile))
	}
	for _, p := range []rules.Seat{0, 1, rules.Observer} {
		v := s.View(p)
		data, _ := json.Marshal(v)
		for _, x := range sec {
			if strings.Contains(v.Text(), x) || strings.Contains(string(data), x) {
				t.Errorf("the view of %d shows %q, which lies face down", p, x)
			}
		}
	}
}
