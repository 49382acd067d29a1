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
	// Open before creating: in a sticky /tmp, fs.protected_regular refuses
	// even root an O_CREATE open of a file that another user owns.
	f, err := os.Open(path)
	if errors.Is(err, os.ErrNotExist) {
		if f, err = os.OpenFile(path, os.O_RDONLY|os.O_CREATE|os.O_EXCL, 0o666); err == nil {
			_ = f.Chmod(0o666) // beyond the umask, for the other users' tests
		} else if errors.Is(err, os.ErrExist) {
			f, err = os.Open(path)
		}
	}
	if err != nil {
		return nil, err
	}
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
