package bench

import (
	"context"
	"errors"
	"fmt"
	"math"
	"runtime/debug"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/nats-io/nats-server/v2/server"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	"github.com/pbem-games/pbem/events"
	"github.com/pbem-games/pbem/games"
	"github.com/pbem-games/pbem/projections"
)

// growthResult is the cost of a move with few games stored and with many.
type growthResult struct {
	measured    int // games the moves are played in
	small, big  growthPhase
	asked       int           // games asked for
	loadTime    time.Duration // to write the games played no more
	loadPeakRSS uint64        // peak resident memory while writing them
	// unlimited is the memory playing among big.games; limited and
	// limitedPhase the memory and the moves among them again under the
	// Go memory limit (Config.GrowthMemoryLimit).
	unlimited, limited growthMemory
	limitedPhase       growthPhase
	// rebuild is every read model folded again among them all, as
	// "pbem rebuild" does.
	rebuild growthRebuild
	failed  *failures
}

// growthRebuild is one rebuild of every read model among many games.
type growthRebuild struct {
	events  uint64 // folded
	elapsed time.Duration
	memory  growthMemory
	err     error // the rebuild failed or ran out of time
}

// growthMemory is the memory one phase of growth took.
type growthMemory struct {
	peakRSS  uint64 // peak resident memory
	peakHeap uint64 // the most the Go heap held, garbage included
	peakLive uint64 // the most of it live after a collection
}

// growthPhase is one measurement of growth.
type growthPhase struct {
	games, events int
	raw           Latencies // raw publishes one at a time
	cold          Latencies // the first read of each game's history after a start
	warm          Latencies // moves after that
}

// growth plays moves in cfg.GrowthMeasured games with only them stored,
// then again after filling the stream with finished games, up to
// cfg.GrowthGames in all or as many as cfg.GrowthBudget allows to write.
// Each time it starts a fresh service, reads every game once (the cost
// after a restart) and then plays.
func growth(ctx context.Context, dir string, cfg *Config, p *progress) (growthResult, error) {
	res := growthResult{measured: cfg.GrowthMeasured, asked: cfg.GrowthGames, failed: &failures{}}
	store, err := events.Open(ctx, events.Options{DataDir: dir})
	if err != nil {
		return res, err
	}
	defer func() {
		if store != nil {
			store.Close()
		}
	}()
	scs, err := scriptsFor(cfg, cfg.GrowthMeasured, 200_000)
	if err != nil {
		return res, err
	}
	p.say("growth: creating %d games", len(scs))
	tables, err := createGames(ctx, &games.Service{Store: store, Catalog: cfg.Catalog}, scs, 200_000, 16)
	if err != nil {
		return res, err
	}
	if res.small, err = res.measure(ctx, store, cfg, tables, len(tables), streamEvents(ctx, store), p); err != nil {
		return res, err
	}
	store.Close()
	store = nil

	background := cfg.GrowthGames - len(tables)
	p.say("growth: writing %d finished games (at most %v)", background, cfg.GrowthBudget)
	debug.FreeOSMemory()
	ResetPeakRSS()
	start := time.Now()
	written, err := loadFinished(ctx, dir, cfg, 0, background, cfg.GrowthBudget, p)
	res.loadTime = time.Since(start)
	res.loadPeakRSS = PeakRSS()
	if err != nil {
		return res, err
	}

	if store, err = events.Open(ctx, events.Options{DataDir: dir}); err != nil {
		return res, err
	}
	// Counting the events is the benchmark's own cost, not a move's, so it
	// comes before the peak is counted.
	stored := streamEvents(ctx, store)
	// Among the most games, once as "pbem serve" runs by default and, with
	// cfg.GrowthMemoryLimit, again as it runs with GOMEMLIMIT set.
	limits := []int64{0}
	if cfg.GrowthMemoryLimit > 0 {
		limits = append(limits, cfg.GrowthMemoryLimit)
	}
	for _, limit := range limits {
		debug.FreeOSMemory()
		if limit > 0 {
			debug.SetMemoryLimit(limit)
		}
		ResetPeakRSS()
		m := &res.unlimited
		if limit > 0 {
			m = &res.limited
		}
		heap := watchHeap(20 * time.Millisecond)
		ph, err := res.measure(ctx, store, cfg, tables, len(tables)+written, stored, p)
		m.peakHeap, m.peakLive = heap.stop()
		if err != nil {
			return res, err
		}
		m.peakRSS = PeakRSS()
		// Said at once too: the rebuild that follows may take long.
		p.say("growth: playing among %d games (Go memory limit %d MiB, 0 for none): peak memory %d MiB, Go heap at most %d MiB, %d MiB live; moves p50 %v, p99 %v",
			len(tables)+written, limit/MiB, m.peakRSS/MiB, m.peakHeap/MiB, m.peakLive/MiB, ph.warm.Percentile(50), ph.warm.Percentile(99))
		if limit == 0 {
			res.big = ph
		} else {
			res.limitedPhase = ph
		}
	}
	if cfg.MemProfile != "" {
		if err := writeHeapProfile(cfg.MemProfile); err != nil {
			return res, err
		}
	}
	if cfg.GrowthRebuildLimit <= 0 {
		return res, ctx.Err()
	}
	debug.SetMemoryLimit(projections.RebuildMemoryLimit) // as pbem rebuild runs
	debug.FreeOSMemory()
	ResetPeakRSS()
	heap := watchHeap(20 * time.Millisecond)
	res.rebuild = rebuildAll(ctx, store, cfg, stored, p)
	debug.SetMemoryLimit(math.MaxInt64)
	res.rebuild.memory.peakHeap, res.rebuild.memory.peakLive = heap.stop()
	res.rebuild.memory.peakRSS = PeakRSS()
	return res, ctx.Err()
}

