package altiplano

import (
	"fmt"
	"strings"

	"github.com/pbem-games/pbem/rules"
)

// Replace says what becomes of what seat i placed this round when a new
// mail of its player reaches pbem during the planning, first written
// text. A mail holds a whole plan, so when text places a good the seat's
// placements of this round are taken back first: Replace returns the TAKE
// moves that do it. A seat that has declared its plan with DONE cannot
// change it (the rulebook: once declared, no change); the error says so
// and what stays placed, when text says PUT (without it, a line such as
// MINE SILVER is read as a turn of a programmed list for the actions).
// Anything else (a TAKE, DONE, a turn) replaces nothing.
func (s *state) Replace(i rules.Seat, text string) ([]rules.Move, error) {
	if s.phase != phasePlan || i < 0 || int(i) >= s.seats {
		return nil, nil
	}
	p := &s.players[i]
	words, err := lex(text)
	if err != nil || len(words) == 0 || p.stage == stageDraw {
		return nil, nil
	}
	if m, err := s.parsePlan(p, words); err != nil || m.Kind != KindPut {
		return nil, nil
	}
	placed := s.placed(int(i))
	if p.stage == stageDone && words[0] != wPut {
		return nil, nil // MINE SILVER is also a turn: a programmed list for the actions
	}
	if p.stage == stageDone {
		return nil, illegal("you declared your plan with DONE, and a declared plan cannot change until the plans are revealed; it stays %s", placedWords(placed))
	}
	var out []rules.Move
	for _, pl := range placed {
		for range pl.Count {
			m, err := s.Parse(i, "TAKE "+pl.Target+" "+pl.Good)
			if err != nil {
				return nil, fmt.Errorf("altiplano: take back %s %s: %w", pl.Target, pl.Good, err)
			}
			out = append(out, m)
		}
	}
	return out, nil
}

// placedWords lists placements for the player who made them.
func placedWords(placed []Placement) string {
	if len(placed) == 0 {
		return "empty"
	}
	var ws []string
	for _, pl := range placed {
		w := strings.ToUpper(pl.Target + " " + pl.Good)
		if pl.Count > 1 {
			w = fmt.Sprintf("%s ×%d", w, pl.Count)
		}
		ws = append(ws, w)
	}
	return strings.Join(ws, ", ")
}
