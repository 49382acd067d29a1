package postoffice

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/pbem-games/pbem/campaigns"
	"github.com/pbem-games/pbem/campaigns/organiser"
	"github.com/pbem-games/pbem/events"
	"github.com/pbem-games/pbem/games"
	"github.com/pbem-games/pbem/projections"
	"github.com/pbem-games/pbem/rules"
)

// TestCampaignRecordedByServe: a round robin of three at Atacama, created
// to pair itself (auto-pair) and its first round paired as pbem campaign
// pair does, is played by mail through the running service: in each game
// the player to act moves, then the player whose address sorts later
// resigns. Nobody types a console command after round 1: serve records
// each result as its game ends and pairs the next round. The last game
// ends at the console while serve is down (a crash between a game's end
// and its record); the restarted serve records it, once. Read again from
// the first event by a recorder started afresh, the campaign changes in
// nothing. The standings are the points counted from who resigned.
func TestCampaignRecordedByServe(t *testing.T) {
	if testing.Short() {
		t.Skip("plays three games by mail")
	}
	_, ms := loopbackServers(t, "games", "ana", "bea", "cy")
	dir := t.TempDir()
	p := serve(t, ms, serving{dir: dir})
	ctx := context.Background()
	players := []string{ms.Address("ana"), ms.Address("bea"), ms.Address("cy")}
	org := &organiser.Service{Games: p.svc.Service}
	id, err := org.Create(ctx, organiser.NewCampaign{Kind: campaigns.RoundRobin, Game: "atacama", Players: players,
		Organiser: "operator", Options: campaigns.Options{AutoPair: true}})
	if err != nil {
		t.Fatal(err)
	}
	started, err := org.Pair(ctx, id)
	if err != nil || len(started) != 1 {
		t.Fatalf("pair round 1 = %v, %v; want one game (three players, one bye)", started, err)
	}
	wins := map[string]int{}
	for round := 1; round <= 3; round++ {
		c := waitCampaign(t, org, id, fmt.Sprintf("round %d paired by serve", round), func(c *campaigns.Campaign) bool {
			return len(c.Games) == round && len(c.Unstarted()) == 0
		})
		g := c.Games[round-1]
		loser := slices.Index(g.Seats, slices.Max(g.Seats))
		wins[g.Seats[1-loser]]++
		if round < 3 {
			playAndResignByMail(t, p, g.Game, g.Seats, loser)
			continue
		}
		// The last game ends while serve is down: its loser resigns at
		// the console, as pbem resign does.
		p.stop()
		offline(t, dir, func(svc *games.Service) {
			if _, err := svc.Resign(ctx, g.Game, rules.Seat(loser), games.Cause{Source: "console"}); err != nil {
				t.Fatal(err)
			}
		})
		p = serve(t, ms, serving{dir: dir})
		org = &organiser.Service{Games: p.svc.Service}
	}
	c := waitCampaign(t, org, id, "the campaign over, every result recorded", func(c *campaigns.Campaign) bool { return c.Over() })
	evs := campaignHistory(t, org, id)
	recorded := map[string]int{}
	for _, e := range evs {
		if e.Type == campaigns.TypeResult {
			f, err := campaigns.Decode(e.Type, e.Payload)
			if err != nil {
				t.Fatal(err)
			}
			recorded[f.(campaigns.Result).Game]++
		}
	}
	for _, g := range c.Games {
		if recorded[g.Game] != 1 {
			t.Errorf("game %s's result is recorded %d times, want once", g.Game, recorded[g.Game])
		}
	}
	checkStandings(t, c, players, wins)

	// Read again from the first event, as after a crash that lost the
	// recorder's place: nothing changes.
	p.stop()
	offline(t, dir, func(svc *games.Service) {
		if err := svc.Store.DeleteConsumer(ctx, organiser.RecorderDurable); err != nil {
			t.Fatal(err)
		}
	})
	p = serve(t, ms, serving{dir: dir})
	org = &organiser.Service{Games: p.svc.Service}
	for deadline := time.Now().Add(20 * time.Second); ; time.Sleep(100 * time.Millisecond) {
		st, err := p.svc.Store.Consumer(ctx, organiser.RecorderDurable)
		if err == nil && st.Pending == 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the recorder read everything again: not within 20s (%+v, %v)", st, err)
		}
	}
	if again := campaignHistory(t, org, id); len(again) != len(evs) {
		t.Errorf("the campaign's history holds %d events after every game's end was read again, want the %d it held", len(again), len(evs))
	}
}

