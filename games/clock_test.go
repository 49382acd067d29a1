package games_test

import (
	"bytes"
	"context"
	"log/slog"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/pbem-games/pbem/events"
	"github.com/pbem-games/pbem/events/storetest"
	"github.com/pbem-games/pbem/games"
	"github.com/pbem-games/pbem/projections"
	"github.com/pbem-games/pbem/rules"
	"github.com/pbem-games/pbem/rules/rulestest/nim"
)

// TestTick walks a game of nim with an hour a move through its clock:
// the reminder, the deadline, the move pbem plays at the end of the
// grace, the seat given to pbem after too many, and the end once pbem
// plays every seat.
func TestTick(t *testing.T) {
	ctx := context.Background()
	tb := newTable(t)
	id := tb.nim([]events.Player{anaHost, bea}, "turns")
	start := tb.now
	if _, err := tb.svc.SetSettings(ctx, id, games.Operator, events.Settings{PerMove: "1h", Grace: "30m", MaxTimeouts: 2}, games.Cause{}); err != nil {
		t.Fatal(err)
	}
	first := int(tb.game(id).State.ToAct()[0])
	other := 1 - first
	tick := func(at time.Duration) []string {
		t.Helper()
		tb.now = start.Add(at)
		seq := tb.game(id).Seq
		if err := tb.svc.Tick(ctx, id); err != nil {
			t.Fatalf("Tick at %v: %v", at, err)
		}
		return tb.types(id, seq+1)
	}
	for _, tt := range []struct {
		at   time.Duration
		want []string
	}{
		{44 * time.Minute, nil},
		{45 * time.Minute, []string{events.TypeReminderSent}},
		{50 * time.Minute, nil},
		{time.Hour, []string{events.TypeDeadlinePassed}},
		{89 * time.Minute, nil},
		{90 * time.Minute, []string{events.TypeMovePlayed}},
		// The other seat's whole turn passed at once: its timeout alone.
		{4 * time.Hour, []string{events.TypeMovePlayed}},
		// The second timeout of the first seat: pbem plays it for good.
		{6 * time.Hour, []string{events.TypeMovePlayed, events.TypeSeatAbandoned}},
	} {
		if got := tick(tt.at); !slices.Equal(got, tt.want) {
			t.Fatalf("Tick at %v recorded %v, want %v", tt.at, got, tt.want)
		}
	}
	g := tb.game(id)
	if g.Timeouts[first] != 2 || g.Timeouts[other] != 1 || g.Abandoned[first] != "timeouts" {
		t.Fatalf("timeouts %v, abandoned %v", g.Timeouts, g.Abandoned)
	}
	evs, _ := tb.svc.History(ctx, id)
	var reminded events.ReminderSent
	for _, e := range evs {
		if e.Type == events.TypeReminderSent {
			e.Unmarshal(&reminded)
		}
		if e.Type == events.TypeMovePlayed && (e.Actor != events.SystemActor || !strings.HasPrefix(e.Source, "clock:"+id+":")) {
			t.Errorf("a timeout move recorded as %+v, want pbem's, caused by the clock", e)
		}
	}
	if reminded.Seat != first || !reminded.Deadline.Equal(start.Add(time.Hour)) {
		t.Errorf("ReminderSent = %+v, want seat %d's deadline", reminded, first)
	}
	// The other seat's move is answered at once by pbem's for the
	// abandoned seat.
	seq := g.Seq
	if _, err := tb.svc.Move(ctx, id, rules.Seat(other), "take 1", games.Cause{}); err != nil {
		t.Fatal(err)
	}
	if got := tb.types(id, seq+1); !slices.Equal(got, []string{events.TypeMovePlayed, events.TypeMovePlayed}) {
		t.Errorf("a move against an abandoned seat recorded %v, want it and pbem's answer", got)
	}
	if _, err := tb.svc.Move(ctx, id, rules.Seat(first), "take 1", games.Cause{}); err == nil {
		t.Error("a move of the abandoned seat was taken")
	}
	// The other seat times out twice: nobody plays any more.
	tb.now = tb.now.Add(100 * time.Hour)
	for range 2 {
		tb.now = tb.now.Add(2 * time.Hour)
		if err := tb.svc.Tick(ctx, id); err != nil {
			t.Fatal(err)
		}
	}
	if g = tb.game(id); g.Ended == nil || g.Ended.Reason != events.EndAbandoned {
		t.Errorf("ended %+v, want abandoned", g.Ended)
	}
	if err := tb.svc.Tick(ctx, id); err != nil {
		t.Errorf("Tick of an ended game = %v", err)
	}
}

