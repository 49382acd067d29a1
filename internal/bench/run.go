package bench

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"time"

	"github.com/pbem-games/pbem/catalog"

	"github.com/pbem-games/pbem/events"
	"github.com/pbem-games/pbem/events/storetest"
	"github.com/pbem-games/pbem/games"
	"github.com/pbem-games/pbem/rules"
)

// Config says what to measure and how long.
type Config struct {
	Offered *catalog.Catalog // every game is measured on its rules and pictures
	Catalog rules.Catalog    // the games' rules (Offered.Rules())
	Game    string           // the game the other measurements play
	// Dir holds the benchmark's data while it runs; "" means a temporary
	// directory. Everything in it is removed at the end.
	Dir      string
	Progress io.Writer // where the operator reads what is going on; nil: nowhere

	RulesTime time.Duration // playouts of each game
	Games     int           // concurrent games of the command side
	Measure   time.Duration // each throughput measurement

	PipelineGames  int           // games played by mail
	PipelineRounds int           // moves of each in the throughput run
	PipelineRate   float64       // moves per second of the latency run
	LatencyTime    time.Duration // how long the latency run sends moves

	RebuildLimit time.Duration // a rebuild still running then is stopped, its rate partial

	GrowthMeasured int           // games the growth moves are played in
	GrowthWorkers  int           // moves in flight at once
	GrowthGames    int           // games in the stream for the second measurement
	GrowthBudget   time.Duration // the most time spent writing them
	// GrowthMemoryLimit is the Go memory limit (GOMEMLIMIT) the service
	// runs with among the most games, in bytes; 0: none.
	GrowthMemoryLimit int64
	// GrowthRebuildLimit bounds the rebuild of every read model among
	// them; one still running then is reported unfinished. 0 skips it.
	GrowthRebuildLimit time.Duration

	Cluster bool // measure on a three-node cluster too
	// LossRate is the moves per second played while a node of the cluster
	// is stopped and started again; 0 skips it.
	LossRate float64
	// LossWindow is how long a node killed stays down and then up, half
	// each, before the next is killed.
	LossWindow time.Duration

	// RebuildGames are finished games written before the rebuild, so it
	// folds histories of a whole game's length and not only the short
	// ones the command side leaves.
	RebuildGames int

	// MemProfile, when set, is where the growth part writes a heap
	// profile once it has played among the most games.
	MemProfile string

	// Parts, when not empty, names the only parts to run, of rules,
	// command, pipeline, rebuild, growth and cluster.
	Parts []string
}

// runs reports whether part is to run.
func (c *Config) runs(part string) bool {
	return len(c.Parts) == 0 || slices.Contains(c.Parts, part)
}

// DefaultConfig is "make bench": every target of the benchmark, within
// fifteen minutes on a two-core machine.
func DefaultConfig(c *catalog.Catalog) Config {
	return Config{
		Offered: c, Catalog: c.Rules(), Game: c.First(),
		RulesTime: 3 * time.Second, Games: 1000, Measure: 10 * time.Second,
		PipelineGames: 200, PipelineRounds: 8, PipelineRate: 50, LatencyTime: 20 * time.Second,
		RebuildLimit: 90 * time.Second, RebuildGames: 3000,
		GrowthMeasured: 1000, GrowthWorkers: 8, GrowthGames: 1_000_000, GrowthBudget: 15 * time.Minute, GrowthRebuildLimit: 40 * time.Minute,
		GrowthMemoryLimit: 250 * MiB,
		Cluster:           true, LossRate: 100, LossWindow: 30 * time.Second,
	}
}

// measured is everything Run measured, before it is put into words.
type measured struct {
	machine   Machine
	started   time.Time
	elapsed   time.Duration
	rules     []rulesResult
	rulesLoad float64
	pictures  []pictureResult
	picLoad   float64

	serial             Latencies // raw publishes one at a time
	raw, rawBatch      float64   // raw publishes per second, single and atomic batches
	rawLat             Latencies
	rawCPU             time.Duration // processor time per raw publish
	moves              float64
	moveLat            Latencies
	commanded, rebuilt bool // whether those parts ran
	moveFailed         failures
	rawFailed          failures
	rawBatchFailed     failures
	clusterFailed      failures
	commandLoad        float64
	pipeRaw            float64 // raw publishes per second just before the pipeline
	pipe               *pipelineResult
	pipePlain          *pipelineResult // the same moves with mail without pictures
	pipeLoad           float64
	rebuild            rebuildResult
	rebuildLoad        float64
	growth             growthResult
	growthLoad         float64
	clusterRaw         float64
	clusterBatch       float64
	cluster            []clusterRow
	loss               lossResult
	clusterLoad        float64
	clustered          bool
	loadStart, loadEnd float64
}

