package bench

import (
	"fmt"
	"io"
	"strings"
	"sync"
	"time"
)

// progress tells the operator, on stderr, what the benchmark is doing.
type progress struct {
	mu    sync.Mutex
	w     io.Writer
	start time.Time
}

func newProgress(w io.Writer) *progress {
	if w == nil {
		w = io.Discard
	}
	return &progress{w: w, start: time.Now()}
}

// say writes one line, stamped with the time since the start and the load.
func (p *progress) say(format string, args ...any) {
	p.mu.Lock()
	defer p.mu.Unlock()
	el := time.Since(p.start).Round(time.Second)
	fmt.Fprintf(p.w, "[%02d:%02d load %.1f] %s\n", int(el.Minutes()), int(el.Seconds())%60, Load(), fmt.Sprintf(format, args...))
}

// Write writes b, a line of a log, as one progress line.
func (p *progress) Write(b []byte) (int, error) {
	p.say("%s", strings.TrimRight(string(b), "\n"))
	return len(b), nil
}

// every says what status returns every d until the returned function is
// called.
func (p *progress) every(d time.Duration, status func() string) (stop func()) {
	done := make(chan struct{})
	var wg sync.WaitGroup
	wg.Go(func() {
		t := time.NewTicker(d)
		defer t.Stop()
		for {
			select {
			case <-done:
				return
			case <-t.C:
				p.say("%s", status())
			}
		}
	})
	return func() {
		close(done)
		wg.Wait()
	}
}
