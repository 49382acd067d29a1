package archipelago

import (
	"slices"
	"testing"
)

func objectiveIndex(t testing.TB, name string) int8 {
	t.Helper()
	for k, o := range objectives {
		if o.name == name {
			return int8(k)
		}
	}
	t.Fatalf("no objective %q", name)
	return -1
}

func TestIndependenceWar(t *testing.T) {
	for _, c := range []struct {
		name       string
		separatist bool
	}{{"EveryoneLoses", false}, {"SeparatistWins", true}} {
		t.Run(c.name, func(t *testing.T) {
			s, p, q := actionsFixture(t)
			s.players[p].objective = objectiveIndex(t, "The Settler")
			s.players[q].objective = objectiveIndex(t, "The Patron")
			if c.separatist {
				s.players[q].objective = objectiveIndex(t, "The Rebel Leader")
			}
			s.rebellion = s.population()
			s = play(t, s, p, "TAX")
			if !s.over || !s.war || len(s.ToAct()) != 0 {
				t.Fatalf("rebellion %d over population %d: over %v, war %v", s.rebellion, s.population(), s.over, s.war)
			}
			scores, over := s.Result()
			v := s.View(seats(p)[0]).(*View)
			want := []int{0, 0}
			if c.separatist {
				want[q] = 1
			}
			if !over || !slices.Equal(scores, want) {
				t.Errorf("Result() = %v, %v; want %v", scores, over, want)
			}
			if v.Ending != "independence war" || v.EveryoneLost == c.separatist {
				t.Errorf("view: ending %q, everyone lost %v", v.Ending, v.EveryoneLost)
			}
			if len(s.Legal(0))+len(s.Legal(1)) != 0 || s.Secrets(0) != nil {
				t.Errorf("moves or secrets left after the end")
			}
		})
	}
}

func TestObjectiveEnds(t *testing.T) {
	s, p, q := actionsFixture(t)
	s.players[p].objective = objectiveIndex(t, "The Admiral") // 3 ships; ranks ships
	s.players[q].objective = objectiveIndex(t, "The Patron")  // ranks evolution cards
	s.trend = 2                                               // Seafaring: 1 VP a ship
	s.players[p].cubes[wood] = 1
	s.players[q].cards = 1<<3 | 1<<30
	// The publisher's reference sheet checks the end conditions at the
	// end of a turn, one player's move in the actions phase: the third
	// ship ends the game as the builder's turn ends.
	s = play(t, s, p, "BUILD SHIP F5")
	if !s.over || s.war || s.endedBy != objectiveIndex(t, "The Admiral") || s.phase != phOver {
		t.Fatalf("three ships at the end of the builder's turn should end the game: over %v, war %v, ended by %d, phase %s", s.over, s.war, s.endedBy, phaseNames[s.phase])
	}
	scores, _ := s.Result()
	want := make([]int, 2)
	want[p] = 4 + 0 + 3 // the most ships (a short objective), no card, the trend's ship each
	want[q] = 2 + 6 + 1 // the second most ships, the most cards (a medium objective), one ship
	if !slices.Equal(scores, want) {
		t.Errorf("Result() = %v, want %v", scores, want)
	}
	v := s.View(rules0).(*View)
	if v.Ending != "objective" || len(v.Objectives) != 2 || v.Players[p].Screen == nil {
		t.Errorf("the end view reveals the objectives and screens: %+v", v.Objectives)
	}
	if !slices.Equal(v.Winners, []int{q}) {
		t.Errorf("winners %v, want [%d]", v.Winners, q)
	}
}

// TestRankPoints is the objectives' scoring by majorities: the most, the
// second most, the third most; tied players share a place and skip the
// next; nothing for a count of 0.
func TestRankPoints(t *testing.T) {
	base := edit(inActions(t, 4))
	trader := &objectives[objectiveIndex(t, "The Trader")] // short: ranks florins
	vp := rankVP[lenShort]
	for _, c := range []struct {
		florins [4]int
		want    [4]int
	}{
		{[4]int{9, 7, 5, 3}, [4]int{vp[0], vp[1], vp[2], vp[3]}},
		{[4]int{10, 10, 5, 0}, [4]int{vp[0], vp[0], vp[2], 0}},
		{[4]int{3, 5, 5, 7}, [4]int{vp[3], vp[1], vp[1], vp[0]}},
		{[4]int{0, 0, 0, 2}, [4]int{0, 0, 0, vp[0]}},
		{[4]int{}, [4]int{}},
	} {
		s := edit(base)
		var got [4]int
		for p := range 4 {
			s.players[p].florins = c.florins[p]
		}
		for p := range 4 {
			got[p] = s.rankPoints(p, trader)
		}
		if got != c.want {
			t.Errorf("rankPoints(florins %v) = %v, want %v", c.florins, got, c.want)
		}
	}
}

const rules0 = 0

