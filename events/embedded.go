package events

import (
	"errors"
	"fmt"
	"time"

	"github.com/nats-io/nats-server/v2/server"
)

// startupTimeout bounds how long the embedded server may take to recover
// its storage and accept connections.
const startupTimeout = 30 * time.Second

// MaxPayload is the largest message the embedded server takes: room for a
// whole mail in an inbox record. An external server needs max_payload set
// as high.
const MaxPayload = 8 << 20

// startEmbedded starts a nats-server inside the process with JetStream on
// file storage under dir (in dir/jetstream). It listens on no port; the
// store connects in-process. Every write is synced to disk before it is
// acknowledged.
func startEmbedded(dir string) (*server.Server, error) {
	if dir == "" {
		return nil, errors.New("events: embedded server: Options.DataDir is required without Options.URL")
	}
	ns, err := server.NewServer(&server.Options{
		ServerName: "pbem",
		JetStream:  true,
		StoreDir:   dir,
		SyncAlways: true,
		DontListen: true,
		NoSigs:     true,
		NoLog:      true,
		MaxPayload: MaxPayload,
	})
	if err != nil {
		return nil, fmt.Errorf("events: embedded server in %s: %w", dir, err)
	}
	ns.Start()
	if !ns.ReadyForConnections(startupTimeout) {
		ns.Shutdown()
		ns.WaitForShutdown()
		return nil, fmt.Errorf("events: embedded server in %s: not ready after %v", dir, startupTimeout)
	}
	return ns, nil
}
