package endtoend_test

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/pbem-games/pbem/events"
	"github.com/pbem-games/pbem/games"
	"github.com/pbem-games/pbem/games/letters"
	"github.com/pbem-games/pbem/games/locale"
	"github.com/pbem-games/pbem/mail"
	"github.com/pbem-games/pbem/mail/mailtest"
	"github.com/pbem-games/pbem/projections"
	"github.com/pbem-games/pbem/rules"
	"github.com/pbem-games/pbem/rules/atacama"
)

// table drives one game's clock by hand.
type table struct {
	t     *testing.T
	ctx   context.Context
	now   time.Time
	dir   string
	store *events.Store
	svc   *letters.Service
	id    string
	sent  map[string]int // notice ids seen in the outbox, and how often
}

func (tb *table) open() {
	st, err := events.Open(tb.ctx, events.Options{DataDir: tb.dir})
	if err != nil {
		tb.t.Fatal(err)
	}
	tb.store = st
	tb.svc = letters.New(&games.Service{Store: st, Catalog: rules.NewCatalog(atacama.Game), Now: func() time.Time { return tb.now }}, offered())
}

// restart closes the store and opens it again, as a crash and a new
// process would.
func (tb *table) restart() {
	tb.store.Close()
	tb.open()
}

// mails returns the notices written since the last call as "kind>to", and
// counts every id.
func (tb *table) mails() []string {
	var got []string
	ns, err := mailtest.CatchUpNotices(tb.ctx, tb.store, "test", tb.svc.Notices)
	if err != nil {
		tb.t.Fatal(err)
	}
	lh := letters.Letterhead{Service: "pbem games", Mailbox: "games@pbem.example.org", Tokens: mail.Tokens{Secret: []byte("k")}}
	for _, n := range ns {
		tb.sent[n.ID]++
		if out, err := tb.svc.Render(tb.ctx, lh, n); err != nil || out.Text == "" {
			tb.t.Errorf("Render(%s) = %v", n.ID, err)
		}
		got = append(got, n.Kind+">"+strings.Split(n.To, "@")[0])
	}
	return got
}

func (tb *table) game() *projections.Game {
	g, _, err := tb.svc.Load(tb.ctx, tb.id)
	if err != nil {
		tb.t.Fatal(err)
	}
	return g
}

func (tb *table) tick() {
	tb.t.Helper()
	if err := tb.svc.Tick(tb.ctx, tb.id); err != nil {
		tb.t.Fatal(err)
	}
}

// move plays the first legal placement of seat, or its first legal move
// when it may not place.
func (tb *table) move(seat rules.Seat) {
	tb.t.Helper()
	legal := tb.game().State.Legal(seat)
	if len(legal) == 0 {
		tb.t.Fatalf("seat %d has no legal move", seat)
	}
	m := legal[0]
	for _, l := range legal {
		if !strings.HasPrefix(l.String(), "CLAIM") {
			m = l
			break
		}
	}
	if _, err := tb.svc.Move(tb.ctx, tb.id, seat, m.String(), games.Cause{}); err != nil {
		tb.t.Fatal(err)
	}
}

func (tb *table) expect(step string, want ...string) {
	tb.t.Helper()
	got := tb.mails()
	slices.Sort(got)
	slices.Sort(want)
	if !slices.Equal(got, want) {
		tb.t.Errorf("%s: mails %v, want %v", step, got, want)
	}
}

