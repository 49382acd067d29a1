package bench

import (
	"bytes"
	"github.com/pbem-games/pbem/catalog"
	"math/rand/v2"
	"runtime"
	"time"

	"github.com/pbem-games/pbem/pictures"
	"github.com/pbem-games/pbem/rules"
)

// pictureResult is what drawing one game's board as a PNG costs on one
// core: a mail that shows a board carries one.
type pictureResult struct {
	game   string
	drawn  int
	median time.Duration // Draw and WritePNG of seat 0's view
	p99    time.Duration
	size   int // the largest PNG, bytes
}

// pictureCost draws seat 0's view of positions of seeded random games of
// g, one after another, for d on one core.
func pictureCost(c catalog.Game, d time.Duration) (pictureResult, error) {
	g := c.Rules
	seats := max(g.Info().MinSeats, 2)
	res := pictureResult{game: g.Info().Name}
	prev := runtime.GOMAXPROCS(1)
	defer runtime.GOMAXPROCS(prev)
	lat := make(Latencies, 0, 1024)
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
				t := time.Now()
				pic, err := pictures.DrawIn(c.Draw, st.View(0), nil)
				if err != nil {
					return res, err
				}
				buf.Reset()
				if err := pic.WritePNG(&buf); err != nil {
					return res, err
				}
				lat = append(lat, time.Since(t))
				res.size = max(res.size, buf.Len())
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
	return res, nil
}
