package main

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/nats-io/nats-server/v2/server"
	"github.com/pbem-games/pbem/events"
	"github.com/pbem-games/pbem/internal/torture"
	"github.com/pbem-games/pbem/mail/loopback"
	"github.com/pbem-games/pbem/projections"
)

// natsServer is a nats-server with JetStream on loopback, in its own
// right, that a test can stop and start again on the same port and data.
type natsServer struct {
	t    *testing.T
	opts server.Options
	ns   *server.Server
}

func startNATS(t *testing.T) *natsServer {
	t.Helper()
	n := &natsServer{t: t, opts: server.Options{Host: "127.0.0.1", Port: -1, JetStream: true,
		StoreDir: t.TempDir(), NoLog: true, NoSigs: true, MaxPayload: events.MaxPayload}}
	n.start()
	n.opts.Port = n.ns.Addr().(*net.TCPAddr).Port // the same port after a restart
	t.Cleanup(n.stop)
	return n
}

func (n *natsServer) start() {
	n.t.Helper()
	opts := n.opts
	ns, err := server.NewServer(&opts)
	if err != nil {
		n.t.Fatal(err)
	}
	ns.Start()
	if !ns.ReadyForConnections(10 * time.Second) {
		n.t.Fatal("nats-server not ready")
	}
	n.ns = ns
}

func (n *natsServer) stop() {
	if n.ns != nil {
		n.ns.Shutdown()
		n.ns.WaitForShutdown()
		n.ns = nil
	}
}

func (n *natsServer) url() string { return "nats://" + n.ns.Addr().String() }

// playClub has pairs of players play games by mail against s until told to
// stop, and returns the club.
func playClub(t *testing.T, sys *loopback.System, pairs int) *torture.Club {
	t.Helper()
	club := torture.NewClub(torture.Options{Sys: sys, Mailbox: sys.Address("games"), Pairs: pairs, Seed: 7,
		Invalid: 0.08, Duplicate: 0.08})
	sys.OnDeliver = club.Deliver
	return club
}

// settleClub waits until the club waits for nothing and the service has
// nothing left to read or send, then checks every game against what the
// players sent.
func settleClub(t *testing.T, s *served, sys *loopback.System, club *torture.Club) torture.Report {
	t.Helper()
	club.StopNewGames()
	deadline := time.Now().Add(2 * time.Minute)
	for club.Outstanding() != "" {
		if errs := club.Errors(); len(errs) > 0 {
			t.Fatalf("the players failed: %v", errs)
		}
		if time.Now().After(deadline) {
			t.Fatalf("the club still waits for: %s\n%s", club.Outstanding(), s.log)
		}
		time.Sleep(100 * time.Millisecond)
	}
	s.waitHealth(t, http.StatusOK, "nothing left to do", func(h healthReport) bool {
		return h.Mailroom.Pending == 0 && h.Outbox.Pending == 0 && h.Projector.Lag == 0
	})
	rep := torture.Check(club.Sent(), outcomeOf(t, s.svc.Store, sys, club))
	for _, p := range rep.Problems {
		t.Error(p)
	}
	if rep.Moves == 0 || rep.Applied < rep.Moves {
		t.Errorf("%d moves sent, %d recorded", rep.Moves, rep.Applied)
	}
	return rep
}

// TestFaultNATSRestart plays games by mail on a NATS server of its own
// (pbem serve --nats URL) and restarts the server twice under load:
// /healthz and the log show the store's connection lost and back, and at
// the end every move was recorded once, every bad move answered, every
// game over.
func TestFaultNATSRestart(t *testing.T) {
	if testing.Short() {
		t.Skip("plays games for seconds")
	}
	t.Parallel()
	n := startNATS(t)
	sys, ms := loopbackServers(t, "games")
	club := playClub(t, sys, 3)
	s := servePostOn(t, ms, nil, n.url())
	club.Start()
	for range 2 {
		time.Sleep(1500 * time.Millisecond)
		n.stop()
		s.waitHealth(t, http.StatusServiceUnavailable, "the store disconnected", func(h healthReport) bool {
			return h.Store.State == stateDisconnected && h.Store.LastError != ""
		})
		time.Sleep(time.Second)
		n.start()
		s.waitHealth(t, http.StatusOK, "the store connected again", func(h healthReport) bool {
			return h.Store.State == stateConnected
		})
	}
	rep := settleClub(t, s, sys, club)
	t.Logf("%d games, %d moves and %d bad moves through 2 NATS restarts", rep.Games, rep.Applied, rep.Invalid)
	logs := s.log.String()
	if strings.Count(logs, "store connection lost") < 2 || strings.Count(logs, "store connection back") < 2 {
		t.Errorf("the log does not tell of both restarts:\n%s", logs)
	}

}

