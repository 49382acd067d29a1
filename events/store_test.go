package events_test

import (
	"context"
	"testing"

	"github.com/pbem-games/pbem/events"
	"github.com/pbem-games/pbem/events/storetest"
)

func TestStoreEmbedded(t *testing.T) {
	storetest.Run(t, func(t *testing.T, dir string) *events.Store {
		t.Helper()
		s, err := events.Open(context.Background(), events.Options{DataDir: dir})
		if err != nil {
			t.Fatalf("Open(%s) = %v, want nil", dir, err)
		}
		return s
	})
}
