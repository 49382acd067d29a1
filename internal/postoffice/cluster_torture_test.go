package postoffice

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"github.com/pbem-games/pbem/events"
	"github.com/pbem-games/pbem/events/storetest"
	"github.com/pbem-games/pbem/games"
	"github.com/pbem-games/pbem/games/letters"
	"github.com/pbem-games/pbem/internal/torture"
)

// TestMain runs the tests, or, started again by a test's storetest.Nodes,
// one node of a NATS cluster in a process of its own, which the test can
// kill with SIGKILL.
func TestMain(m *testing.M) {
	storetest.ServeNodeIfAsked()
	os.Exit(m.Run())
}

// openCluster opens the store on the cluster with three replicas, waiting
// for the nodes to elect the stream's leaders.
func openCluster(t *testing.T, nodes *storetest.Nodes) *events.Store {
	t.Helper()
	store, err := nodes.Open(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return store
}

// TestClusterTorture plays the club's games by mail against three "pbem
// serve" processes sharing a three-node NATS cluster that keeps three
// copies of everything, and disturbs them at random moments: it kills a
// pbem process with SIGKILL and starts it again, kills a NATS node with
// SIGKILL (never two at once) and starts it again, or stops a pbem
// process with SIGSTOP for longer than its lease and lets it go on. At
// the end the oracle of the torture must hold: every move recorded once,
// every bad mail answered once, every mail delivered with one content,
// every history verified. PBEM_CLUSTER_KILLS says how many disturbances
// (make torture 60, CI 8; unset, the test is left to make torture),
// PBEM_TORTURE_SEED seeds them.
func TestClusterTorture(t *testing.T) {
	kills, seed := longRun(t, "PBEM_CLUSTER_KILLS"), envInt(t, "PBEM_TORTURE_SEED", 1)
	t.Setenv("PBEM_TORTURE_DIR", "") // three processes, three data directories
	bin := buildPbem(t)
	dir := t.TempDir()
	nodes, err := storetest.StartNodes(dir)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(nodes.Stop)
	url := nodes.URL()
	openCluster(t, nodes).Close() // the stream and its three copies, before anyone serves
	sys, _ := loopbackServers(t, "games")
	club := torture.NewClub(torture.Options{Sys: sys, Mailbox: sys.Address("games"), Pairs: len(clusterTables), Seed: uint64(seed),
		Invalid: 0.08, Duplicate: 0.08, Say: 0.03, Hold: 0.1, HoldFor: time.Second, Again: 0.5, Together: true, Games: offered(), Clients: true,
		Polite: 0.3, Undo: 0.05, Settings: 0.03, Accept: 0.5,
		Game:    func(i int) string { return clusterTables[i].game },
		Variant: func(i int) string { return clusterTables[i].variant },
		Seats:   func(i int) int { return clusterTables[i].seats },
		Bad:     tortureBad, Watchers: 1, Watch: 0.5, Strangers: 1, StrangeEvery: 3 * time.Second})
	sys.OnDeliver = club.Deliver
	var procs []*serveProc
	for i := range 3 {
		s := newServeProc(t, bin, sys)
		s.nats, s.name = url, fmt.Sprintf("pbem-%d", i)
		cfg, err := os.ReadFile(s.cfg)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(s.cfg, append([]byte(fmt.Sprintf("lease = %q\n", clusterLease.String())), cfg...), 0o600); err != nil {
			t.Fatal(err)
		}
		if i > 0 { // one signing key for the service, as one secret
			key, err := os.ReadFile(filepath.Join(procs[0].dir, SigningKeyFile))
			if err != nil {
				t.Fatal(err)
			}
			if err := os.MkdirAll(s.dir, 0o700); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(s.dir, SigningKeyFile), key, 0o600); err != nil {
				t.Fatal(err)
			}
		}
		s.start()
		if i == 0 {
			waitFile(t, filepath.Join(s.dir, SigningKeyFile))
		}
		procs = append(procs, s)
	}
	start := time.Now()
	club.Start()
	// An operator at the console beside the three processes, its command
	// lines talking to the cluster: reading games, setting deadlines,
	// pausing and resuming games and running the clock, as in the crash
	// torture.
	op := &torture.Operator{Bin: bin, Store: []string{"--nats", url, "--replicas", "3"}, Club: club, Seed: uint64(seed),
		Every: time.Second, Deadline: 0.3, Pause: 0.3, Clock: 0.15}
	opCtx, stopOp := context.WithCancel(context.Background())
	opDone := make(chan struct{})
	go func() { op.Play(opCtx); close(opDone) }()
	var nodeDown [][2]time.Time // from a node's kill until the cluster is whole again
	rng := rand.New(rand.NewPCG(uint64(seed), 1))
	var pbemKills, nodeKills, stops int
	for range kills {
		time.Sleep(time.Duration(1000+rng.IntN(2000)) * time.Millisecond)
		switch r := rng.IntN(10); {
		case r < 5:
			s := procs[rng.IntN(len(procs))]
			s.kill()
			pbemKills++
			time.Sleep(time.Duration(rng.IntN(1500)) * time.Millisecond)
			s.start()
		case r < 8:
			n := rng.IntN(3)
			killed := time.Now()
			nodes.Kill(n)
			nodeKills++
			time.Sleep(time.Duration(500+rng.IntN(2500)) * time.Millisecond)
			if err := nodes.Start(n); err != nil {
				t.Fatal(err)
			}
			time.Sleep(2 * time.Second) // back in the cluster before another may go
			nodeDown = append(nodeDown, [2]time.Time{killed, time.Now()})
		default:
			s := procs[rng.IntN(len(procs))]
			_ = s.cmd.Process.Signal(syscall.SIGSTOP)
			stops++
			time.Sleep(clusterLease + time.Duration(500+rng.IntN(1500))*time.Millisecond)
			_ = s.cmd.Process.Signal(syscall.SIGCONT)
		}
	}
	disturbed := time.Since(start)
	stopOp()
	<-opDone // every game it paused resumed
	club.StopNewGames()
	t.Cleanup(func() {
		if t.Failed() {
			for _, s := range procs {
				s.errors()
			}
		}
	})
	procs[0].settle(club, 4*time.Minute)
	for _, s := range procs {
		s.stop()
	}
	t.Logf("%d disturbances in %v (seed %d): %d pbem processes killed, %d NATS nodes killed, %d pbem processes stopped for longer than the lease (%v); the games then ended in %v",
		kills, disturbed.Round(time.Second), seed, pbemKills, nodeKills, stops, clusterLease, (time.Since(start) - disturbed).Round(time.Second))
	waitCurrent(t, url)
	store, stored := readableCluster(t, nodes)
	defer store.Close()
	out := outcomeFrom(t, store, stored, sys, club)
	out.Arrived, out.Bad, out.Bound = club.Arrived(), club.Bad(), tortureLagBound
	// A command line may fail while a node is away and the cluster elects
	// new leaders, as a command failing while the store is unreachable; a
	// killed pbem process does not touch it.
	out.Console = op.Runs()
	for i, r := range out.Console {
		out.Console[i].Disturbed = slices.ContainsFunc(nodeDown, func(d [2]time.Time) bool {
			return r.Start.Before(d[1].Add(commitWait)) && r.End.After(d[0])
		})
	}
	rep := torture.Check(club.Sent(), out)
	t.Logf("players sent %d NEW, %d moves (%d rightly answered as stale), %d bad moves, %d repeated mails, %d SAY; pbem recorded %d games (%s) and %d moves; the players answered %d offers out of turn",
		rep.News, rep.Moves, rep.Stale, rep.Invalid, rep.Duplicates, rep.Says, rep.Games, kinds(rep.Kinds), rep.Applied, rep.Deals)
	t.Logf("the operator ran %d command lines at the console (%s) against the cluster, %d of them while a node was away; it set %d deadlines and paused and resumed %d games; its ticks made the clock record %d events, of them %d moves pbem played for a seat out of time",
		rep.Commands, consoleWords(out.Console), rep.Disturbed, rep.Deadlines, rep.Paused, rep.Clocked, rep.TimedOut)
	t.Logf("pbem wrote %d notices: %d to healthy recipients; the mailboxes hold %d mails, of which %d are second deliveries with identical content; the longest a healthy recipient waited for a mail was %v (99%% within %v; the bound is %v)",
		rep.Notices, rep.Healthy, rep.Mails, rep.Repeats, rep.MaxLag.Round(time.Millisecond), rep.P99Lag.Round(time.Millisecond), tortureLagBound)
	for _, p := range rep.Problems {
		t.Error(p)
	}
	verifyAttached(t, procs[0].dir, out)
	if t.Failed() {
		for _, s := range procs {
			s.tail()
		}
	}
}

