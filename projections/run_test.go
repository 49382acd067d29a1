package projections_test

import (
	"context"
	"errors"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/pbem-games/pbem/events"
	"github.com/pbem-games/pbem/games"
	"github.com/pbem-games/pbem/projections"
)

// TestRunRepairs: Run folds what comes, finds a read model the bucket
// lost when the game's next event comes, says so, and folds them all
// again from the stream.
func TestRunRepairs(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	svc := service(t)
	id := play(t, svc, []events.Player{ana, bea}, 2)
	other := play(t, svc, []events.Player{cai, ana}, 1)
	p, err := projections.NewProjector(ctx, svc.Store, catalog)
	if err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	var told []string
	p.OnRepair = func(why string, done bool, err error) {
		mu.Lock()
		defer mu.Unlock()
		told = append(told, why+map[bool]string{false: " (start)", true: " (done)"}[done])
		if err != nil {
			told = append(told, err.Error())
		}
	}
	var progress []uint64
	p.OnProgress = func(folded, left uint64) {
		mu.Lock()
		defer mu.Unlock()
		progress = append(progress, folded)
	}
	ran := make(chan error, 1)
	go func() { ran <- p.Run(ctx) }()
	waitSeq := func(game string, seq uint64) {
		t.Helper()
		deadline := time.Now().Add(30 * time.Second)
		for time.Now().Before(deadline) {
			if sum, err := p.Summary(ctx, game); err == nil && sum.Seq >= seq {
				return
			}
			time.Sleep(20 * time.Millisecond)
		}
		t.Fatalf("game %s's read model never reached event %d", game, seq)
	}
	waitSeq(id, 3)
	waitSeq(other, 2)
	mu.Lock()
	if len(told) != 0 || len(progress) != 0 {
		t.Errorf("a first run over whole read models: repairs %q, progress %v; want none", told, progress)
	}
	mu.Unlock()

	kv, err := svc.Store.Bucket(ctx, projections.GamesBucket)
	if err != nil {
		t.Fatal(err)
	}
	if err := kv.Delete(ctx, id); err != nil {
		t.Fatal(err)
	}
	if _, err := svc.Move(ctx, id, 0, mustLegal(t, svc, id, 0), games.Cause{}); err != nil {
		t.Fatal(err)
	}
	waitSeq(id, 4)
	for deadline := time.Now().Add(30 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		mu.Lock()
		n := len(told)
		mu.Unlock()
		if n >= 2 {
			break
		}
	}
	mu.Lock()
	want := []string{"read models damaged: game " + id + " has no read model at its event 4"}
	if len(told) != 2 || !strings.Contains(told[0], want[0]) || !strings.HasSuffix(told[0], " (start)") || !strings.HasSuffix(told[1], " (done)") {
		t.Errorf("OnRepair told %q, want the damage, then done", told)
	}
	if len(progress) != 6 || progress[0] != 1 || progress[5] != 6 {
		t.Errorf("OnProgress during the repair: %v, want 1 to 6 (the events of both games)", progress)
	}
	mu.Unlock()
	if sum, err := p.Summary(ctx, other); err != nil || sum.Seq != 2 {
		t.Errorf("the other game after the repair: seq %d, %v", sum.Seq, err)
	}
	// Repaired, Run goes on folding.
	if _, err := svc.Move(ctx, other, 1, mustLegal(t, svc, other, 1), games.Cause{}); err != nil {
		t.Fatal(err)
	}
	waitSeq(other, 3)
	select {
	case err := <-ran:
		t.Fatalf("Run returned %v after the repair", err)
	default:
	}
	cancel()
	if err := <-ran; err != nil && !errors.Is(err, context.Canceled) {
		t.Errorf("Run = %v after its context ended", err)
	}
}

