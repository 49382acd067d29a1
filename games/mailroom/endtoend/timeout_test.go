package endtoend_test

import (
	"context"
	"slices"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/pbem-games/pbem/events"
	"github.com/pbem-games/pbem/events/storetest"
	"github.com/pbem-games/pbem/games"
	"github.com/pbem-games/pbem/games/letters"
	"github.com/pbem-games/pbem/games/locale"
	"github.com/pbem-games/pbem/mail"
	"github.com/pbem-games/pbem/mail/mailtest"
	"github.com/pbem-games/pbem/projections"
	"github.com/pbem-games/pbem/rules"
	"github.com/pbem-games/pbem/rules/atacama"
)

// club is a service whose clock the test sets, with its timekeeper.
type club struct {
	t    *testing.T
	ctx  context.Context
	now  time.Time
	svc  *letters.Service
	keep *games.Timekeeper
}

func newClub(t *testing.T) *club {
	c := &club{t: t, ctx: context.Background(), now: time.Date(2026, 12, 1, 9, 0, 0, 0, time.UTC)}
	c.svc = letters.New(&games.Service{Store: storetest.MustOpen(t), Catalog: rules.NewCatalog(atacama.Game), Now: func() time.Time { return c.now }}, offered())
	index, err := projections.NewProjector(c.ctx, c.svc.Store, c.svc.Catalog)
	if err != nil {
		t.Fatal(err)
	}
	c.keep = &games.Timekeeper{Service: c.svc.Service, Index: index}
	return c
}

// at lets the clock run to d after the start, and the timekeeper do what
// is due then, as pbem serve's does.
func (c *club) at(d time.Duration) {
	c.t.Helper()
	c.now = time.Date(2026, 12, 1, 9, 0, 0, 0, time.UTC).Add(d)
	if err := c.keep.Index.CatchUp(c.ctx); err != nil {
		c.t.Fatal(err)
	}
	if err := c.keep.Tick(c.ctx); err != nil {
		c.t.Fatal(err)
	}
}

// game starts a game of players hosted by the first, whose host sets a
// deadline of 48 hours with 6 of grace, lets observer (unless "") follow
// it, and plays E5.
func (c *club) game(observer string, players ...events.Player) string {
	c.t.Helper()
	id, err := c.svc.Create(c.ctx, games.NewGame{Game: "atacama", Host: players[0].Address, Players: players})
	if err != nil {
		c.t.Fatal(err)
	}
	set, err := locale.ParseDeadline("48h GRACE 6h")
	if err != nil {
		c.t.Fatal(err)
	}
	if _, err := c.svc.SetSettings(c.ctx, id, 0, set, games.Cause{}); err != nil {
		c.t.Fatal(err)
	}
	if observer != "" {
		if _, err := c.svc.Watch(c.ctx, id, 0, observer, true, games.Cause{}); err != nil {
			c.t.Fatal(err)
		}
		if _, err := c.svc.AcceptWatch(c.ctx, id, observer, games.Cause{}); err != nil {
			c.t.Fatal(err)
		}
	}
	if _, err := c.svc.Move(c.ctx, id, 0, "E5", games.Cause{}); err != nil {
		c.t.Fatal(err)
	}
	return id
}

// mails renders every notice written since the last call, as the outbox
// would, failing on any that does not render; it returns them as
// "kind>name: first paragraph".
func (c *club) mails() []string {
	c.t.Helper()
	var got []string
	ns, err := mailtest.CatchUpNotices(c.ctx, c.svc.Store, "club", c.svc.Notices)
	if err != nil {
		c.t.Fatal(err)
	}
	for _, n := range ns {
		out, err := c.svc.Render(c.ctx, matrixLetterhead, n)
		if err != nil || out.Subject == "" || out.Text == "" || out.HTML == "" {
			c.t.Errorf("Render(%s) = %q, %v", n.ID, out.Subject, err)
		}
		first, _, _ := strings.Cut(out.Text, "\n\n")
		got = append(got, n.Kind+">"+strings.Split(n.To, "@")[0]+": "+strings.Join(strings.Fields(first), " "))
	}
	return got
}

