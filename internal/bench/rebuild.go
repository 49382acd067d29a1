package bench

import (
	"context"
	"errors"
	"time"

	"github.com/pbem-games/pbem/events"
	"github.com/pbem-games/pbem/projections"
)

// rebuildResult is what rebuilding every read model cost.
type rebuildResult struct {
	events   int     // events on the game subjects
	folded   int     // events the rebuild folded
	rate     float64 // folded per second
	raw      float64 // raw ordered-consumer reads per second of the same events
	complete bool    // false when the rebuild ran out of time and rate is partial
	elapsed  time.Duration
}

// rebuild reads the stream's events raw, then rebuilds every read model
// from them, within limit.
func rebuild(ctx context.Context, store *events.Store, cfg *Config, p *progress) (rebuildResult, error) {
	var res rebuildResult
	var err error
	p.say("rebuild: raw ordered-consumer read of every game's events")
	if res.events, res.raw, err = rawRead(ctx, store, events.GameSubject+">"); err != nil {
		return res, err
	}
	pr, err := projections.NewProjector(ctx, store, cfg.Catalog)
	if err != nil {
		return res, err
	}
	p.say("rebuild: Projector.Rebuild of %d events (at most %v)", res.events, cfg.RebuildLimit)
	rctx, cancel := context.WithTimeout(ctx, cfg.RebuildLimit)
	defer cancel()
	stop := p.every(5*time.Second, func() string { return "rebuild: still folding" })
	start := time.Now()
	err = pr.Rebuild(rctx)
	res.elapsed = time.Since(start)
	stop()
	switch {
	case err == nil:
		res.folded, res.complete = res.events, true
	case rctx.Err() != nil && ctx.Err() == nil:
		info, ierr := store.JetStream().Consumer(ctx, events.StreamName, projections.Durable)
		if ierr != nil {
			return res, errors.Join(err, ierr)
		}
		ci, ierr := info.Info(ctx)
		if ierr != nil {
			return res, errors.Join(err, ierr)
		}
		res.folded = int(ci.AckFloor.Consumer)
	default:
		return res, err
	}
	res.rate = perSecond(res.folded, res.elapsed)
	return res, nil
}