// TestTickSaysAndDigests: the clock sends the SAYs held back and the
// daily digest, and nothing twice.
func TestTickSaysAndDigests(t *testing.T) {
	ctx := context.Background()
	tb := newTable(t)
	id := tb.nim([]events.Player{anaHost, bea}, "turns")
	if _, err := tb.svc.SetDigest(ctx, id, 0, true, games.Cause{}); err != nil {
		t.Fatal(err)
	}
	for _, text := range []string{"hi", "again"} {
		if _, err := tb.svc.Say(ctx, id, 0, text, games.Cause{}); err != nil {
			t.Fatal(err)
		}
	}
	held := tb.game(id).Says[1].Held
	start := tb.now
	for _, tt := range []struct {
		at   time.Duration
		want []string
	}{
		{projections.SayEvery - time.Second, nil},
		{projections.SayEvery, []string{events.TypeSaysGathered}},
		{2 * projections.SayEvery, nil},
		{projections.DigestEvery, []string{events.TypeDigestSent}},
		{projections.DigestEvery + time.Hour, nil},
	} {
		tb.now = start.Add(tt.at)
		seq := tb.game(id).Seq
		if err := tb.svc.Tick(ctx, id); err != nil {
			t.Fatal(err)
		}
		if got := tb.types(id, seq+1); !slices.Equal(got, tt.want) {
			t.Errorf("Tick at %v recorded %v, want %v", tt.at, got, tt.want)
		}
	}
	g := tb.game(id)
	if g.Says[1].From != held || g.DigestUpTo[0] != g.Seq {
		t.Errorf("says %+v (held from %d), digest up to %v at seq %d", g.Says, held, g.DigestUpTo, g.Seq)
	}
}

// TestTickDoesAllThatIsDue: what falls due together (SAYs held back and
// a reminder) is all done by one tick, one thing after another.
func TestTickDoesAllThatIsDue(t *testing.T) {
	ctx := context.Background()
	tb := newTable(t)
	id := tb.nim([]events.Player{anaHost, bea}, "turns")
	if _, err := tb.svc.SetSettings(ctx, id, games.Operator, events.Settings{PerMove: "1h"}, games.Cause{}); err != nil {
		t.Fatal(err)
	}
	for _, text := range []string{"hi", "again"} { // the second held back
		if _, err := tb.svc.Say(ctx, id, 0, text, games.Cause{}); err != nil {
			t.Fatal(err)
		}
	}
	seq := tb.game(id).Seq
	tb.now = tb.now.Add(50 * time.Minute) // past the SAYs' quarter of an hour and the reminder's three
	if err := tb.svc.Tick(ctx, id); err != nil {
		t.Fatal(err)
	}
	got := tb.types(id, seq+1)
	slices.Sort(got)
	if want := []string{events.TypeReminderSent, events.TypeSaysGathered}; !slices.Equal(got, want) {
		t.Errorf("one tick with both due recorded %v, want %v", got, want)
	}
}

