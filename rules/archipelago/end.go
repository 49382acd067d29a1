package archipelago

import (
	"math/bits"

	"github.com/pbem-games/pbem/rules"
)

// The two endings and the victory points.

// threshold is the count objective o's end condition asks for.
func (s *state) threshold(o *objective) int { return o.base + o.perSeat*s.seats }

// checkEnd ends the game if the rebellion has passed the population (an
// independence war), and reports whether the game is over. The objectives'
// end conditions wait for the end of a turn (checkTurnEnd).
func (s *state) checkEnd() bool {
	if s.over {
		return true
	}
	if pop := s.population(); s.rebellion > pop {
		s.over, s.war = true, true
		s.phase = phOver
		for p := range s.seats {
			if o := s.players[p].objective; o >= 0 && objectives[o].special == separatist {
				s.winner = int8(p)
			}
		}
		if s.winner >= 0 {
			s.logf("Independence war! The rebellion (%d) has passed the population (%d). %s held %s and wins alone.",
				s.rebellion, pop, s.who(int(s.winner)), say(objectives[s.players[s.winner].objective].name))
		} else {
			s.logf("Independence war! The rebellion (%d) has passed the population (%d). Nobody held the separatist's objective: everyone loses.", s.rebellion, pop)
		}
		return true
	}
	return false
}

// NoWinner reports whether the game ended in an independence war that
// nobody won: nobody held the separatist's objective, so everyone loses
// (rules.Unwon).
func (s *state) NoWinner() bool { return s.over && s.war && s.winner < 0 }

// checkTurnEnd checks the objectives' end conditions at the end of a
// turn of the actions phase. Public fact (the publisher's reference
// sheet): the end condition is checked at the end of a turn, and a turn
// is "a single move of one player during the action phase"; the game
// stops at once. The first holder in turn order whose condition holds
// ends the game.
func (s *state) checkTurnEnd() bool {
	if s.over {
		return true
	}
	for i := range s.seats {
		p := s.seatAt(i)
		o := s.players[p].objective
		if o >= 0 && s.objectiveMet(p, &objectives[o]) {
			s.finish(int(o), say("%s's objective %s is met: %s.", s.who(p), say(objectives[o].name), s.endPhrase(&objectives[o])))
			return true
		}
	}
	return false
}

// checkYear ends the game at the end of the last round, the year printed
// on the objectives.
func (s *state) checkYear() bool {
	if s.round >= deadline[s.length] {
		s.finish(-1, say("The year on the objectives has come: round %d was the last.", s.round))
		return true
	}
	return false
}

func (s *state) finish(o int, why rules.Phrase) {
	s.over = true
	s.phase = phOver
	s.endedBy = int8(o)
	s.deals = [maxSeats]offer{}
	s.logf("%s The game ends; the objectives are revealed and score.", why)
}

func (s *state) rebelsAll() int {
	n := 0
	for p := range s.seats {
		n += s.seatRebels(p)
	}
	return n
}

// objectiveMet reports whether the end condition of objective o, held by
// seat p, holds now.
func (s *state) objectiveMet(p int, o *objective) bool {
	t := s.threshold(o)
	switch o.end {
	case endPeace:
		return s.rebellion == 0 && s.rebelsAll() == 0 && s.population() >= t
	case endPopulation:
		return s.population() >= t
	case endRegions:
		return s.regionsOnMap() >= t
	case endCities:
		return s.owned(-1, bCity) >= t
	case endTemples:
		return s.owned(-1, bTemple) >= t
	case endBuildings:
		return s.buildings(-1) >= t
	case endBought:
		return s.bought >= t
	case endShips:
		return s.seatShips(p) >= t
	case endFlorins:
		return s.players[p].florins >= t
	case endCards:
		return bits.OnesCount64(s.players[p].cards) >= t
	case endTokens:
		return s.tokensTaken() >= t
	}
	return false
}

// buildings counts the buildings seat p owns (-1: everyone's).
func (s *state) buildings(p int) int {
	return s.owned(p, bCity) + s.owned(p, bMarket) + s.owned(p, bPort) + s.owned(p, bTemple)
}

// count is what scoring rule what counts for seat p.
func (s *state) count(p, what int) int {
	pl := &s.players[p]
	switch what {
	case scTemple:
		return s.owned(p, bTemple)
	case scCity:
		return s.owned(p, bCity)
	case scTrade:
		return s.owned(p, bMarket) + s.owned(p, bPort)
	case scBuilding:
		return s.buildings(p)
	case scShip:
		return s.seatShips(p)
	case scCitizen:
		return s.seatCitizens(p)
	case scRebel:
		return s.seatRebels(p)
	case scProgress, scCharacter, scCard:
		n := 0
		for _, k := range s.cardsOf(p) {
			if what == scCard || what == scProgress && cards[k].kind == progress || what == scCharacter && cards[k].kind == character {
				n++
			}
		}
		return n
	case scToken:
		return int(pl.tokens)
	case scFlorins:
		return pl.florins
	case scFood:
		return int(pl.cubes[fish] + pl.cubes[fruit] + pl.cubes[cattle])
	case scMaterial:
		return int(pl.cubes[stone] + pl.cubes[wood] + pl.cubes[iron])
	case scRegion:
		n := 0
		for h := 1; h < nHex; h++ {
			if s.placed(h) && s.units[h][p].any() {
				n++
			}
		}
		return n
	}
	return 0
}

// points is what rule sc gives seat p.
func (s *state) points(p int, sc scoring) int {
	return sc.vp * (s.count(p, sc.what) / max(1, sc.per))
}

// rankPoints is what objective o gives seat p: the VP of p's place among
// the players ranked by what o counts. Tied players share a place and the
// places after it are skipped; a count of 0 scores nothing.
func (s *state) rankPoints(p int, o *objective) int {
	mine := s.count(p, o.ranked)
	if mine <= 0 {
		return 0
	}
	place := 0
	for q := range s.seats {
		if s.count(q, o.ranked) > mine {
			place++
		}
	}
	return rankVP[o.length][place]
}

// scoreLines are seat p's victory points rule by rule: the objective of
// each player in turn order, then the trend.
func (s *state) scoreLines(p int) []int {
	var out []int
	for i := range s.seats {
		if o := s.players[s.seatAt(i)].objective; o >= 0 {
			out = append(out, s.rankPoints(p, &objectives[o]))
		}
	}
	if s.trend >= 0 {
		out = append(out, s.points(p, trends[s.trend].score))
	}
	return out
}

// Result returns the scores once the game is over, and zeros before: the
// victory points depend on objectives that are secret until the end. After
// an independence war the separatist scores 1 and everyone else 0; without
// a separatist everyone scores 0 and the view says that everyone lost.
func (s *state) Result() ([]int, bool) {
	scores := make([]int, s.seats)
	if !s.over {
		return scores, false
	}
	if s.war {
		if s.winner >= 0 {
			scores[s.winner] = 1
		}
		return scores, true
	}
	for p := range s.seats {
		for _, x := range s.scoreLines(p) {
			scores[p] += x
		}
	}
	return scores, true
}