// rebuildAll folds every read model again from the stored events, as
// "pbem rebuild" does, within cfg.GrowthRebuildLimit, saying how far it is
// every ten seconds.
func rebuildAll(ctx context.Context, store *events.Store, cfg *Config, stored int, p *progress) growthRebuild {
	var res growthRebuild
	pr, err := projections.NewProjector(ctx, store, cfg.Catalog)
	if err != nil {
		res.err = err
		return res
	}
	var folded, left atomic.Uint64
	var profiled sync.Once
	pr.OnProgress = func(f, l uint64) {
		folded.Store(f)
		left.Store(l)
		// Nine tenths folded: what the rebuild holds is near its most (the
		// consumer's count of what is left need not reach 0 at the last).
		if cfg.MemProfile != "" && l <= (f+l)/10 {
			profiled.Do(func() { _ = writeHeapProfile(cfg.MemProfile + ".rebuild") })
		}
	}
	p.say("growth: rebuilding every read model from %d events (at most %v)", stored, cfg.GrowthRebuildLimit)
	start := time.Now()
	stop := p.every(10*time.Second, func() string {
		f, l := folded.Load(), left.Load()
		el := time.Since(start)
		return fmt.Sprintf("growth: rebuild: %d of %d events folded (%.0f%%), about %v left", f, f+l,
			100*float64(f)/float64(max(f+l, 1)), time.Duration(float64(el)/float64(max(f, 1))*float64(l)).Round(time.Second))
	})
	rctx, cancel := context.WithTimeout(ctx, cfg.GrowthRebuildLimit)
	defer cancel()
	res.err = pr.Rebuild(rctx)
	res.elapsed = time.Since(start)
	stop()
	res.events = folded.Load()
	return res
}

// measure measures one phase of growth with n games and stored events in
// the stream.
func (g *growthResult) measure(ctx context.Context, store *events.Store, cfg *Config, tables []*table, n, stored int, p *progress) (growthPhase, error) {
	ph := growthPhase{games: n, events: stored}
	p.say("growth: %d games stored (%d events): raw publishes, a first read of %d games, then moves, %d at a time",
		n, ph.events, len(tables), cfg.GrowthWorkers)
	var err error
	if _, ph.raw, err = rawPublish(ctx, store, 1, 1, eventPayload(), cfg.Measure/4, g.failed); err != nil {
		return ph, err
	}
	svc := &games.Service{Store: store, Catalog: cfg.Catalog}
	ph.cold = firstReads(ctx, svc, tables, cfg.GrowthWorkers, g.failed)
	ph.warm = steadyMoves(ctx, svc, tables, cfg.GrowthWorkers, cfg.Measure, g.failed)
	return ph, nil
}

// firstReads reads every table's game once through svc, workers at a
// time, and returns how long each read took.
func firstReads(ctx context.Context, svc *games.Service, tables []*table, workers int, failed *failures) Latencies {
	var (
		mu  sync.Mutex
		lat Latencies
	)
	_ = forEach(ctx, tables, workers, func(tb *table) error {
		t := time.Now()
		if _, _, err := svc.Load(ctx, tb.id); err != nil {
			failed.add(fmt.Errorf("first read of %s: %w", tb.id, err))
			return nil
		}
		mu.Lock()
		lat = append(lat, time.Since(t))
		mu.Unlock()
		return nil
	})
	return lat
}

// streamEvents counts the events on the game subjects, -1 if unknown. A
// consumer on them that has delivered nothing counts them as pending: the
// stream's own count by subject would list every game's subject, millions
// of them.
func streamEvents(ctx context.Context, store *events.Store) int {
	js := store.JetStream()
	c, err := js.CreateConsumer(ctx, events.StreamName, jetstream.ConsumerConfig{
		FilterSubject: events.GameSubject + ">", DeliverPolicy: jetstream.DeliverAllPolicy,
		AckPolicy: jetstream.AckNonePolicy, InactiveThreshold: 10 * time.Second})
	if err != nil {
		return -1
	}
	n := int(c.CachedInfo().NumPending)
	_ = js.DeleteConsumer(ctx, events.StreamName, c.CachedInfo().Name)
	return n
}