// TestEndAtTurnEnd is the end condition checked at the end of each turn
// of the actions phase (the publisher's reference sheet: a turn is one
// player's move in the actions phase): the Trader reaching 20 florins by
// TAX ends the game before anyone spends them, and a condition met in the
// middle of a migration waits for the migration's end.
func TestEndAtTurnEnd(t *testing.T) {
	t.Run("Tax", func(t *testing.T) {
		s, p, q := actionsFixture(t)
		s.players[p].objective = objectiveIndex(t, "The Trader") // 20 florins
		s.players[q].objective = objectiveIndex(t, "The Patron")
		s.players[p].florins = 19
		s.rebellion = 0
		s = play(t, s, p, "TAX")
		if !s.over || s.endedBy != objectiveIndex(t, "The Trader") || len(s.ToAct()) != 0 {
			t.Fatalf("after TAX to %d florins: over %v, ended by %d, to act %v; want the game over by the Trader", s.players[p].florins, s.over, s.endedBy, s.ToAct())
		}
	})
	t.Run("NotYet", func(t *testing.T) {
		s, p, q := actionsFixture(t)
		s.players[p].objective = objectiveIndex(t, "The Trader")
		s.players[q].objective = objectiveIndex(t, "The Patron")
		s.players[p].florins = 12
		s.rebellion = 0
		s = play(t, s, p, "TAX")
		if s.over || s.actor() != q {
			t.Fatalf("after TAX to %d florins: over %v, actor %d; want the game on and %d to act", s.players[p].florins, s.over, s.actor(), q)
		}
	})
	t.Run("MigrationEnds", func(t *testing.T) {
		s, p, q := actionsFixture(t)
		s.players[p].objective = objectiveIndex(t, "The Cartographer") // regions where... ends at 6 + 3×N regions: not met
		s.players[q].objective = objectiveIndex(t, "The Patron")
		s.players[q].cards = 1<<3 | 1<<30 | 1<<31 | 1<<32 // 4 cards: met already, checked at the next turn's end
		s = play(t, s, p, "MIGRATE F5 F4 1C")
		if s.over || !s.migrating {
			t.Fatalf("in the middle of a migration: over %v, migrating %v; want the game on", s.over, s.migrating)
		}
		s = play(t, s, p, "DONE")
		if !s.over || s.endedBy != objectiveIndex(t, "The Patron") {
			t.Fatalf("at the migration's end: over %v, ended by %d; want the Patron's end", s.over, s.endedBy)
		}
	})
}

func TestPeaceAndYear(t *testing.T) {
	t.Run("Peace", func(t *testing.T) {
		s, p, q := actionsFixture(t)
		s.players[p].objective = objectiveIndex(t, "The Pacifist") // population 2 + 3×2 = 8
		s.players[q].objective = objectiveIndex(t, "The Admiral")
		f5 := s.grid[cell(t, "F5")]
		s.units[f5][p].cit = 7
		s.rebellion = 0
		s = play(t, s, p, "PASS")
		if !s.over || s.endedBy != objectiveIndex(t, "The Pacifist") {
			t.Errorf("a peaceful turn's end with population %d: over %v", s.population(), s.over)
		}
		s2, _, _ := actionsFixture(t)
		s2.players[p].objective = objectiveIndex(t, "The Pacifist")
		s2.units[f5][p].cit = 7
		s2.rebellion = 1
		s2 = play(t, s2, p, "PASS")
		if s2.over {
			t.Errorf("peace with rebellion 1 ended the game")
		}
	})
	t.Run("Year", func(t *testing.T) {
		s, _, _ := actionsFixture(t)
		s.round = deadline[lenMedium]
		s.rebellion = 0
		s.endRound()
		if !s.over || s.endedBy != -1 || s.View(0).(*View).Ending != "year" {
			t.Errorf("the last round's end: over %v, ended by %d", s.over, s.endedBy)
		}
	})
}

func TestScoring(t *testing.T) {
	s, p, _ := actionsFixture(t)
	f5 := s.grid[cell(t, "F5")]
	s.builds[f5][bTemple].owner = int8(p)
	s.builds[f5][bCity].owner = int8(p)
	s.builds[f5][bPort].owner = int8(p)
	s.units[f5][p].rebels = 2
	s.players[p].florins = 11
	s.players[p].tokens = 3
	s.players[p].cubes = [nRes]int8{1, 2, 3, 4, 5, 6}
	s.players[p].cards = 1<<0 | 1<<1 | 1<<30 // two progress cards, a character
	cases := []struct {
		sc   scoring
		want int
	}{
		{scoring{scTemple, 1, 2}, 2},
		{scoring{scCity, 1, 3}, 3},
		{scoring{scTrade, 1, 2}, 2},
		{scoring{scBuilding, 1, 1}, 3},
		{scoring{scShip, 1, 1}, 2},
		{scoring{scCitizen, 2, 1}, 2},
		{scoring{scRebel, 1, -2}, -4},
		{scoring{scProgress, 1, 2}, 4},
		{scoring{scCharacter, 1, 3}, 3},
		{scoring{scCard, 1, 1}, 3},
		{scoring{scToken, 1, 1}, 3},
		{scoring{scFlorins, 4, 1}, 2},
		{scoring{scFood, 2, 1}, 3},
		{scoring{scMaterial, 2, 1}, 7},
		{scoring{scRegion, 1, 1}, 1}, // the open sea is no region
	}
	for _, c := range cases {
		if got := s.points(p, c.sc); got != c.want {
			t.Errorf("points(%s) = %d, want %d", scoringText(c.sc), got, c.want)
		}
	}
}
