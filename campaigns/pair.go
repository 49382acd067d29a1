package campaigns

import (
	"errors"
	"fmt"
	"math/bits"
	"slices"

	"github.com/pbem-games/pbem/rules"
)

// ErrNoRound is Pair's answer when no round is to be paired now: the
// last round's games still run, the campaign is over, or a ladder (whose
// games are challenges, see Challenge).
var ErrNoRound = errors.New("campaigns: no round to pair now")

// MaxGames bounds a round robin at tables of three or more, which plays
// every combination of players: more would take years by mail.
const MaxGames = 300

// Pair returns the next round of c, drawn from seed (the campaign's, the
// one its commitment commits to). It is a pure function of the campaign
// folded so far and the seed, so that anyone holding the revealed seed
// pairs every round again and finds the same tables.
func (c *Campaign) Pair(seed rules.Seed) (RoundPaired, error) {
	if c.Created.Kind == Ladder || c.Over() || len(c.Running()) > 0 || len(c.Unstarted()) > 0 {
		return RoundPaired{}, ErrNoRound
	}
	next := RoundPaired{Round: len(c.Rounds) + 1}
	var err error
	switch c.Created.Kind {
	case RoundRobin:
		next.Tables, next.Byes, err = c.pairRoundRobin(seed, next.Round)
	case Swiss:
		next.Tables, next.Byes, err = c.pairSwiss(seed)
	case Knockout:
		next.Tables, next.Byes = c.pairKnockout(seed, next.Round)
	case League:
		next.Tables, next.Byes, err = c.pairLeague(next.Round)
	}
	if err != nil {
		return RoundPaired{}, err
	}
	// A round robin's round may be left without a table by those who
	// left: it is still a round of the schedule, played by nobody.
	if len(next.Tables) == 0 && c.Created.Kind != RoundRobin && c.Created.Kind != League {
		return RoundPaired{}, fmt.Errorf("%w: nobody left to play in round %d", ErrNoRound, next.Round)
	}
	return next, nil
}

// drawOrder is the campaign's players in the order the seed draws them:
// the seeding of a knockout, the places in a round robin's schedule, the
// order of equal players in a Swiss.
func (c *Campaign) drawOrder(seed rules.Seed) []string {
	order := slices.Clone(c.Players)
	r := rules.NewRand(seed, "campaign order")
	r.Shuffle(len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })
	return order
}

// pairRoundRobin returns round's tables of the schedule, less the players
// who left: a table left with one player is a bye.
func (c *Campaign) pairRoundRobin(seed rules.Seed, round int) ([][]string, []string, error) {
	sched := c.roundRobinSchedule()
	if sched == nil {
		return nil, nil, fmt.Errorf("campaigns: %d players at tables of %d make more than %d games", len(c.Players), c.Created.Options.table(), MaxGames)
	}
	tables, byes := c.seat(sched[round-1], c.drawOrder(seed))
	return tables, byes, nil
}

// seat fills a round of a schedule (tables of positions) with the players
// of order, less those who left: a table left with one player is a bye.
func (c *Campaign) seat(round [][]int, order []string) ([][]string, []string) {
	var tables [][]string
	var byes []string
	for _, t := range round {
		var seats []string
		for _, i := range t {
			if i < len(order) {
				if _, gone := c.Withdrawn[order[i]]; !gone {
					seats = append(seats, order[i])
				}
			}
		}
		if len(seats) >= 2 {
			tables = append(tables, seats)
		} else {
			byes = append(byes, seats...)
		}
	}
	return tables, byes
}

// roundRobinSchedule is the schedule of c's round robin, in positions of
// the draw order; nil when it would be too long.
func (c *Campaign) roundRobinSchedule() [][][]int {
	return c.schedule(len(c.Players))
}

// schedule is the round robin of n players at c's tables, Rounds times.
func (c *Campaign) schedule(n int) [][][]int {
	k, cycles := c.Created.Options.table(), max(c.Created.Options.Rounds, 1)
	if k == 2 {
		return CircleSchedule(n, cycles)
	}
	return CombinationSchedule(n, k, cycles)
}

