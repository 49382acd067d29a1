package archipelago

import (
	"flag"
	"fmt"
	"sort"
	"strings"
	"testing"

	"github.com/pbem-games/pbem/rules"
)

// Run with -v and a number of games per setup to see the figures:
//
//	go test ./rules/archipelago -run Endings -v -games 170
var games = flag.Int("games", 0, "random games per setup (players × length) in TestEndings; 0 means a quick check")

// TestEndings plays random games of every size and length, checks that
// each reaches one of the two endings, and reports how often each ending
// happens and how the seats score. Random play is a crude proxy for real
// play: it feeds and exports at random, so it revolts more than people do.
func TestEndings(t *testing.T) {
	t.Parallel()
	n := *games
	if n == 0 {
		n = 4
		if testing.Short() {
			n = 1
		}
	}
	type tally struct {
		count        map[string]int
		games, moves int
		rounds       int
		points, wins [maxSeats]float64
		vpGames      int
	}
	all := map[string]int{}
	total := 0
	var lines []string
	for seats := 2; seats <= maxSeats; seats++ {
		for _, length := range []string{Short, Medium, Long} {
			tl := tally{count: map[string]int{}}
			r := rules.NewRand(rules.SeedFromInt(uint64(seats)), length)
			for g := range n {
				setup := rules.Setup{Seats: seats, Variants: []string{length}, Seed: rules.SeedFromInt(uint64(1000*seats + g))}
				o := randomGame(t, setup, &r, 5000)
				tl.count[o.ending]++
				all[o.ending]++
				tl.games++
				tl.moves += o.moves
				tl.rounds += o.rounds
				if o.ending == "objective" || o.ending == "year" {
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
			}
			total += tl.games
			pct := func(k string) float64 { return 100 * float64(tl.count[k]) / float64(tl.games) }
			var seatsLine []string
			for p := range seats {
				if tl.vpGames > 0 {
					seatsLine = append(seatsLine, fmt.Sprintf("%.1f/%.0f%%", tl.points[p]/float64(tl.vpGames), 100*tl.wins[p]/float64(tl.vpGames)))
				}
			}
			lines = append(lines, fmt.Sprintf("| %d | %s | %d | %.0f%% | %.0f%% | %.0f%% | %.0f%% | %.1f | %d | %s |",
				seats, length, tl.games, pct("war"), pct("separatist"), pct("objective"), pct("year"),
				float64(tl.rounds)/float64(tl.games), tl.moves/tl.games, strings.Join(seatsLine, " ")))
		}
	}
	t.Logf("| players | length | games | war, all lose | separatist wins | objective met | last round | mean rounds | mean moves | mean VP/wins by seat |")
	for _, l := range lines {
		t.Log(l)
	}
	var keys []string
	for k := range all {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		t.Logf("%s: %d of %d games (%.1f%%)", k, all[k], total, 100*float64(all[k])/float64(total))
	}
	wars := all["war"] + all["separatist"]
	if wars == 0 || wars == total {
		t.Errorf("%d of %d random games ended in an independence war: the balance needs both endings", wars, total)
	}
}