// Run measures everything cfg asks for and returns the report.
func Run(ctx context.Context, cfg Config) (*Report, error) {
	p := newProgress(cfg.Progress)
	m := &measured{machine: ThisMachine(), started: time.Now(), loadStart: Load()}
	dir := cfg.Dir
	if dir == "" {
		var err error
		if dir, err = os.MkdirTemp("", "pbem-bench-"); err != nil {
			return nil, err
		}
	}
	defer os.RemoveAll(dir)
	if _, err := cfg.Catalog.Lookup(cfg.Game); err != nil {
		return nil, fmt.Errorf("bench: %w", err)
	}
	p.say("pbem bench on %s; data in %s", m.machine, dir)

	for _, name := range cfg.Catalog.Names() {
		if !cfg.runs("rules") {
			break
		}
		p.say("rules: %s playouts on one core for %v", name, cfg.RulesTime)
		m.rulesLoad = Load()
		r, err := rulesCost(cfg.Catalog[name], cfg.RulesTime)
		if err != nil {
			return nil, fmt.Errorf("bench: rules of %s: %w", name, err)
		}
		m.rules = append(m.rules, r)
	}
	for _, name := range cfg.Catalog.Names() {
		if !cfg.runs("pictures") {
			break
		}
		p.say("pictures: %s boards drawn as PNG on one core for %v", name, cfg.RulesTime)
		m.picLoad = Load()
		g, _ := cfg.Offered.Game(name)
		r, err := pictureCost(g, cfg.RulesTime)
		if err != nil {
			return nil, fmt.Errorf("bench: pictures of %s: %w", name, err)
		}
		m.pictures = append(m.pictures, r)
	}
	if cfg.runs("command") || cfg.runs("pipeline") || cfg.runs("rebuild") {
		if err := single(ctx, filepath.Join(dir, "single"), &cfg, m, p); err != nil {
			return nil, err
		}
	}
	if cfg.GrowthGames > 0 && cfg.runs("growth") {
		m.growthLoad = Load()
		g, err := growth(ctx, filepath.Join(dir, "growth"), &cfg, p)
		if err != nil {
			return nil, fmt.Errorf("bench: growth: %w", err)
		}
		m.growth = g
	}
	if cfg.Cluster && cfg.runs("cluster") {
		if err := clustered(ctx, filepath.Join(dir, "cluster"), &cfg, m, p); err != nil {
			return nil, fmt.Errorf("bench: cluster: %w", err)
		}
	}
	m.elapsed, m.loadEnd = time.Since(m.started), Load()
	p.say("done in %v", m.elapsed.Round(time.Second))
	return m.report(&cfg), nil
}

// single measures on one embedded server: the command side and the
// rebuild of what it wrote, and, on a store of its own, the pipeline.
func single(ctx context.Context, dir string, cfg *Config, m *measured, p *progress) error {
	store, err := events.Open(ctx, events.Options{DataDir: dir})
	if err != nil {
		return err
	}
	defer func() {
		if store != nil {
			store.Close()
		}
	}()
	payload := eventPayload()

	p.say("raw: publishes one at a time on one subject for %v", cfg.Measure/4)
	m.commandLoad = Load()
	if _, m.serial, err = rawPublish(ctx, store, 1, 1, payload, cfg.Measure/4, &m.rawFailed); err != nil {
		return err
	}
	if cfg.runs("command") {
		p.say("raw: atomic batches of 3 on %d subjects for %v", cfg.Games, cfg.Measure/2)
		if m.rawBatch, _, err = rawPublish(ctx, store, cfg.Games, 3, payload, cfg.Measure/2, &m.rawBatchFailed); err != nil {
			return err
		}
		p.say("raw: publishes on %d subjects for %v", cfg.Games, cfg.Measure)
		cpu := CPUTime()
		if m.raw, m.rawLat, err = rawPublish(ctx, store, cfg.Games, 1, payload, cfg.Measure, &m.rawFailed); err != nil {
			return err
		}
		m.rawCPU = (CPUTime() - cpu) / time.Duration(max(len(m.rawLat), 1))
		svc := &games.Service{Store: store, Catalog: cfg.Catalog}
		m.commanded = true
		m.moves, m.moveLat, err = commandSide(ctx, []*games.Service{svc}, cfg, 0, &m.moveFailed, p)
		if err != nil {
			return fmt.Errorf("bench: command side: %w", err)
		}
	}

	if cfg.runs("pipeline") {
		// A store of its own: the command side's notices would keep the
		// outbox busy for minutes.
		if err := pipelineStore(ctx, filepath.Join(filepath.Dir(dir), "pipeline"), cfg, m, p); err != nil {
			return err
		}
	}

	if !cfg.runs("rebuild") {
		return nil
	}
	if cfg.RebuildGames > 0 {
		store.Close()
		store = nil
		p.say("rebuild: writing %d finished games", cfg.RebuildGames)
		if _, err := loadFinished(ctx, dir, cfg, 500_000, cfg.RebuildGames, time.Hour, p); err != nil {
			return fmt.Errorf("bench: rebuild: %w", err)
		}
		if store, err = events.Open(ctx, events.Options{DataDir: dir}); err != nil {
			return err
		}
	}
	m.rebuildLoad = Load()
	if m.rebuild, err = rebuild(ctx, store, cfg, p); err != nil {
		return fmt.Errorf("bench: rebuild: %w", err)
	}
	m.rebuilt = true
	return nil
}

