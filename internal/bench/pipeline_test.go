package bench

import (
	"context"
	"testing"
	"time"

	"github.com/pbem-games/pbem/catalog/all"
	"github.com/pbem-games/pbem/events"
	"github.com/pbem-games/pbem/events/storetest"
)

// TestPipelineEveryGame plays a short pipeline run of every game by mail,
// as `pbem bench --only pipeline --game NAME` does: each move the
// benchmark's players send must be accepted and answered, whatever the
// game's turns are like (simultaneous phases, programmed lists, moves the
// service plays itself).
func TestPipelineEveryGame(t *testing.T) {
	offered, err := all.Catalog()
	if err != nil {
		t.Fatal(err)
	}
	for _, game := range []string{"atacama", "altiplano", "archipelago"} {
		t.Run(game, func(t *testing.T) {
			cfg := QuickConfig(offered)
			cfg.Game = game
			cfg.PipelineGames, cfg.PipelineRounds = 2, 8
			cfg.PipelineRate, cfg.LatencyTime = 20, time.Second
			ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
			defer cancel()
			store := storetest.MustOpen(t)
			res, err := pipeline(ctx, []*events.Store{store}, t.TempDir(), &cfg, 1, false, newProgress(nil))
			if err != nil {
				t.Fatalf("pipeline of %s: %v", game, err)
			}
			if res.moves == 0 || len(res.latency) == 0 {
				t.Fatalf("pipeline of %s timed %d moves in the throughput run and %d in the latency run; want some of each", game, res.moves, len(res.latency))
			}
		})
	}
}
