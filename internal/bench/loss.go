package bench

import (
	"context"
	"fmt"
	"slices"
	"sync"
	"time"

	"github.com/pbem-games/pbem/events"
	"github.com/pbem-games/pbem/events/storetest"
	"github.com/pbem-games/pbem/games"
)

// lossResult is what stopping a node of the cluster cost the moves played
// meanwhile at a steady rate.
type lossResult struct {
	rate   float64       // moves per second asked
	steady time.Duration // the longest time without a commit before anything was stopped
	events []lossEvent
	moves  int
	failed *failures
}

// lossEvent is one node stopped or started again, and what followed.
type lossEvent struct {
	what string
	// gap is the longest time no move was committed, of the gaps that
	// began within cfg.LossWindow after it: the service unavailable.
	gap time.Duration
	// slowest is the longest a move begun within cfg.LossWindow after it
	// took, tries again after a failure included: what a player waited.
	slowest time.Duration
}

// nodeLoss plays moves at cfg.LossRate through one connection while the
// node that leads the stream is killed with SIGKILL and started again,
// then a node that follows it. Each move carries a source, as a mail's does, so one
// whose acknowledgement was lost with the node is recognised when tried
// again.
func nodeLoss(ctx context.Context, c *storetest.Nodes, store *events.Store, cfg *Config, p *progress) (lossResult, error) {
	res := lossResult{rate: cfg.LossRate, failed: &failures{}}
	n := int(cfg.LossRate * 5) // each game moves every five seconds
	scs, err := scriptsFor(cfg, n, 900_000)
	if err != nil {
		return res, err
	}
	svc := &games.Service{Store: store, Catalog: cfg.Catalog}
	p.say("node loss: creating %d games", n)
	tables, err := createGames(ctx, svc, scs, 900_000, 16)
	if err != nil {
		return res, err
	}
	ready := make(chan *table, len(tables))
	for _, tb := range tables {
		ready <- tb
	}
	type move struct{ began, done time.Time }
	var (
		mu    sync.Mutex
		moves []move
		wg    sync.WaitGroup
	)
	defer wg.Wait() // after stop, on every return
	playCtx, stop := context.WithCancel(ctx)
	defer stop()
	wg.Go(func() {
		tick := time.NewTicker(time.Duration(float64(time.Second) / cfg.LossRate))
		defer tick.Stop()
		for {
			select {
			case <-playCtx.Done():
				return
			case <-tick.C:
			}
			var tb *table
			select {
			case tb = <-ready:
			default:
				continue // every game waits for its last move
			}
			wg.Go(func() {
				began := time.Now()
				for playCtx.Err() == nil {
					more, err := tb.playAs(playCtx, svc, games.Cause{Source: fmt.Sprintf("loss-%s-%d", tb.id, tb.next)})
					if err != nil {
						res.failed.add(err)
						time.Sleep(retryPause)
						continue
					}
					if more {
						mu.Lock()
						moves = append(moves, move{began, time.Now()})
						mu.Unlock()
					}
					if more && tb.next < len(tb.script.moves)-1 {
						ready <- tb
					}
					return
				}
			})
		}
	})
	pause := func(d time.Duration) error {
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(d):
			return nil
		}
	}
	type mark struct {
		what string
		at   time.Time
	}
	var marks []mark
	// stopStart kills node i, leaves it down for half the window, and
	// starts it again for the other half.
	stopStart := func(i int, role string) error {
		p.say("node loss: killing node-%d, %s", i, role)
		marks = append(marks, mark{"node-" + fmt.Sprint(i) + ", " + role + ", killed", time.Now()})
		c.Kill(i)
		if err := pause(cfg.LossWindow / 2); err != nil {
			return err
		}
		p.say("node loss: starting node-%d again", i)
		marks = append(marks, mark{"node-" + fmt.Sprint(i) + " started again", time.Now()})
		if err := c.Start(i); err != nil {
			return err
		}
		return pause(cfg.LossWindow / 2)
	}
	p.say("node loss: %.0f moves per second in %d games", cfg.LossRate, n)
	if err := pause(cfg.LossWindow / 4); err != nil { // steady first
		return res, err
	}
	steadyUntil := time.Now()
	leader, err := streamLeader(ctx, store)
	if err != nil {
		return res, err
	}
	if err := stopStart(c.Node(leader), "the stream's leader"); err != nil {
		return res, err
	}
	if leader, err = streamLeader(ctx, store); err != nil {
		return res, err
	}
	follower := (c.Node(leader) + 1) % 3
	if err := stopStart(follower, "a follower"); err != nil {
		return res, err
	}
	stop()
	wg.Wait()

	slices.SortFunc(moves, func(a, b move) int { return a.done.Compare(b.done) })
	var last time.Time
	for i, m := range moves {
		if i > 0 && m.done.Before(steadyUntil) {
			res.steady = max(res.steady, m.done.Sub(last))
		}
		last = m.done
	}
	// A mark's gap is the longest time without a commit from the mark
	// until the next (or the end of its window), counted from the mark at
	// the earliest: a node started again is not charged with the time it
	// was down.
	for i, mk := range marks {
		ev := lossEvent{what: mk.what}
		end := mk.at.Add(cfg.LossWindow)
		if i+1 < len(marks) {
			end = marks[i+1].at
		}
		prev := mk.at
		for _, m := range moves { // in the order they were committed
			if !m.done.After(mk.at) {
				continue
			}
			if !prev.Before(end) {
				break
			}
			ev.gap = max(ev.gap, m.done.Sub(prev))
			prev = m.done
		}
		for _, m := range moves {
			if !m.began.Before(mk.at) && m.began.Before(end) {
				ev.slowest = max(ev.slowest, m.done.Sub(m.began))
			}
		}
		res.events = append(res.events, ev)
	}
	res.moves = len(moves)
	return res, nil
}

// streamLeader names the node that leads the stream now.
func streamLeader(ctx context.Context, store *events.Store) (string, error) {
	for deadline := time.Now().Add(time.Minute); ; {
		s, err := store.JetStream().Stream(ctx, events.StreamName)
		if err == nil {
			info, err := s.Info(ctx)
			if err == nil && info.Cluster != nil && info.Cluster.Leader != "" {
				return info.Cluster.Leader, nil
			}
		}
		if time.Now().After(deadline) {
			return "", fmt.Errorf("the stream has no leader after a minute: %v", err)
		}
		select {
		case <-ctx.Done():
			return "", ctx.Err()
		case <-time.After(200 * time.Millisecond):
		}
	}
}
