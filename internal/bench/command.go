package bench

import (
	"context"
	"fmt"
	"sync"
	"sync/atomic"
	"time"

	"github.com/pbem-games/pbem/games"
)

// benchDomain is the mail domain of the benchmark's players.
const benchDomain = "bench.test"

// table is a game being played from its script.
type table struct {
	id     string
	index  int // the game's number in the benchmark, which names its players
	script script
	next   int // the script's next move
}

// createGames creates one game per script, workers at a time, and returns
// them ready to play.
func createGames(ctx context.Context, svc *games.Service, scripts []script, first, workers int) ([]*table, error) {
	tables := make([]*table, len(scripts))
	var next atomic.Int64
	var wg sync.WaitGroup
	errs := make(chan error, workers)
	for range workers {
		wg.Go(func() {
			for {
				i := int(next.Add(1) - 1)
				if i >= len(scripts) || ctx.Err() != nil {
					return
				}
				sc := scripts[i]
				seed := sc.setup.Seed
				id, err := svc.Create(ctx, games.NewGame{Game: sc.game.Info().Name, Players: players(first+i, sc.setup.Seats, benchDomain),
					Seed: &seed, Host: "host@" + benchDomain, Source: fmt.Sprintf("bench-%d", first+i)})
				if err != nil {
					errs <- fmt.Errorf("create game %d: %w", first+i, err)
					return
				}
				tables[i] = &table{id: id, index: first + i, script: sc}
			}
		})
	}
	wg.Wait()
	close(errs)
	if err := <-errs; err != nil {
		return nil, err
	}
	return tables, nil
}

// play plays the next move of t, and reports false when its script is
// over. A seat's only legal move the service played itself is skipped.
func (t *table) play(ctx context.Context, svc *games.Service) (bool, error) {
	return t.playAs(ctx, svc, games.Cause{})
}

// playAs is play with the move's cause: one with a Source is played once
// however often it is asked, as a player's mail is.
func (t *table) playAs(ctx context.Context, svc *games.Service, c games.Cause) (bool, error) {
	for t.next < len(t.script.moves) && t.script.moves[t.next].forced {
		t.next++
	}
	if t.next >= len(t.script.moves) {
		return false, nil
	}
	m := t.script.moves[t.next]
	if _, err := svc.Move(ctx, t.id, m.seat, m.text, c); err != nil {
		return false, fmt.Errorf("game %s move %d (%s by seat %d): %w", t.id, t.next+1, m.text, m.seat, err)
	}
	t.next++
	return true, nil
}

// failures counts the moves that failed; each is tried again, as the
// mailroom tries a mail again, so a failure costs time but stops nothing.
type failures struct {
	mu    sync.Mutex
	n     int
	first error
}

// retryPause is how long a player whose move failed waits to try again.
const retryPause = 100 * time.Millisecond

func (f *failures) add(err error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.n++
	f.first = cmpOr(f.first, err)
}

// String says how many failed and why the first did, "" if none.
func (f *failures) String() string {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.n == 0 {
		return ""
	}
	return fmt.Sprintf("%d failed and were tried again; the first: %v", f.n, f.first)
}

// closedLoop runs n workers at once for d, each calling op(ctx, its
// number) again as soon as the last call returned, until d is over or op
// says it is done. A call that fails is counted in failed and followed by
// a pause. It returns the calls that succeeded per second and each one's
// latency.
func closedLoop(ctx context.Context, n int, d time.Duration, failed *failures, op func(ctx context.Context, w int) (done bool, err error)) (float64, Latencies) {
	// A thousand workers may queue far longer than JetStream's default
	// wait for an acknowledgement.
	ctx, cancel := context.WithTimeout(ctx, d+2*time.Minute)
	defer cancel()
	var (
		count atomic.Int64
		mu    sync.Mutex
		lat   Latencies
		wg    sync.WaitGroup
	)
	start := time.Now()
	stop := start.Add(d)
	for w := range n {
		wg.Go(func() {
			var mine Latencies
			defer func() {
				mu.Lock()
				lat = append(lat, mine...)
				mu.Unlock()
			}()
			for time.Now().Before(stop) && ctx.Err() == nil {
				began := time.Now()
				done, err := op(ctx, w)
				if err != nil {
					failed.add(err)
					time.Sleep(retryPause)
					continue
				}
				if done {
					return
				}
				mine = append(mine, time.Since(began))
				count.Add(1)
			}
		})
	}
	wg.Wait()
	return perSecond(int(count.Load()), time.Since(start)), lat
}

// scriptsFor returns n scripts of the configuration's game, from seeds
// first, first+1, …
func scriptsFor(cfg *Config, n int, first uint64) ([]script, error) {
	g, err := cfg.Catalog.Lookup(cfg.Game)
	if err != nil {
		return nil, err
	}
	out := make([]script, n)
	for i := range out {
		sc, err := playout(g, max(g.Info().MinSeats, 2), first+uint64(i))
		if err != nil {
			return nil, err
		}
		out[i] = sc
	}
	return out, nil
}
