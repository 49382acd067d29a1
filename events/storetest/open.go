package storetest

import (
	"context"
	"testing"

	"github.com/pbem-games/pbem/events"
)

// MustOpen returns a store on an embedded JetStream in a temporary data
// directory, closed when the test ends.
func MustOpen(tb testing.TB) *events.Store {
	tb.Helper()
	s, err := events.Open(context.Background(), events.Options{DataDir: tb.TempDir()})
	if err != nil {
		tb.Fatalf("events.Open: %v", err)
	}
	tb.Cleanup(func() { s.Close() })
	return s
}
