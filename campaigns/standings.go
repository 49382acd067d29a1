package campaigns

import (
	"cmp"
	"crypto/sha256"
	"encoding/binary"
	"slices"
)

// Tiebreaks, by name, in Options.Tiebreaks.
const (
	// TieBuchholz: the sum of the points of every opponent met, one
	// term per opponent per game.
	TieBuchholz = "buchholz"
	// TieSonnebornBerger: the sum, over every opponent met in every
	// game, of the opponent's points times what the player scored
	// against them (1 ahead, ½ tied, 0 behind).
	TieSonnebornBerger = "sonneborn-berger"
	// TieHeadToHead: the points scored, as above, against the other
	// players still tied.
	TieHeadToHead = "head-to-head"
	// TieGameScore: the sum of the player's own scores in their games.
	TieGameScore = "game-score"
	// TieTimeouts: fewer moves played by pbem when time ran out.
	TieTimeouts = "timeouts"
	// TieDraw: a draw from the campaign's committed seed, once it is
	// revealed: the lower SHA-256 of the seed and the player's name
	// ranks higher. Before that, players tied on all the rest share
	// their rank.
	TieDraw = "draw"
)

// Tiebreaks lists every tiebreak, in the order they apply unless
// Options.Tiebreaks says otherwise.
var Tiebreaks = []string{TieBuchholz, TieSonnebornBerger, TieHeadToHead, TieGameScore, TieTimeouts, TieDraw}

// Standing is one player's line of a campaign's standings.
type Standing struct {
	Player string `json:"player"`
	Rank   int    `json:"rank"` // equal for players tied on every tiebreak
	Points Score  `json:"points"`
	Played int    `json:"played"` // games with a result
	Byes   int    `json:"byes,omitempty"`
	// Ladder is the player's place on a ladder; Out, the round a
	// knockout's player lost in (0 while in).
	Ladder int `json:"ladder,omitempty"`
	Out    int `json:"out,omitempty"`
	// Division and Season are a league's player's division (1 the
	// first) in its current season, whose points the line counts.
	Division        int    `json:"division,omitempty"`
	Season          int    `json:"season,omitempty"`
	Buchholz        Score  `json:"buchholz"`
	SonnebornBerger Score  `json:"sonnebornBerger"`
	GameScore       int    `json:"gameScore"`
	Timeouts        int    `json:"timeouts"`
	Withdrawn       string `json:"withdrawn,omitempty"` // why, when the player left
}

// points returns each player's campaign points: their tables' points and,
// in a Swiss, a win's for each bye.
func (c *Campaign) points() map[string]Score {
	pts := map[string]Score{}
	for _, g := range c.Games {
		if g.Result == nil {
			continue
		}
		for s, v := range TablePoints(g.Result.Places, c.Created.Options.PlacePoints) {
			pts[g.Seats[s]] += v
		}
	}
	if c.Created.Kind == Swiss {
		win := TablePoints([]int{1, 2}, c.Created.Options.PlacePoints)[0]
		for p, n := range c.byes() {
			pts[p] += Score(n) * win
		}
	}
	return pts
}

// Standings folds the campaign's table: by points (a ladder by its
// order, a knockout by how far each went, then points), then by the
// tiebreaks in the campaign's order.
func (c *Campaign) Standings() []Standing {
	if c.Created.Kind == League && len(c.Seasons) > 0 {
		return c.leagueStandings()
	}
	pts := c.points()
	byPlayer := map[string]*Standing{}
	out := make([]Standing, len(c.Players))
	for i, p := range c.Players {
		out[i] = Standing{Player: p, Points: pts[p], Withdrawn: c.Withdrawn[p], Ladder: slices.Index(c.Ladder, p) + 1}
		if c.Created.Kind != Ladder {
			out[i].Ladder = 0
		}
		byPlayer[p] = &out[i]
	}
	for p, n := range c.byes() {
		byPlayer[p].Byes = n
	}
	for _, g := range c.Games {
		r := g.Result
		if r == nil {
			continue
		}
		for s, p := range g.Seats {
			st := byPlayer[p]
			st.Played++
			st.GameScore += r.Scores[s]
			st.Timeouts += r.Timeouts[s]
			if c.Created.Kind == Knockout && Winner(r.Places) != s {
				st.Out = g.Round
			}
			for o, q := range g.Seats {
				if o != s {
					st.Buchholz += pts[q]
					st.SonnebornBerger += pairPoints(r.Places, s, o) * pts[q] / Point
				}
			}
		}
	}
	if c.Created.Kind == Knockout {
		// A player who left without being beaten is out in the round
		// they would have played next.
		for i := range out {
			if n, left := c.leftAfter[out[i].Player]; left && out[i].Out == 0 {
				out[i].Out = n + 1
			}
		}
	}
	c.rank(out)
	return out
}