// TestFaultDamagedReadModels damages the read models twice: a game's
// summary and a player's games overwritten with garbage while games are
// played, then the games bucket thrown away while the service is down.
// Each time the projector finds it, says so in the log and on /healthz,
// and folds the read models again from the stream; nothing is lost, and
// at the end every game's summary agrees with its history.
func TestFaultDamagedReadModels(t *testing.T) {
	if testing.Short() {
		t.Skip("plays games for seconds")
	}
	t.Parallel()
	ctx := context.Background()
	dir := t.TempDir()
	sys, ms := loopbackServers(t, "games")
	club := playClub(t, sys, 2)
	s := servePostIn(t, ms, nil, "", dir)
	club.Start()

	// A running game's summary, and its host's games, become garbage.
	js := s.svc.Store.JetStream()
	gamesKV, err := js.KeyValue(ctx, projections.GamesBucket)
	if err != nil {
		t.Fatal(err)
	}
	playersKV, err := js.KeyValue(ctx, projections.PlayersBucket)
	if err != nil {
		t.Fatal(err)
	}
	var victim projections.Summary
	for deadline := time.Now().Add(20 * time.Second); victim.ID == ""; time.Sleep(100 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("no game under way after 20s")
		}
		sums, err := s.po.index.Games(ctx)
		if err != nil {
			t.Fatal(err)
		}
		for _, g := range sums {
			if !g.Over && g.Seq >= 4 {
				victim = g
				break
			}
		}
	}
	if _, err := gamesKV.Put(ctx, victim.ID, []byte("{garbage")); err != nil {
		t.Fatal(err)
	}
	if _, err := playersKV.Put(ctx, projections.PlayerKey(victim.Players[0].Address), []byte("\x00\x01")); err != nil {
		t.Fatal(err)
	}
	h := s.waitHealth(t, http.StatusOK, "the read models repaired", func(h healthReport) bool {
		return h.Projector.Repairs >= 1 && !h.Projector.Repairing
	})
	if !strings.Contains(h.Projector.LastDamage, victim.ID) {
		t.Errorf("/healthz says the last repair was for %q, want game %s's summary", h.Projector.LastDamage, victim.ID)
	}
	rep := settleClub(t, s, sys, club)
	out := outcomeOf(t, s.svc.Store, sys, club)
	checkIndex(t, s.svc.Store, out)
	logs := s.log.String()
	if !strings.Contains(logs, "read models damaged; folding them again from the stream") || !strings.Contains(logs, "read models repaired") {
		t.Errorf("the log does not tell of the repair:\n%s", logs)
	}
	s.stop()

	// The games bucket thrown away while the service is down.
	store, err := events.Open(ctx, events.Options{DataDir: dir})
	if err != nil {
		t.Fatal(err)
	}
	if err := store.JetStream().DeleteKeyValue(ctx, projections.GamesBucket); err != nil {
		t.Fatal(err)
	}
	store.Close()
	s = servePostIn(t, ms, nil, "", dir)
	h = s.waitHealth(t, http.StatusOK, "the read models repaired at the start", func(h healthReport) bool {
		return h.Projector.Repairs == 1 && !h.Projector.Repairing
	})
	if want := fmt.Sprintf("the stream holds %d games and the read models 0", rep.Games); h.Projector.LastDamage != want {
		t.Errorf("/healthz says the repair at the start was for %q, want %q", h.Projector.LastDamage, want)
	}
	checkIndex(t, s.svc.Store, out)
	t.Logf("%d games, %d moves; read models repaired while playing and at a start", rep.Games, rep.Applied)
}
