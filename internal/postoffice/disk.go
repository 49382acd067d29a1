package postoffice

import (
	"context"
	"fmt"
	"log/slog"
	"sync"
	"syscall"
	"time"
)

// defaultMinFreeMB is the free space, in MiB, below which the service
// stops reading mail when min_free_mb is not set.
const defaultMinFreeMB = 256

// diskEvery is how often the free space is looked at.
const diskEvery = 2 * time.Second

// diskWatch watches the free space on the data directory's file system.
// Below minFree the intake leaves new mail on the IMAP server, where it is
// safe, rather than record it on a disk about to fill up: JetStream
// stops writing a stream for good (until it is restarted) once a write of
// it fails for want of space. Games already recorded go on.
type diskWatch struct {
	dir     string
	minFree uint64
	log     *slog.Logger

	mu    sync.Mutex
	state diskState
}

// diskState is the data directory's free space, as /healthz shows it.
type diskState struct {
	Dir     string `json:"dir"`
	Free    uint64 `json:"free"`    // bytes free for the service
	MinFree uint64 `json:"minFree"` // below this the intake leaves mail on the server
	Low     bool   `json:"low,omitempty"`
	Error   string `json:"error,omitempty"` // why the free space is unknown
}

func newDiskWatch(dir string, minFreeMB int, log *slog.Logger) *diskWatch {
	if minFreeMB == 0 {
		minFreeMB = defaultMinFreeMB
	}
	d := &diskWatch{dir: dir, minFree: uint64(max(minFreeMB, 0)) << 20, log: log}
	d.state = diskState{Dir: dir, MinFree: d.minFree}
	d.check()
	return d
}

// run looks at the free space every diskEvery until ctx ends.
func (d *diskWatch) run(ctx context.Context) error {
	t := time.NewTicker(diskEvery)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return nil
		case <-t.C:
			d.check()
		}
	}
}

func (d *diskWatch) check() {
	var st syscall.Statfs_t
	err := syscall.Statfs(d.dir, &st)
	d.mu.Lock()
	defer d.mu.Unlock()
	if err != nil {
		if d.state.Error == "" {
			d.log.Error("cannot tell the free space of the data directory", "dir", d.dir, "err", err)
		}
		d.state.Error = err.Error()
		return
	}
	d.state.Error = ""
	d.state.Free = st.Bavail * uint64(st.Bsize)
	low := d.state.Free < d.minFree
	switch {
	case low && !d.state.Low:
		d.log.Error("disk nearly full: new mail stays on the IMAP server until space returns",
			"dir", d.dir, "free", mib(d.state.Free), "min_free", mib(d.minFree))
	case !low && d.state.Low:
		d.log.Info("disk space back: reading mail again", "dir", d.dir, "free", mib(d.state.Free))
	}
	d.state.Low = low
}

// hold is the intake's Hold.
func (d *diskWatch) hold() string {
	d.mu.Lock()
	defer d.mu.Unlock()
	if !d.state.Low {
		return ""
	}
	return fmt.Sprintf("the data directory has %s free, less than min_free_mb (%s)", mib(d.state.Free), mib(d.minFree))
}

func (d *diskWatch) report() diskState {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.state
}

func mib(n uint64) string { return fmt.Sprintf("%.1f MiB", float64(n)/(1<<20)) }
