package pictures_test

import (
	"testing"

	"github.com/pbem-games/pbem/rules"
	"github.com/pbem-games/pbem/rules/altiplano"
	"github.com/pbem-games/pbem/rules/archipelago"
	"github.com/pbem-games/pbem/rules/atacama"
)

// position is a fixed position of a game: a setup and the number of
// moves played into it, each chosen from the legal moves by a fixed rule.
type position struct {
	name     string
	game     rules.Game
	seats    int
	variants []string
	seed     uint64
	moves    int
	observer bool // the goldens hold the observer's picture too
}

// positions are the goldens' positions: every game, several player
// counts and variants.
var positions = []position{
	{"atacama-2", atacama.Game, 2, nil, 1, 14, false},
	{"atacama-2-enhanced-tactical", atacama.Game, 2, []string{"enhanced", "tactical"}, 2, 9, true},
	{"atacama-3", atacama.Game, 3, nil, 3, 30, false},
	{"atacama-4-over", atacama.Game, 4, nil, 4, 1000, false},
	{"altiplano-2", altiplano.Game, 2, nil, 5, 25, true},
	{"altiplano-4-missions", altiplano.Game, 4, []string{"missions"}, 6, 120, true},
	{"altiplano-3-choose", altiplano.Game, 3, []string{"choose"}, 9, 400, false},
	{"altiplano-3-over", altiplano.Game, 3, []string{"choose"}, 9, 1000, false},
	{"archipelago-2", archipelago.Game, 2, nil, 7, 30, true},
	{"archipelago-4", archipelago.Game, 4, nil, 8, 90, true},
	{"archipelago-3-city", archipelago.Game, 3, nil, 9, 150, false},
	{"archipelago-3-over", archipelago.Game, 3, nil, 9, 200, false},
	{"archipelago-5", archipelago.Game, 5, nil, 9, 120, false},
}

// play returns the position's state: the setup, then up to moves moves,
// each the legal move of the first seat to act picked by a counter.
func (p position) play(t testing.TB) rules.State {
	t.Helper()
	st, err := p.game.Start(rules.Setup{Seats: p.seats, Variants: p.variants, Seed: rules.SeedFromInt(p.seed)})
	if err != nil {
		t.Fatalf("%s: %v", p.name, err)
	}
	pick := p.seed
	for range p.moves {
		toAct := st.ToAct()
		if len(toAct) == 0 {
			break
		}
		s := toAct[pick%uint64(len(toAct))]
		legal := st.Legal(s)
		pick = pick*6364136223846793005 + 1442695040888963407
		m := legal[(pick>>33)%uint64(len(legal))]
		if st, err = st.Apply(s, m); err != nil {
			t.Fatalf("%s: seat %d plays %s: %v", p.name, s, m, err)
		}
	}
	return st
}