// CircleSchedule is the round robin of n players at tables of two by the
// circle method (Berger tables): player n-1 (or a bye, for odd n) stays,
// the others turn one place a round, so each pair meets once in n-1
// rounds (n for odd n). Each table is the seats in order; a player whose
// partner is the bye (position n) sits alone. Each player sits first in
// half their games, give or take one. Each further cycle plays the
// rounds again with the seats swapped.
func CircleSchedule(n, cycles int) [][][]int {
	if n < 2 {
		return nil
	}
	m := n + n%2 // with the bye
	var out [][][]int
	for cy := range cycles {
		for r := range m - 1 {
			round := make([][]int, 0, m/2)
			pos := func(i int) int { return (i + r) % (m - 1) }
			first, second := m-1, pos(0)
			if r%2 == 0 {
				first, second = second, first
			}
			round = append(round, table(first, second, n, cy))
			for i := 1; i < m/2; i++ {
				round = append(round, table(pos(i), pos(m-1-i), n, cy))
			}
			out = append(out, round)
		}
	}
	return out
}

// table is the table of a and b, b (or a) dropped when it is the bye,
// and the seats swapped in odd cycles.
func table(a, b, n, cycle int) []int {
	switch {
	case a >= n:
		return []int{b}
	case b >= n:
		return []int{a}
	case cycle%2 == 1:
		return []int{b, a}
	}
	return []int{a, b}
}

// CombinationSchedule is the round robin of n players at tables of k
// (three to five): every combination of k players meets once a cycle, so
// every pair meets equally often and every player plays as many games.
// Rounds take the combinations in order, each the next that shares no
// player with those already in the round. At each table the player who
// has sat first least often so far sits first, the others in the order
// of how late they have sat (then by position), so that seats even out. Nil when it would be more than MaxGames games.
func CombinationSchedule(n, k, cycles int) [][][]int {
	if n < k || k < 2 {
		if n >= 2 && n < k { // fewer players than seats: one table of all
			k = n
		} else {
			return nil
		}
	}
	var combos [][]int
	var build func(start int, cur []int)
	build = func(start int, cur []int) {
		if len(cur) == k {
			combos = append(combos, slices.Clone(cur))
			return
		}
		for i := start; i < n; i++ {
			build(i+1, append(cur, i))
		}
	}
	build(0, nil)
	if len(combos)*cycles > MaxGames {
		return nil
	}
	seatSum, firsts := make([]int, n), make([]int, n)
	var out [][][]int
	for range cycles {
		left := slices.Clone(combos)
		for len(left) > 0 {
			used := make([]bool, n)
			var round [][]int
			rest := left[:0:0]
			for _, t := range left {
				if slices.ContainsFunc(t, func(p int) bool { return used[p] }) {
					rest = append(rest, t)
					continue
				}
				for _, p := range t {
					used[p] = true
				}
				seats := slices.Clone(t)
				slices.SortStableFunc(seats, func(a, b int) int {
					if firsts[a] != firsts[b] {
						return firsts[a] - firsts[b]
					}
					return seatSum[b] - seatSum[a]
				})
				for s, p := range seats {
					seatSum[p] += s
				}
				firsts[seats[0]]++
				round = append(round, seats)
			}
			out = append(out, round)
			left = rest
		}
	}
	return out
}

// swissRounds is how many rounds c's Swiss plays.
func (c *Campaign) swissRounds() int {
	if r := c.Created.Options.Rounds; r > 0 {
		return r
	}
	return max(bits.Len(uint(max(len(c.Players), 2)-1)), 1)
}

// pairSwiss pairs the next round of a Swiss: the players by points, then
// in the draw order; an odd player out (the lowest placed who has had
// no bye) gets a bye, worth a win; then from the top each player meets
// the nearest below they have not met, going back to try another when
// the rest cannot be paired so, and allowing a repeat only when no
// pairing without one exists. At each table the player who sat first
// less often (then second last time, then the higher placed) sits first.
func (c *Campaign) pairSwiss(seed rules.Seed) ([][]string, []string, error) {
	pts := c.points()
	rank := map[string]int{}
	for i, p := range c.drawOrder(seed) {
		rank[p] = i
	}
	players := c.Active()
	slices.SortStableFunc(players, func(a, b string) int {
		if pts[a] != pts[b] {
			return int(pts[b] - pts[a])
		}
		return rank[a] - rank[b]
	})
	met := c.met()
	byes := c.byes()
	var bye []string
	candidates := [][]string{nil}
	if len(players)%2 == 1 {
		candidates = nil
		for i := len(players) - 1; i >= 0; i-- {
			if byes[players[i]] == 0 {
				candidates = append(candidates, []string{players[i]})
			}
		}
		for i := len(players) - 1; i >= 0; i-- {
			if byes[players[i]] > 0 {
				candidates = append(candidates, []string{players[i]})
			}
		}
	}
	for _, repeats := range []bool{false, true} {
		for _, b := range candidates {
			rest := slices.DeleteFunc(slices.Clone(players), func(p string) bool { return slices.Contains(b, p) })
			budget := 200000
			if pairs, ok := matchSwiss(rest, met, repeats, &budget); ok {
				bye = b
				return c.seatPairs(pairs), bye, nil
			}
		}
	}
	return nil, nil, fmt.Errorf("campaigns: the Swiss cannot be paired")
}