func TestTimekeeper(t *testing.T) {
	ctx := context.Background()
	tb := newTable(t)
	ids := []string{tb.nim([]events.Player{anaHost, bea}, "turns"), tb.nim([]events.Player{anaHost, bea}, "turns"), tb.nim([]events.Player{anaHost, bea}, "turns")}
	start := tb.now
	for i, per := range []string{"1h", "2h"} {
		if _, err := tb.svc.SetSettings(ctx, ids[i], games.Operator, events.Settings{PerMove: per}, games.Cause{}); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := tb.svc.ProposeEnd(ctx, ids[2], games.Operator, games.Cause{}); err != nil {
		t.Fatal(err)
	}
	index, err := projections.NewProjector(ctx, tb.svc.Store, tb.svc.Catalog)
	if err != nil {
		t.Fatal(err)
	}
	k := &games.Timekeeper{Service: tb.svc, Index: index}
	due := func(at time.Duration) []string {
		t.Helper()
		if err := index.CatchUp(ctx); err != nil {
			t.Fatal(err)
		}
		got, err := k.Due(ctx, start.Add(at))
		if err != nil {
			t.Fatal(err)
		}
		return got
	}
	for _, tt := range []struct {
		at   time.Duration
		want []string
	}{
		{44 * time.Minute, nil},
		{45 * time.Minute, []string{ids[0]}},
		{90 * time.Minute, []string{ids[0], ids[1]}},
	} {
		if got := due(tt.at); !slices.Equal(sorted(got), sorted(tt.want)) {
			t.Errorf("Due at %v = %v, want %v", tt.at, got, tt.want)
		}
	}
	tb.now = start.Add(45 * time.Minute)
	if err := k.Tick(ctx); err != nil {
		t.Fatal(err)
	}
	if got := tb.types(ids[0], 3); !slices.Equal(got, []string{events.TypeReminderSent}) {
		t.Errorf("Timekeeper.Tick recorded %v in the game due, want its reminder", got)
	}
	if got := due(45 * time.Minute); len(got) != 0 {
		t.Errorf("Due after the tick = %v, want nothing", got)
	}
	// Run ticks at once, and stops with its context.
	tb.now = start.Add(time.Hour)
	if err := index.CatchUp(ctx); err != nil {
		t.Fatal(err)
	}
	runCtx, cancel := context.WithCancel(ctx)
	done := make(chan error)
	go func() { done <- (&games.Timekeeper{Service: tb.svc, Index: index, Every: time.Hour}).Run(runCtx) }()
	deadline := time.Now().Add(30 * time.Second)
	for len(tb.types(ids[0], 4)) == 0 && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	cancel()
	if err := <-done; err != nil {
		t.Errorf("Run = %v, want nil once its context ends", err)
	}
	if got := tb.types(ids[0], 4); !slices.Equal(got, []string{events.TypeMovePlayed}) {
		t.Errorf("Run's first tick recorded %v, want the timeout's move (no grace)", got)
	}
}

func sorted(s []string) []string { return slices.Sorted(slices.Values(s)) }

func TestSay(t *testing.T) {
	ctx := context.Background()
	tb := newTable(t)
	id := tb.nim([]events.Player{anaHost, bea}, "turns")
	for _, tt := range []struct {
		name, text, want string
	}{
		{"Empty", "  \n", ""},
		{"TooLong", strings.Repeat("a", games.MaxSay+1), ""},
		{"TooLongInBytes", strings.Repeat("好", games.MaxSay/3+1), ""},
		{"Longest", strings.Repeat("a", games.MaxSay), strings.Repeat("a", games.MaxSay)},
		{"Trimmed", "  good luck!\n", "good luck!"},
		{"Chinese", "祝你好运", "祝你好运"},
	} {
		p, err := tb.svc.Say(ctx, id, 1, tt.text, games.Cause{})
		if tt.want == "" {
			refused(t, "Say("+tt.name+")", err, rules.ErrIllegal)
			continue
		}
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		said := p.Game.Said[len(p.Game.Said)-1]
		if said.Text != tt.want || said.Seat != 1 || !said.Gather {
			t.Errorf("%s: said %+v", tt.name, said)
		}
	}
	p, err := tb.svc.Resign(ctx, id, 1, games.Cause{})
	if err != nil || p.Game.Ended == nil || p.Game.Ended.Reason != events.EndResigned || !slices.Equal(p.Game.Resigned, []int{1}) {
		t.Fatalf("Resign: %v, %+v", err, p.Game.Ended)
	}
	if _, err := tb.svc.Say(ctx, id, 0, "gg", games.Cause{}); err == nil {
		t.Error("Say after the end was taken")
	}
}

func TestExport(t *testing.T) {
	ctx := context.Background()
	tb := newTable(t)
	id := tb.nim([]events.Player{anaHost, bea}, "turns")
	tb.move(id, "take 1")
	if _, err := tb.svc.Conditional(ctx, id, tb.game(id).State.ToAct()[0]^1, "take 1", "take 1", games.Cause{}); err != nil {
		t.Fatal(err)
	}
	evs, err := tb.svc.History(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	lines := games.ExportLines(evs)
	if len(lines) != 3 || !bytes.Equal(lines[1], evs[1].Encode()) {
		t.Fatalf("ExportLines = %d lines, want the 3 events encoded", len(lines))
	}
	plain := games.Export(evs)
	if want := string(bytes.Join(lines, []byte("\n"))) + "\n"; string(plain) != want {
		t.Errorf("Export = %q, want the lines each ended", plain)
	}
	if got := games.SignedExport(evs, nil); !bytes.Equal(got, plain) {
		t.Errorf("SignedExport without a key = %q, want Export's", got)
	}
	if got := games.SignedExport(nil, nil); len(got) != 0 {
		t.Errorf("SignedExport of nothing = %q", got)
	}
	key, err := events.NewSigningKey(bytes.Repeat([]byte{7}, 32))
	if err != nil {
		t.Fatal(err)
	}
	if got := games.SignedExport(nil, &key); len(got) != 0 {
		t.Errorf("SignedExport of nothing with a key = %q", got)
	}
	leave := func(e events.Event) bool { return e.Type == events.TypeConditionalSet }
	for _, tt := range []struct {
		name     string
		out      []byte
		redacted int
	}{
		{"signed", games.SignedExport(evs, &key), 0},
		{"leaving", games.SignedExportLeaving(evs, &key, leave), 1},
	} {
		ls := bytes.Split(bytes.TrimSuffix(tt.out, []byte("\n")), []byte("\n"))
		rep, err := projections.Verify(tb.svc.Catalog, ls, nil)
		if err != nil || !bytes.Equal(rep.Signer, key.Public()) || rep.Redacted != tt.redacted || rep.SignatureLine != 4 {
			t.Errorf("%s: Verify = %+v, %v; want signed, %d left out", tt.name, rep, err, tt.redacted)
		}
	}
}

func TestHelpers(t *testing.T) {
	tb := newTable(t)
	g := tb.game(tb.nim([]events.Player{anaHost, bea}, "turns"))
	for _, tt := range []struct {
		host, want string
	}{{"ANA@example.org", "Ana"}, {"zed@example.org", "zed@example.org"}, {"", "the service"}} {
		g.Created.Host = tt.host
		if got := games.HostName(g); got != tt.want {
			t.Errorf("HostName(host %q) = %q, want %q", tt.host, got, tt.want)
		}
	}
	g.Created.Players = append(slices.Clone(g.Created.Players), events.Player{Seat: 2, Name: "Nobody"})
	for _, tt := range []struct {
		addr string
		want rules.Seat
	}{{"BEA@example.net", 1}, {"ana@example.org", 0}, {"", rules.Observer}, {"x@example.org", rules.Observer}} {
		if got := games.SeatOf(g, tt.addr); got != tt.want {
			t.Errorf("SeatOf(%q) = %d, want %d", tt.addr, got, tt.want)
		}
	}
	toAct := int(g.State.ToAct()[0])
	if !games.IsToAct(g.State, toAct) || games.IsToAct(g.State, 1-toAct) || games.IsToAct(g.State, -1) {
		t.Errorf("IsToAct wrong for %v", g.State.ToAct())
	}
}

func TestParseAddress(t *testing.T) {
	for _, tt := range []struct {
		in, mailbox, want string
	}{
		{"ana@example.org", "", "ana@example.org"},
		{" <Ana@Example.org> ", "", "ana@example.org"},
		{"pbemx@example.com", "pbem@example.com", "pbemx@example.com"},
		{"pbem@example.net", "pbem@example.com", "pbem@example.net"},
		{"pbem@example.com", "nomailbox", "pbem@example.com"},
		{"Ana <ana@example.org>", "", ""},
		{"ana@example.org, bea@example.net", "", ""},
		{`"a b"@example.org`, "", ""},
		{"ana(x)@example.org", "", ""},
		{"ana", "", ""},
		{"<ana@example.org", "", ""},
		{"", "", ""},
		{"PBEM@Example.com", "pbem@example.com", ""},
		{"pbem+g1.0@example.com", " PBEM@example.com ", ""},
	} {
		got, err := games.ParseAddress(tt.in, tt.mailbox)
		if got != tt.want || (err == nil) != (tt.want != "") {
			t.Errorf("ParseAddress(%q, %q) = %q, %v; want %q", tt.in, tt.mailbox, got, err, tt.want)
		}
		if err != nil {
			refused(t, "ParseAddress("+tt.in+")", err, games.ErrSetup)
		}
	}
}

func TestNote(t *testing.T) {
	ctx := context.Background()
	tb := newTable(t)
	id := tb.nim([]events.Player{anaHost, bea}, "turns")
	seat := tb.game(id).State.ToAct()[0]
	if _, err := tb.svc.Move(ctx, id, seat, "take 1", games.Cause{ReplyTo: "<m1@example.org>", More: true}); err != nil {
		t.Fatal(err)
	}
	tb.svc.Domain = "club.example"
	if _, err := tb.svc.Say(ctx, id, seat, "hi", games.Cause{}); err != nil {
		t.Fatal(err)
	}
	var notes []games.Note
	if _, err := tb.svc.Store.ReadAll(ctx, events.GameSubject+id, func(r events.Record) error {
		notes = append(notes, tb.svc.ReadNote(r))
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	want := []games.Note{{Domain: "pbem.invalid"}, {ReplyTo: "<m1@example.org>", More: true, Domain: "pbem.invalid"}, {Domain: "club.example"}}
	if !slices.Equal(notes, want) {
		t.Errorf("notes = %+v, want %+v", notes, want)
	}
	if got := tb.svc.ReadNote(events.Record{}); got != (games.Note{Domain: "club.example"}) {
		t.Errorf("ReadNote of a record without one = %+v, want the service's domain", got)
	}
}

// lockedLog is a log's output that the test reads while Run writes it.
type lockedLog struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedLog) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedLog) ticks() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return strings.Count(l.b.String(), "clock tick")
}

// TestTimekeeperRun: Run ticks at once and then every Every (30 seconds
// when 0), logs each tick that fails while it runs, and returns nil once
// its context ends.
func TestTimekeeperRun(t *testing.T) {
	ctx := context.Background()
	broken := storetest.MustOpen(t)
	index, err := projections.NewProjector(ctx, broken, rules.NewCatalog(nim.Game{}))
	if err != nil {
		t.Fatal(err)
	}
	broken.Close() // every tick fails to read the games
	for _, c := range []struct {
		every time.Duration
		ticks int // at least, before the test stops it
	}{{10 * time.Millisecond, 3}, {0, 1}} {
		var log lockedLog
		runCtx, cancel := context.WithCancel(ctx)
		done := make(chan error)
		k := &games.Timekeeper{Service: newTable(t).svc, Index: index, Every: c.every, Log: slog.New(slog.NewTextHandler(&log, nil))}
		go func() { done <- k.Run(runCtx) }()
		deadline := time.Now().Add(20 * time.Second)
		for log.ticks() < c.ticks && time.Now().Before(deadline) {
			time.Sleep(5 * time.Millisecond)
		}
		time.Sleep(20 * time.Millisecond)
		got := log.ticks()
		cancel()
		if err := <-done; err != nil {
			t.Errorf("Run(every %v) = %v, want nil once its context ends", c.every, err)
		}
		if got < c.ticks || c.every == 0 && got != 1 {
			t.Errorf("Run(every %v) logged %d failed ticks, want %d or more (just the first when every 30s)", c.every, got, c.ticks)
		}
	}
}