// commitWait is how long after a node is back a command line may still
// fail for its loss: a store's wait for an acknowledgement never coming
// (events' group commit).
const commitWait = 5 * time.Second

// clusterLease is the lease of the cluster torture's processes: a part of
// a killed process runs again elsewhere within it.
const clusterLease = 2 * time.Second

// clusterTables are the cluster torture's tables.
var clusterTables = []struct {
	game, variant string
	seats         int
}{
	{"atacama", "", 2}, {"atacama", "", 3}, {"archipelago", "", 3}, {"altiplano", "shortage", 2},
}

// waitCurrent waits until every node of the cluster holds the whole
// stream: a node killed last may still be catching up with the others.
func waitCurrent(t *testing.T, url string) {
	t.Helper()
	nc, err := nats.Connect(url)
	if err != nil {
		t.Fatal(err)
	}
	defer nc.Close()
	js, err := jetstream.New(nc)
	if err != nil {
		t.Fatal(err)
	}
	for deadline := time.Now().Add(time.Minute); ; time.Sleep(250 * time.Millisecond) {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		st, err := js.Stream(ctx, events.StreamName)
		var info *jetstream.StreamInfo
		if err == nil {
			info, err = st.Info(ctx)
		}
		cancel()
		current := err == nil && info.Cluster != nil && info.Cluster.Leader != "" && len(info.Cluster.Replicas) == 2
		for _, r := range replicasOf(info) {
			current = current && r.Current && !r.Offline
		}
		if current {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("the stream's copies are not all current after a minute: %+v %v", info, err)
		}
	}
}

