package postoffice

import (
	"bytes"
	"context"
	"errors"
	"regexp"
	"testing"

	"github.com/pbem-games/pbem/events"
	"github.com/pbem-games/pbem/games"
	"github.com/pbem-games/pbem/projections"
)

// TestRebuild: the read models of a store no projector has run on are
// folded from the histories, each game's summary then there, and the
// rebuild says how many events it folded; a rebuild again folds the same.
func TestRebuild(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	ids := []string{operatorGame(t, dir, "ana@example.org", "bea@example.net"), operatorGame(t, dir, "cy@example.com", "bea@example.net")}
	offline(t, dir, func(svc *games.Service) {
		index, err := projections.NewProjector(ctx, svc.Store, svc.Catalog)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := index.Summary(ctx, ids[0]); !errors.Is(err, events.ErrNotFound) {
			t.Fatalf("the read model of %s before any projector ran = %v, want none", ids[0], err)
		}
		var said []string
		for range 2 {
			var progress, out bytes.Buffer
			if err := Rebuild(ctx, svc.Store, svc.Catalog, &progress, &out); err != nil {
				t.Fatal(err)
			}
			m := regexp.MustCompile(`^rebuilt the read models from (\d+) events in \S+\n$`).FindStringSubmatch(out.String())
			if m == nil || m[1] == "0" {
				t.Fatalf("Rebuild said %q, want how many events it folded", out.String())
			}
			said = append(said, m[1])
		}
		if said[0] != said[1] {
			t.Errorf("the rebuilds folded %s and %s events, want the same", said[0], said[1])
		}
		for _, id := range ids {
			if sum, err := index.Summary(ctx, id); err != nil || sum.ID != id {
				t.Errorf("the read model of %s after the rebuild = %+v, %v", id, sum, err)
			}
		}
	})
}
