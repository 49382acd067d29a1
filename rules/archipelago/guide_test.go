package archipelago

import (
	"strings"
	"testing"

	"github.com/pbem-games/pbem/rules"
)

func TestDescribe(t *testing.T) {
	s, _, _ := actionsFixture(t)
	for _, c := range []struct{ move, want string }{
		{"BID 7", "made a sealed bid"},
		{"PASS", "passed for the rest of the round"},
		{"HARVEST WOOD F5x2", "harvested wood on F5 (2)"},
		{"EXPLORE 16A E6 3 SHIP F6", "explored hexagon 16A on E6 with a ship from F6"},
		{"OFFER BLUE 1 WOOD FOR 2 FLORINS", "offered Blue 1 wood for 2 florins"},
		{"FEED 1 MARKET 1 OWN", "fed the citizens with 1 cube from the market and 1 own cube"},
		{"BUY 2 ROTATE 4", "bought the card in place 2 and turned the one in place 4"},
		{"MIGRATE F5 TEMPLE", "settled a citizen in the temple on F5"},
		{"MIGRATE F5 F4 TEMPLE", "settled a citizen from F5 in the temple on F4"},
		{"DONE", "ended their migration"},
		{"CARD SAWMILL", "used Sawmill"},
		{"gibberish", ""},
	} {
		if got := s.Describe(0, c.move); got != c.want {
			t.Errorf("Describe(%q) = %q, want %q", c.move, got, c.want)
		}
	}
	crisis, _, _ := crisisFixture(t, cardIndex(t, "Fishing Nets"))
	crisis.balance()
	if got := crisis.Describe(0, "PASS"); got != "passed for the rest of the round" {
		t.Errorf("a recorded PASS described during a crisis: %q", got)
	}
}

func TestMoveSyntax(t *testing.T) {
	states := []*state{start(t, 3), inBids(t, 3), inActions(t, 3)}
	ev := firstMoves(t, inActions(t, 2), func(s *state) bool { return s.phase == phEvolution })
	states = append(states, ev)
	order := play(t, play(t, play(t, inBids(t, 3), 0, "BID 2"), 1, "BID 1"), 2, "BID 0")
	crisis, _, _ := crisisFixture(t, cardIndex(t, "Fishing Nets"))
	crisis.balance()
	states = append(states, order, crisis)
	for _, s := range []*state{order, crisis} {
		if syntax := s.MoveSyntax(rules.Seat(s.actor())); !strings.Contains(syntax, "OFFER") {
			t.Errorf("phase %s: MoveSyntax = %q, want it to say a deal may be offered", phaseNames[s.phase], syntax)
		}
	}
	for _, s := range states {
		for _, p := range s.ToAct() {
			syntax := s.MoveSyntax(p)
			if syntax == "" || strings.Contains(syntax, "game is over") {
				t.Errorf("phase %s: MoveSyntax(%d) = %q", phaseNames[s.phase], p, syntax)
			}
			if ex := syntax[strings.LastIndex(syntax, "e.g. ")+len("e.g. "):]; strings.HasPrefix(ex, "OFFER") {
				// The example deal is a move the player may make.
				if _, err := s.Parse(p, strings.TrimSuffix(ex, ".")); err != nil {
					t.Errorf("phase %s: the example %q does not parse: %v", phaseNames[s.phase], ex, err)
				}
			}
		}
	}
}
