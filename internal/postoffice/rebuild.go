package postoffice

import (
	"context"
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
	"time"

	"github.com/pbem-games/pbem/campaigns/organiser"
	"github.com/pbem-games/pbem/events"
	"github.com/pbem-games/pbem/games"
	"github.com/pbem-games/pbem/projections"
	"github.com/pbem-games/pbem/rules"
)

// Rebuild throws the read models away and folds them again from every
// game's history in store, showing on progress how far it is, and says
// on out how many events it folded in how long. It holds the projector's
// lease meanwhile, so that no serving process folds into the read models
// at the same time, and refuses while one runs its projector.
func Rebuild(ctx context.Context, store projections.Store, catalog rules.Catalog, progress, out io.Writer) error {
	start := time.Now()
	n, err := rebuild(ctx, store, catalog, progress)
	if err == nil {
		fmt.Fprintf(out, "rebuilt the read models from %d events in %v\n", n, time.Since(start).Round(time.Millisecond))
	}
	return err
}

// EraseRevealed erases the secret seeds of the games and campaigns whose
// end has revealed them, which stores written before pbem erased them at
// the end still keep (as does one whose erase at the end failed), and
// returns how many it erased. A running game's or campaign's secret stays.
func EraseRevealed(ctx context.Context, svc *games.Service) (int, error) {
	secrets, err := svc.Store.Counts(ctx, events.SecretSubject+">")
	if err != nil {
		return 0, err
	}
	org := &organiser.Service{Games: svc}
	n := 0
	for subject := range secrets {
		id := strings.TrimPrefix(subject, events.SecretSubject)
		revealed := false
		if organiser.IsID(id) {
			c, _, _, err := org.Load(ctx, id)
			revealed = err == nil && c.Seed != nil
		} else {
			_, revealed = projections.Revealed(ctx, svc.Store, id)
		}
		if !revealed {
			continue // running
		}
		if err := svc.Store.Erase(ctx, subject); err != nil {
			return n, err
		}
		n++
	}
	return n, nil
}

// rebuild rebuilds the read models and returns how many events it
// folded.
func rebuild(ctx context.Context, store projections.Store, catalog rules.Catalog, progress io.Writer) (uint64, error) {
	// The projector of a running "pbem serve" folds every new event into
	// the read models: the two must not write them at once. The rebuild
	// holds the projector's lease, so no serve process starts its
	// projector meanwhile, and one that runs it now is named.
	holders, err := events.LeaseHolders(ctx, store, ProjectorPart, time.Now())
	if err != nil {
		return 0, err
	}
	if owner, ok := holders[ProjectorPart]; ok {
		return 0, fmt.Errorf("the read models are kept up to date by pbem serve (process %s); stop it, run pbem rebuild, and start it again: it goes on from where the rebuild ends", owner)
	}
	host, _ := os.Hostname()
	lease := &events.Lease{Store: store, Name: ProjectorPart, Owner: fmt.Sprintf("pbem rebuild on %s, pid %d", host, os.Getpid())}
	pr, err := projections.NewProjector(ctx, store, catalog)
	if err != nil {
		return 0, err
	}
	bar := newBar(progress, "events folded")
	pr.OnProgress = bar.set
	rctx, done := context.WithCancel(ctx)
	defer done()
	waiting := time.AfterFunc(2*time.Second, func() {
		fmt.Fprintln(progress, "pbem rebuild: waiting for the projector's lease, which another process holds")
	})
	// A rebuild cut short by the lease lost runs again once it is taken
	// again; one that fails with the lease held ends the command.
	finished := false
	err = lease.Run(rctx, func(ctx context.Context) error {
		waiting.Stop()
		if err := pr.Rebuild(ctx); err != nil {
			return err
		}
		finished = true
		done()
		return nil
	}, nil)
	waiting.Stop()
	bar.finish()
	if err != nil {
		return 0, err
	}
	if !finished {
		return 0, fmt.Errorf("rebuild stopped before the end: %w", context.Cause(ctx))
	}
	return bar.folded(), nil
}

// bar shows how far a long job is: on a terminal, one line redrawn in
// place at most ten times a second; elsewhere (a log, a pipe) a line
// every ten seconds.
type bar struct {
	mu         sync.Mutex
	w          io.Writer
	what       string
	tty        bool
	start      time.Time
	drawn      time.Time
	done, left uint64
	shown      bool
}

func newBar(w io.Writer, what string) *bar {
	b := &bar{w: w, what: what, start: time.Now()}
	if f, ok := w.(*os.File); ok {
		if st, err := f.Stat(); err == nil {
			b.tty = st.Mode()&os.ModeCharDevice != 0
		}
	}
	return b
}

// set says done of done+left are done.
func (b *bar) set(done, left uint64) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.done, b.left = done, left
	every := 10 * time.Second
	if b.tty {
		every = 100 * time.Millisecond
	}
	if now := time.Now(); now.Sub(b.drawn) >= every {
		b.drawn = now
		b.draw()
	}
}

// folded is how many are done.
func (b *bar) folded() uint64 {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.done
}

// finish draws the bar as it ends and leaves the line.
func (b *bar) finish() {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.shown {
		b.draw()
		if b.tty {
			fmt.Fprintln(b.w)
		}
	}
}

// draw writes the bar; b.mu is held.
func (b *bar) draw() {
	const width = 30
	total := b.done + b.left
	frac := 1.0
	if total > 0 {
		frac = float64(b.done) / float64(total)
	}
	el := time.Since(b.start)
	rest := "" // the time left at the pace so far
	if b.done > 0 && b.left > 0 {
		rest = fmt.Sprintf(", about %v left", (time.Duration(float64(el) / float64(b.done) * float64(b.left))).Round(time.Second))
	}
	line := fmt.Sprintf("[%-*s] %3.0f%% %d of %d %s, %v%s", width, strings.Repeat("#", int(frac*width)), 100*frac,
		b.done, total, b.what, el.Round(time.Second), rest)
	if b.tty {
		fmt.Fprintf(b.w, "\r%s\x1b[K", line)
	} else {
		fmt.Fprintln(b.w, line)
	}
	b.shown = true
}
