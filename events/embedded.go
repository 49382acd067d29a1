package events

import (
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
// file storage under dir (in dir/jetstream). Every write is synced to disk
// before it is acknowledged. Without a token it listens on no port and the
// store connects in-process; with one it also listens on a random
// loopback port, for the other processes on this machine that hold the
// token, and asks every client for it.
func startEmbedded(dir, token string) (*server.Server, error) {
	opts := &server.Options{
		ServerName: "pbem",
		JetStream:  true,
		StoreDir:   dir,
		SyncAlways: true,
		DontListen: true,
		NoSigs:     true,
		NoLog:      true,
		MaxPayload: MaxPayload,
	}
	if token != "" {
		opts.DontListen = false
		opts.Host, opts.Port = "127.0.0.1", server.RANDOM_PORT
		opts.Authorization = token
	}
	ns, err := server.NewServer(opts)
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