// matchSwiss pairs players in order, each with the nearest below not met
// before (or any, with repeats), trying the next when the rest fails.
func matchSwiss(players []string, met map[[2]string]int, repeats bool, budget *int) ([][2]string, bool) {
	if len(players) == 0 {
		return nil, true
	}
	if *budget--; *budget < 0 {
		return nil, false
	}
	a := players[0]
	for j := 1; j < len(players); j++ {
		b := players[j]
		if !repeats && met[pairKey(a, b)] > 0 {
			continue
		}
		rest := slices.Concat(players[1:j], players[j+1:])
		if pairs, ok := matchSwiss(rest, met, repeats, budget); ok {
			return append([][2]string{{a, b}}, pairs...), true
		}
	}
	return nil, false
}

// seatPairs seats each pair: first the one who sat first less often,
// then the one who sat second in their last game, then the first given.
func (c *Campaign) seatPairs(pairs [][2]string) [][]string {
	balance, last := map[string]int{}, map[string]int{}
	for _, r := range c.Rounds {
		for _, t := range r.Tables {
			for s, p := range t {
				if s == 0 {
					balance[p]++
					last[p] = 1
				} else {
					balance[p]--
					last[p] = -1
				}
			}
		}
	}
	out := make([][]string, len(pairs))
	for i, pr := range pairs {
		a, b := pr[0], pr[1]
		if balance[b] < balance[a] || (balance[b] == balance[a] && last[b] < last[a]) {
			a, b = b, a
		}
		out[i] = []string{a, b}
	}
	return out
}

func pairKey(a, b string) [2]string {
	if b < a {
		a, b = b, a
	}
	return [2]string{a, b}
}

// met counts how often each pair of players sat at a table.
func (c *Campaign) met() map[[2]string]int {
	m := map[[2]string]int{}
	for _, r := range c.Rounds {
		for _, t := range r.Tables {
			for i := range t {
				for j := i + 1; j < len(t); j++ {
					m[pairKey(t[i], t[j])]++
				}
			}
		}
	}
	return m
}

// byes counts each player's byes.
func (c *Campaign) byes() map[string]int {
	m := map[string]int{}
	for _, r := range c.Rounds {
		for _, p := range r.Byes {
			m[p]++
		}
	}
	return m
}

// bracketOrder is the order of seeds 1…size (a power of two) down a
// knockout's bracket, so that seeds 1 and 2 can meet only in the final:
// 1 4 2 3 for four.
func bracketOrder(size int) []int {
	seeds := []int{1}
	for len(seeds) < size {
		next := make([]int, 0, 2*len(seeds))
		for _, s := range seeds {
			next = append(next, s, 2*len(seeds)+1-s)
		}
		seeds = next
	}
	return seeds
}

// knockoutSlots returns the players going into round (from 1), in
// bracket order, "" where nobody is: round 1 seeds the draw order down
// the bracket, and each later round has, from each pair of the round
// before, the winner of their game or the one who had a bye. Past
// rounds are read as they were recorded, whoever left since.
func (c *Campaign) knockoutSlots(seed rules.Seed, round int) []string {
	order := c.drawOrder(seed)
	size := 1
	for size < len(order) {
		size *= 2
	}
	slots := make([]string, size)
	for i, s := range bracketOrder(size) {
		if s <= len(order) {
			slots[i] = order[s-1]
		}
	}
	for r := 1; r < round; r++ {
		next := make([]string, len(slots)/2)
		for i := range next {
			a, b := slots[2*i], slots[2*i+1]
			if a != "" && b != "" {
				next[i] = c.tableWinner(r, a, b)
			}
			if next[i] == "" {
				next[i] = c.hadBye(r, a, b)
			}
		}
		slots = next
	}
	return slots
}

// hadBye is whichever of a and b had a bye in round, or "".
func (c *Campaign) hadBye(round int, a, b string) string {
	if round > len(c.Rounds) {
		return ""
	}
	for _, p := range c.Rounds[round-1].Byes {
		if p != "" && (p == a || p == b) {
			return p
		}
	}
	return ""
}

