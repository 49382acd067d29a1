package postoffice

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"math/rand/v2"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/pbem-games/pbem/events"
	"github.com/pbem-games/pbem/games"
	"github.com/pbem-games/pbem/games/letters"
	"github.com/pbem-games/pbem/games/notice"
	"github.com/pbem-games/pbem/internal/torture"
	"github.com/pbem-games/pbem/mail"
	"github.com/pbem-games/pbem/mail/loopback"
	"github.com/pbem-games/pbem/projections"
	"github.com/pbem-games/pbem/rules"
)

// TestTorture plays games by mail against "pbem serve" in its own process,
// killed with SIGKILL at random moments and started again, and checks that
// no move was lost or applied twice, every bad move was answered, every
// game ended, and every mail arrived, never with two contents under one
// Message-ID. PBEM_TORTURE_KILLS says how many kills ("make torture" 500,
// CI 50; unset, the test is left to make torture: it lasts minutes),
// PBEM_TORTURE_SEED seeds them and the players.
func TestTorture(t *testing.T) {
	kills, seed := longRun(t, "PBEM_TORTURE_KILLS"), envInt(t, "PBEM_TORTURE_SEED", 1)
	bin := buildPbem(t)
	sys, _ := loopbackServers(t, "games")
	club := torture.NewClub(torture.Options{Sys: sys, Mailbox: sys.Address("games"), Pairs: len(tortureTables), Seed: uint64(seed),
		Invalid: 0.08, Duplicate: 0.08, Say: 0.03,
		Hold: 0.1, HoldFor: time.Second, Again: 0.5, Together: true, Games: offered(), Clients: true, Polite: 0.3, Undo: 0.05, Settings: 0.03, Expel: 0.02, Replace: 0.02, Newcomers: 2, Open: 0.3, If: 0.1, Accept: 0.5,
		Game:    func(i int) string { return tortureTables[i].game },
		Variant: func(i int) string { return tortureTables[i].variant },
		Seats:   func(i int) int { return tortureTables[i].seats },
		Bad:     tortureBad, Watchers: 1, Watch: 0.5, Strangers: 2, StrangeEvery: 2 * time.Second})
	sys.OnDeliver = club.Deliver
	s := newServeProc(t, bin, sys)
	start := time.Now()
	club.Start()
	// An operator at the console reads games, sets their deadlines,
	// pauses and resumes them and runs pbem tick on a simulated clock all
	// along, the service up or down. PBEM_TORTURE_PAUSE and
	// PBEM_TORTURE_CLOCK are the percentages of its commands that pause
	// (30 unless set) and tick (15).
	op := &torture.Operator{Bin: bin, Data: s.dir, Club: club, Seed: uint64(seed), Every: time.Second, Deadline: 0.3,
		Pause: float64(envInt(t, "PBEM_TORTURE_PAUSE", 30)) / 100, Clock: float64(envInt(t, "PBEM_TORTURE_CLOCK", 15)) / 100}
	opCtx, stopOp := context.WithCancel(context.Background())
	opDone := make(chan struct{})
	go func() { op.Play(opCtx); close(opDone) }()
	s.runs = op.Runs
	rng := rand.New(rand.NewPCG(uint64(seed), 0))
	for range kills {
		s.start()
		up := 150 + rng.IntN(3850) // mostly in the middle of moves
		if rng.IntN(8) == 0 {
			up = rng.IntN(150) // while the store recovers and the parts start
		}
		time.Sleep(time.Duration(up) * time.Millisecond)
		s.kill()
	}
	killed := time.Since(start)
	stopOp()
	<-opDone // every game it paused resumed
	club.StopNewGames()
	s.start()
	// Every mail that shows a board carries its picture, drawn on the
	// spot: the games end later than the kills, on a busy machine minutes.
	s.settle(club, 4*time.Minute)
	s.checkOutboxEnd(club)
	s.stop()
	t.Logf("%d kills in %v (seed %d), %d of them before the service was serving; the games then ended in %v",
		kills, killed.Round(time.Second), seed, s.earlyKills(), (time.Since(start) - killed).Round(time.Second))

	out := outcome(t, s.dir, sys, club)
	out.Arrived, out.Bad, out.Bound = club.Arrived(), club.Bad(), tortureLagBound
	out.Console = s.disturbed(op.Runs())
	rep := torture.Check(club.Sent(), out)
	t.Logf("players sent %d NEW, %d JOIN of an invited player, %d moves (%d of them rightly answered as stale), %d bad moves, %d repeated mails, %d WATCH of an observer and the bad recipients, %d SAY; strangers sent %d mails; pbem recorded %d games (%s) and %d moves, %d of them a seat's only move it played itself",
		rep.News, rep.Joins, rep.Moves, rep.Stale, rep.Invalid, rep.Duplicates, rep.Watches, rep.Says, rep.Strangers, rep.Games, kinds(rep.Kinds), rep.Applied, rep.Forced)
	t.Logf("players asked %d times to take a move back and answered %d AGREE and %d DECLINE; pbem rightly refused %d of these and took moves back %d times",
		rep.Undos, rep.Agrees, rep.Declines, rep.UndoRefused, rep.Undone)
	t.Logf("players changed %d settings (DIGEST, VACATION, AUTO); the clock sent %d digests", rep.Settings, rep.Digests)
	t.Logf("players mailed %d moves before their turn, which pbem kept as programmed lists; it played %d moves from the lists and dropped %d lists; it took back %d placements of plans mailed again", rep.Listed, rep.FromLists, rep.Dropped, rep.Replaced)
	t.Logf("of the moves, %d answered a prompt after a newer one of the game had come and %d a prompt the player kept a while; %d were rightly refused, the rules saying they were no longer legal (a turn played already) or the game being paused; %d came with a greeting or a sign-off that pbem named as ignored; by mail client: %s",
		rep.Late, rep.Held, rep.Superseded, rep.Polite, kinds(rep.Styles))
	t.Logf("hosts mailed %d EXPEL, which took %d seats from their players; pbem rightly refused %d mails the expelled players wrote afterwards",
		rep.Expels, rep.Expelled, rep.ExpelledRefused)
	t.Logf("hosts mailed %d REPLACE, which gave %d seats to newcomers who joined and played them; pbem rightly let be %d mails the seats' old players wrote afterwards; newcomers took %d open seats with the line the hosts passed on",
		rep.Replaces, rep.ReplacedSeats, rep.Unheard, rep.SeatsTaken)
	t.Logf("players of two-player Atacama games mailed %d conditional moves after their own; pbem played %d of them and rightly refused %d; players of Archipelago answered %d offers their boards showed made to them, in turn or not (pbem rightly refused %d, the offer gone by then), and accepted %d deals by mail",
		rep.Ifs, rep.FromIfs, rep.IfRefused, rep.Deals, rep.DealRefused, rep.Accepts)
	t.Logf("the operator ran %d command lines at the console (%s), %d of them cut short by a kill; it set %d deadlines and paused and resumed %d games, and the players were mailed each; its ticks made the clock record %d events, of them %d moves pbem played for a seat out of time; it gave up on %d seats after too many timeouts and played %d moves for them",
		rep.Commands, consoleWords(out.Console), rep.Disturbed, rep.Deadlines, rep.Paused, rep.Clocked, rep.TimedOut, rep.Abandoned, rep.ForGood)
	t.Logf("pbem wrote %d notices: %d to healthy recipients (%d of them to the observer), %d waiting for the full mailbox (452), %d failed for the refusing one (550), whose hosts of %d games were told of it once each; the mailboxes hold %d mails, of which %d are second deliveries with identical content",
		rep.Notices, rep.Healthy, rep.Observed, rep.Waiting, rep.Refused, rep.Told, rep.Mails, rep.Repeats)
	t.Logf("a healthy recipient's mail arrived at most %v after it was written (99%% within %v; the bound is %v)",
		rep.MaxLag.Round(time.Millisecond), rep.P99Lag.Round(time.Millisecond), tortureLagBound)
	for _, p := range rep.Problems {
		t.Error(p)
	}
	verifyAttached(t, s.dir, out)
	if t.Failed() || os.Getenv("PBEM_TEST_LOG") != "" {
		s.tail()
	}
}

