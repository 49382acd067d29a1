package games_test

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/pbem-games/pbem/events"
	"github.com/pbem-games/pbem/events/storetest"
	"github.com/pbem-games/pbem/games"
	"github.com/pbem-games/pbem/projections"
	"github.com/pbem-games/pbem/rules"
	"github.com/pbem-games/pbem/rules/archipelago"
)

// playRandom plays up to n random legal moves of game id, and returns the
// game and how often a seat to act had one choice only that pbem left to
// it: one legal move, leaving aside the deals it might offer.
func playRandom(t *testing.T, svc *games.Service, id string, n int) (*projections.Game, int) {
	t.Helper()
	ctx := context.Background()
	r := rand.New(rand.NewPCG(7, 7))
	left := 0
	for range n {
		g, _, err := svc.Load(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		if _, over := g.State.Result(); over || g.Ended != nil {
			return g, left
		}
		toAct := g.State.ToAct()
		for _, s := range toAct {
			if _, one := rules.Forced(g.State, s); one {
				left++
			}
		}
		seat := toAct[r.IntN(len(toAct))]
		legal := g.State.Legal(seat)
		if _, err := svc.Move(ctx, id, seat, legal[r.IntN(len(legal))].String(), games.Cause{}); err != nil {
			t.Fatalf("move of seat %d: %v", seat, err)
		}
	}
	g, _, err := svc.Load(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	return g, left
}

// TestForcedMovesPlayThemselves: a seat whose only legal move is one
// (Archipelago's FEED NONE with nothing to give) is not asked for it:
// pbem plays it at once, marked forced, whatever deals the seat might
// offer; a player who said AUTO OFF is asked like for any other move.
func TestForcedMovesPlayThemselves(t *testing.T) {
	ctx := context.Background()
	svc := &games.Service{Store: storetest.MustOpen(t), Catalog: rules.NewCatalog(archipelago.Game)}
	players := []events.Player{{Name: "Ana", Address: "ana@example.org"}, {Name: "Bea", Address: "bea@example.net"}, {Name: "Cai", Address: "cai@example.com"}}
	seed := rules.SeedFromInt(3)
	auto, err := svc.Create(ctx, games.NewGame{Game: "archipelago", Host: "operator", Players: players, Seed: &seed})
	if err != nil {
		t.Fatal(err)
	}
	manual, err := svc.Create(ctx, games.NewGame{Game: "archipelago", Host: "operator", Players: players, Seed: &seed})
	if err != nil {
		t.Fatal(err)
	}
	for s := range players {
		if _, err := svc.SetAuto(ctx, manual, rules.Seat(s), false, games.Cause{}); err != nil {
			t.Fatal(err)
		}
	}
	g, left := playRandom(t, svc, auto, 400)
	forced := 0
	for _, m := range g.Moves {
		if m.Forced {
			forced++
		}
	}
	if left != 0 || forced == 0 {
		t.Errorf("with AUTO on, seats to act were left %d times with one legal move, and pbem played %d forced moves; want none left and some played", left, forced)
	}
	g, left = playRandom(t, svc, manual, 400)
	for _, m := range g.Moves {
		if m.Forced {
			t.Fatalf("with AUTO OFF pbem played %s for seat %d", m.Move, m.Seat)
		}
	}
	if left == 0 {
		t.Errorf("with AUTO OFF no seat was ever asked for its only move: the game never had one, and this test proves nothing")
	}
}
