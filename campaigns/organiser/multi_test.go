package organiser_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/pbem-games/pbem/campaigns"
	"github.com/pbem-games/pbem/campaigns/organiser"
	"github.com/pbem-games/pbem/events/storetest"
	"github.com/pbem-games/pbem/games"
	"github.com/pbem-games/pbem/rules"
	"github.com/pbem-games/pbem/rules/altiplano"
)

// TestAltiplanoAtTablesOfThree: a round robin of four at three-player
// Altiplano tables, every combination once (four rounds of one table),
// each game played a few moves and ended by a resignation; the points
// are 2, 1, 0 by each game's own places and the ratings pairwise Elo.
func TestAltiplanoAtTablesOfThree(t *testing.T) {
	ctx := context.Background()
	clock := time.Date(2026, 12, 1, 9, 0, 0, 0, time.UTC)
	svc := &games.Service{Store: storetest.MustOpen(t), Catalog: rules.NewCatalog(altiplano.Game),
		Now: func() time.Time { clock = clock.Add(time.Minute); return clock }}
	org := &organiser.Service{Games: svc}
	id, err := org.Create(ctx, organiser.NewCampaign{Kind: campaigns.RoundRobin, Game: "altiplano", Players: four,
		Options: campaigns.Options{Table: 3}, Organiser: "org"})
	if err != nil {
		t.Fatal(err)
	}
	points := map[string]campaigns.Score{}
	for round := 1; ; round++ {
		started, err := org.Pair(ctx, id)
		if errors.Is(err, organiser.ErrRefused) {
			break // over
		}
		if err != nil {
			t.Fatal(err)
		}
		if len(started) != 1 || len(started[0].Seats) != 3 {
			t.Fatalf("round %d started %+v, want one table of three", round, started)
		}
		gs := started[0]
		for n := 0; n < 6; n++ { // a few moves, whoever is to act
			g, _, err := svc.Load(ctx, gs.Game)
			if err != nil {
				t.Fatal(err)
			}
			seat := g.State.ToAct()[0]
			legal := g.State.Legal(seat)
			if _, err := svc.Move(ctx, gs.Game, seat, legal[n%len(legal)].String(), games.Cause{}); err != nil {
				t.Fatal(err)
			}
		}
		if _, err := svc.Resign(ctx, gs.Game, rules.Seat(round%3), games.Cause{}); err != nil {
			t.Fatal(err)
		}
		g, _, err := svc.Load(ctx, gs.Game)
		if err != nil {
			t.Fatal(err)
		}
		var sum campaigns.Score
		for s, v := range campaigns.TablePoints(g.Places(), nil) {
			points[gs.Seats[s]] += v
			sum += v
		}
		if sum != campaigns.Points(3) {
			t.Errorf("game %s's places %v give %v points in all, want 3", gs.Game, g.Places(), sum)
		}
	}
	c, _, _, err := org.Load(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	if !c.Over() || len(c.Games) != 4 {
		t.Fatalf("over %v after %d games, want over after 4", c.Over(), len(c.Games))
	}
	for _, st := range c.Standings() {
		if st.Points != points[st.Player] || st.Played != 3 {
			t.Errorf("%s: %v points in %d games, the games' places give %v in 3", st.Player, st.Points, st.Played, points[st.Player])
		}
	}
	var total float64
	for _, r := range c.Ratings() {
		if r.Glicko != nil || r.Games != 3 {
			t.Errorf("rating %+v, want pairwise Elo over 3 games and no Glicko-2 at tables of three", r)
		}
		total += r.Elo
	}
	if total < 4*1500-1e-6 || total > 4*1500+1e-6 {
		t.Errorf("pairwise Elo sums to %v, want 6000: every pair gives what it takes", total)
	}
}