// pipelineStore measures the pipeline on a store in dir.
func pipelineStore(ctx context.Context, dir string, cfg *Config, m *measured, p *progress) error {
	store, err := events.Open(ctx, events.Options{DataDir: dir})
	if err != nil {
		return err
	}
	defer store.Close()
	p.say("raw: publishes on %d subjects for %v, before the pipeline", cfg.Games, cfg.Measure/2)
	m.pipeLoad = Load()
	if m.pipeRaw, _, err = rawPublish(ctx, store, cfg.Games, 1, eventPayload(), cfg.Measure/2, &m.rawFailed); err != nil {
		return err
	}
	pr, err := pipeline(ctx, []*events.Store{store}, dir, cfg, 50_000, false, p)
	if err != nil {
		return fmt.Errorf("bench: pipeline: %w", err)
	}
	m.pipe = &pr

	// The same moves again, on a store of their own, with mail that
	// carries no picture: the baseline of what a move's pictures cost.
	plainDir := dir + "-plain"
	plainStore, err := events.Open(ctx, events.Options{DataDir: plainDir})
	if err != nil {
		return err
	}
	defer plainStore.Close()
	plain, err := pipeline(ctx, []*events.Store{plainStore}, plainDir, cfg, 50_000, true, p)
	if err != nil {
		return fmt.Errorf("bench: pipeline without pictures: %w", err)
	}
	m.pipePlain = &plain
	return nil
}

// commandSide creates cfg.Games games and plays them all at once for
// cfg.Measure, the games shared among svcs, one service per process: each
// creates and plays its own share, as one process's mailroom does.
func commandSide(ctx context.Context, svcs []*games.Service, cfg *Config, first int, failed *failures, p *progress) (float64, Latencies, error) {
	scs, err := scriptsFor(cfg, cfg.Games, uint64(first))
	if err != nil {
		return 0, nil, err
	}
	p.say("command side: creating %d games", len(scs))
	start := time.Now()
	var tables []*table
	var owner []*games.Service // of each table
	for k, svc := range svcs {
		from, to := k*len(scs)/len(svcs), (k+1)*len(scs)/len(svcs)
		ts, err := createGames(ctx, svc, scs[from:to], first+from, 32)
		if err != nil {
			return 0, nil, err
		}
		for range ts {
			owner = append(owner, svc)
		}
		tables = append(tables, ts...)
	}
	p.say("command side: created in %v; moves in all %d at once for %v, from %d processes", time.Since(start).Round(time.Millisecond), len(tables), cfg.Measure, len(svcs))
	rate, lat := closedLoop(ctx, len(tables), cfg.Measure, failed, func(ctx context.Context, w int) (bool, error) {
		more, err := tables[w].play(ctx, owner[w])
		return !more, err
	})
	return rate, lat, nil
}

