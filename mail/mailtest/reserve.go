package mailtest

import (
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

// The servers are shared by every test package that `go test ./...` runs at
// once, and the mailboxes with them: a test that empties the game mailbox
// would take another package's mail away. So Real reserves the servers for
// the calling test: tests of one package (one process) share them, tests of
// other packages wait until none of the first package's tests uses them.
var reservation struct {
	sync.Mutex
	users int
	held  lockFile
}

// reserve waits until this process holds the servers at s, and releases them
// when tb and every other test of this process using them are done.
func reserve(tb testing.TB, s Servers) {
	tb.Helper()
	reservation.Lock()
	defer reservation.Unlock()
	if reservation.users == 0 {
		path := filepath.Join(os.TempDir(), "pbem-mailtest-"+strings.NewReplacer(":", "-", "/", "-", "[", "", "]", "").Replace(s.IMAP)+".lock")
		held, err := acquire(path, func() {
			tb.Logf("waiting for the mail servers: another test package is using them (%s)", path)
		}, 5*time.Second)
		if err != nil {
			tb.Fatalf("reserving the mail servers: %v", err)
		}
		reservation.held = held
	}
	reservation.users++
	tb.Cleanup(func() {
		reservation.Lock()
		defer reservation.Unlock()
		reservation.users--
		if reservation.users == 0 {
			reservation.held.release()
			reservation.held = nil
		}
	})
}
