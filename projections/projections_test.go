package projections_test

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/pbem-games/pbem/events"
	"github.com/pbem-games/pbem/events/storetest"
	"github.com/pbem-games/pbem/games"
	"github.com/pbem-games/pbem/projections"
	"github.com/pbem-games/pbem/rules"
	"github.com/pbem-games/pbem/rules/atacama"
)

var catalog = rules.NewCatalog(atacama.Game)

func service(t *testing.T) *games.Service {
	t.Helper()
	return &games.Service{Store: storetest.MustOpen(t), Catalog: catalog,
		Now: func() time.Time { return time.Date(2026, 11, 30, 12, 0, 0, 0, time.UTC) }}
}

// play creates a game and plays n moves (all of them when n < 0).
func play(t *testing.T, svc *games.Service, players []events.Player, n int, variants ...string) string {
	t.Helper()
	ctx := context.Background()
	seed := rules.SeedFromInt(42)
	id, err := svc.Create(ctx, games.NewGame{Game: "atacama", Players: players, Variants: variants, Seed: &seed})
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; n < 0 || i < n; i++ {
		g, _, err := svc.Load(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		if g.Ended != nil {
			break
		}
		seat := g.State.ToAct()[0]
		legal := g.State.Legal(seat)
		if _, err := svc.Move(ctx, id, seat, legal[len(legal)/3].String(), games.Cause{}); err != nil {
			t.Fatal(err)
		}
	}
	return id
}

var (
	ana = events.Player{Name: "Ana", Address: "ana@example.org"}
	bea = events.Player{Name: "Bea", Address: "Bea@Example.net"}
	cai = events.Player{Name: "Cai", Address: "cai@example.com"}
)

func TestProjector(t *testing.T) {
	ctx := context.Background()
	svc := service(t)
	p, err := projections.NewProjector(ctx, svc.Store, catalog)
	if err != nil {
		t.Fatal(err)
	}
	done := play(t, svc, []events.Player{ana, bea}, -1)
	running := play(t, svc, []events.Player{bea, cai, ana}, 5, "tactical")
	// cai leaves; dan takes the seat and the game is dan's, not cai's.
	if _, err := svc.Replace(ctx, running, games.Operator, 1, events.Player{Name: "Dan", Address: "dan@example.com"}, games.Cause{}); err != nil {
		t.Fatal(err)
	}
	if err := p.CatchUp(ctx); err != nil {
		t.Fatal(err)
	}
	sum, err := p.Summary(ctx, done)
	if err != nil {
		t.Fatal(err)
	}
	if !sum.Over || len(sum.ToAct) != 0 || len(sum.Scores) != 2 {
		t.Errorf("Summary(finished game) = over %v, toAct %v, scores %v", sum.Over, sum.ToAct, sum.Scores)
	}
	sum, err = p.Summary(ctx, running)
	if err != nil {
		t.Fatal(err)
	}
	if sum.Over || sum.Seq != 7 || !cmp.Equal(sum.ToAct, []rules.Seat{2}) {
		t.Errorf("Summary(running game) = over %v, seq %d, toAct %v; want running, 7, [2]", sum.Over, sum.Seq, sum.ToAct)
	}
	var view map[string]any
	if err := json.Unmarshal(sum.View, &view); err != nil || view["cells"] == nil {
		t.Errorf("Summary.View = %.80s…, want the observer's board", sum.View)
	}
	pg, err := p.PlayerGames(ctx, "bea@example.NET")
	if err != nil {
		t.Fatal(err)
	}
	want := []projections.PlayerSeat{{Game: done, Seat: 1}, {Game: running, Seat: 0}}
	if !cmp.Equal(pg.Games, want) {
		t.Errorf("PlayerGames(bea) = %v, want %v", pg.Games, want)
	}
	if pg, err := p.PlayerGames(ctx, "dan@example.com"); err != nil || !cmp.Equal(pg.Games, []projections.PlayerSeat{{Game: running, Seat: 1}}) {
		t.Errorf("PlayerGames(dan, who took seat 1) = %v, %v; want the running game's seat 1", pg.Games, err)
	}

	// A move after the catch-up is folded from the cache; a rebuild from
	// zero gives the same read models.
	if _, err := svc.Move(ctx, running, 2, mustLegal(t, svc, running, 2), games.Cause{}); err != nil {
		t.Fatal(err)
	}
	if err := p.CatchUp(ctx); err != nil {
		t.Fatal(err)
	}
	before, err := p.Games(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if len(before) != 2 || before[1].Seq != 8 && before[0].Seq != 8 {
		t.Fatalf("Games = %d games, want 2 with the new move folded", len(before))
	}
	// Every projector reads the same buckets: what a rebuild must give is
	// read before it.
	wantPlayers := map[string]projections.PlayerGames{}
	for _, who := range []string{ana.Address, bea.Address, cai.Address, "dan@example.com"} {
		if wantPlayers[who], err = p.PlayerGames(ctx, who); err != nil {
			t.Fatal(err)
		}
	}
	fresh, err := projections.NewProjector(ctx, svc.Store, catalog)
	if err != nil {
		t.Fatal(err)
	}
	if err := fresh.Rebuild(ctx); err != nil {
		t.Fatal(err)
	}
	after, err := fresh.Games(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(before, after); diff != "" {
		t.Errorf("read models after Rebuild differ (-before +after):\n%s", diff)
	}
	for _, who := range []string{ana.Address, bea.Address, cai.Address, "dan@example.com"} {
		if got, err := fresh.PlayerGames(ctx, who); err != nil || !cmp.Equal(got, wantPlayers[who]) {
			t.Errorf("PlayerGames(%s) after Rebuild = %v, %v, want %v", who, got, err, wantPlayers[who])
		}
	}

	// Written a player at a time, the players' games are the same: each
	// batch merged with what the earlier ones wrote.
	batched, err := projections.NewProjector(ctx, svc.Store, catalog)
	if err != nil {
		t.Fatal(err)
	}
	projections.SetPlayerBatch(batched, 1)
	if err := batched.Rebuild(ctx); err != nil {
		t.Fatal(err)
	}
	for _, who := range []string{ana.Address, bea.Address, cai.Address, "dan@example.com"} {
		if got, err := batched.PlayerGames(ctx, who); err != nil || !cmp.Equal(got, wantPlayers[who]) {
			t.Errorf("PlayerGames(%s) after a Rebuild in batches of one player = %v, %v, want %v", who, got, err, wantPlayers[who])
		}
	}

	// The rebuilt projector goes on from the last event it read.
	if _, err := svc.Move(ctx, running, 0, mustLegal(t, svc, running, 0), games.Cause{}); err != nil {
		t.Fatal(err)
	}
	if err := fresh.CatchUp(ctx); err != nil {
		t.Fatal(err)
	}
	if sum, err := fresh.Summary(ctx, running); err != nil || sum.Seq != 9 {
		t.Errorf("Summary(%s) after Rebuild and a move = seq %d, %v, want 9", running, sum.Seq, err)
	}

	// Damage is found by Check and undone by Repair.
	whole, err := fresh.Games(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if why, err := fresh.Check(ctx); why != "" || err != nil {
		t.Fatalf("Check of whole read models = %q, %v; want nothing", why, err)
	}
	kv, err := svc.Store.Bucket(ctx, projections.GamesBucket)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := kv.Put(ctx, done, []byte("not json")); err != nil {
		t.Fatal(err)
	}
	if _, err := fresh.Summary(ctx, done); !errors.Is(err, projections.ErrDamaged) {
		t.Errorf("Summary of a damaged entry = %v, want ErrDamaged", err)
	}
	if why, err := fresh.Check(ctx); !strings.Contains(why, done) || err != nil {
		t.Errorf("Check with game %s's summary damaged = %q, %v; want it named", done, why, err)
	}
	if err := kv.Delete(ctx, running); err != nil {
		t.Fatal(err)
	}
	if why, err := fresh.Check(ctx); why == "" || err != nil {
		t.Errorf("Check with game %s's summary gone = %q, %v; want damage", running, why, err)
	}
	if err := fresh.Repair(ctx); err != nil {
		t.Fatal(err)
	}
	if why, err := fresh.Check(ctx); why != "" || err != nil {
		t.Errorf("Check after Repair = %q, %v; want nothing", why, err)
	}
	if repaired, err := fresh.Games(ctx); err != nil || !cmp.Equal(repaired, whole) {
		t.Errorf("read models after Repair = %v (%v), want them as before the damage: %s", repaired, err, cmp.Diff(whole, repaired))
	}
}

func mustLegal(t *testing.T, svc *games.Service, id string, seat rules.Seat) string {
	t.Helper()
	g, _, err := svc.Load(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	return g.State.Legal(seat)[0].String()
}

// TestVerify checks histories that are well chained but not true: every
// event re-sealed, so only the replay can tell.
func TestVerify(t *testing.T) {
	ctx := context.Background()
	svc := service(t)
	id := play(t, svc, []events.Player{ana, bea}, -1, "enhanced")
	evs, err := svc.History(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	reseal := func(change func(i int, e *events.Event)) [][]byte {
		lines := make([][]byte, len(evs))
		prev := ""
		for i, e := range evs {
			change(i, &e)
			e = e.Seal(e.Game, e.Seq, prev)
			prev = e.Hash
			lines[i] = e.Encode()
		}
		return lines
	}
	last := len(evs) - 1
	other := rules.SeedFromInt(43)
	tests := []struct {
		name   string
		change func(i int, e *events.Event)
		seed   *rules.Seed
		want   string // in the error; "" for none
	}{
		{"OK", func(int, *events.Event) {}, nil, ""},
		{"IllegalMove", func(i int, e *events.Event) {
			if i == 3 {
				e.Payload = []byte(`{"seat":0,"move":"Z9"}`)
			}
		}, nil, "line 4:"},
		{"WrongScores", func(i int, e *events.Event) {
			if i == last {
				e.Payload = []byte(strings.Replace(string(e.Payload), `"scores":[`, `"scores":[1`, 1))
			}
		}, nil, "replay gives"},
		{"WrongSeedRevealed", func(i int, e *events.Event) {
			if i == last {
				var ge events.GameEnded
				e.Unmarshal(&ge)
				ge.Seed = other.String()
				e.Payload, _ = json.Marshal(ge)
			}
		}, nil, "line 1:"},
		{"ServiceSeedDiffers", func(int, *events.Event) {}, &other, "not the game's seed"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rep, err := projections.Verify(catalog, reseal(tt.change), tt.seed)
			if tt.want == "" {
				if err != nil || !rep.Replayed || !rep.Over {
					t.Errorf("Verify = %+v, %v; want a replayed finished game", rep, err)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("Verify = %v, want an error containing %q", err, tt.want)
			}
		})
	}
	if _, err := projections.Verify(catalog, nil, nil); err == nil {
		t.Error("Verify(empty) = nil, want an error")
	}
	if !errors.Is(func() error { _, err := projections.Start(catalog, evs[0], other); return err }(), projections.ErrSeedMismatch) {
		t.Error("Start with another seed: want ErrSeedMismatch")
	}
}
