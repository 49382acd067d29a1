package altiplano

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/pbem-games/pbem/rules"
)

// planState returns a 2-player game in the planning phase, seat 0 a miner
// holding goods on its planning spaces and coins; edit changes it further.
func planState(t *testing.T, goods Goods, coins int, edit func(s *state, p *player)) *state {
	t.Helper()
	s := actState(t, func(s *state, p *player) {
		s.phase = phasePlan
		for i := range s.players {
			s.players[i].stage = stagePlan
		}
		p.planning, p.coins = goods, coins
		s.players[1].planning = of(Food) // so that seat 1 plans too
		if edit != nil {
			edit(s, p)
		}
	})
	return s
}

var planCases = []struct {
	name  string
	goods Goods
	coins int
	edit  func(s *state, p *player)
	moves []string // played in order; all but the last must be legal
	err   string   // a part of the last move's error; "" means legal
}{
	{name: "put", goods: of(Alpaca), moves: []string{"PUT FARM ALPACA"}},
	{name: "put a good not drawn", goods: of(Food), moves: []string{"PUT FARM ALPACA"}, err: "no alpaca on your planning spaces"},
	{name: "put where nothing uses it", goods: of(Glass), moves: []string{"PUT FARM GLASS"}, err: "no action at the farm uses glass"},
	{name: "put on full spaces", goods: of(Food, Food, Food, Food),
		moves: []string{"PUT FARM FOOD", "PUT FARM FOOD", "PUT FARM FOOD", "PUT FARM FOOD"}, err: "the 3 action spaces of the farm are full"},
	{name: "put food on the road", goods: of(Food), moves: []string{"PUT ROAD FOOD"}, err: "no action at the road uses food"},
	{name: "put food in the village", goods: of(Food), moves: []string{"PUT VILLAGE FOOD"}, err: "no action at the village uses food"},
	{name: "put any good but food in the market", goods: of(Stone), moves: []string{"PUT MARKET STONE"}},
	{name: "put on the movement spaces", goods: of(Food), moves: []string{"PUT MOVE FOOD"}},
	{name: "put wood on the movement spaces", goods: of(Wood), moves: []string{"PUT MOVE WOOD"}, err: "only food"},
	{name: "put a fifth food on the movement spaces", goods: of(Food), edit: func(s *state, p *player) { p.move = moveSpaces },
		moves: []string{"PUT MOVE FOOD"}, err: "the 4 movement spaces are full"},
	{name: "put on the profession", goods: of(Food), moves: []string{"PUT MINER FOOD"}},
	{name: "put on the profession by its action's name", goods: of(Food), moves: []string{"PUT SHAFT FOOD"}},
	{name: "put on the profession thrice", goods: of(Food, Food, Food), moves: []string{"PUT MINER FOOD", "PUT MINER FOOD", "PUT MINER FOOD"}, err: "no free space for food"},
	{name: "put on another's profession", goods: of(Food), moves: []string{"PUT LUMBERJACK FOOD"}, err: "you have no lumberjack"},
	{name: "put a coin on an extension", coins: 2, edit: func(s *state, p *player) { give(p, dBullion, 0) },
		moves: []string{"PUT BULLION COIN", "PUT BULLION COIN"}},
	{name: "put a third coin", coins: 3, edit: func(s *state, p *player) { give(p, dBullion, 0) },
		moves: []string{"PUT BULLION COIN", "PUT BULLION COIN", "PUT BULLION COIN"}, err: "takes no more coins"},
	{name: "put a coin without coins", edit: func(s *state, p *player) { give(p, dGlassworks, 0) },
		moves: []string{"PUT GLASSWORKS COIN"}, err: "you have no coins"},
	{name: "put a coin at a location", coins: 1, moves: []string{"PUT MARKET COIN"}, err: "coins go only on extensions"},
	{name: "put on an extension not owned", goods: of(Food), moves: []string{"PUT SAWMILL FOOD"}, err: "you have no sawmill"},
	{name: "put any good on the storehouse", goods: of(Silver, Stone), edit: func(s *state, p *player) { give(p, dStorehouse, 0) },
		moves: []string{"PUT STOREHOUSE SILVER", "PUT STOREHOUSE STONE"}},
	{name: "take back", goods: of(Alpaca), moves: []string{"PUT FARM ALPACA", "TAKE FARM ALPACA"}},
	{name: "take back a coin", coins: 1, edit: func(s *state, p *player) { give(p, dGlassworks, 0) },
		moves: []string{"PUT GLASSWORKS COIN", "TAKE GLASSWORKS COIN"}},
	{name: "take back a good of an earlier round", edit: func(s *state, p *player) { at(p, Farm, Alpaca) },
		moves: []string{"TAKE FARM ALPACA"}, err: "goods placed in earlier rounds stay"},
	{name: "done", moves: []string{"DONE"}},
	{name: "done locks the plan", goods: of(Alpaca), moves: []string{"DONE", "PUT FARM ALPACA"}, err: "you have finished planning"},
	{name: "draw while planning", moves: []string{"DRAW"}, err: "you have drawn already"},
	{name: "two goods in one move", goods: of(Food, Food), moves: []string{"PUT MOVE 2 FOOD"}, err: "one good per move"},
	{name: "pull back before drawing", edit: func(s *state, p *player) { p.stage = stageDraw; at(p, Farm, Alpaca, Food) },
		moves: []string{"BACK FARM ALPACA", "DRAW"}},
	{name: "pull back more than is there", edit: func(s *state, p *player) { p.stage = stageDraw; at(p, Farm, Alpaca) },
		moves: []string{"BACK FARM FOOD"}, err: "there is no food on your farm"},
	{name: "put before drawing", goods: of(Food), edit: func(s *state, p *player) { p.stage = stageDraw; at(p, Farm, Alpaca) },
		moves: []string{"PUT MOVE FOOD"}, err: "draw first"},
	{name: "act while planning", goods: of(Food), moves: []string{"GO MINE / PASS"}, err: "the players are planning"},
}

