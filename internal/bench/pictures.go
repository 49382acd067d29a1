package bench

import (
	"bytes"
	"math/rand/v2"
	"runtime"
	"syscall"
	"time"

	"github.com/pbem-games/pbem/catalog"

	"github.com/pbem-games/pbem/pictures"
	"github.com/pbem-games/pbem/rules"
)

// pictureResult is what drawing one game's board as a PNG costs on one
// core: a mail that shows a board carries one, written once for all the
// readers who see the same picture, and asked of the cache by each.
type pictureResult struct {
	game   string
	drawn  int
	median time.Duration // Draw and WritePNG of seat 0's view, on the clock
	p99    time.Duration
	cpu    time.Duration // the same, the median of the processor time
	size   int           // the largest PNG, bytes
	width  int           // the widest PNG, pixels
	// hit is the median processor time of a mail whose picture the
	// cache holds: Draw, and the cache's look-up by the drawing's hash.
	hit time.Duration
}

// pictureCost draws seat 0's view of positions of seeded random games of
// g, one after another, for d on one core.
func pictureCost(c catalog.Game, d time.Duration) (pictureResult, error) {
	g := c.Rules
	seats := max(g.Info().MinSeats, 2)
	res := pictureResult{game: g.Info().Name}
	prev := runtime.GOMAXPROCS(1)
	defer runtime.GOMAXPROCS(prev)
	// The processor time of this thread alone, which other work on a
	// busy machine does not add to as it does to the time on the clock.
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	lat := make(Latencies, 0, 1024)
	cpu := make(Latencies, 0, 1024)
	hits := make(Latencies, 0, 1024)
	var buf bytes.Buffer
	start := time.Now()
	for seed := uint64(1); time.Since(start) < d; seed++ {
		st, err := g.Start(rules.Setup{Seats: seats, Seed: rules.SeedFromInt(seed)})
		if err != nil {
			return res, err
		}
		pick := rand.New(rand.NewPCG(seed, 0x91c))
		for move := 0; move < 40 && time.Since(start) < d; move++ {
			if move%8 == 0 { // a position every few moves, early and late
				t, at := time.Now(), threadCPU()
				pic, err := pictures.DrawIn(c.Draw, st.View(0), nil)
				if err != nil {
					return res, err
				}
				buf.Reset()
				if err := pic.WritePNG(&buf); err != nil {
					return res, err
				}
				lat, cpu = append(lat, time.Since(t)), append(cpu, threadCPU()-at)
				res.size, res.width = max(res.size, buf.Len()), max(res.width, int(pic.Width))
				// another reader of the same picture
				cache := pictures.NewCache(1 << 20)
				if _, err := cache.PNG(pic); err != nil {
					return res, err
				}
				at = threadCPU()
				for range hitRounds { // a thread's time is known to a few ms
					again, err := pictures.DrawIn(c.Draw, st.View(0), nil)
					if err != nil {
						return res, err
					}
					if _, err := cache.PNG(again); err != nil {
						return res, err
					}
				}
				hits = append(hits, (threadCPU()-at)/hitRounds)
			}
			toAct := st.ToAct()
			if len(toAct) == 0 {
				break
			}
			seat := toAct[pick.IntN(len(toAct))]
			legal := st.Legal(seat)
			if len(legal) == 0 {
				break
			}
			if st, err = st.Apply(seat, legal[pick.IntN(len(legal))]); err != nil {
				return res, err
			}
		}
	}
	res.drawn, res.median, res.p99 = len(lat), lat.Percentile(50), lat.Percentile(99)
	res.cpu, res.hit = cpu.Percentile(50), hits.Percentile(50)
	return res, nil
}

// hitRounds is how many readers of one picture a cache hit is timed over.
const hitRounds = 10

// threadCPU is the processor time the calling thread has used.
func threadCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(rusageThread, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// rusageThread is Linux's RUSAGE_THREAD.
const rusageThread = 1
