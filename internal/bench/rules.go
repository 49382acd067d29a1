package bench

import (
	"math/rand/v2"
	"runtime"
	"time"

	"github.com/pbem-games/pbem/rules"
)

// rulesResult is what one game's rules cost on one core.
type rulesResult struct {
	game      string
	seats     int
	playouts  int
	moves     int
	perSecond float64       // whole playouts per second
	median    time.Duration // Legal + Apply of one move
	allocs    float64       // allocations per move, mean
	bytes     float64       // bytes allocated per move, mean
}

// rulesCost plays seeded random playouts of g for d on one core, timing
// Legal and Apply of every move.
func rulesCost(g rules.Game, d time.Duration) (rulesResult, error) {
	seats := max(g.Info().MinSeats, 2)
	if g.Info().MaxSeats < seats {
		seats = g.Info().MaxSeats
	}
	res := rulesResult{game: g.Info().Name, seats: seats}
	prev := runtime.GOMAXPROCS(1)
	defer runtime.GOMAXPROCS(prev)
	runtime.GC()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	lat := make(Latencies, 0, 1<<16)
	start := time.Now()
	for seed := uint64(1); time.Since(start) < d; seed++ {
		st, err := g.Start(rules.Setup{Seats: seats, Seed: rules.SeedFromInt(seed)})
		if err != nil {
			return res, err
		}
		pick := rand.New(rand.NewPCG(seed, 0xbe7c4))
		for range maxScriptMoves {
			toAct := st.ToAct()
			if len(toAct) == 0 {
				break
			}
			seat := toAct[pick.IntN(len(toAct))]
			t := time.Now()
			legal := st.Legal(seat)
			if len(legal) == 0 {
				break
			}
			next, err := st.Apply(seat, legal[pick.IntN(len(legal))])
			el := time.Since(t)
			if err != nil {
				return res, err
			}
			st = next
			res.moves++
			if len(lat) < cap(lat) {
				lat = append(lat, el)
			}
		}
		res.playouts++
	}
	elapsed := time.Since(start)
	runtime.ReadMemStats(&after)
	res.perSecond = perSecond(res.playouts, elapsed)
	res.median = lat.Percentile(50)
	if res.moves > 0 {
		res.allocs = float64(after.Mallocs-before.Mallocs) / float64(res.moves)
		res.bytes = float64(after.TotalAlloc-before.TotalAlloc) / float64(res.moves)
	}
	return res, nil
}
