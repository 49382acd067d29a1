package postoffice

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	netmail "net/mail"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/pbem-games/pbem/events"
	"github.com/pbem-games/pbem/games/notice"
	"github.com/pbem-games/pbem/mail/loopback"
)

// TestCommandLinesBesideServe runs command lines in parallel loops (new
// games, moves on several games, the list of games) against a data
// directory that "pbem serve" owns, as an operator at a console would
// while the service runs: every command works, no history loses an event,
// every game verifies, and the moves made on the command line are mailed
// to the players by the service. A second "pbem serve" on the directory
// refuses to open it, and after the service is killed the data directory
// it leaves (with its stale note of where it served) opens again at once.
func TestCommandLinesBesideServe(t *testing.T) {
	if testing.Short() {
		t.Skip("runs a few hundred command lines")
	}
	t.Parallel()
	bin := buildPbem(t)
	sys, _ := loopbackServers(t, "games", "ana", "bea")
	mailed := watchMail(sys)
	s := newServeProc(t, bin, sys)
	s.start()
	waitServing(t, s)

	// A second service on the same directory refuses, and says why.
	start := time.Now()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	out, err := exec.CommandContext(ctx, bin, "serve", "--config", s.cfg, "--data", s.dir, "--health", freeAddr(t)).CombinedOutput()
	cancel()
	if err == nil || !strings.Contains(string(out), "served by another pbem") {
		t.Errorf("a second pbem serve on %s: %v after %v\n%s", s.dir, err, time.Since(start).Round(time.Millisecond), out)
	}

	played := playInParallel(t, bin, s.dir, []string{sys.Address("ana"), sys.Address("bea")}, 4, 10)
	verifyPlayed(t, bin, s.dir, played)
	waitMailed(t, mailed, played, sys.Address("ana"), sys.Address("bea"))
	if t.Failed() {
		s.tail()
	}

	// Killed, the service leaves its note of where it served; the lock
	// died with it, so the next command line neither trusts the note nor
	// waits.
	s.kill()
	if _, err := os.Stat(filepath.Join(s.dir, events.ServingFile)); err != nil {
		t.Errorf("after a kill: %v", err)
	}
	// A command line that trusted the note would wait the connect timeout
	// (2 s) for the dead service before opening the store: the export and
	// verify of every game would then take at least that each, however
	// fast the machine.
	start = time.Now()
	verifyPlayed(t, bin, s.dir, played)
	if d, waited := time.Since(start), time.Duration(2*len(played))*2*time.Second; d >= waited {
		t.Errorf("the %d command lines after the kill took %v, as long as waiting 2 s each", 2*len(played), d)
	}
}

// TestCommandLinesTakeTurns runs the same loops with no service: one
// command line at a time owns the data directory and the others wait
// for it. Nothing is lost, every game verifies, and the service started
// afterwards mails the players what the command lines did.
func TestCommandLinesTakeTurns(t *testing.T) {
	if testing.Short() {
		t.Skip("runs a few hundred command lines")
	}
	t.Parallel()
	bin := buildPbem(t)
	sys, _ := loopbackServers(t, "games", "ana", "bea")
	mailed := watchMail(sys)
	s := newServeProc(t, bin, sys)
	played := playInParallel(t, bin, s.dir, []string{sys.Address("ana"), sys.Address("bea")}, 3, 5)
	verifyPlayed(t, bin, s.dir, played)
	s.start()
	waitServing(t, s)
	waitMailed(t, mailed, played, sys.Address("ana"), sys.Address("bea"))
	s.stop()
	if _, err := os.Stat(filepath.Join(s.dir, events.ServingFile)); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("after a clean stop the service's note of where it served is still there (%v)", err)
	}
}

// TestCommandLineWaits holds a data directory open in this process: a
// command line waits for it, says so once after a second, and then does
// its work.
func TestCommandLineWaits(t *testing.T) {
	t.Parallel()
	bin := buildPbem(t)
	dir := t.TempDir()
	st, err := events.Open(context.Background(), events.Options{DataDir: dir})
	if err != nil {
		t.Fatal(err)
	}
	held := 1500 * time.Millisecond
	time.AfterFunc(held, func() { st.Close() })
	start := time.Now()
	stdout, stderr, err := runBin(bin, dir, "games")
	took := time.Since(start)
	if err != nil || !strings.Contains(stdout, "no games yet") {
		t.Fatalf("pbem games: %v\n%s%s", err, stdout, stderr)
	}
	if took < held {
		t.Errorf("pbem games finished after %v, while the directory was held for %v", took, held)
	}
	want := "waiting for the data directory " + dir + ", held by another pbem\n"
	if stderr != want {
		t.Errorf("pbem games said on stderr %q, want %q", stderr, want)
	}
}

// runBin runs the pbem binary on data directory dir.
func runBin(bin, dir string, args ...string) (stdout, stderr string, err error) {
	var out, errOut bytes.Buffer
	cmd := exec.Command(bin, append([]string{"--data", dir}, args...)...)
	cmd.Stdout, cmd.Stderr = &out, &errOut
	err = cmd.Run()
	return out.String(), errOut.String(), err
}

// waitServing waits until the service answers /healthz.
func waitServing(t *testing.T, s *serveProc) {
	t.Helper()
	for deadline := time.Now().Add(30 * time.Second); ; time.Sleep(50 * time.Millisecond) {
		if _, err := s.healthz(); err == nil {
			return
		}
		if time.Now().After(deadline) {
			s.tail()
			t.Fatal("pbem serve not serving after 30s")
		}
	}
}