// steadyMoves plays the tables' next moves, workers at a time, for d, and
// returns each move's latency.
func steadyMoves(ctx context.Context, svc *games.Service, tables []*table, workers int, d time.Duration, failed *failures) Latencies {
	queue := make(chan *table, len(tables))
	for _, tb := range tables {
		queue <- tb
	}
	var (
		mu  sync.Mutex
		lat Latencies
		wg  sync.WaitGroup
	)
	stop := time.Now().Add(d)
	for range workers {
		wg.Go(func() {
			for time.Now().Before(stop) && ctx.Err() == nil {
				var tb *table
				select {
				case tb = <-queue:
				default:
					return // every game is over
				}
				t := time.Now()
				more, err := tb.play(ctx, svc)
				el := time.Since(t)
				if err != nil {
					failed.add(err)
					time.Sleep(retryPause)
					queue <- tb
					continue
				}
				mu.Lock()
				if more {
					lat = append(lat, el)
				}
				mu.Unlock()
				if more && tb.next < len(tb.script.moves)-1 {
					queue <- tb
				}
			}
		})
	}
	wg.Wait()
	return lat
}

// loadFinished writes n finished games, numbered from first, into the
// store in dir, as many as budget allows. It starts its own server on dir without syncing
// every write, since writing millions of events with every write synced
// would take hours; the moves measured afterwards run with every write
// synced as always. Games repeat a few scripts under different ids, each
// with its GameCreated, MovePlayed and GameEnded events chained and
// hashed, and its seed, which is erased once stored, as the service
// erases a game's seed when the game ends.
func loadFinished(ctx context.Context, dir string, cfg *Config, first, n int, budget time.Duration, p *progress) (int, error) {
	ns, err := server.NewServer(&server.Options{
		ServerName: "pbem", JetStream: true, StoreDir: dir,
		DontListen: true, NoSigs: true, NoLog: true, MaxPayload: events.MaxPayload,
	})
	if err != nil {
		return 0, err
	}
	ns.Start()
	defer func() {
		ns.Shutdown()
		ns.WaitForShutdown()
	}()
	if !ns.ReadyForConnections(time.Minute) {
		return 0, fmt.Errorf("growth: loading server not ready")
	}
	nc, err := nats.Connect("", nats.InProcessServer(ns))
	if err != nil {
		return 0, err
	}
	defer nc.Close()
	var failed atomic.Pointer[error]
	js, err := jetstream.New(nc, jetstream.WithPublishAsyncMaxPending(4096),
		jetstream.WithPublishAsyncErrHandler(func(_ jetstream.JetStream, _ *nats.Msg, err error) { failed.CompareAndSwap(nil, &err) }))
	if err != nil {
		return 0, err
	}
	templates, err := finishedTemplates(cfg, 64)
	if err != nil {
		return 0, err
	}
	stream, err := js.Stream(ctx, events.StreamName)
	if err != nil {
		return 0, err
	}
	// A game's secret is erased once it is stored, as the service erases
	// it when the game ends (games.Service, events.Store.Erase).
	type secret struct {
		subject string
		stored  jetstream.PubAckFuture
	}
	secrets := make(chan secret, 4096)
	var erasers sync.WaitGroup
	for range 2 {
		erasers.Go(func() {
			for sc := range secrets {
				select {
				case <-sc.stored.Ok():
				case err := <-sc.stored.Err():
					failed.CompareAndSwap(nil, &err)
					continue
				}
				if err := stream.Purge(ctx, jetstream.WithPurgeSubject(sc.subject)); err != nil {
					failed.CompareAndSwap(nil, &err)
				}
			}
		})
	}
	var next, done atomic.Int64
	deadline := time.Now().Add(budget)
	stop := p.every(10*time.Second, func() string { return fmt.Sprintf("%d finished games written", done.Load()) })
	defer stop()
	var wg sync.WaitGroup
	for range 2 {
		wg.Go(func() {
			for ctx.Err() == nil && failed.Load() == nil && time.Now().Before(deadline) {
				i := int(next.Add(1) - 1)
				if i >= n {
					return
				}
				for _, m := range templates[i%len(templates)].messages(fmt.Sprintf("bg%07d", first+i), first+i) {
					f, err := publishAsync(ctx, js, m)
					if err != nil {
						failed.CompareAndSwap(nil, &err)
						return
					}
					if strings.HasPrefix(m.Subject, events.SecretSubject) {
						secrets <- secret{m.Subject, f}
					}
				}
				done.Add(1)
			}
		})
	}
	wg.Wait()
	close(secrets)
	erasers.Wait()
	select {
	case <-js.PublishAsyncComplete():
	case <-time.After(time.Minute):
		return 0, fmt.Errorf("growth: writes not acknowledged after a minute")
	}
	if errp := failed.Load(); errp != nil {
		return 0, fmt.Errorf("growth: %w", *errp)
	}
	return int(done.Load()), ctx.Err()
}

// publishAsync publishes m without waiting for its acknowledgement, but
// waits while too many are outstanding.
func publishAsync(ctx context.Context, js jetstream.JetStream, m *nats.Msg) (jetstream.PubAckFuture, error) {
	for {
		f, err := js.PublishMsgAsync(m, jetstream.WithStallWait(time.Second))
		if !errors.Is(err, jetstream.ErrTooManyStalledMsgs) {
			return f, err
		}
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-js.PublishAsyncComplete():
		case <-time.After(10 * time.Millisecond):
		}
	}
}