// consoleWords counts the operator's command lines by their first word.
func consoleWords(runs []torture.Run) string {
	m := map[string]int{}
	for _, r := range runs {
		m[r.Args[0]]++
	}
	return kinds(m)
}

// disturbed marks the runs during which the service was killed.
func (s *serveProc) disturbed(runs []torture.Run) []torture.Run {
	for i, r := range runs {
		runs[i].Disturbed = slices.ContainsFunc(s.kills, func(k time.Time) bool { return !k.Before(r.Start) && !k.After(r.End) })
	}
	return runs
}

// kinds lists how many games of each kind there were.
func kinds(m map[string]int) string {
	var out []string
	for _, k := range slices.Sorted(maps.Keys(m)) {
		out = append(out, fmt.Sprintf("%s: %d", k, m[k]))
	}
	return strings.Join(out, "; ")
}

// tortureTables are the club's tables, each playing one game after
// another. Altiplano's players plan at once; its game by example moves is
// some 220 moves for two players, so its table plays the shorter ending.
var tortureTables = []struct {
	game, variant string
	seats         int
}{
	{"atacama", "", 2}, {"atacama", "", 3}, {"atacama", "enhanced", 2}, {"atacama", "", 4}, {"archipelago", "", 2},
	{"archipelago", "short", 5}, {"altiplano", "shortage", 2},
}

