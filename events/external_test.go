package events_test

import (
	"context"
	"testing"
	"time"

	"github.com/nats-io/nats-server/v2/server"
	"github.com/pbem-games/pbem/events"
	"github.com/pbem-games/pbem/events/storetest"
)

// TestStoreExternal runs the acceptance suite against a NATS server in its
// own right, reached by URL over loopback, as a deployment with an external
// server or cluster is: the same code, another connection.
func TestStoreExternal(t *testing.T) {
	ns, err := server.NewServer(&server.Options{Host: "127.0.0.1", Port: -1, JetStream: true,
		StoreDir: t.TempDir(), NoLog: true, NoSigs: true, MaxPayload: events.MaxPayload})
	if err != nil {
		t.Fatal(err)
	}
	ns.Start()
	defer func() { ns.Shutdown(); ns.WaitForShutdown() }()
	if !ns.ReadyForConnections(10 * time.Second) {
		t.Fatal("nats-server not ready")
	}
	storetest.Run(t, func(t *testing.T, _ string) *events.Store {
		t.Helper()
		s, err := events.Open(context.Background(), events.Options{URL: ns.ClientURL()})
		if err != nil {
			t.Fatalf("Open(%s) = %v, want nil", ns.ClientURL(), err)
		}
		return s
	})
}