// primary compares two lines before any tiebreak: negative when a ranks
// higher.
func (c *Campaign) primary(a, b *Standing) int {
	switch c.Created.Kind {
	case Ladder:
		return cmp.Compare(ladderKey(a), ladderKey(b))
	case Knockout:
		if d := cmp.Compare(outKey(b), outKey(a)); d != 0 {
			return d
		}
	}
	return cmp.Compare(b.Points, a.Points)
}

func ladderKey(s *Standing) int {
	if s.Ladder == 0 {
		return 1 << 30
	}
	return s.Ladder
}

func outKey(s *Standing) int {
	if s.Out == 0 {
		return 1 << 30
	}
	return s.Out
}

// rank sorts the lines and gives each its rank: the primary order, then
// each tiebreak within the groups still tied.
func (c *Campaign) rank(out []Standing) {
	slices.SortStableFunc(out, func(a, b Standing) int { return c.primary(&a, &b) })
	var groups [][]int // indices into out, runs still tied
	for i := range out {
		if i > 0 && c.primary(&out[i-1], &out[i]) == 0 {
			groups[len(groups)-1] = append(groups[len(groups)-1], i)
		} else {
			groups = append(groups, []int{i})
		}
	}
	tbs := c.Created.Options.Tiebreaks
	if len(tbs) == 0 {
		tbs = Tiebreaks
	}
	for _, tb := range tbs {
		var next [][]int
		for _, g := range groups {
			if len(g) == 1 {
				next = append(next, g)
				continue
			}
			lines := make([]Standing, len(g))
			val := map[string]int64{}
			names := make([]string, len(g))
			for k, i := range g {
				lines[k], names[k] = out[i], out[i].Player
			}
			for _, l := range lines {
				val[l.Player] = c.tiebreak(tb, l, names)
			}
			slices.SortStableFunc(lines, func(a, b Standing) int { return cmp.Compare(val[b.Player], val[a.Player]) })
			for k, i := range g {
				out[i] = lines[k]
				if k > 0 && val[lines[k-1].Player] == val[lines[k].Player] {
					next[len(next)-1] = append(next[len(next)-1], i)
				} else {
					next = append(next, []int{i})
				}
			}
		}
		groups = next
	}
	for _, g := range groups {
		for _, i := range g {
			out[i].Rank = g[0] + 1
		}
	}
}

// tiebreak is line's value of tiebreak tb, higher ranking higher, among
// the players tied.
func (c *Campaign) tiebreak(tb string, line Standing, tied []string) int64 {
	switch tb {
	case TieBuchholz:
		return int64(line.Buchholz)
	case TieSonnebornBerger:
		return int64(line.SonnebornBerger)
	case TieGameScore:
		return int64(line.GameScore)
	case TieTimeouts:
		return -int64(line.Timeouts)
	case TieHeadToHead:
		var v Score
		for _, g := range c.Games {
			s := slices.Index(g.Seats, line.Player)
			if g.Result == nil || s < 0 {
				continue
			}
			for o, q := range g.Seats {
				if o != s && slices.Contains(tied, q) {
					v += pairPoints(g.Result.Places, s, o)
				}
			}
		}
		return int64(v)
	case TieDraw:
		if c.Seed == nil {
			return 0
		}
		h := sha256.Sum256(append(append(c.Seed[:0:0], c.Seed[:]...), "campaign draw\x00"+line.Player...))
		return -int64(binary.BigEndian.Uint64(h[:8]) >> 1)
	}
	return 0
}