// playInParallel creates games of atacama between players and plays
// moves in each, every game in a loop of its own, while another loop
// creates more games and another lists them, all as separate command
// lines on dir. It returns each game's moves played.
func playInParallel(t *testing.T, bin, dir string, players []string, games, moves int) map[string]int {
	t.Helper()
	var mu sync.Mutex
	played := map[string]int{}
	fail := func(format string, args ...any) {
		t.Helper()
		t.Errorf(format, args...)
	}
	pbem := func(args ...string) (string, bool) {
		stdout, stderr, err := runBin(bin, dir, args...)
		if err != nil {
			fail("pbem %s: %v\n%s", strings.Join(args, " "), err, stderr)
			return "", false
		}
		return stdout, true
	}
	newGame := func() (string, bool) {
		out, ok := pbem("new", "atacama", "--players", strings.Join(players, ","))
		id := strings.TrimSpace(out)
		if ok {
			mu.Lock()
			played[id] = 0
			mu.Unlock()
		}
		return id, ok
	}
	var wg sync.WaitGroup
	done := make(chan struct{})
	for range games {
		wg.Add(1)
		go func() {
			defer wg.Done()
			id, ok := newGame()
			for i := 0; ok && i < moves; i++ {
				var out string
				var sh struct{ ToAct []int }
				if out, ok = pbem("show", id, "--json"); !ok {
					return
				}
				if err := json.Unmarshal([]byte(out), &sh); err != nil || len(sh.ToAct) == 0 {
					fail("pbem show %s --json: %v\n%s", id, err, out)
					return
				}
				seat := strconv.Itoa(sh.ToAct[0])
				if out, ok = pbem("legal", id, "--seat", seat); !ok {
					return
				}
				legal := strings.Fields(out)
				if len(legal) == 0 {
					fail("game %s: seat %s to act has no legal moves", id, seat)
					return
				}
				if _, ok = pbem("move", id, "--seat", seat, legal[len(legal)/2]); ok {
					mu.Lock()
					played[id]++
					mu.Unlock()
				}
			}
		}()
	}
	var side sync.WaitGroup
	side.Add(2)
	go func() { // more games, made while the others move
		defer side.Done()
		for {
			select {
			case <-done:
				return
			default:
			}
			if _, ok := newGame(); !ok {
				return
			}
			time.Sleep(300 * time.Millisecond)
		}
	}()
	go func() { // the operator looks at the list now and then
		defer side.Done()
		for {
			select {
			case <-done:
				return
			default:
			}
			if out, ok := pbem("games"); !ok || !strings.Contains(out, "ID") && !strings.Contains(out, "no games yet") {
				fail("pbem games printed %q", out)
				return
			}
			time.Sleep(200 * time.Millisecond)
		}
	}()
	start := time.Now()
	wg.Wait()
	close(done)
	side.Wait()
	n := 0
	for _, m := range played {
		n += m
	}
	t.Logf("%d games and %d moves by command line in %v", len(played), n, time.Since(start).Round(100*time.Millisecond))
	return played
}

// verifyPlayed checks that every game holds exactly its creation and the
// moves played, and verifies.
func verifyPlayed(t *testing.T, bin, dir string, played map[string]int) {
	t.Helper()
	for id, moves := range played {
		out, stderr, err := runBin(bin, dir, "export", id)
		if err != nil {
			t.Errorf("pbem export %s: %v\n%s", id, err, stderr)
			continue
		}
		if n := strings.Count(out, "\n") - 1; n != moves+1 { // and the signature
			t.Errorf("game %s has %d events after %d moves, want %d", id, n, moves, moves+1)
		}
		if out, stderr, err := runBin(bin, dir, "verify", id); err != nil || !strings.HasPrefix(out, "ok") {
			t.Errorf("pbem verify %s: %v\n%s%s", id, err, out, stderr)
		}
	}
}

// watchMail collects the Message-IDs each address receives.
func watchMail(sys *loopback.System) func() map[string]map[string]bool {
	var mu sync.Mutex
	got := map[string]map[string]bool{}
	sys.OnDeliver = func(_ string, to []string, raw []byte) {
		msg, err := netmail.ReadMessage(bytes.NewReader(raw))
		if err != nil {
			return
		}
		id := strings.Trim(msg.Header.Get("Message-Id"), "<>")
		mu.Lock()
		defer mu.Unlock()
		for _, addr := range to {
			if got[addr] == nil {
				got[addr] = map[string]bool{}
			}
			got[addr][id] = true
		}
	}
	return func() map[string]map[string]bool {
		mu.Lock()
		defer mu.Unlock()
		c := map[string]map[string]bool{}
		for addr, ids := range got {
			c[addr] = map[string]bool{}
			for id := range ids {
				c[addr][id] = true
			}
		}
		return c
	}
}

// waitMailed waits until each player has been mailed about every game's
// creation and its last move (a notice's Message-ID names the game and
// the event's number).
func waitMailed(t *testing.T, mailed func() map[string]map[string]bool, played map[string]int, players ...string) {
	t.Helper()
	missing := func() []string {
		got := mailed()
		var miss []string
		for id, moves := range played {
			for _, p := range players {
				for _, seq := range []int{1, moves + 1} {
					found := false
					for mid := range got[p] {
						// No event of these games is hidden from anyone, so
						// every player numbers them as the game does.
						m, ok := notice.ParseMessageID(mid)
						found = found || ok && m.Game == id && m.Seq == uint64(seq)
					}
					if !found {
						miss = append(miss, fmt.Sprintf("%s about event %d of %s", p, seq, id))
					}
				}
			}
		}
		return miss
	}
	for deadline := time.Now().Add(30 * time.Second); ; time.Sleep(100 * time.Millisecond) {
		miss := missing()
		if len(miss) == 0 {
			return
		}
		if time.Now().After(deadline) {
			t.Errorf("after 30s no mail to %s", strings.Join(miss, ", "))
			return
		}
	}
}