func replicasOf(info *jetstream.StreamInfo) []*jetstream.PeerInfo {
	if info == nil || info.Cluster == nil {
		return nil
	}
	return info.Cluster.Replicas
}

// errors prints what the process logged as errors and warnings.
func (s *serveProc) errors() {
	b, _ := os.ReadFile(s.logFile.Name())
	var lines []string
	for _, l := range strings.Split(string(b), "\n") {
		if strings.Contains(l, "level=ERROR") || strings.Contains(l, "level=WARN") && !strings.Contains(l, "452") {
			lines = append(lines, l)
		}
	}
	s.t.Logf("%s logged:\n%s", s.name, strings.Join(lines[max(0, len(lines)-60):], "\n"))
}

// readableCluster opens the store on the cluster once every game's
// history can be read through it, and returns what it read: a node back
// from a kill may take a while before it serves reads of the stream
// again, so the histories are read once, not again afterwards.
func readableCluster(t *testing.T, nodes *storetest.Nodes) (*events.Store, torture.Outcome) {
	t.Helper()
	for try := 1; ; try++ {
		store := openCluster(t, nodes)
		out, err := torture.Stored(context.Background(), store, letters.New(&games.Service{Store: store, Catalog: Catalog()}, offered()).Notices)
		if err == nil {
			return store, out
		}
		store.Close()
		if try == 10 {
			t.Fatalf("the histories cannot be read from the cluster: %v", err)
		}
		t.Logf("reading the histories: %v; trying again", err)
		time.Sleep(2 * time.Second)
	}
}

// waitFile waits until path exists.
func waitFile(t *testing.T, path string) {
	t.Helper()
	for deadline := time.Now().Add(30 * time.Second); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		if _, err := os.Stat(path); err == nil {
			return
		}
	}
	t.Fatalf("%s never appeared", path)
}