// hasMail fails unless one of mails starts with prefix and holds text.
func hasMail(t *testing.T, mails []string, prefix, text string) {
	t.Helper()
	if !slices.ContainsFunc(mails, func(m string) bool { return strings.HasPrefix(m, prefix) && strings.Contains(m, text) }) {
		t.Errorf("no %s mail saying %q among:\n%s", prefix, text, strings.Join(mails, "\n"))
	}
}

// TestTimeoutOfThree: in a game of three with a deadline, a seat's time
// runs out and the timekeeper plays for it; every mail that causes, to
// the three players and an observer, renders and says what pbem did. The
// third player's "moved" mail once could not be rendered, as a move pbem
// plays has no acting seat, and held up all mail.
func TestTimeoutOfThree(t *testing.T) {
	c := newClub(t)
	id := c.game("olu@example.org", events.Player{Name: "Ana", Address: "ana@example.org"}, events.Player{Name: "Bea", Address: "bea@example.net"}, events.Player{Name: "Cai", Address: "cai@example.com"})
	c.mails()

	c.at(37 * time.Hour)
	hasMail(t, c.mails(), "reminder>bea", "")
	c.at(49 * time.Hour)
	hasMail(t, c.mails(), "your-turn>bea", "Your deadline")
	c.at(55 * time.Hour) // Bea's 48 hours and 6 of grace are over
	got := c.mails()
	hasMail(t, got, "news>bea", "Time ran out for you, so pbem played for you: it placed a rig on")
	hasMail(t, got, "moved>ana", "Time ran out for Bea, so pbem played for them: it placed a rig on")
	hasMail(t, got, "moved>olu", "Time ran out for Bea")
	hasMail(t, got, "your-turn>cai", "Time ran out for Bea")

	// The host expels Cai, whose turn it is: pbem plays the seat at once.
	if _, err := c.svc.Expel(c.ctx, id, 0, 2, games.Cause{}); err != nil {
		t.Fatal(err)
	}
	got = c.mails()
	hasMail(t, got, "news>cai", "the host expelled you")
	hasMail(t, got, "moved>bea", "pbem plays Cai's seat for good: it placed a rig on")
	hasMail(t, got, "moved>olu", "pbem plays Cai's seat for good")
	hasMail(t, got, "your-turn>ana", "pbem plays Cai's seat for good")
}

