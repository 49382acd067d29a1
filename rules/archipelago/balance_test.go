package archipelago

import (
	"flag"
	"fmt"
	"strings"
	"testing"

	"github.com/pbem-games/pbem/rules"
)

// The full run, whose figures docs/rules/archipelago.md gives:
//
//	go test ./rules/archipelago -run 'TestPlayouts$' -v -games 500
var games = flag.Int("games", 0, "random games per setup (players × length) in TestPlayouts; 0 means 170, or 12 with -short")

// endings are the ways a game ends, as endingOf names them.
var endings = []string{"war", "separatist", "objective", "year"}

var endingNames = map[string]string{
	"war":        "independence war, all lose",
	"separatist": "independence war, separatist wins",
	"objective":  "an objective met",
	"year":       "the last round",
}

// tally is what the random games of one setup came to.
type tally struct {
	seats        int
	length       string
	count        map[string]int
	games, moves int
	rounds       int
	points, wins [maxSeats]float64
	vpGames      int
}

func (tl *tally) add(o outcome) {
	tl.count[o.ending]++
	tl.games++
	tl.moves += o.moves
	tl.rounds += o.rounds
	if o.ending != "objective" && o.ending != "year" {
		return
	}
	tl.vpGames++
	best := o.scores[0]
	for _, x := range o.scores {
		best = max(best, x)
	}
	for p, x := range o.scores {
		tl.points[p] += float64(x)
		if x == best {
			tl.wins[p]++
		}
	}
}

func (tl *tally) pct(ending string) float64 {
	return 100 * float64(tl.count[ending]) / float64(tl.games)
}

// TestPlayouts plays seeded random games of every number of players and
// every length of objectives to their end: 170 of each, 2,040 in all. At
// every step of every game randomGame checks that the move's text reads
// back and that no component of the box is lost or made. TestConformance
// runs the project's suite, which checks more at each step, on fewer games.
//
// The test then reports how often each ending happens and holds the design
// to balance: with random play (a crude proxy, which feeds and exports at
// random and so revolts more than people do) every kind of ending happens,
// in each setup the independence war neither always nor never breaks out,
// and no ending takes the great majority of games.
func TestPlayouts(t *testing.T) {
	t.Parallel()
	n := *games
	if n == 0 {
		n = 170
		if testing.Short() {
			n = 12
		}
	}
	var tallies []*tally
	t.Run("games", func(t *testing.T) {
		for seats := 2; seats <= maxSeats; seats++ {
			for _, length := range []string{Short, Medium, Long} {
				tl := &tally{seats: seats, length: length, count: map[string]int{}}
				tallies = append(tallies, tl)
				t.Run(fmt.Sprintf("%d_seats+%s", seats, length), func(t *testing.T) {
					t.Parallel()
					r := rules.NewRand(rules.SeedFromInt(uint64(seats)), length)
					for g := range n {
						setup := rules.Setup{Seats: seats, Variants: []string{length}, Seed: rules.SeedFromInt(uint64(1000*seats + g))}
						tl.add(randomGame(t, setup, &r, 5000))
					}
				})
			}
		}
	})
	if t.Failed() {
		return
	}
	all := &tally{count: map[string]int{}}
	t.Logf("| players | length | games | war, all lose | separatist wins | objective met | last round | mean rounds | mean moves | mean VP/wins by seat |")
	for _, tl := range tallies {
		var seatsLine []string
		for p := range tl.seats {
			if tl.vpGames > 0 {
				seatsLine = append(seatsLine, fmt.Sprintf("%.1f/%.0f%%", tl.points[p]/float64(tl.vpGames), 100*tl.wins[p]/float64(tl.vpGames)))
			}
		}
		t.Logf("| %d | %s | %d | %.0f%% | %.0f%% | %.0f%% | %.0f%% | %.1f | %d | %s |",
			tl.seats, tl.length, tl.games, tl.pct("war"), tl.pct("separatist"), tl.pct("objective"), tl.pct("year"),
			float64(tl.rounds)/float64(tl.games), tl.moves/tl.games, strings.Join(seatsLine, " "))
		for _, e := range endings {
			all.count[e] += tl.count[e]
		}
		all.games += tl.games
	}
	for _, e := range endings {
		t.Logf("%s: %d of %d games (%.1f%%)", endingNames[e], all.count[e], all.games, all.pct(e))
	}
	for _, msg := range imbalance(all, tallies, n >= 100) {
		t.Error(msg)
	}
}

