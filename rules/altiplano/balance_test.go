package altiplano

import (
	"flag"
	"fmt"
	"strings"
	"testing"

	"github.com/pbem-games/pbem/rules"
)

// Run with -balance and -v to see the balance figures:
//
//	go test ./rules/altiplano -run Balance -balance -v
var balance = flag.Bool("balance", false, "play many games and report the balance figures")

// TestBalance plays games with greedy players (see greedyPlayer) and with
// random ones, and reports the mean score by seat and by profession, the
// rounds played and which supplies were empty at the end. Without -balance
// it plays a few greedy games to check that they end and score.
func TestBalance(t *testing.T) {
	t.Parallel()
	games := 2
	bots := map[string]bot{"greedy": greedyPlayer}
	if *balance {
		games = 200
		bots["random"] = randomPlayer
	}
	for _, name := range []string{"greedy", "random"} {
		if bots[name] != nil {
			balanceOf(t, name, bots[name], games, nil)
		}
	}
	if *balance {
		balanceOf(t, "greedy", greedyPlayer, games, []string{Shortage})
	}
}

func balanceOf(t *testing.T, name string, p bot, games int, variants []string) {
	for seats := 2; seats <= 5; seats++ {
		setup := rules.Setup{Seats: seats, Variants: variants}
		r := rules.NewRand(rules.SeedFromInt(uint64(seats)), "balance")
		bySeat := make([]float64, seats)
		byProf := make([]float64, len(professions))
		nProf := make([]int, len(professions))
		var rounds, total float64
		empty, endBy := map[string]int{}, map[string]int{}
		for g := range games {
			setup.Seed = rules.SeedFromInt(uint64(1000 + g))
			res := playout(t, setup, p, &r)
			scores, _ := res.end.Result()
			end := res.end.(*state)
			for k, x := range scores {
				bySeat[k] += float64(x)
				byProf[end.players[k].prof] += float64(x)
				nProf[end.players[k].prof]++
				total += float64(x)
			}
			rounds += float64(res.rounds)
			for _, why := range end.emptied() {
				empty[why]++
			}
			endBy[end.endBy]++
		}
		var seatText, profText []string
		for k := range bySeat {
			seatText = append(seatText, fmt.Sprintf("%.1f", bySeat[k]/float64(games)))
		}
		for k, pr := range professions {
			if nProf[k] > 0 {
				profText = append(profText, fmt.Sprintf("%s %.1f", pr.name, byProf[k]/float64(nProf[k])))
			}
		}
		mean := total / float64(games*seats)
		t.Logf("%d players %v, %d %s games, %.1f rounds: mean score %.1f; by seat %s; by profession %s; empty at the end: %v; ended by: %v",
			seats, variants, games, name, rounds/float64(games), mean, strings.Join(seatText, ", "), strings.Join(profText, ", "), empty, endBy)
		if name == "greedy" && mean < 10 {
			t.Errorf("%d players: greedy players score %.1f on average, want more than 10", seats, mean)
		}
	}
}

// emptied lists the supplies that are empty and whether the display has
// run dry.
func (s *state) emptied() []string {
	var out []string
	for g := Corn; g < numGoods; g++ {
		if s.supply[g] == 0 {
			out = append(out, g.Name())
		}
	}
	if s.carts == 0 {
		out = append(out, "carts")
	}
	if len(s.houses) == 0 {
		out = append(out, "houses")
	}
	if len(s.boats) == 0 {
		out = append(out, "boats")
	}
	if len(s.contracts) == 0 {
		out = append(out, "contracts")
	}
	if len(s.pile) == 0 {
		out = append(out, "display")
	}
	return out
}
