package bench

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"runtime"
	"runtime/metrics"
	"runtime/pprof"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"
)

// Machine is what the figures were measured on.
type Machine struct {
	Cores int    // logical processors the process may use
	CPU   string // model name from /proc/cpuinfo, "" where unknown
	Go    string // the Go version the program was built with
	OS    string // GOOS/GOARCH
}

// ThisMachine describes the machine the process runs on.
func ThisMachine() Machine {
	m := Machine{Cores: runtime.NumCPU(), Go: runtime.Version(), OS: runtime.GOOS + "/" + runtime.GOARCH}
	if b, err := os.ReadFile("/proc/cpuinfo"); err == nil {
		s := bufio.NewScanner(bytes.NewReader(b))
		for s.Scan() {
			k, v, ok := strings.Cut(s.Text(), ":")
			if ok && strings.TrimSpace(k) == "model name" {
				m.CPU = strings.TrimSpace(v)
				break
			}
		}
	}
	return m
}

func (m Machine) String() string {
	cpu := m.CPU
	if cpu == "" {
		cpu = "unknown CPU"
	}
	return fmt.Sprintf("%d cores, %s, %s, %s", m.Cores, cpu, m.Go, m.OS)
}

// Load is the system's load average over one minute, from /proc/loadavg;
// -1 where it cannot be read. Other work on the machine slows every figure
// alike, which is why each is given as a ratio to a baseline measured
// moments before.
func Load() float64 {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return -1
	}
	f := strings.Fields(string(b))
	if len(f) == 0 {
		return -1
	}
	v, err := strconv.ParseFloat(f[0], 64)
	if err != nil {
		return -1
	}
	return v
}

// PeakRSS returns the process's peak resident memory (VmHWM) in bytes, or
// 0 where /proc/self/status cannot be read.
func PeakRSS() uint64 {
	b, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0
	}
	for line := range strings.Lines(string(b)) {
		if rest, ok := strings.CutPrefix(line, "VmHWM:"); ok {
			f := strings.Fields(rest)
			if len(f) == 0 {
				return 0
			}
			kb, _ := strconv.ParseUint(f[0], 10, 64)
			return kb << 10
		}
	}
	return 0
}

// ResetPeakRSS starts the count of PeakRSS afresh from the current resident
// memory, so one phase's peak is not another's. It reports whether the
// kernel allowed it.
func ResetPeakRSS() bool {
	return os.WriteFile("/proc/self/clear_refs", []byte("5"), 0) == nil
}

// heapWatch follows the Go heap while a measurement runs.
type heapWatch struct {
	done       chan struct{}
	wg         sync.WaitGroup
	peak, live uint64
}

// watchHeap reads the Go heap every d until stop: the resident memory of
// a Go process is mostly its heap, which the collector lets grow to about
// twice what was live after the last collection (GOGC=100) before it
// collects again.
func watchHeap(d time.Duration) *heapWatch {
	w := &heapWatch{done: make(chan struct{})}
	samples := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}, {Name: "/gc/heap/live:bytes"}}
	read := func() {
		metrics.Read(samples)
		for i, v := range []*uint64{&w.peak, &w.live} {
			if samples[i].Value.Kind() == metrics.KindUint64 {
				*v = max(*v, samples[i].Value.Uint64())
			}
		}
	}
	read()
	w.wg.Go(func() {
		t := time.NewTicker(d)
		defer t.Stop()
		for {
			select {
			case <-w.done:
				read()
				return
			case <-t.C:
				read()
			}
		}
	})
	return w
}

// stop ends the watch and returns the most the heap held, garbage not
// yet collected included, and the most of it found live by a collection.
func (w *heapWatch) stop() (peak, live uint64) {
	close(w.done)
	w.wg.Wait()
	return w.peak, w.live
}

// writeHeapProfile writes the live heap, for go tool pprof.
func writeHeapProfile(path string) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	runtime.GC()
	if err := pprof.WriteHeapProfile(f); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// CPUTime is the processor time, user and system, the process has used so
// far; 0 where it cannot be read.
func CPUTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
