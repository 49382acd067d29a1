package postoffice

import (
	"bytes"
	"context"
	"os"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/pbem-games/pbem/events"
	"github.com/pbem-games/pbem/games"
)

// TestDemoRun: the demo plays a whole game by mail in a data directory
// of its own, verifies it and removes the directory; a demo that fails
// keeps its directory and says where.
func TestDemoRun(t *testing.T) {
	if testing.Short() {
		t.Skip("plays a game by mail")
	}
	var store *events.Store
	var data string
	open := func(ctx context.Context, dir string) (*games.Service, error) {
		data = dir
		st, err := events.Open(ctx, events.Options{DataDir: dir, Serve: true})
		store = st
		return &games.Service{Store: st, Catalog: offered().Rules()}, err
	}
	closeStore := func() {
		if store != nil {
			store.Close()
			store = nil
		}
	}

	t.Run("OK", func(t *testing.T) {
		var out, log bytes.Buffer
		d := Demo{Players: 2, Games: offered(), Out: &out, Log: &log, Timeout: 2 * time.Minute}
		if err := d.Run(context.Background(), open, closeStore); err != nil {
			t.Fatalf("Run: %v\n%s", err, log.String())
		}
		if !regexp.MustCompile(`(?m)^ok: game [a-z0-9]{6}, `).MatchString(out.String()) {
			t.Errorf("the demo printed no verified game:\n%s", out.String())
		}
		if _, err := os.Stat(data); !os.IsNotExist(err) {
			t.Errorf("the demo's data %s is still there (%v)", data, err)
		}
	})

	t.Run("ErrPlayers", func(t *testing.T) {
		var out, log bytes.Buffer
		d := Demo{Players: 5, Games: offered(), Out: &out, Log: &log}
		if err := d.Run(context.Background(), open, closeStore); err == nil || !strings.Contains(err.Error(), "2 to 4 players") {
			t.Errorf("Run with 5 players = %v, want it refused", err)
		}
		defer os.RemoveAll(data)
		if !strings.Contains(log.String(), "the demo's data is kept in "+data) {
			t.Errorf("the failed demo said %q, want where its data is kept", log.String())
		}
		if _, err := os.Stat(data); err != nil {
			t.Errorf("the failed demo's data: %v", err)
		}
	})
}
