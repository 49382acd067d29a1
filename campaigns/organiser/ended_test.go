package organiser_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/pbem-games/pbem/campaigns"
	"github.com/pbem-games/pbem/campaigns/organiser"
	"github.com/pbem-games/pbem/events"
	"github.com/pbem-games/pbem/games"
	"github.com/pbem-games/pbem/rules"
)

// TestEnded: a game that ended is recorded in the campaign its
// GameCreated names, once however often Ended is told; a game that ended
// before its start was recorded (the organiser stopped between creating
// it and recording it) is started and recorded; the last result of a
// round pairs the next when the campaign asks for it; a game of no
// campaign is nothing to do.
func TestEnded(t *testing.T) {
	ctx := context.Background()
	svc, org := newOrganiser(t)
	id, err := org.Create(ctx, organiser.NewCampaign{Kind: campaigns.RoundRobin, Game: "atacama", Players: four, Organiser: "org",
		Options: campaigns.Options{AutoPair: true}})
	if err != nil {
		t.Fatal(err)
	}
	// Round 1 paired, and table 1's game created as the organiser
	// creates it, but neither start recorded.
	c, _, head, err := org.Load(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	seed, err := org.Seed(ctx, c)
	if err != nil {
		t.Fatal(err)
	}
	round, err := c.Pair(seed)
	if err != nil {
		t.Fatal(err)
	}
	ev, err := events.New(round.Type(), events.SystemActor, svc.Time(), round)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := svc.Store.Campaigns().Append(ctx, id, head, []events.Event{ev}); err != nil {
		t.Fatal(err)
	}
	req := games.NewGame{Game: "atacama", Host: "org", Source: fmt.Sprintf("campaign:%s:round:1:table:1", id), Campaign: id, Round: 1, Table: 1}
	for _, p := range round.Tables[0] {
		req.Players = append(req.Players, organiser.Player(p))
	}
	first, err := svc.Create(ctx, req)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := svc.Resign(ctx, first, 1, games.Cause{}); err != nil {
		t.Fatal(err)
	}
	out, err := org.Ended(ctx, first)
	if err != nil || out.Campaign != id || out.Result.Game != first || len(out.Started) != 0 {
		t.Fatalf("Ended(%s) = %+v, %v; want its result recorded in %s, nothing paired", first, out, err, id)
	}
	c, evs, _, err := org.Load(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	if len(c.Games) != 2 || c.Games[0].Game != first || c.Games[0].Result == nil || len(c.Running()) != 1 {
		t.Fatalf("after Ended: games %+v; want both tables started, table 1's result recorded", c.Games)
	}
	if again, err := org.Ended(ctx, first); err != nil || again.Result.Hash != out.Result.Hash {
		t.Errorf("Ended again = %+v, %v", again, err)
	}
	if _, again, _, _ := org.Load(ctx, id); len(again) != len(evs) {
		t.Errorf("Ended again wrote %d events", len(again)-len(evs))
	}

	// The round's last game: its end pairs round 2.
	second := c.Running()[0].Game
	if _, err := svc.Resign(ctx, second, rules.Seat(0), games.Cause{}); err != nil {
		t.Fatal(err)
	}
	out, err = org.Ended(ctx, second)
	if err != nil || len(out.Started) != 2 || out.Started[0].Round != 2 {
		t.Fatalf("Ended(%s), the round's last = %+v, %v; want round 2's two games started", second, out, err)
	}

	// A game of no campaign.
	alone, err := svc.Create(ctx, games.NewGame{Game: "atacama", Host: "org", Players: []events.Player{{Name: "a"}, {Name: "b"}}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := svc.Resign(ctx, alone, 0, games.Cause{}); err != nil {
		t.Fatal(err)
	}
	if out, err := org.Ended(ctx, alone); err != nil || out.Campaign != "" {
		t.Errorf("Ended of a game of no campaign = %+v, %v; want nothing", out, err)
	}
}

// TestRecorderGoesOn: a game's end that cannot be recorded however often
// it is tried (its campaign's history holds a fact that does not fold) is
// given up after the recorder's tries, and the next game's end, another
// campaign's, is recorded.
func TestRecorderGoesOn(t *testing.T) {
	ctx := context.Background()
	svc, org := newOrganiser(t)
	broken, err := org.Create(ctx, organiser.NewCampaign{Kind: campaigns.RoundRobin, Game: "atacama", Players: four[:2], Organiser: "org"})
	if err != nil {
		t.Fatal(err)
	}
	_, _, head, err := org.Load(ctx, broken)
	if err != nil {
		t.Fatal(err)
	}
	bogus, err := events.New("NoSuchFact", events.SystemActor, svc.Time(), struct{}{})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := svc.Store.Campaigns().Append(ctx, broken, head, []events.Event{bogus}); err != nil {
		t.Fatal(err)
	}
	lost, err := svc.Create(ctx, games.NewGame{Game: "atacama", Host: "org", Campaign: broken, Round: 1, Table: 1,
		Players: []events.Player{organiser.Player(four[0]), organiser.Player(four[1])}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := svc.Resign(ctx, lost, 0, games.Cause{}); err != nil {
		t.Fatal(err)
	}
	good, err := org.Create(ctx, organiser.NewCampaign{Kind: campaigns.RoundRobin, Game: "atacama", Players: four[2:], Organiser: "org"})
	if err != nil {
		t.Fatal(err)
	}
	started, err := org.Pair(ctx, good)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := svc.Resign(ctx, started[0].Game, 0, games.Cause{}); err != nil {
		t.Fatal(err)
	}

	rctx, cancel := context.WithCancel(ctx)
	done := make(chan error, 1)
	go func() {
		done <- (&organiser.Recorder{Service: org, Retry: 20 * time.Millisecond, Tries: 3}).Run(rctx)
	}()
	defer func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("the recorder stopped with %v", err)
		}
	}()
	for deadline := time.Now().Add(15 * time.Second); ; time.Sleep(50 * time.Millisecond) {
		c, _, _, err := org.Load(ctx, good)
		if err != nil {
			t.Fatal(err)
		}
		if c.Over() {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the good campaign's game is not recorded within 15s: the broken one holds it up")
		}
	}
}
