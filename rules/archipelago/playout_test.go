package archipelago

import (
	"fmt"
	"strings"
	"testing"

	"github.com/pbem-games/pbem/rules"
)

// outcome is how one random game ended.
type outcome struct {
	moves, rounds int
	ending        string // "war", "separatist", "objective" or "year"
	by            string // the objective that ended the game
	scores        []int
}

// randomGame plays one game with uniformly random moves: a random seat of
// those to act, then a random legal move of it. At every step it checks
// what the conformance suite's light playouts cannot afford thousands of
// times over: the move's text parses back to the same move, in any case,
// and the state keeps every component of the box (audit).
func randomGame(tb testing.TB, setup rules.Setup, r *rules.Rand, maxMoves int) outcome {
	tb.Helper()
	st, err := Game.Start(setup)
	if err != nil {
		tb.Fatal(err)
	}
	for n := 0; n < maxMoves; n++ {
		s := st.(*state)
		if err := s.audit(); err != "" {
			tb.Fatalf("%s, after %d moves: %s", describeGame(setup), n, err)
		}
		to := st.ToAct()
		_, over := st.Result()
		if over != (len(to) == 0) {
			tb.Fatalf("%s, after %d moves: over %v but %d seats to act", describeGame(setup), n, over, len(to))
		}
		if len(to) == 0 {
			for p := range setup.Seats {
				if len(st.Legal(rules.Seat(p))) > 0 {
					tb.Fatalf("%s: seat %d has moves after the end", describeGame(setup), p)
				}
			}
			scores, _ := st.Result()
			o := outcome{moves: n, rounds: s.round, scores: scores, ending: endingOf(s)}
			if s.endedBy >= 0 {
				o.by = objectives[s.endedBy].name
			}
			return o
		}
		seat := to[r.IntN(len(to))]
		legal := st.Legal(seat)
		if len(legal) == 0 {
			tb.Fatalf("%s, after %d moves: seat %d to act has no legal move", describeGame(setup), n, seat)
		}
		m := legal[r.IntN(len(legal))]
		text := m.String()
		for _, t := range []string{text, " " + strings.ToLower(text) + " "} {
			pm, err := st.Parse(seat, t)
			if err != nil || pm.String() != text {
				tb.Fatalf("%s, after %d moves: Parse(%d, %q) = %v, %v; want %s", describeGame(setup), n, seat, t, pm, err, text)
			}
		}
		next, err := st.Apply(seat, m)
		if err != nil {
			tb.Fatalf("%s, after %d moves: Apply(%d, %s): %v", describeGame(setup), n, seat, m, err)
		}
		st = next
	}
	tb.Fatalf("%s: the game did not end within %d moves", describeGame(setup), maxMoves)
	return outcome{}
}

// endingOf names how a finished game ended: "war" (everyone lost),
// "separatist", "objective" or "year" (the last round).
func endingOf(s *state) string {
	switch {
	case s.war && s.winner >= 0:
		return "separatist"
	case s.war:
		return "war"
	case s.endedBy >= 0:
		return "objective"
	}
	return "year"
}

func describeGame(setup rules.Setup) string {
	return fmt.Sprintf("%d players %v seed %s", setup.Seats, setup.Variants, setup.Seed)
}

// audit says how the state lost or made a component of the box, or "".
// Cubes, citizens, ships and building tokens are each where they are
// counted once; florins and explorer tokens only go where the rules send
// them; no count is negative.
func (s *state) audit() string {
	for r := range nRes {
		n := int(s.bankCubes[r]) + int(s.home[r]) + int(s.export[r])
		for p := range s.seats {
			if s.players[p].cubes[r] < 0 {
				return fmt.Sprintf("seat %d holds %d %s", p, s.players[p].cubes[r], resNames[r])
			}
			n += int(s.players[p].cubes[r])
		}
		if s.bankCubes[r] < 0 || n != cubeSupply[r] {
			return fmt.Sprintf("%d %s cubes in the game (bank %d), want %d", n, resNames[r], s.bankCubes[r], cubeSupply[r])
		}
	}
	money := s.bankFlorins + int(s.coins)
	for p := range s.seats {
		pl := &s.players[p]
		if pl.florins < 0 || pl.tokens < 0 || pl.cits < 0 || pl.ships < 0 {
			return fmt.Sprintf("seat %d has %d florins, %d tokens, %d citizens and %d ships in reserve", p, pl.florins, pl.tokens, pl.cits, pl.ships)
		}
		money += pl.florins
		cits, ships := int(pl.cits), int(pl.ships)
		for h := range nHex {
			u := s.units[h][p]
			if u.cit < 0 || u.citLinked < 0 || u.rebels < 0 || u.housed < 0 || u.ship < 0 || u.shipLink < 0 {
				return fmt.Sprintf("seat %d has %+v in hexagon %d", p, u, h)
			}
			if u.any() && !s.placed(h) {
				return fmt.Sprintf("seat %d has units on hexagon %d, which is not on the table", p, h)
			}
			cits += u.citizens()
			ships += u.ships()
		}
		if cits != citizensEach || ships != shipsEach {
			return fmt.Sprintf("seat %d has %d citizens and %d ships in all, want %d and %d", p, cits, ships, citizensEach, shipsEach)
		}
	}
	if want := bankFlorins; s.bankFlorins < 0 || money != want {
		return fmt.Sprintf("%d florins in the game (bank %d), want %d", money, s.bankFlorins, want)
	}
	held := 0
	for p := range s.seats {
		held += int(s.players[p].tokens)
	}
	if held > s.tokensTaken() {
		return fmt.Sprintf("players hold %d explorer tokens, but only %d left the stacks", held, s.tokensTaken())
	}
	if tc := s.owned(-1, bCity) + s.owned(-1, bTemple) + int(s.tcTokens); tc != templeCityTokens {
		return fmt.Sprintf("%d temple/city tokens in the game, want %d", tc, templeCityTokens)
	}
	if pm := s.owned(-1, bMarket) + s.owned(-1, bPort) + int(s.pmTokens); pm != portMarketTokens {
		return fmt.Sprintf("%d port/market tokens in the game, want %d", pm, portMarketTokens)
	}
	for h := range nHex {
		var housed [maxSeats]int
		for k := range nBuild {
			if o := s.builds[h][k].occupant; o >= 0 {
				housed[o]++
			}
		}
		for p := range s.seats {
			if housed[p] != int(s.units[h][p].housed) {
				return fmt.Sprintf("hexagon %d: seat %d has %d citizens housed but %d buildings say so", h, p, s.units[h][p].housed, housed[p])
			}
		}
	}
	if s.rebellion < 0 || s.excess < 0 {
		return fmt.Sprintf("rebellion %d, excess workers %d", s.rebellion, s.excess)
	}
	return ""
}