// TestLongGame plays a game of weeks with a clock driven by hand: a player
// times out twice, one goes on vacation, an undo is accepted before a
// hidden tile is revealed and refused after, a seat is replaced, and the
// service restarts with a deadline pending.
func TestLongGame(t *testing.T) {
	tb := &table{t: t, ctx: context.Background(), now: time.Date(2026, 12, 1, 9, 0, 0, 0, time.UTC), dir: t.TempDir(), sent: map[string]int{}}
	tb.open()
	defer func() { tb.store.Close() }()
	var err error
	tb.id, err = tb.svc.Create(tb.ctx, games.NewGame{Game: "atacama", Variants: []string{"enhanced"}, Host: "ana@example.org",
		Players: []events.Player{{Name: "Ana", Address: "ana@example.org"}, {Name: "Bea", Address: "bea@example.net"}}})
	if err != nil {
		t.Fatal(err)
	}
	tb.expect("created", "invitation>ana", "invitation>bea")
	set, err := locale.ParseDeadline("48h REMINDER 12h GRACE 6h TIMEOUTS 3")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := tb.svc.SetSettings(tb.ctx, tb.id, 1, set, games.Cause{}); !errors.Is(err, games.ErrNotHost) {
		t.Errorf("Bea sets the deadline: %v, want ErrNotHost", err)
	}
	if _, err := tb.svc.SetSettings(tb.ctx, tb.id, 0, set, games.Cause{}); err != nil {
		t.Fatal(err)
	}
	tb.expect("deadline set", "your-turn>ana", "news>bea")

	// Bea lets her time run out: a reminder, the deadline, the grace, a
	// move pbem plays for her — once each, however often the clock ticks,
	// and across a restart in the middle.
	tb.move(0)
	tb.expect("ana moves", "accepted>ana", "your-turn>bea")
	tb.now = tb.now.Add(37 * time.Hour)
	tb.tick()
	tb.tick()
	tb.expect("reminder", "reminder>bea")
	tb.restart()
	tb.now = tb.now.Add(11*time.Hour + time.Minute)
	tb.tick()
	tb.expect("deadline passed", "news>ana", "your-turn>bea")
	tb.now = tb.now.Add(6 * time.Hour)
	tb.restart()
	tb.tick()
	tb.tick()
	tb.expect("timeout", "news>bea", "your-turn>ana")
	g := tb.game()
	if last := g.Moves[len(g.Moves)-1]; !last.Timeout || last.Seat != 1 || g.Timeouts[1] != 1 {
		t.Errorf("last move %+v, timeouts %v: want a timeout of seat 1", last.MovePlayed, g.Timeouts)
	}

	// An undo before any tile is revealed: Bea asks, Ana agrees.
	tb.move(0)
	tb.mails()
	if _, err := tb.svc.Undo(tb.ctx, tb.id, 1, 1, games.Cause{}); err != nil {
		t.Fatal(err)
	}
	tb.expect("undo asked", "news>ana")
	if _, err := tb.svc.AnswerUndo(tb.ctx, tb.id, 0, true, games.Cause{}); err != nil {
		t.Fatal(err)
	}
	tb.mails()
	if g := tb.game(); len(g.Undone) != 1 || !slices.Contains(g.State.ToAct(), 0) {
		t.Errorf("after the agreed undo: undone %v, to act %v; want one move undone and Ana to move", g.Undone, g.State.ToAct())
	}

	// Play until the first stage's six turns are over and the next tiles
	// are laid; an undo of that move would hide them again: refused.
	for len(tb.game().Moves)-len(tb.game().Undone) < 6 {
		tb.move(tb.game().State.ToAct()[0])
	}
	tb.mails()
	_, err = tb.svc.Undo(tb.ctx, tb.id, 0, 1, games.Cause{})
	if !errors.Is(err, games.ErrUndo) || !strings.Contains(err.Error(), "revealed") {
		t.Errorf("undo after the tiles were revealed = %v, want ErrUndo saying something was revealed", err)
	}

	// Ana goes on vacation over her next deadline: it moves past her return.
	if tb.game().State.ToAct()[0] != 0 {
		tb.move(1)
	}
	tb.mails()
	before, _ := tb.game().Deadline(0)
	if _, err := tb.svc.Vacation(tb.ctx, tb.id, 0, before.Add(-24*time.Hour), before.Add(72*time.Hour), games.Cause{}); err != nil {
		t.Fatal(err)
	}
	tb.expect("vacation", "news>bea", "your-turn>ana")
	if after, _ := tb.game().Deadline(0); !after.Equal(before.Add(96 * time.Hour)) {
		t.Errorf("deadline during the vacation = %v, want %v", after, before.Add(96*time.Hour))
	}
	tb.move(0)
	tb.mails()

	// Bea times out a second time; then the host gives her seat to Cai.
	tb.now = tb.now.Add(60 * time.Hour)
	tb.tick()
	if g := tb.game(); g.Timeouts[1] != 2 {
		t.Errorf("timeouts of seat 1 = %d, want 2", g.Timeouts[1])
	}
	tb.mails()
	if _, err := tb.svc.Replace(tb.ctx, tb.id, 0, 1, events.Player{Name: "Cai", Address: "cai@example.com"}, games.Cause{}); err != nil {
		t.Fatal(err)
	}
	tb.expect("replaced", "history>cai", "your-turn>ana")
	for tb.game().Ended == nil {
		tb.move(tb.game().State.ToAct()[0])
	}
	tb.mails()
	evs, _ := tb.svc.History(tb.ctx, tb.id)
	rep, err := projections.Verify(tb.svc.Catalog, games.ExportLines(evs), nil)
	if err != nil || !rep.Over || !rep.Replayed {
		t.Errorf("verify = %+v, %v", rep, err)
	}
	for id, n := range tb.sent {
		if n != 1 {
			t.Errorf("notice %s was written %d times", id, n)
		}
	}
}
