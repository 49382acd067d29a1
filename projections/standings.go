package projections

import "slices"

// Places returns each seat's place in the game, by seat, 1 for the
// winners; nil while the game runs. Places follow the scores GameEnded
// recorded, highest first, and equal scores share a place, except that
// resigning loses, as in every board-game community: a player who resigned
// ranks below every player who did not, whatever the scores, and of
// several who resigned, the one who resigned later ranks higher. A game
// ended by agreement (END) is ranked by its scores as they stand.
func (g *Game) Places() []int {
	if g.Ended == nil {
		return nil
	}
	scores := g.Ended.Scores
	// rank orders the seats: first those who played on, by score; then
	// those who resigned, the last to resign first.
	rank := func(s int) (resigned, score int) {
		if i := slices.Index(g.Resigned, s); i >= 0 {
			return len(g.Resigned) - i, 0
		}
		return 0, scores[s]
	}
	places := make([]int, len(scores))
	for s := range scores {
		places[s] = 1
		rs, ss := rank(s)
		for o := range scores {
			if ro, so := rank(o); ro < rs || ro == rs && rs == 0 && so > ss {
				places[s]++
			}
		}
	}
	return places
}

// Winners returns the seats in first place, ascending; nil while the game
// runs.
func (g *Game) Winners() []int {
	var w []int
	for s, p := range g.Places() {
		if p == 1 {
			w = append(w, s)
		}
	}
	return w
}