// clustered measures on three servers with three replicas: raw
// publishes, the pipeline and the command side with one, two and three
// pbem processes, each next to raw publishes measured just before it, and
// then what a node's loss costs.
func clustered(ctx context.Context, dir string, cfg *Config, m *measured, p *progress) error {
	p.say("cluster: starting three servers on loopback, each a process of its own")
	c, err := storetest.StartNodes(dir)
	if err != nil {
		return err
	}
	defer c.Stop()
	store, err := c.Open(ctx)
	if err != nil {
		return err
	}
	defer store.Close()
	m.clusterLoad = Load()
	p.say("cluster: raw publishes on %d subjects for %v", cfg.Games, cfg.Measure)
	if m.clusterRaw, _, err = rawPublish(ctx, store, cfg.Games, 1, eventPayload(), cfg.Measure, &m.clusterFailed); err != nil {
		return err
	}
	p.say("cluster: raw atomic batches of 3 on %d subjects for %v", cfg.Games, cfg.Measure/2)
	if m.clusterBatch, _, err = rawPublish(ctx, store, cfg.Games, 3, eventPayload(), cfg.Measure/2, &m.clusterFailed); err != nil {
		return err
	}
	// Each pbem process is a connection of its own with its own caches
	// and leases, in this process; the servers run in theirs. All share
	// the machine's cores.
	var conns []*events.Store
	defer func() {
		for _, st := range conns {
			st.Close()
		}
	}()
	for n := 1; n <= 3; n++ {
		st, err := c.Open(ctx)
		if err != nil {
			return err
		}
		conns = append(conns, st)
		row := clusterRow{processes: n, load: Load()}
		p.say("cluster: raw publishes on %d subjects for %v, before the pipeline of %d processes", cfg.Games, cfg.Measure/2, n)
		if row.pipeRaw, _, err = rawPublish(ctx, store, cfg.Games, 1, eventPayload(), cfg.Measure/2, &m.clusterFailed); err != nil {
			return err
		}
		pr, err := pipeline(ctx, conns, filepath.Join(dir, "pbem"), cfg, 60_000+10_000*n, false, p)
		if err != nil {
			return fmt.Errorf("pipeline of %d processes: %w", n, err)
		}
		row.pipe = &pr
		m.cluster = append(m.cluster, row)
	}
	// The command side comes after every pipeline: the notices of its
	// moves would keep a pipeline's outbox busy for minutes.
	for i := range m.cluster {
		row := &m.cluster[i]
		p.say("cluster: raw publishes on %d subjects for %v, before the command side of %d processes", cfg.Games, cfg.Measure/2, row.processes)
		if row.raw, _, err = rawPublish(ctx, store, cfg.Games, 1, eventPayload(), cfg.Measure/2, &m.clusterFailed); err != nil {
			return err
		}
		var svcs []*games.Service
		for _, st := range conns[:row.processes] {
			svcs = append(svcs, &games.Service{Store: st, Catalog: cfg.Catalog})
		}
		if row.moves, _, err = commandSide(ctx, svcs, cfg, 400_000+100_000*row.processes, &m.clusterFailed, p); err != nil {
			return err
		}
	}
	if cfg.LossRate > 0 {
		if m.loss, err = nodeLoss(ctx, c, store, cfg, p); err != nil {
			return fmt.Errorf("a node's loss: %w", err)
		}
	}
	m.clustered = true
	return nil
}

// clusterRow is what one, two or three pbem processes did on the cluster.
type clusterRow struct {
	processes  int
	raw, moves float64 // raw publishes per second just before, and moves committed per second
	pipeRaw    float64 // raw publishes per second just before the pipeline
	pipe       *pipelineResult
	load       float64
}

// eventPayload is a MovePlayed event as stored, so raw publishes carry
// what a move carries.
func eventPayload() []byte {
	e, err := events.New(events.TypeMovePlayed, 0, time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC),
		events.MovePlayed{Seat: 0, Move: "E5"})
	if err != nil {
		panic(err)
	}
	e.Source = "3f2a9c0d1e5b7a6c4d8e9f0a1b2c3d4e#0"
	return e.Seal("k7m2p9", 12, "b5d1c0ffee0d15ea5e5ca1ab1efeedfacecafebabedeadbeef00112233445566").Encode()
}

// QuickConfig runs every part with tiny sizes in seconds: a check that the
// benchmark works, not a measurement.
func QuickConfig(c *catalog.Catalog) Config {
	return Config{
		Offered: c, Catalog: c.Rules(), Game: c.First(),
		RulesTime: 100 * time.Millisecond, Games: 8, Measure: 500 * time.Millisecond,
		PipelineGames: 3, PipelineRounds: 2, PipelineRate: 20, LatencyTime: 500 * time.Millisecond,
		RebuildLimit: 30 * time.Second, RebuildGames: 5,
		GrowthMeasured: 4, GrowthWorkers: 2, GrowthGames: 20, GrowthBudget: 10 * time.Second, GrowthRebuildLimit: 30 * time.Second,
		GrowthMemoryLimit: 64 * MiB,
		Cluster:           true, LossRate: 20, LossWindow: 4 * time.Second,
	}
}