// tortureBad are the club's bad recipients, invited with a healthy
// observer to watch about half the games: a mailbox full for the whole
// run, and one whose server refuses every mail for good.
var tortureBad = []torture.Bad{{User: "full", Code: 452}, {User: "gone", Code: 550}}

// tortureLagBound is the longest a healthy recipient may wait for a mail
// after pbem wrote it, kills and bad recipients notwithstanding: a kill
// leaves a mail in flight unacknowledged until the next process gets it
// again, the acknowledgement wait (5 s) after it starts.
const tortureLagBound = 30 * time.Second

// checkOutboxEnd checks, once everything settled, that the outbox owes
// healthy recipients nothing: no backlog, no lag, no dead letter, and no
// mail waiting but the full mailbox's.
func (s *serveProc) checkOutboxEnd(club *torture.Club) {
	s.t.Helper()
	h, err := s.healthz()
	if err != nil {
		s.t.Fatal(err)
	}
	if h.Outbox.Pending != 0 || h.Outbox.LagSeconds != 0 || h.Outbox.Dead != 0 {
		s.t.Errorf("at the end the outbox has %d pending, a lag of %vs and %d dead letters, want none", h.Outbox.Pending, h.Outbox.LagSeconds, h.Outbox.Dead)
	}
	s.t.Logf("at the end /healthz counts %d notices waiting (the oldest %s), %d failed, %d dead; the outbox's own backlog %d, its lag %vs",
		h.Outbox.Waiting, h.Outbox.OldestWaiting, h.Outbox.Failed, h.Outbox.Dead, h.Outbox.Pending, h.Outbox.LagSeconds)
	resp, err := http.Get("http://" + s.health + "/metrics")
	if err != nil {
		s.t.Fatal(err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	s.t.Logf("/metrics: pbem_outbox_lag_seconds %v (the full mailbox's oldest waiting mail)", metricValue(string(body), "pbem_outbox_lag_seconds"))
}

// serveProc runs "pbem serve" as a separate process.
type serveProc struct {
	t        *testing.T
	bin, dir string
	cfg      string
	health   string // host:port of /healthz
	logFile  *os.File
	cmd      *exec.Cmd
	starts   int
	kills    []time.Time // when the service was killed
	runs     func() []torture.Run
	// nats, when set, is the URL of the NATS cluster the process serves
	// from, with three copies, as the process named name.
	nats, name string
}

func newServeProc(t *testing.T, bin string, sys *loopback.System) *serveProc {
	dir := t.TempDir()
	if d := os.Getenv("PBEM_TORTURE_DIR"); d != "" {
		dir = d // kept after the run, to read with pbem games, log, export and mail list
	}
	cfg := filepath.Join(dir, "pbem.toml")
	toml := fmt.Sprintf("mailbox = %q\nsecret = \"torture secret\"\nrate_per_hour = 1000000\nunsolicited_per_day = 1000000\n\n"+
		"[imap]\naddr = %q\nsecurity = \"plain\"\nusername = \"games\"\npassword = %q\npoll = \"1s\"\n\n"+
		"[smtp]\naddr = %q\nsecurity = \"plain\"\n", sys.Address("games"), sys.IMAPAddr, loopback.Password, sys.SMTPAddr)
	if err := os.WriteFile(cfg, []byte(toml), 0o600); err != nil {
		t.Fatal(err)
	}
	logFile, err := os.Create(filepath.Join(dir, "serve.log"))
	if err != nil {
		t.Fatal(err)
	}
	s := &serveProc{t: t, bin: bin, dir: filepath.Join(dir, "data"), cfg: cfg, health: freeAddr(t), logFile: logFile}
	t.Cleanup(func() {
		if s.cmd != nil {
			s.kill()
		}
		logFile.Close()
		if keep := os.Getenv("PBEM_TORTURE_KEEP"); keep != "" && t.Failed() {
			// The whole log of a failed run, to read at leisure.
			if b, err := os.ReadFile(logFile.Name()); err == nil {
				_ = os.WriteFile(keep, b, 0o600)
			}
		}
	})
	return s
}

func (s *serveProc) start() {
	s.t.Helper()
	s.starts++
	fmt.Fprintf(s.logFile, "--- start %d\n", s.starts)
	s.cmd = exec.Command(s.bin, "serve", "--config", s.cfg, "--data", s.dir, "--health", s.health)
	if s.nats != "" {
		s.cmd.Args = append(s.cmd.Args, "--nats", s.nats, "--replicas", "3")
		s.cmd.Env = append(os.Environ(), "PBEM_PROCESS_NAME="+s.name)
	}
	s.cmd.Stdout, s.cmd.Stderr = s.logFile, s.logFile
	if err := s.cmd.Start(); err != nil {
		s.t.Fatal(err)
	}
}

// earlyKills counts the starts its log shows killed before "pbem serving".
func (s *serveProc) earlyKills() int {
	b, _ := os.ReadFile(s.logFile.Name())
	n := 0
	for _, run := range strings.Split(string(b), "--- start ")[1:] {
		if !strings.Contains(run, "pbem serving") {
			n++
		}
	}
	return n
}

func (s *serveProc) kill() {
	s.kills = append(s.kills, time.Now())
	_ = s.cmd.Process.Signal(syscall.SIGKILL)
	_ = s.cmd.Wait()
	s.cmd = nil
}

// stop stops the service as an operator would, and checks it exits cleanly.
func (s *serveProc) stop() {
	s.t.Helper()
	_ = s.cmd.Process.Signal(syscall.SIGTERM)
	if err := s.cmd.Wait(); err != nil {
		s.t.Errorf("pbem serve after SIGTERM: %v", err)
	}
	s.cmd = nil
}

// settle waits until the club waits for nothing and the service has
// nothing left to read or send.
func (s *serveProc) settle(club *torture.Club, limit time.Duration) {
	s.t.Helper()
	deadline := time.Now().Add(limit)
	for time.Now().Before(deadline) {
		if errs := club.Errors(); len(errs) > 0 {
			s.t.Fatalf("the players failed: %v", errs)
		}
		if club.Outstanding() == "" {
			if h, err := s.healthz(); err == nil && h.Healthy && h.Mailroom.Pending == 0 && h.Outbox.Pending == 0 && h.Projector.Lag == 0 {
				return
			}
		}
		time.Sleep(200 * time.Millisecond)
	}
	h, err := s.healthz()
	s.tail()
	s.grep(club.Outstanding())
	if os.Getenv("PBEM_TORTURE_DEBUG") != "" {
		var lines []string
		for k, at := range club.Arrived() {
			lines = append(lines, at.Format("15:04:05.000")+" "+k)
		}
		slices.Sort(lines)
		s.t.Logf("every mail delivered:\n%s", strings.Join(lines, "\n"))
	}
	if out, stderr, err := runBin(s.bin, s.dir, "games"); err == nil {
		s.t.Logf("the games as pbem games lists them:\n%s", out)
	} else {
		s.t.Logf("pbem games: %v %s", err, stderr)
	}
	for _, id := range playerMailID.FindAllString(club.Outstanding(), -1) {
		for _, m := range club.Sent() {
			if m.MessageID == id {
				at := club.Arrived()["games@"+strings.SplitN(id, "@mua.", 2)[1]+" "+id]
				s.t.Logf("%s: %+v; delivered to the game mailbox at %v", id, m, at)
				for _, k := range s.kills {
					if d := k.Sub(at); d > -5*time.Second && d < 5*time.Second {
						s.t.Logf("  the service was killed %v after", d)
					}
				}
				var runs []torture.Run
				if s.runs != nil {
					runs = s.runs()
				}
				for _, r := range runs {
					if d := r.Start.Sub(at); d > -5*time.Second && d < 5*time.Second {
						s.t.Logf("  the operator ran pbem %s %v after, for %v: %q %q", strings.Join(r.Args, " "), d, r.End.Sub(r.Start), r.Out, r.Err)
					}
				}
			}
		}
	}
	s.t.Fatalf("after %v the club still waits for: %s\n/healthz: %+v %v", limit, club.Outstanding(), h, err)
}

func (s *serveProc) healthz() (healthReport, error) {
	var h healthReport
	resp, err := http.Get("http://" + s.health + "/healthz?detail")
	if err != nil {
		return h, err
	}
	defer resp.Body.Close()
	return h, json.NewDecoder(resp.Body).Decode(&h)
}

// grep prints what the service's log says of the players' mails named
// in text.
func (s *serveProc) grep(text string) {
	b, _ := os.ReadFile(s.logFile.Name())
	for _, id := range playerMailID.FindAllString(text, -1) {
		var lines []string
		for _, l := range strings.Split(string(b), "\n") {
			if strings.Contains(l, id) || strings.Contains(l, mail.InboxKey(id, nil)) {
				lines = append(lines, l)
			}
		}
		s.t.Logf("what pbem serve logged of %s:\n%s", id, strings.Join(lines, "\n"))
	}
}

var playerMailID = regexp.MustCompile(`[a-z0-9]+\.\d+@mua\.[a-z.]+`)

// tail prints the end of the service's log.
func (s *serveProc) tail() {
	b, _ := os.ReadFile(s.logFile.Name())
	lines := strings.Split(string(b), "\n")
	s.t.Logf("the last lines pbem serve logged:\n%s", strings.Join(lines[max(0, len(lines)-100):], "\n"))
}

// outcome reads what the service left in its data directory and what the
// players got.
func outcome(t *testing.T, dir string, sys *loopback.System, club *torture.Club) torture.Outcome {
	t.Helper()
	ctx := context.Background()
	store, err := events.Open(ctx, events.Options{DataDir: dir})
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	return outcomeOf(t, store, sys, club)
}

// outcomeOf reads what the service left in store and what the players
// got.
func outcomeOf(t *testing.T, store events.Jobs, sys *loopback.System, club *torture.Club) torture.Outcome {
	t.Helper()
	out, err := torture.Stored(context.Background(), store, letters.New(&games.Service{Store: store, Catalog: Catalog()}, offered()).Notices)
	if err != nil {
		t.Fatal(err)
	}
	return outcomeFrom(t, store, out, sys, club)
}

// outcomeFrom completes out, the histories and notices read from store,
// with what else the service left there and what the players got.
func outcomeFrom(t *testing.T, store events.Jobs, out torture.Outcome, sys *loopback.System, club *torture.Club) torture.Outcome {
	t.Helper()
	var err error
	checkIndex(t, store, out)
	out.Changed = map[string]map[int][]uint64{}
	seeds := map[string]rules.Seed{}
	for id, evs := range out.Games {
		seed, err := projections.Seed(context.Background(), store, id)
		if err != nil {
			t.Fatal(err)
		}
		seeds[id] = seed
		if out.Changed[id], err = torture.Changes(Catalog(), evs, seed); err != nil {
			t.Fatal(err)
		}
	}
	out.Move = func(game string, n uint64, seat int, move string) string {
		m, err := torture.MoveAt(Catalog(), out.Games[game], seeds[game], n, seat, move)
		if err != nil {
			t.Errorf("game %s after event %d: %v", game, n, err)
		}
		return m
	}
	out.Boxes = map[string][]torture.Content{}
	for _, user := range club.Users() {
		if out.Boxes[sys.Address(user)], err = torture.Mailbox(sys.IMAPAddr, user, loopback.Password); err != nil {
			t.Fatal(err)
		}
	}
	return out
}

// checkIndex checks that the read models the projector kept through the
// kills agree with the histories.
func checkIndex(t *testing.T, store events.Jobs, out torture.Outcome) {
	t.Helper()
	ctx := context.Background()
	index, err := projections.NewProjector(ctx, store, Catalog())
	if err != nil {
		t.Fatal(err)
	}
	for id, evs := range out.Games {
		sum, err := index.Summary(ctx, id)
		last := evs[len(evs)-1]
		if err != nil || sum.Seq != last.Seq || sum.Hash != last.Hash || !sum.Over {
			t.Errorf("the index has game %s at event %d, over %v (%v); its history ends at %d", id, sum.Seq, sum.Over, err, last.Seq)
		}
		// Each player of the game as it ended, newcomers too, finds it
		// among their games.
		for _, p := range sum.Players {
			pg, err := index.PlayerGames(ctx, p.Address)
			if err != nil || !slices.ContainsFunc(pg.Games, func(g projections.PlayerSeat) bool { return g.Game == id }) {
				t.Errorf("the index does not list game %s among %s's games (%v)", id, p.Address, err)
			}
		}
	}
}

// verifyAttached verifies every game's history, and checks that each
// game-over mail carries it, signed by the data directory's key, without
// the plans of the other seats that only they may know.
func verifyAttached(t *testing.T, dataDir string, out torture.Outcome) {
	t.Helper()
	key, err := LocalKey(dataDir)
	if err != nil {
		t.Errorf("the service's signing key: %v", err)
		return
	}
	for id, evs := range out.Games {
		var lines [][]byte
		for _, e := range evs {
			lines = append(lines, e.Encode())
		}
		if rep, err := projections.Verify(Catalog(), lines, nil); err != nil || !rep.Over || !rep.Replayed {
			t.Errorf("verify game %s = %+v, %v", id, rep, err)
		}
	}
	for addr, box := range out.Boxes {
		for _, c := range box {
			m, ok := notice.ParseMessageID(c.MessageID)
			if !ok || m.Kind != notice.KindGameOver || !m.Notice() {
				continue
			}
			want := games.SignedExportLeaving(out.Games[m.Game], &key, func(e events.Event) bool { return notice.LeftOut(e, m.Seat) })
			if m.ToObserver() {
				want = nil // an observer gets no history: it holds the players' addresses
			}
			if !bytes.Equal(c.Attachment, want) {
				t.Errorf("%s's game-over mail %s carries %d bytes of history, want %d", addr, c.MessageID, len(c.Attachment), len(want))
			}
		}
	}
}

// buildPbem builds the pbem command into a temporary directory, for the
// tests of the serving process that kill it or run command lines beside it.
func buildPbem(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "pbem")
	if out, err := exec.Command("go", "build", "-o", bin, "github.com/pbem-games/pbem/cmd/pbem").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

// freeAddr returns a loopback address with a port free a moment ago.
func freeAddr(t *testing.T) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().String()
}

// longRun is the size of a run of minutes (a torture's kills, the
// load's pairs of players), from the environment variable key, which
// make torture sets; unset, the test is skipped: a run of minutes is not
// make test's.
func longRun(t *testing.T, key string) int {
	t.Helper()
	if os.Getenv(key) == "" || testing.Short() {
		t.Skipf("a run of minutes, which make torture runs (%s)", key)
	}
	return envInt(t, key, 0)
}

func envInt(t *testing.T, key string, def int) int {
	t.Helper()
	v := os.Getenv(key)
	if v == "" {
		return def
	}
	n, err := strconv.Atoi(v)
	if err != nil {
		t.Fatalf("%s=%q: %v", key, v, err)
	}
	return n
}
