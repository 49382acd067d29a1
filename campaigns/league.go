package campaigns

import (
	"fmt"
	"slices"

	"github.com/pbem-games/pbem/rules"
)

// A league plays seasons. Each season every division plays a round
// robin (its schedule as a round robin's at the campaign's tables), all
// divisions in the same rounds; a season lasts as many rounds as the
// largest division of season 1 needs, a smaller division sitting some
// out. Between seasons the top Promote of each division but the first go
// up one and the bottom Promote of each but the last go down one,
// ranked by the season's points and tiebreaks (the draw from the seed
// deciding what nothing else does). SeasonStarted records each season's
// divisions, so that the table reads them without the seed.

func (o Options) division() int {
	if o.Division <= 0 {
		return 6
	}
	return o.Division
}

func (o Options) promote() int { return max(o.Promote, 1) }

func (o Options) seasons() int { return max(o.Seasons, 1) }

// seasonLength is how many rounds each season of c's league lasts.
func (c *Campaign) seasonLength() int {
	if len(c.Seasons) == 0 {
		return 0
	}
	n := 0
	for _, d := range c.Seasons[0].Divisions {
		n = max(n, len(c.schedule(len(d))))
	}
	return max(n, 1)
}

// NextSeason returns the divisions of the league's next season, or false
// when none starts now: season 1 before the first round, each later one
// once the season before has played all its rounds.
func (c *Campaign) NextSeason(seed rules.Seed) (SeasonStarted, bool) {
	if c.Created.Kind != League || len(c.Running()) > 0 || len(c.Unstarted()) > 0 {
		return SeasonStarted{}, false
	}
	s := len(c.Seasons)
	if s >= c.Created.Options.seasons() || (s > 0 && len(c.Rounds) < s*c.seasonLength()) {
		return SeasonStarted{}, false
	}
	next := SeasonStarted{Season: s + 1}
	if s == 0 {
		next.Divisions = c.firstDivisions()
	} else {
		next.Divisions = c.moveDivisions(seed)
	}
	return next, true
}

// firstDivisions cuts the players still in, in order of entry, into
// divisions; a last one too small for a table joins the one above.
func (c *Campaign) firstDivisions() [][]string {
	size, active := c.Created.Options.division(), c.Active()
	var out [][]string
	for i := 0; i < len(active); i += size {
		out = append(out, slices.Clone(active[i:min(i+size, len(active))]))
	}
	return c.mergeSmall(out)
}

// moveDivisions promotes and relegates after the last season: each
// division in its finishing order, those who came down first, those who
// came up last; the players who left are dropped.
func (c *Campaign) moveDivisions(seed rules.Seed) [][]string {
	last := c.Seasons[len(c.Seasons)-1]
	v := c.season(len(c.Seasons))
	v.Seed = &seed
	order := v.Standings() // a strict order: the seed's draw breaks every tie
	divs := make([][]string, len(last.Divisions))
	for d, members := range last.Divisions {
		for _, st := range order {
			if slices.Contains(members, st.Player) {
				if _, gone := c.Withdrawn[st.Player]; !gone {
					divs[d] = append(divs[d], st.Player)
				}
			}
		}
	}
	next := make([][]string, len(divs))
	down := make([][]string, len(divs)) // arriving from above
	up := make([][]string, len(divs))   // arriving from below
	for d, div := range divs {
		p := min(c.Created.Options.promote(), len(div)/2)
		stay := div
		if d > 0 {
			up[d-1] = append(up[d-1], stay[:p]...)
			stay = stay[p:]
		}
		if d < len(divs)-1 {
			down[d+1] = append(down[d+1], stay[len(stay)-p:]...)
			stay = stay[:len(stay)-p]
		}
		next[d] = stay
	}
	for d := range next {
		next[d] = slices.Concat(down[d], next[d], up[d])
	}
	return c.mergeSmall(next)
}

// mergeSmall drops empty divisions and joins a division too small for a
// table (after players left) to the one above, or the first to the one
// below.
func (c *Campaign) mergeSmall(divs [][]string) [][]string {
	divs = slices.DeleteFunc(divs, func(d []string) bool { return len(d) == 0 })
	for d := 0; d < len(divs) && len(divs) > 1; {
		if len(divs[d]) >= c.Created.Options.table() {
			d++
			continue
		}
		if d > 0 {
			divs[d-1] = append(divs[d-1], divs[d]...)
		} else {
			divs[1] = append(slices.Clone(divs[0]), divs[1]...)
		}
		divs = slices.Delete(divs, d, d+1)
		d = 0
	}
	return divs
}

