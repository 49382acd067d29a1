// Package gamestest starts a command service on a fresh store for the
// tests of the command side and the mail side alike.
package gamestest

import (
	"context"
	"testing"
	"time"

	"github.com/pbem-games/pbem/catalog/all"
	"github.com/pbem-games/pbem/events"
	"github.com/pbem-games/pbem/events/storetest"
	"github.com/pbem-games/pbem/games"
	"github.com/pbem-games/pbem/rules"
)

// Game is the game the tests play, whose moves they write: the first game
// pbem offers (catalog/all).
func Game() rules.Game { return all.Games()[0].Rules }

// NewService is a service of Game on a store of its own, on a clock
// that starts at noon on 30 November 2026 and goes a minute on at every
// reading.
func NewService(t testing.TB) *games.Service {
	t.Helper()
	clock := time.Date(2026, 11, 30, 12, 0, 0, 0, time.UTC)
	return &games.Service{
		Store:   storetest.MustOpen(t),
		Catalog: rules.NewCatalog(Game()),
		Now:     func() time.Time { clock = clock.Add(time.Minute); return clock },
	}
}

// Create creates a game of Game for Ana (the host) and Bea with
// variants and returns its id.
func Create(t testing.TB, svc *games.Service, variants ...string) string {
	t.Helper()
	id, err := svc.Create(context.Background(), games.NewGame{
		Game: Game().Info().Name, Variants: variants, Host: "ana@example.org",
		Players: []events.Player{{Name: "Ana", Address: "ana@example.org"}, {Name: "Bea", Address: "bea@example.net"}},
	})
	if err != nil {
		t.Fatalf("Create: %v", err)
	}
	return id
}
