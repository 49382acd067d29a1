package altiplano

import (
	"cmp"
	"slices"

	"github.com/pbem-games/pbem/rules"
)

// Score is one seat's points by source.
type Score struct {
	Goods     int `json:"goods"`     // the goods' values
	Boats     int `json:"boats"`     // 2 a boat
	Houses    int `json:"houses"`    // 4 a house
	Bonus     int `json:"bonus"`     // 1 a good of a kind a house favours
	Contracts int `json:"contracts"` // completed contracts
	Rows      int `json:"warehouse"` // complete warehouse rows
	Missions  int `json:"missions"`  // fulfilled missions, counted once the game is over
	Total     int `json:"total"`     // the sum
	Coins     int `json:"coins"`     // the tie-break
}

// score adds up seat i's points: what the rulebook scores at the end, at
// any time; missions only once the game is over.
func (s *state) score(i int) Score {
	p := &s.players[i]
	held := p.held()
	var sc Score
	for g := range numGoods {
		sc.Goods += int(held[g]) * goodData[g].value
	}
	sc.Boats = boatPoints * len(p.boats)
	sc.Houses = housePoints * len(p.houses)
	for _, h := range p.houses {
		sc.Bonus += int(held[h])
	}
	for _, c := range p.done {
		sc.Contracts += contracts[c].points
	}
	for k, r := range p.rows {
		if r.n == warehouseRows[k].size {
			sc.Rows += warehouseRows[k].points
		}
	}
	if s.phase == phaseOver {
		for _, m := range p.missions {
			if s.fulfils(p, m) {
				sc.Missions += missions[m].points
			}
		}
	}
	sc.Total = sc.Goods + sc.Boats + sc.Houses + sc.Bonus + sc.Contracts + sc.Rows + sc.Missions
	sc.Coins = p.coinsHeld()
	return sc
}

// fulfils reports whether p meets mission m.
func (s *state) fulfils(p *player, m int) bool {
	ms := missions[m]
	n := 0
	switch ms.kind {
	case mGood:
		n = int(p.held()[ms.good])
	case mBoats:
		n = len(p.boats)
	case mHouses:
		n = len(p.houses)
	case mContracts:
		n = len(p.done)
	case mRoad:
		n = p.road
	case mRows:
		for k, r := range p.rows {
			if r.n == warehouseRows[k].size {
				n++
			}
		}
	case mStored:
		n = p.stored().Total()
	case mExtensions:
		n = len(p.cards) - 1
	case mCarts:
		n = p.carts
	case mKinds:
		for g, c := range p.held() {
			if Good(g) != Food && c > 0 {
				n++
			}
		}
	}
	return n >= ms.n
}

// TieBreak gives each seat's coins: the rulebook's tie-break.
func (s *state) TieBreak() []int {
	out := make([]int, len(s.players))
	for i, p := range s.players {
		out[i] = p.coinsHeld()
	}
	return out
}

// ranking orders the seats by the rulebook's rule: the most points first
// and, among equal points, the most coins ("in case of a tie, the player
// with the most coins wins"). The points stay as they are, so a tie on
// points is reported as one; seats equal on points and coins share a
// place.
func (s *state) ranking(scores []int) []Place {
	out := make([]Place, len(scores))
	for i, x := range scores {
		out[i] = Place{Seat: i, Points: x, Coins: s.players[i].coinsHeld()}
	}
	slices.SortStableFunc(out, func(a, b Place) int {
		return cmp.Or(cmp.Compare(b.Points, a.Points), cmp.Compare(b.Coins, a.Coins))
	})
	for i := range out {
		out[i].Place = i + 1
		if i > 0 && out[i].Points == out[i-1].Points && out[i].Coins == out[i-1].Coins {
			out[i].Place = out[i-1].Place
		}
	}
	return out
}

// missionViews lists seat k's missions, whether fulfilled now.
func (s *state) missionViews(k int) []MissionView {
	var out []MissionView
	p := &s.players[k]
	for _, m := range p.missions {
		out = append(out, MissionView{Seat: k, Name: missions[m].name, Goal: missionGoal(m), Points: missions[m].points, Done: s.fulfils(p, m)})
	}
	return out
}

// missionGoal says what a mission asks.
func missionGoal(m int) string { return missionGoalPhrase(m).String() }

// MissionGoal says what the mission called name asks, as a phrase (a
// view's MissionView.Goal, in words): "2 houses".
func MissionGoal(name string) rules.Phrase { return missionGoalNamed(name) }

// missionGoalNamed says what the mission called name asks.
func missionGoalNamed(name string) rules.Phrase {
	for m := range missions {
		if missions[m].name == name {
			return missionGoalPhrase(m)
		}
	}
	return say("?")
}

// missionGoalPhrase says what a mission asks, as a phrase.
func missionGoalPhrase(m int) rules.Phrase {
	ms := missions[m]
	switch ms.kind {
	case mGood:
		return say("%d "+ms.good.Name(), ms.n)
	case mBoats:
		return say("%d boats", ms.n)
	case mHouses:
		return say("%d houses", ms.n)
	case mContracts:
		return say("%d completed contracts", ms.n)
	case mRoad:
		return say("%d road steps", ms.n)
	case mRows:
		return say("%d complete warehouse rows", ms.n)
	case mStored:
		return say("%d goods in the warehouse", ms.n)
	case mExtensions:
		return say("%d extensions", ms.n)
	case mCarts:
		return say("%d carts", ms.n)
	case mKinds:
		return say("%d kinds of goods (not food)", ms.n)
	}
	return say("?")
}

// coinsHeld is every coin p owns: in the supply and on the spaces of its
// extensions (the glassworks, the bullion), where the last round may
// leave them. They are all p's coins, so all count in the tie-break.
func (p *player) coinsHeld() int {
	n := p.coins
	for _, h := range p.cards {
		n += h.coins
	}
	return n
}
