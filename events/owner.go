package events

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"syscall"
	"time"

	"github.com/nats-io/nats.go"
)

// A data directory has one owner at a time: the process whose embedded
// nats-server has it open. Two servers on one directory corrupt its
// streams (a history that ends before its last message, a consumer's
// state renamed under the other), so whoever opens the embedded server
// first takes an exclusive lock on LockFile. The kernel releases the
// lock when the process dies, however it dies, so the lock alone says
// whether the owner is alive.
//
// An owner that serves (Options.Serve) also lets others in: its server
// listens on a random loopback port with a random token, and ServingFile,
// readable by its owner only, says where. Any other process that finds the
// directory locked and that file present connects there as a client; one
// that finds it locked with no such file (another command line) waits.
const (
	// LockFile is the file in a data directory that its owner locks.
	LockFile = "lock"
	// ServingFile is the file in a data directory that tells how to reach
	// the server of the process serving it.
	ServingFile = "serving.json"
)

// ErrServed is returned by Open with Options.Serve when another process
// serves the data directory already.
var ErrServed = errors.New("served by another pbem")

// lockPoll is how often a process waiting for a data directory tries the
// lock again and looks for a server to join.
const lockPoll = 25 * time.Millisecond

// waitNotice is how long Open waits for a data directory before it calls
// Options.OnWait.
const waitNotice = time.Second

// serving is what ServingFile holds.
type serving struct {
	URL   string `json:"url"`
	Token string `json:"token"`
	PID   int    `json:"pid"`
}

// owner is a process's hold on a data directory.
type owner struct {
	dir     string
	lock    *os.File
	serving bool // ServingFile is ours, to remove when we stop
}

// openDir makes s the owner of opt.DataDir with an embedded server, or a
// client of the process that serves it, waiting while another process
// owns it without serving.
func (s *Store) openDir(ctx context.Context, opt Options) error {
	dir := opt.DataDir
	if dir == "" {
		return errors.New("events: embedded server: Options.DataDir is required without Options.URL")
	}
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return fmt.Errorf("events: data directory: %w", err)
	}
	lock, err := os.OpenFile(filepath.Join(dir, LockFile), os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		return fmt.Errorf("events: data directory: %w", err)
	}
	start, told := time.Now(), false
	for {
		err := syscall.Flock(int(lock.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
		if err == nil {
			break
		}
		if !errors.Is(err, syscall.EWOULDBLOCK) {
			lock.Close()
			return fmt.Errorf("events: lock %s: %w", dir, err)
		}
		if nc, sv, ok := join(dir); ok {
			lock.Close()
			if opt.Serve {
				nc.Close()
				return fmt.Errorf("events: data directory %s: %w (pid %d); stop it first", dir, ErrServed, sv.PID)
			}
			s.nc = nc
			return nil
		}
		if !told && time.Since(start) >= waitNotice {
			told = true
			if opt.OnWait != nil {
				opt.OnWait()
			}
		}
		select {
		case <-ctx.Done():
			lock.Close()
			return fmt.Errorf("events: waiting for %s: %w", dir, ctx.Err())
		case <-time.After(lockPoll):
		}
	}
	s.owner = &owner{dir: dir, lock: lock}
	// What a previous owner left says nothing now: it died without
	// removing it, or the lock would not have been free.
	if err := os.Remove(filepath.Join(dir, ServingFile)); err != nil && !errors.Is(err, os.ErrNotExist) {
		return fmt.Errorf("events: data directory: %w", err)
	}
	_ = lock.Truncate(0)
	_, _ = lock.WriteAt([]byte(strconv.Itoa(os.Getpid())+"\n"), 0)

	var token string
	if opt.Serve {
		b := make([]byte, 24)
		_, _ = rand.Read(b)
		token = hex.EncodeToString(b)
	}
	if s.ns, err = startEmbedded(dir, token); err != nil {
		return err
	}
	opts := []nats.Option{nats.InProcessServer(s.ns), nats.Name("pbem")}
	if token != "" {
		opts = append(opts, nats.Token(token))
	}
	if s.nc, err = nats.Connect("", opts...); err != nil {
		return fmt.Errorf("events: connect: %w", err)
	}
	if opt.Serve {
		sv := serving{URL: s.ns.ClientURL(), Token: token, PID: os.Getpid()}
		if err := writeServing(dir, sv); err != nil {
			return fmt.Errorf("events: data directory: %w", err)
		}
		s.owner.serving = true
	}
	return nil
}

// join connects to the server that ServingFile in dir names, if there is
// one and it answers with the token the file holds.
func join(dir string) (*nats.Conn, serving, bool) {
	var sv serving
	data, err := os.ReadFile(filepath.Join(dir, ServingFile))
	if err != nil || json.Unmarshal(data, &sv) != nil || sv.URL == "" {
		return nil, sv, false
	}
	// No reconnection: a server that goes away is a service stopped, and
	// the next one listens elsewhere with another token. The command
	// fails and may be run again.
	nc, err := nats.Connect(sv.URL, nats.Token(sv.Token), nats.Name("pbem"), nats.Timeout(2*time.Second), nats.NoReconnect())
	if err != nil {
		return nil, sv, false
	}
	return nc, sv, true
}

// writeServing writes ServingFile whole, readable by its owner only.
func writeServing(dir string, sv serving) error {
	data, err := json.Marshal(sv)
	if err != nil {
		return err
	}
	tmp := filepath.Join(dir, ServingFile+".tmp")
	if err := os.WriteFile(tmp, append(data, '\n'), 0o600); err != nil {
		return err
	}
	return os.Rename(tmp, filepath.Join(dir, ServingFile))
}

// stopServing removes ServingFile, so that nobody joins a server about
// to stop.
func (o *owner) stopServing() {
	if o != nil && o.serving {
		_ = os.Remove(filepath.Join(o.dir, ServingFile))
		o.serving = false
	}
}

// release gives the data directory up; call it once the embedded server
// has stopped.
func (o *owner) release() {
	if o == nil || o.lock == nil {
		return
	}
	_ = syscall.Flock(int(o.lock.Fd()), syscall.LOCK_UN)
	_ = o.lock.Close()
	o.lock = nil
}

// Waiting is the line a command prints when it has waited a second for
// a data directory that another process owns.
func Waiting(dir string) string {
	return "waiting for the data directory " + dir + ", held by another pbem"
}