// TestCheckBehind: a read model behind the stream is damage once the
// projector has folded everything; Check says which counts disagree.
func TestCheckBehind(t *testing.T) {
	ctx := context.Background()
	svc := service(t)
	p, err := projections.NewProjector(ctx, svc.Store, catalog)
	if err != nil {
		t.Fatal(err)
	}
	if why, err := p.Check(ctx); why != "" || err != nil {
		t.Errorf("Check before anything was folded = %q, %v", why, err)
	}
	id := play(t, svc, []events.Player{ana, bea}, 1)
	if why, err := p.Check(ctx); why != "" || err != nil {
		t.Errorf("Check with a game not folded yet = %q, %v; want nothing: Run folds it", why, err)
	}
	if err := p.CatchUp(ctx); err != nil {
		t.Fatal(err)
	}
	play(t, svc, []events.Player{cai, bea}, 0)
	if why, err := p.Check(ctx); why != "" || err != nil {
		t.Errorf("Check with one game still to fold = %q, %v; want nothing", why, err)
	}
	if err := p.CatchUp(ctx); err != nil {
		t.Fatal(err)
	}
	players, err := svc.Store.Bucket(ctx, projections.PlayersBucket)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := players.Put(ctx, projections.PlayerKey(ana.Address), []byte("{")); err != nil {
		t.Fatal(err)
	}
	if why, err := p.Check(ctx); !strings.Contains(why, "the games of player") || err != nil {
		t.Errorf("Check with a player's entry damaged = %q, %v", why, err)
	}
	if _, err := players.Put(ctx, projections.PlayerKey(ana.Address), []byte(`{"games":[]}`)); err != nil {
		t.Fatal(err)
	}
	gamesKV, err := svc.Store.Bucket(ctx, projections.GamesBucket)
	if err != nil {
		t.Fatal(err)
	}
	if err := gamesKV.Delete(ctx, id); err != nil {
		t.Fatal(err)
	}
	if why, err := p.Check(ctx); why != "the stream holds 2 games and the read models 1" || err != nil {
		t.Errorf("Check with a summary lost = %q, %v", why, err)
	}
	sum, err := p.Summary(ctx, id)
	if !errors.Is(err, events.ErrNotFound) {
		t.Errorf("Summary of a lost entry = %+v, %v; want ErrNotFound", sum, err)
	}
	if pg, err := p.PlayerGames(ctx, "nobody@example.org"); err != nil || len(pg.Games) != 0 {
		t.Errorf("PlayerGames(nobody) = %v, %v", pg, err)
	}
}

// TestRebuildFromZero: Rebuild throws the read models away and folds them
// again, whatever they held, and reports its progress.
func TestRebuildFromZero(t *testing.T) {
	ctx := context.Background()
	svc := service(t)
	id := play(t, svc, []events.Player{ana, bea}, 2)
	done := play(t, svc, []events.Player{bea, cai}, -1)
	third := play(t, svc, []events.Player{cai, ana}, 1)
	p, err := projections.NewProjector(ctx, svc.Store, catalog)
	if err != nil {
		t.Fatal(err)
	}
	if err := p.CatchUp(ctx); err != nil {
		t.Fatal(err)
	}
	whole, err := p.Games(ctx)
	if err != nil {
		t.Fatal(err)
	}
	seats := map[string]projections.PlayerGames{}
	for _, who := range []string{ana.Address, bea.Address, cai.Address} {
		if seats[who], err = p.PlayerGames(ctx, who); err != nil {
			t.Fatal(err)
		}
	}
	if len(seats[bea.Address].Games) != 2 || len(seats[cai.Address].Games) != 2 {
		t.Fatalf("player index before Rebuild: %v", seats)
	}
	kv, err := svc.Store.Bucket(ctx, projections.GamesBucket)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := kv.Put(ctx, id, []byte(`{"id":"`+id+`","seq":1}`)); err != nil {
		t.Fatal(err)
	}
	if err := kv.Delete(ctx, done); err != nil {
		t.Fatal(err)
	}
	players, err := svc.Store.Bucket(ctx, projections.PlayersBucket)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := players.Put(ctx, projections.PlayerKey("nobody@example.org"), []byte(`{"games":[{"game":"x","seat":0}]}`)); err != nil {
		t.Fatal(err)
	}
	var progress []uint64
	p.OnProgress = func(folded, left uint64) { progress = append(progress, folded+left) }
	if err := p.Rebuild(ctx); err != nil {
		t.Fatal(err)
	}
	if got, err := p.Games(ctx); err != nil || !cmp.Equal(got, whole) {
		t.Errorf("Games after Rebuild = %v, want the read models as folded: %s", err, cmp.Diff(whole, got))
	}
	if pg, err := p.PlayerGames(ctx, "nobody@example.org"); err != nil || len(pg.Games) != 0 {
		t.Errorf("an entry no history makes survived Rebuild: %v, %v", pg, err)
	}
	for who, want := range seats {
		if got, err := p.PlayerGames(ctx, who); err != nil || !cmp.Equal(got, want) {
			t.Errorf("PlayerGames(%s) after Rebuild = %v, %v; want %v", who, got, err, want)
		}
	}
	// The projector's consumer is set after the last event read.
	if cons, err := svc.Store.Consumer(ctx, projections.Durable); err != nil || cons.Pending != 0 {
		t.Errorf("the projector's consumer after Rebuild: %+v, %v; want it after the last event", cons, err)
	}
	n := uint64(0)
	for _, g := range []string{id, done, third} {
		evs, _ := svc.History(ctx, g)
		n += uint64(len(evs))
	}
	if len(progress) != int(n) || progress[0] != n {
		t.Errorf("OnProgress told %v, want %d calls of folded+left = %d", progress, n, n)
	}
	if why, err := p.Check(ctx); why != "" || err != nil {
		t.Errorf("Check after Rebuild = %q, %v", why, err)
	}
}