func (c *Campaign) startSeason(f SeasonStarted) error {
	switch {
	case c.Created.Kind != League:
		return fmt.Errorf("only a league has seasons")
	case f.Season != len(c.Seasons)+1 || f.Season > c.Created.Options.seasons():
		return fmt.Errorf("season %d started where season %d comes, of %d", f.Season, len(c.Seasons)+1, c.Created.Options.seasons())
	case len(c.Seasons) > 0 && len(c.Rounds) != len(c.Seasons)*c.seasonLength():
		return fmt.Errorf("season %d started after %d rounds, not at the end of season %d", f.Season, len(c.Rounds), len(c.Seasons))
	case c.Commitment == "":
		return fmt.Errorf("a season started before the seed was committed to")
	}
	var all []string
	for _, d := range f.Divisions {
		all = append(all, d...)
	}
	want := slices.Sorted(slices.Values(c.Active()))
	if got := slices.Sorted(slices.Values(all)); !slices.Equal(got, want) {
		return fmt.Errorf("season %d's divisions hold %v, the players in are %v", f.Season, got, want)
	}
	c.Seasons = append(c.Seasons, f)
	return nil
}

// pairLeague pairs a round of the current season: each division's round
// of its round robin.
func (c *Campaign) pairLeague(round int) ([][]string, []string, error) {
	s := len(c.Seasons)
	if s == 0 || round > s*c.seasonLength() {
		return nil, nil, fmt.Errorf("%w: season %d has not started (NextSeason)", ErrNoRound, s+1)
	}
	i := round - 1 - (s-1)*c.seasonLength()
	var tables [][]string
	var byes []string
	for _, div := range c.Seasons[s-1].Divisions {
		sched := c.schedule(len(div))
		if len(div) < 2 { // alone in a division, after the others left
			sched = nil
		} else if sched == nil {
			return nil, nil, fmt.Errorf("campaigns: a division of %d at tables of %d makes more than %d games", len(div), c.Created.Options.table(), MaxGames)
		}
		if i >= len(sched) { // a smaller division sits this round out
			var b []string
			for _, p := range div {
				if _, gone := c.Withdrawn[p]; !gone {
					b = append(b, p)
				}
			}
			byes = append(byes, b...)
			continue
		}
		t, b := c.seat(sched[i], div)
		tables, byes = append(tables, t...), append(byes, b...)
	}
	return tables, byes, nil
}

// season returns c as seen by season s alone: its rounds and games, as
// a round robin's, for the season's points and tiebreaks.
func (c *Campaign) season(s int) *Campaign {
	v := *c
	v.Created.Kind = RoundRobin
	first, last := (s-1)*c.seasonLength()+1, s*c.seasonLength()
	v.Games = slices.DeleteFunc(slices.Clone(c.Games), func(g Game) bool { return g.Round < first || g.Round > last })
	v.Rounds = slices.DeleteFunc(slices.Clone(c.Rounds), func(r RoundPaired) bool { return r.Round < first || r.Round > last })
	return &v
}

// leagueStandings is a league's table in its current season: division by
// division, each by the season's points and tiebreaks.
func (c *Campaign) leagueStandings() []Standing {
	s := len(c.Seasons)
	all := c.season(s).Standings()
	var out []Standing
	for d, members := range c.Seasons[s-1].Divisions {
		var div []Standing
		for _, st := range all {
			if slices.Contains(members, st.Player) {
				st.Division, st.Season = d+1, s
				div = append(div, st)
			}
		}
		offset := len(out)
		for i := range div {
			within := 1
			for _, o := range div {
				if o.Rank < div[i].Rank {
					within++
				}
			}
			div[i].Rank = offset + within
		}
		out = append(out, div...)
	}
	for _, p := range c.Players { // those who left before the season
		if !slices.ContainsFunc(out, func(st Standing) bool { return st.Player == p }) {
			out = append(out, Standing{Player: p, Rank: len(out) + 1, Withdrawn: c.Withdrawn[p]})
		}
	}
	return out
}
