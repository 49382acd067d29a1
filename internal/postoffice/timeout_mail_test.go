package postoffice

import (
	"bytes"
	"context"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/pbem-games/pbem/mail"
	"github.com/pbem-games/pbem/mail/mailtest"
	"github.com/pbem-games/pbem/projections"
)

// TestThreePlayerTimeoutByMail: in a game of three with an observer, the
// host sets a deadline by mail, a seat's time runs out and later a seat
// is expelled: pbem plays for them, every player and the observer hear of
// it in words, every notice of the game renders, nothing is dead, and
// another game's mail flows all along.
func TestThreePlayerTimeoutByMail(t *testing.T) {
	t.Parallel()
	_, ms := loopbackServers(t, "games", "ana", "bea", "cai", "olga", "dov", "eve")
	var mu sync.Mutex
	clock := time.Now()
	now := func() time.Time { mu.Lock(); defer mu.Unlock(); return clock }
	advance := func(d time.Duration) { mu.Lock(); clock = clock.Add(d); mu.Unlock() }
	s := serve(t, ms, serving{now: now, change: func(c *Config) { c.Tick.Duration = 50 * time.Millisecond }})

	send(t, ms, ms.Address("ana"), ms.Address("games"), "a game?", "", "NEW atacama WITH "+ms.Address("bea")+", "+ms.Address("cai")+"\n")
	accept(t, ms, "bea", 0)
	invite := accept(t, ms, "cai", 0)
	tag, ok := mail.ParseTag(invite.replyTo, ms.Address("games"))
	if !ok {
		t.Fatalf("the invitation names no game: %q", invite.replyTo)
	}
	game := tag.Game
	prompt := waitMail(t, ms, "ana", 0, "ana's first prompt", func(l letter) bool { return l.game == game && l.turn })
	waitFor(t, ms, "bea", 1, "news")
	waitFor(t, ms, "cai", 1, "news")
	seen := len(mailbox(t, ms, "ana"))
	send(t, ms, ms.Address("ana"), prompt.replyTo, "Re: move", "<"+prompt.messageID+">", "WATCH "+ms.Address("olga")+"\nDEADLINE 48h GRACE 6h\n")
	waitGame(t, ms, "ana", seen, game)
	asked := waitGame(t, ms, "olga", 0, game)                                                       // asked to follow it
	send(t, ms, ms.Address("olga"), asked.replyTo, "Re: a game", "<"+asked.messageID+">", "JOIN\n") // she accepts
	waitFor(t, ms, "olga", 1, "board")
	seenAll := func() map[string]int {
		m := map[string]int{}
		for _, u := range []string{"ana", "bea", "cai", "olga"} {
			m[u] = len(mailbox(t, ms, u))
		}
		return m
	}

	// Ana's time runs out: pbem plays for her, and everyone hears of it.
	before := seenAll()
	advance(55 * time.Hour)
	deadline := time.Now().Add(20 * time.Second)
	for time.Now().Before(deadline) {
		if g := servedGame(t, s, game); len(g.Moves) > 0 && g.Moves[len(g.Moves)-1].Timeout {
			break
		}
		time.Sleep(50 * time.Millisecond)
	}
	if g := servedGame(t, s, game); len(g.Moves) == 0 || !g.Moves[0].Timeout || g.Moves[0].Seat != 0 {
		t.Fatalf("after 55 hours the moves are %+v, want a timeout of ana's", g.Moves)
	}
	for _, u := range []string{"bea", "cai", "olga"} {
		l := waitAfter(t, ms, u, before[u], game, func(l letter) bool { return strings.Contains(l.p.Text, "pbem played") })
		if !strings.Contains(l.p.Text, "ana") {
			t.Errorf("%s's mail about the timeout does not name ana:\n%s", u, l.p.Text)
		}
	}

	// Another game goes on meanwhile.
	send(t, ms, ms.Address("dov"), ms.Address("games"), "a game?", "", "NEW atacama WITH "+ms.Address("eve")+"\n")
	accept(t, ms, "eve", 0)

	// The host expels the seat to move: pbem plays it for good.
	g := servedGame(t, s, game)
	toAct := g.State.ToAct()[0]
	before = seenAll()
	last := mailbox(t, ms, "ana")
	hostMail := last[len(last)-1]
	send(t, ms, ms.Address("ana"), hostMail.replyTo, "Re: expel", "<"+hostMail.messageID+">", "EXPEL "+strconv.Itoa(int(toAct))+"\n")
	for _, u := range []string{"bea", "cai", "olga"} {
		waitGame(t, ms, u, before[u], game)
	}
	if g := servedGame(t, s, game); g.Abandoned[int(toAct)] == "" {
		t.Errorf("after EXPEL %d the abandoned seats are %v", toAct, g.Abandoned)
	}

	s.waitHealth(t, http.StatusOK, "the outbox empty and nothing dead", func(h healthReport) bool {
		return h.Outbox.Pending == 0 && h.Outbox.Dead == 0 && h.Outbox.Waiting == 0
	})
	// Every notice of the game renders, as "pbem mail show" shows it.
	list, err := mail.ListNotices(context.Background(), s.svc.Store, mail.ListOptions{Game: game, Notices: s.svc.Notices})
	if err != nil {
		t.Fatal(err)
	}
	if len(list) < 10 {
		t.Errorf("the game has %d notices, want the invitations, the prompts, the timeout's and the expulsion's", len(list))
	}
	for _, n := range list {
		if n.State != mail.StateSent {
			t.Errorf("<%s> to %s (%s) is %s, want sent", n.Notice.ID, n.Notice.To, n.Notice.Kind, n.State)
		}
		var out bytes.Buffer
		if _, err := ShowMail(context.Background(), s.svc, s.po.lh, s.po.sender, &out, n.Notice.ID); err != nil {
			t.Errorf("pbem mail show <%s> (%s to %s): %v", n.Notice.ID, n.Notice.Kind, n.Notice.To, err)
		}
	}
}

// waitAfter waits until user has a mail about game (by its X-Pbem-Game
// header), after the first skip, for which ok holds, and returns it.
func waitAfter(t *testing.T, ms mailtest.Servers, user string, skip int, game string, ok func(letter) bool) letter {
	t.Helper()
	return waitMail(t, ms, user, skip, "such mail about game "+game, func(l letter) bool { return l.game == game && ok(l) })
}

// servedGame returns game id as the serving process has it.
func servedGame(t *testing.T, s *served, id string) *projections.Game {
	t.Helper()
	g, _, err := s.svc.Load(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	return g
}