// imbalance says how the endings of random play show an unbalanced
// design. Over all games, each kind of ending takes 5% to 50% of them. With
// enough games of each setup (perSetup), in each setup the independence
// war, won or lost, takes 3% to 85% of games, the games that end by victory
// points at least 15%, and no single ending more than 90%. The figures of
// the full run lie inside these bounds (see docs/rules/archipelago.md); the
// closest is the five-player short game: a war ends 11% of them, an
// objective 77%.
func imbalance(all *tally, tallies []*tally, perSetup bool) []string {
	var out []string
	for _, e := range endings {
		if p := all.pct(e); p < 5 || p > 50 {
			out = append(out, fmt.Sprintf("%s ends %.1f%% of all %d random games, want 5%% to 50%%", endingNames[e], p, all.games))
		}
	}
	if !perSetup {
		return out
	}
	for _, tl := range tallies {
		name := fmt.Sprintf("%d players, %s objectives", tl.seats, tl.length)
		if war := tl.pct("war") + tl.pct("separatist"); war < 3 || war > 85 {
			out = append(out, fmt.Sprintf("%s: an independence war ends %.0f%% of %d random games, want 3%% to 85%%", name, war, tl.games))
		}
		if vp := tl.pct("objective") + tl.pct("year"); vp < 15 {
			out = append(out, fmt.Sprintf("%s: victory points decide only %.0f%% of %d random games, want 15%% or more", name, vp, tl.games))
		}
		for _, e := range endings {
			if p := tl.pct(e); p > 90 {
				out = append(out, fmt.Sprintf("%s: %s ends %.0f%% of %d random games, want 90%% at most", name, endingNames[e], p, tl.games))
			}
		}
	}
	return out
}

// TestImbalance checks that the balance check can fail: a design where
// random play always revolts, or never, is refused.
func TestImbalance(t *testing.T) {
	mk := func(counts map[string]int) *tally {
		tl := &tally{seats: 3, length: Medium, count: counts}
		for _, c := range counts {
			tl.games += c
		}
		return tl
	}
	fair := mk(map[string]int{"war": 30, "separatist": 15, "objective": 35, "year": 20})
	if msgs := imbalance(fair, []*tally{fair}, true); len(msgs) != 0 {
		t.Errorf("a fair spread of endings is refused: %v", msgs)
	}
	for _, c := range []struct {
		name   string
		counts map[string]int
		want   string
	}{
		{"AlwaysRevolt", map[string]int{"war": 70, "separatist": 30}, "independence war ends 100%"},
		{"NeverRevolt", map[string]int{"objective": 60, "year": 40}, "independence war, all lose ends 0.0%"},
		{"NoSeparatist", map[string]int{"war": 40, "objective": 40, "year": 20}, "separatist wins ends 0.0%"},
		{"Dominant", map[string]int{"war": 3, "separatist": 2, "objective": 92, "year": 3}, "an objective met ends 92%"},
		{"FewVP", map[string]int{"war": 60, "separatist": 28, "objective": 8, "year": 4}, "victory points decide only 12%"},
	} {
		tl := mk(c.counts)
		msgs := imbalance(tl, []*tally{tl}, true)
		if !strings.Contains(strings.Join(msgs, "\n"), c.want) {
			t.Errorf("%s: imbalance = %q, want a message with %q", c.name, msgs, c.want)
		}
	}
}

// TestAudit checks that the audit of randomGame sees a lost or made
// component.
func TestAudit(t *testing.T) {
	s := inActions(t, 3)
	if err := s.audit(); err != "" {
		t.Fatalf("a fresh game fails the audit: %s", err)
	}
	for name, spoil := range map[string]func(s *state){
		"cube":     func(s *state) { s.players[1].cubes[wood]++ },
		"florin":   func(s *state) { s.bankFlorins-- },
		"citizen":  func(s *state) { s.units[0][2].cit++ },
		"ship":     func(s *state) { s.players[0].ships-- },
		"token":    func(s *state) { s.players[0].tokens += 3 },
		"building": func(s *state) { s.tcTokens-- },
		"housed":   func(s *state) { s.units[0][0].housed++; s.players[0].cits-- },
	} {
		e := edit(s)
		spoil(e)
		if err := e.audit(); err == "" {
			t.Errorf("the audit missed a spoiled %s", name)
		}
	}
}