// TestReaderFindsDamage: a reader (the mailroom asking which games a
// player sits in) meets a read model it cannot read while no event of
// its game comes. It is told the read models are damaged, and the
// running projector repairs them without waiting for an event, so a
// player whose own mail is what waits on the answer is not stuck.
func TestReaderFindsDamage(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	svc := service(t)
	id := play(t, svc, []events.Player{ana, bea}, 2)
	p, err := projections.NewProjector(ctx, svc.Store, catalog)
	if err != nil {
		t.Fatal(err)
	}
	repaired := make(chan string, 4)
	p.OnRepair = func(why string, done bool, err error) {
		if done && err == nil {
			repaired <- why
		}
	}
	ran := make(chan error, 1)
	go func() { ran <- p.Run(ctx) }()
	for deadline := time.Now().Add(30 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		if sum, err := p.Summary(ctx, id); err == nil && sum.Seq >= 3 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the game was never projected")
		}
	}
	for _, damage := range []struct {
		bucket, key string
		read        func() error
	}{
		{projections.PlayersBucket, projections.PlayerKey(ana.Address), func() error {
			_, err := p.PlayerGames(ctx, ana.Address)
			return err
		}},
		{projections.GamesBucket, id, func() error {
			_, err := p.Summary(ctx, id)
			return err
		}},
	} {
		kv, err := svc.Store.Bucket(ctx, damage.bucket)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := kv.Put(ctx, damage.key, []byte("\x00{garbage")); err != nil {
			t.Fatal(err)
		}
		if err := damage.read(); !errors.Is(err, projections.ErrDamaged) {
			t.Fatalf("reading %s's %s after it was overwritten: %v, want ErrDamaged", damage.bucket, damage.key, err)
		}
		select {
		case why := <-repaired:
			if !strings.Contains(why, damage.key) {
				t.Errorf("the repair was for %q, want one naming %s", why, damage.key)
			}
		case err := <-ran:
			t.Fatalf("Run returned %v", err)
		case <-time.After(30 * time.Second):
			t.Fatalf("no repair 30s after a reader found %s's %s damaged", damage.bucket, damage.key)
		}
		if err := damage.read(); err != nil {
			t.Errorf("reading %s's %s after the repair: %v", damage.bucket, damage.key, err)
		}
	}
	pg, err := p.PlayerGames(ctx, ana.Address)
	if err != nil || len(pg.Games) != 1 || pg.Games[0].Game != id {
		t.Errorf("ana's games after the repairs: %+v, %v; want game %s", pg, err, id)
	}
	cancel()
	if err := <-ran; err != nil && !errors.Is(err, context.Canceled) {
		t.Errorf("Run = %v after its context ended", err)
	}
}
