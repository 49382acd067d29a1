//go:build unix

package mailtest

import (
	"errors"
	"os"
	"syscall"
	"time"
)

const canReserve = true

type lockFile interface{ release() }

type flockFile struct{ f *os.File }

func (l flockFile) release() { l.f.Close() }

// acquire takes an exclusive lock on path, which every user of the machine
// may open, calling waiting once if that takes longer than patience.
func acquire(path string, waiting func(), patience time.Duration) (lockFile, error) {
	f, err := os.OpenFile(path, os.O_RDONLY|os.O_CREATE, 0o666)
	if err != nil {
		return nil, err
	}
	_ = f.Chmod(0o666) // beyond the umask, when this process created it
	told := false
	start := time.Now()
	for {
		err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
		if err == nil {
			return flockFile{f}, nil
		}
		if !errors.Is(err, syscall.EWOULDBLOCK) && !errors.Is(err, syscall.EINTR) {
			f.Close()
			return nil, err
		}
		if !told && time.Since(start) > patience {
			waiting()
			told = true
		}
		time.Sleep(50 * time.Millisecond)
	}
}
