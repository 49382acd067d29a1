package projections

import (
	"slices"

	"github.com/pbem-games/pbem/events"
	"github.com/pbem-games/pbem/rules"
)

// Places returns each seat's place in the game, by seat, 1 for the
// winners; nil while the game runs. Places follow the scores GameEnded
// recorded, highest first, and equal scores share a place, except that
// resigning loses, as in every board-game community: a player who resigned
// ranks below every player who did not, whatever the scores, and of
// several who resigned, the one who resigned later ranks higher. A game
// ended by agreement (END) is ranked by its scores as they stand. Where
// the rules break a tie on points (rules.TieBreaker), equal scores are
// ranked by it.
func (g *Game) Places() []int {
	if g.Ended == nil {
		return nil
	}
	scores := g.Ended.Scores
	tie := make([]int, len(scores))
	if tb, ok := g.State.(rules.TieBreaker); ok {
		if t := tb.TieBreak(); len(t) == len(scores) {
			tie = t
		}
	}
	// rank orders the seats: first those who played on, by score and the
	// rules' tie-break; then those who resigned, the last to resign first.
	rank := func(s int) (resigned, score, second int) {
		if i := slices.Index(g.Resigned, s); i >= 0 {
			return len(g.Resigned) - i, 0, 0
		}
		return 0, scores[s], tie[s]
	}
	places := make([]int, len(scores))
	for s := range scores {
		places[s] = 1
		rs, ss, ts := rank(s)
		for o := range scores {
			if ro, so, to := rank(o); ro < rs || ro == rs && rs == 0 && (so > ss || so == ss && to > ts) {
				places[s]++
			}
		}
	}
	return places
}

// Winners returns the seats in first place, ascending; nil while the game
// runs, and empty (not nil) when the rules ended it with nobody winning
// (rules.Unwon), which a resignation or an agreement does not.
func (g *Game) Winners() []int {
	if g.Ended == nil {
		return nil
	}
	if u, ok := g.State.(rules.Unwon); ok && u.NoWinner() && g.Ended.Reason == events.EndFinished {
		return []int{}
	}
	var w []int
	for s, p := range g.Places() {
		if p == 1 {
			w = append(w, s)
		}
	}
	return w
}
