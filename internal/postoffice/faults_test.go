package postoffice

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/nats-io/nats-server/v2/server"
	"github.com/pbem-games/pbem/events"
	"github.com/pbem-games/pbem/internal/torture"
	"github.com/pbem-games/pbem/mail"
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
	club := torture.NewClub(torture.Options{Games: offered(), Sys: sys, Mailbox: sys.Address("games"), Pairs: pairs, Seed: 7,
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
	s := serve(t, ms, serving{nats: n.url()})
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
	s := serve(t, ms, serving{dir: dir})
	club.Start()

	// A running game's summary, and its host's games, become garbage.
	gamesKV, err := s.svc.Store.Bucket(ctx, projections.GamesBucket)
	if err != nil {
		t.Fatal(err)
	}
	playersKV, err := s.svc.Store.Bucket(ctx, projections.PlayersBucket)
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
	// Whichever damaged model the projector meets first is the one named.
	if player := projections.PlayerKey(victim.Players[0].Address); !strings.Contains(h.Projector.LastDamage, victim.ID) && !strings.Contains(h.Projector.LastDamage, player) {
		t.Errorf("/healthz says the last repair was for %q, want game %s's summary or player %s's games", h.Projector.LastDamage, victim.ID, player)
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
	if err := store.DeleteBucket(ctx, projections.GamesBucket); err != nil {
		t.Fatal(err)
	}
	store.Close()
	s = serve(t, ms, serving{dir: dir})
	h = s.waitHealth(t, http.StatusOK, "the read models repaired at the start", func(h healthReport) bool {
		return h.Projector.Repairs == 1 && !h.Projector.Repairing
	})
	if want := fmt.Sprintf("the stream holds %d games and the read models 0", rep.Games); h.Projector.LastDamage != want {
		t.Errorf("/healthz says the repair at the start was for %q, want %q", h.Projector.LastDamage, want)
	}
	checkIndex(t, s.svc.Store, out)
	t.Logf("%d games, %d moves; read models repaired while playing and at a start", rep.Games, rep.Applied)
}

// TestFaultDiskFull puts the data directory on a small file system of its
// own (a tmpfs: the test needs root) and fills it up to below min_free_mb
// while a game is played: /healthz and the log say so, the move mailed
// meanwhile stays on the IMAP server, nothing is lost, and once space
// returns the move is read and played.
func TestFaultDiskFull(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("mounts a small tmpfs, which needs root")
	}
	t.Parallel()
	dir := filepath.Join(t.TempDir(), "data")
	if err := os.Mkdir(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	if out, err := exec.Command("mount", "-t", "tmpfs", "-o", "size=64m", "tmpfs", dir).CombinedOutput(); err != nil {
		t.Skipf("cannot mount a tmpfs: %v %s", err, out)
	}
	t.Cleanup(func() {
		if out, err := exec.Command("umount", "--lazy", dir).CombinedOutput(); err != nil {
			t.Errorf("umount %s: %v %s", dir, err, out)
		}
	})
	_, ms := loopbackServers(t, "games", "ana", "bea")
	s := serve(t, ms, serving{dir: dir, change: func(c *Config) { c.MinFreeMB = 32 }})
	ana, bea := ms.Address("ana"), ms.Address("bea")
	send(t, ms, ana, ms.Address("games"), "a game?", "", "NEW atacama WITH "+bea+"\n")
	accept(t, ms, "bea", 0)
	prompt := waitFor(t, ms, "ana", 0, "your-turn")
	waitFor(t, ms, "bea", 0, "invitation")
	s.waitHealth(t, http.StatusOK, "the disk roomy", func(h healthReport) bool { return h.Disk != nil && !h.Disk.Low })

	// Fill the disk up to 16 MiB free: below min_free_mb.
	var st syscall.Statfs_t
	if err := syscall.Statfs(dir, &st); err != nil {
		t.Fatal(err)
	}
	ballast := filepath.Join(dir, "ballast")
	if err := os.WriteFile(ballast, make([]byte, int64(st.Bavail)*st.Bsize-16<<20), 0o600); err != nil {
		t.Fatal(err)
	}
	h := s.waitHealth(t, http.StatusServiceUnavailable, "the disk nearly full", func(h healthReport) bool {
		return h.Disk != nil && h.Disk.Low && h.Disk.Free < h.Disk.MinFree
	})
	t.Logf("/healthz: %d bytes free, at least %d wanted", h.Disk.Free, h.Disk.MinFree)
	send(t, ms, ana, prompt.replyTo, "Re: move", "<"+prompt.messageID+">", "E5\n")
	time.Sleep(2 * time.Second)
	tag, _ := mail.ParseTag(prompt.replyTo, ms.Address("games"))
	if g, _, err := s.svc.Load(context.Background(), tag.Game); err != nil || len(g.Moves) != 0 {
		t.Fatalf("with the disk nearly full the game has moves %v (%v), want none yet", g.Moves, err)
	}
	if box := mailbox(t, ms, "games"); len(box) != 1 {
		t.Errorf("with the disk nearly full the game mailbox holds %d mails, want the move left there", len(box))
	}

	if err := os.Remove(ballast); err != nil {
		t.Fatal(err)
	}
	waitFor(t, ms, "bea", 1, "your-turn")
	s.waitHealth(t, http.StatusOK, "the disk roomy again", func(h healthReport) bool { return h.Disk != nil && !h.Disk.Low })
	if g, _, err := s.svc.Load(context.Background(), tag.Game); err != nil || len(g.Moves) != 1 {
		t.Errorf("after space returned the game has moves %v (%v), want the one mailed meanwhile", g.Moves, err)
	}
	logs := s.log.String()
	for _, want := range []string{"disk nearly full", "not reading mail: it stays on the server", "disk space back", "reading mail again"} {
		if !strings.Contains(logs, want) {
			t.Errorf("the log does not say %q:\n%s", want, logs)
		}
	}

	// Without the watch (min_free_mb < 0) the disk fills to the last
	// byte: a write of the stream fails, which JetStream does not retry
	// until it is started again. The move mailed then is not lost: it
	// stays on the server, and a restart once space is back plays it.
	prompt = waitFor(t, ms, "bea", 1, "your-turn")
	s.stop()
	s = serve(t, ms, serving{dir: dir, change: func(c *Config) { c.MinFreeMB = -1 }})
	full, err := os.Create(ballast)
	if err != nil {
		t.Fatal(err)
	}
	for chunk := make([]byte, 1<<20); ; {
		if _, err := full.Write(chunk); err != nil {
			break
		}
	}
	for chunk := make([]byte, 512); ; {
		if _, err := full.Write(chunk); err != nil {
			break
		}
	}
	full.Close()
	quote := strings.Repeat("> "+strings.Repeat("quoted text ", 20)+"\n", 1000) // too long for the last page left
	send(t, ms, bea, prompt.replyTo, "Re: move", "<"+prompt.messageID+">", "A1\n\n"+quote)
	for deadline := time.Now().Add(20 * time.Second); !strings.Contains(s.log.String(), "imap session ended"); time.Sleep(100 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("with the disk full the intake never failed to record the move:\n%s", s.log)
		}
	}
	if err := os.Remove(ballast); err != nil {
		t.Fatal(err)
	}
	s.stop()
	s = serve(t, ms, serving{dir: dir, change: func(c *Config) { c.MinFreeMB = 32 }})
	waitFor(t, ms, "ana", 2, "your-turn")
	if g, _, err := s.svc.Load(context.Background(), tag.Game); err != nil || len(g.Moves) != 2 {
		t.Errorf("after the disk was full and the service restarted the game has moves %v (%v), want E5 and A1", g.Moves, err)
	}
}