// TestBothSeatsExpelled: the host expels both seats of a game of two, and
// pbem plays it to the end; every mail renders.
func TestBothSeatsExpelled(t *testing.T) {
	c := newClub(t)
	id, err := c.svc.Create(c.ctx, games.NewGame{Game: "atacama", Host: "ana@example.org",
		Players: []events.Player{{Name: "Ana", Address: "ana@example.org"}, {Name: "Bea", Address: "bea@example.net"}}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c.svc.Watch(c.ctx, id, 0, "olu@example.org", true, games.Cause{}); err != nil {
		t.Fatal(err)
	}
	if _, err := c.svc.AcceptWatch(c.ctx, id, "olu@example.org", games.Cause{}); err != nil {
		t.Fatal(err)
	}
	for _, seat := range []int{1, 0} {
		if _, err := c.svc.Expel(c.ctx, id, 0, seat, games.Cause{}); err != nil {
			t.Fatal(err)
		}
	}
	for day := time.Duration(1); day < 30; day++ {
		if g, _, err := c.svc.Load(c.ctx, id); err != nil || g.Ended != nil {
			break
		}
		c.at(day * 24 * time.Hour)
	}
	got := c.mails()
	if g, _, _ := c.svc.Load(c.ctx, id); g.Ended == nil {
		t.Fatalf("pbem did not play the game to its end (event %d)", g.Seq)
	}
	hasMail(t, got, "game-over>ana", "")
	hasMail(t, got, "game-over>olu", "")
}

// TestExpelledWhilePaused: a seat expelled while the game is paused waits
// for the resumption to be played by pbem; meanwhile its player is told,
// not prompted, and every mail renders.
func TestExpelledWhilePaused(t *testing.T) {
	c := newClub(t)
	id, err := c.svc.Create(c.ctx, games.NewGame{Game: "atacama", Host: "ana@example.org",
		Players: []events.Player{{Name: "Ana", Address: "ana@example.org"}, {Name: "Bea", Address: "bea@example.net"}}})
	if err != nil {
		t.Fatal(err)
	}
	steps := []struct {
		name string
		do   func() (games.Played, error)
	}{
		{"move", func() (games.Played, error) { return c.svc.Move(c.ctx, id, 0, "E5", games.Cause{}) }},
		{"pause", func() (games.Played, error) { return c.svc.Pause(c.ctx, id, 0, true, games.Cause{}) }},
		{"expel", func() (games.Played, error) { return c.svc.Expel(c.ctx, id, 0, 1, games.Cause{}) }},
		{"resume", func() (games.Played, error) { return c.svc.Pause(c.ctx, id, 0, false, games.Cause{}) }},
	}
	for _, s := range steps {
		if _, err := s.do(); err != nil {
			t.Fatalf("%s: %v", s.name, err)
		}
		for _, m := range c.mails() {
			if strings.HasPrefix(m, "your-turn>bea") && (s.name == "expel" || s.name == "resume") {
				t.Errorf("after %s, Bea, whose seat pbem plays, is prompted: %s", s.name, m)
			}
		}
	}
	if g, _, _ := c.svc.Load(c.ctx, id); len(g.Moves) != 2 || !g.Moves[1].Timeout {
		t.Errorf("after the resumption the moves are %+v, want pbem's for Bea", g.Moves)
	}
}

// TestDeadlinePassedInChinese: Bea reads Chinese; when her deadline
// passes, the mail that says so reads whole, with no character broken:
// its first word once lost its first byte to an upper-casing of bytes.
func TestDeadlinePassedInChinese(t *testing.T) {
	c := newClub(t)
	prefs, err := c.svc.Prefs(c.ctx)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := prefs.Set(c.ctx, "bea@example.net", mail.Pref{Lang: "zh"}, false); err != nil {
		t.Fatal(err)
	}
	c.game("", events.Player{Name: "Ana", Address: "ana@example.org"}, events.Player{Name: "Bea", Address: "bea@example.net"})
	c.mails()
	c.at(49 * time.Hour)
	got := c.mails()
	hasMail(t, got, "your-turn>bea", "你的截止时间")
	for _, m := range got {
		if strings.ContainsRune(m, utf8.RuneError) {
			t.Errorf("a mail holds a broken character: %s", m)
		}
	}
}

// TestLogTellsEveryEvent: pbem log, which tells a game's history to the
// operator, has a sentence for every event, and tells apart the host
// asking someone to watch from that person saying yes.
func TestLogTellsEveryEvent(t *testing.T) {
	c := newClub(t)
	id := c.game("olu@example.org", events.Player{Name: "Ana", Address: "ana@example.org"}, events.Player{Name: "Bea", Address: "bea@example.net"})
	c.at(37 * time.Hour) // Bea is reminded
	c.at(55 * time.Hour) // and her time runs out
	g, evs, _, err := c.svc.LoadAt(c.ctx, id, 0)
	if err != nil {
		t.Fatal(err)
	}
	lines := c.svc.DescribeEachIn(g, evs, int(rules.Observer), "en")
	watched := map[string]bool{}
	for i, e := range evs {
		if lines[i] == "" {
			t.Errorf("event %d (%s) is told in no words", e.Seq, e.Type)
		}
		if e.Type == events.TypeObserverChanged {
			watched[lines[i]] = true
		}
	}
	if len(watched) != 2 {
		t.Errorf("the host's asking and the observer's yes are told as %v, want two sentences", watched)
	}
}