// present is p unless p left the campaign.
func (c *Campaign) present(p string) string {
	if _, gone := c.Withdrawn[p]; gone {
		return ""
	}
	return p
}

// tableWinner is the winner of the game of round between a and b.
func (c *Campaign) tableWinner(round int, a, b string) string {
	for _, g := range c.Games {
		if g.Round == round && g.Result != nil && slices.Contains(g.Seats, a) && slices.Contains(g.Seats, b) {
			return g.Seats[Winner(g.Result.Places)]
		}
	}
	return ""
}

// Winner is the seat that goes on from a knockout's game: the one first
// alone, or of several sharing first place the one that sat last, as a
// drawn game goes to the player who moved second (the first seat moved
// first, so the second is given the draw, as in chess's Armageddon).
func Winner(places []int) int {
	w := -1
	for s, p := range places {
		if p == 1 {
			w = s
		}
	}
	return w
}

func (c *Campaign) pairKnockout(seed rules.Seed, round int) ([][]string, []string) {
	slots := c.knockoutSlots(seed, round)
	var tables [][]string
	var byes []string
	for i := 0; i+1 < len(slots); i += 2 {
		a, b := c.present(slots[i]), c.present(slots[i+1])
		switch {
		case a != "" && b != "":
			tables = append(tables, []string{a, b})
		case a+b != "":
			byes = append(byes, a+b)
		}
	}
	return tables, byes
}

// knockoutAlive lists the players still in a knockout: not beaten, not
// gone.
func (c *Campaign) knockoutAlive() []string {
	var out []string
	for _, p := range c.Active() {
		beaten := slices.ContainsFunc(c.Games, func(g Game) bool {
			s := slices.Index(g.Seats, p)
			return s >= 0 && g.Result != nil && Winner(g.Result.Places) != s
		})
		if !beaten {
			out = append(out, p)
		}
	}
	return out
}

// Challenge returns the ladder's next round: challenger's game against
// defender, who stands at most Reach places above. The challenger sits
// first; the defender keeps their place unless beaten.
func (c *Campaign) Challenge(challenger, defender string) (RoundPaired, error) {
	r := RoundPaired{Round: len(c.Rounds) + 1, Tables: [][]string{{challenger, defender}}}
	if c.Created.Kind != Ladder {
		return RoundPaired{}, fmt.Errorf("campaigns: only a ladder's players challenge")
	}
	if c.closed { // a closed ladder's last challenges may still be played; its seed is revealed only once it is closed
		return RoundPaired{}, Refuse("the campaign is over")
	}
	if err := c.checkChallenge(r); err != nil {
		return RoundPaired{}, fmt.Errorf("campaigns: %w", err)
	}
	return r, nil
}

func (c *Campaign) checkChallenge(r RoundPaired) error {
	if len(r.Tables) != 1 || len(r.Tables[0]) != 2 || len(r.Byes) > 0 {
		return fmt.Errorf("a ladder's round is one challenge")
	}
	ch, de := r.Tables[0][0], r.Tables[0][1]
	for _, g := range c.Running() {
		if slices.Contains(g.Seats, ch) || slices.Contains(g.Seats, de) {
			return fmt.Errorf("%s or %s plays a challenge already", ch, de)
		}
	}
	for _, u := range c.Unstarted() {
		if slices.Contains(u.Seats, ch) || slices.Contains(u.Seats, de) {
			return fmt.Errorf("%s or %s plays a challenge already", ch, de)
		}
	}
	pc, pd := slices.Index(c.Ladder, ch), slices.Index(c.Ladder, de)
	if pc < 0 || pd < 0 || pd >= pc || pc-pd > c.Created.Options.reach() {
		return fmt.Errorf("%s (place %d) may challenge only the %d places above, not %s (place %d)", ch, pc+1, c.Created.Options.reach(), de, pd+1)
	}
	return nil
}

// settled moves a ladder's places after a challenge: a challenger placed
// ahead takes the defender's place, and the defender and everyone
// between go down one.
func (c *Campaign) settled(g *Game) {
	if c.Created.Kind != Ladder || len(g.Seats) != 2 || g.Result.Places[0] >= g.Result.Places[1] {
		return
	}
	ch, de := g.Seats[0], g.Seats[1]
	pc, pd := slices.Index(c.Ladder, ch), slices.Index(c.Ladder, de)
	if pc < 0 || pd < 0 || pd > pc {
		return
	}
	c.Ladder = slices.Insert(slices.Delete(c.Ladder, pc, pc+1), pd, ch)
}