// TestPlanning plays placements, legal and illegal.
func TestPlanning(t *testing.T) {
	for _, tc := range planCases {
		t.Run(strings.ReplaceAll(tc.name, " ", "_"), func(t *testing.T) {
			var st rules.State = planState(t, tc.goods, tc.coins, tc.edit)
			for k, text := range tc.moves {
				legal := legalTexts(st.(*state), 0)
				m, err := st.Parse(0, text)
				var next rules.State
				if err == nil {
					next, err = st.Apply(0, m)
				}
				last := k == len(tc.moves)-1
				if last && tc.err != "" {
					if err == nil || !errors.Is(err, rules.ErrIllegal) || !strings.Contains(err.Error(), tc.err) {
						t.Fatalf("%s = %v, want an error saying %q", text, err, tc.err)
					}
					return
				}
				if err != nil {
					t.Fatalf("%s = error %q, want it legal", text, err)
				}
				if !legal[m.String()] {
					t.Errorf("%s is legal but not in Legal", m)
				}
				st = next
			}
		})
	}
}

// TestPlansHidden checks that a seat's placements show in its own view
// only, until every seat is done, and that Secrets names them.
func TestPlansHidden(t *testing.T) {
	st, err := Game.Start(rules.Setup{Seats: 3, Seed: rules.SeedFromInt(5)})
	if err != nil {
		t.Fatal(err)
	}
	others := func(st rules.State) []string {
		var out []string
		for _, s := range []rules.Seat{1, 2, rules.Observer} {
			v := st.View(s).(*View)
			b, _ := json.Marshal(v)
			vt := *v.Table
			vt.Last, vt.json = nil, nil
			tb, _ := json.Marshal(&vt)
			out = append(out, string(tb))
			if strings.Contains(string(b), `"placed_this_round":[{"seat":0`) {
				t.Errorf("seat %d sees seat 0's placements: %s", s, b)
			}
		}
		return out
	}
	before := others(st)
	var placed []string
	for range 3 {
		var put rules.Move
		for _, m := range st.Legal(0) {
			if m.(Move).Kind == KindPut {
				put = m
				break
			}
		}
		if put == nil {
			break
		}
		placed = append(placed, put.String())
		if st, err = st.Apply(0, put); err != nil {
			t.Fatal(err)
		}
	}
	if len(placed) == 0 {
		t.Fatal("seat 0 had nothing to place")
	}
	after := others(st)
	for k := range before {
		if before[k] != after[k] {
			t.Errorf("seat 0's placements %v changed what another seat sees:\n%s\nthen\n%s", placed, before[k], after[k])
		}
	}
	secrets := st.(rules.Secrets).Secrets(0)
	own, _ := json.Marshal(st.View(0))
	found := 0
	for _, sec := range secrets {
		if !strings.Contains(string(own), sec) {
			t.Errorf("secret %q is not in seat 0's own view", sec)
		}
		if strings.Contains(sec, `"target"`) {
			found++
		}
	}
	if found == 0 {
		t.Errorf("Secrets(0) = %q names no placement", secrets)
	}
	if got := st.(rules.Guide).Describe(0, placed[0]); strings.Contains(strings.ToUpper(got), strings.Fields(placed[0])[2]) {
		t.Errorf("Describe(%s) = %q tells the others what was placed", placed[0], got)
	}
	if last := st.View(1).(*View).Table.Last; last == nil || last.Move != "" {
		t.Errorf("the last move shown to seat 1 is %+v, want its text hidden", last)
	}
	// Once every seat is done, the plans are revealed.
	for _, s := range []rules.Seat{0, 1, 2} {
		if st, err = st.Apply(s, Move{Kind: KindDone}); err != nil {
			t.Fatal(err)
		}
	}
	if st.(*state).phase != phaseAct {
		t.Fatalf("the phase is %d after every seat is done, want the actions", st.(*state).phase)
	}
	if b := st.View(1).(*View).Table.Seats[0].Board; len(b) == 0 {
		t.Errorf("seat 1 does not see seat 0's revealed plan")
	}
	if secrets := st.(rules.Secrets).Secrets(0); strings.Contains(strings.Join(secrets, " "), `"target"`) {
		t.Errorf("Secrets(0) = %q still names placements once revealed", secrets)
	}
}