// playAndResignByMail plays game by mail: the seat to act plays the move
// its mail suggests, then seat loser resigns by answering a mail of the
// game.
func playAndResignByMail(t *testing.T, p *served, game string, seats []string, loser int) {
	t.Helper()
	user := func(seat int) string { return strings.TrimSuffix(seats[seat], "@"+p.ms.Domain) }
	toAct := p.game(t, game).State.ToAct()
	if len(toAct) != 1 {
		t.Fatalf("game %s waits for %v", game, toAct)
	}
	mover := int(toAct[0])
	prompt := waitMail(t, p.ms, user(mover), 0, "the turn in "+game, func(l letter) bool { return l.game == game && l.turn && l.example != "" })
	send(t, p.ms, seats[mover], prompt.replyTo, "Re: "+prompt.p.Subject, "<"+prompt.messageID+">", prompt.example+"\n")
	until(t, p, game, "the first move played", func(g *projections.Game) bool { return len(g.Moves) > 0 })
	last := waitMail(t, p.ms, user(loser), 0, "a mail of "+game, func(l letter) bool { return l.game == game && l.replyTo != "" })
	send(t, p.ms, seats[loser], last.replyTo, "Re: "+last.p.Subject, "<"+last.messageID+">", "RESIGN\n")
	until(t, p, game, "the game over", func(g *projections.Game) bool { return g.Ended != nil })
}

// offline opens the data directory with no service running, as a
// console command does, and runs do on its games.
func offline(t *testing.T, dir string, do func(*games.Service)) {
	t.Helper()
	store, err := events.Open(context.Background(), events.Options{DataDir: dir})
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	do(&games.Service{Store: store, Catalog: Catalog()})
}

// waitCampaign waits until campaign id, folded from its history, is as ok
// says, and returns it.
func waitCampaign(t *testing.T, org *organiser.Service, id, what string, ok func(*campaigns.Campaign) bool) *campaigns.Campaign {
	t.Helper()
	for deadline := time.Now().Add(20 * time.Second); ; time.Sleep(100 * time.Millisecond) {
		c, _, _, err := org.Load(context.Background(), id)
		if err != nil {
			t.Fatal(err)
		}
		if ok(c) {
			return c
		}
		if time.Now().After(deadline) {
			t.Fatalf("campaign %s: not %s within 20s: %d rounds, %d games, %d running", id, what, len(c.Rounds), len(c.Games), len(c.Running()))
		}
	}
}

func campaignHistory(t *testing.T, org *organiser.Service, id string) []events.Event {
	t.Helper()
	_, evs, _, err := org.Load(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	return evs
}

// checkStandings checks that c's standings give each player a point per
// win, counted by the test from who resigned, and rank them by it.
func checkStandings(t *testing.T, c *campaigns.Campaign, players []string, wins map[string]int) {
	t.Helper()
	st := c.Standings()
	if len(st) != len(players) {
		t.Fatalf("standings have %d lines for %d players", len(st), len(players))
	}
	for i, s := range st {
		if s.Points.Float() != float64(wins[s.Player]) {
			t.Errorf("%s has %v points, want %d (the games they won)", s.Player, s.Points, wins[s.Player])
		}
		if i > 0 && wins[st[i-1].Player] < wins[s.Player] {
			t.Errorf("%s (%d wins) ranks above %s (%d wins)", st[i-1].Player, wins[st[i-1].Player], s.Player, wins[s.Player])
		}
	}
}
