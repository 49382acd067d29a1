package postoffice

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/pbem-games/pbem/games/notice"
	"github.com/pbem-games/pbem/projections"
)

// quietTable is a game of four played by mail: what each player got
// since the test last looked.
type quietTable struct {
	t     *testing.T
	post  *served
	id    string
	users []string
	seen  map[string]int
}

// move has the seat to move reply to its latest mail with a legal move
// (no deal), and waits until the game has it and whoever it makes one to
// move has the mail that asks them. It returns the mover.
func (q *quietTable) move() string {
	q.t.Helper()
	g := q.post.game(q.t, q.id)
	seat := g.State.ToAct()[0]
	var move string
	for _, m := range g.State.Legal(seat) {
		if move = m.String(); !strings.HasPrefix(move, "OFFER") {
			break
		}
	}
	u, before := q.users[seat], g.State.ToAct()
	q.post.reply(q.t, u, move+"\n")
	g = until(q.t, q.post, q.id, u+"'s "+move, func(g *projections.Game) bool {
		return slices.ContainsFunc(g.Moves[len(g.Moves)-min(len(g.Moves), 3):], func(m projections.Moved) bool { return m.Move == move && m.Seat == int(seat) })
	})
	for _, next := range g.State.ToAct() {
		if slices.Contains(before, next) && next != seat {
			continue // asked already: another's sealed bid changes nothing for them
		}
		number := q.post.numberFor(q.t, q.id, g.Seq, int(next))
		waitMail(q.t, q.post.ms, q.users[next], q.seen[q.users[next]], "the mail asking "+q.users[next]+" to move", func(l letter) bool {
			return l.turn && l.seq == number
		})
	}
	return u
}

// news returns what each player got since the test last looked.
func (q *quietTable) news() map[string][]letter {
	q.t.Helper()
	time.Sleep(time.Second) // any mail still on its way
	got := map[string][]letter{}
	for _, u := range q.users {
		box := mailbox(q.t, q.post.ms, u)
		got[u] = box[q.seen[u]:]
		q.seen[u] = len(box)
	}
	return got
}

// TestArchipelagoDigestByDefaultByMail plays a game of four by mail: no
// player gets a mail for each move of another, only the mails that ask
// them to move and the answers to their own; the mail that asks a player
// to move lists every move since their own. A SAY still reaches
// everyone at once, and a player who sends DIGEST OFF gets a mail per move
// again.
func TestArchipelagoDigestByDefaultByMail(t *testing.T) {
	t.Parallel()
	_, sys := loopbackServers(t, "games", "ana", "bea", "cai", "dov")
	q := &quietTable{t: t, post: serve(t, sys, serving{}), seen: map[string]int{}}
	q.id, q.users = mailGame(t, q.post, "archipelago", "ana", "bea", "cai", "dov")
	q.news()

	var movers []string
	for range 6 {
		movers = append(movers, q.move())
	}
	got := q.news()
	for _, u := range q.users {
		for _, l := range got[u] {
			if !l.turn && l.kind != notice.KindAccepted {
				t.Errorf("%s got a %s mail in a game of four; want only the mails that ask them to move and the answers to their own: %v", u, l.kind, got[u])
			}
		}
	}
	// The last prompt names everyone who moved since its reader last did.
	g := q.post.game(t, q.id)
	next := q.users[g.State.ToAct()[0]]
	prompt := got[next][len(got[next])-1]
	for i := len(movers) - 1; i >= 0 && movers[i] != next; i-- {
		if !strings.Contains(prompt.p.Text, movers[i]) {
			t.Errorf("%s's prompt does not say what %s did since %s last moved:\n%s", next, movers[i], next, prompt.p.Text)
		}
	}

	// A SAY is for everyone now.
	q.post.reply(t, "bea", "SAY hello all\n")
	got = q.news()
	for _, u := range []string{"ana", "cai", "dov"} {
		if !slices.ContainsFunc(got[u], func(l letter) bool { return l.kind == notice.KindSaid }) {
			t.Errorf("%s did not get bea's SAY at once: %v", u, got[u])
		}
	}

	// DIGEST OFF: a mail per move again.
	watcher := q.users[(int(g.State.ToAct()[0])+2)%4]
	q.post.reply(t, watcher, "DIGEST OFF\n")
	waitMail(t, q.post.ms, watcher, q.seen[watcher], "the answer to DIGEST OFF", func(l letter) bool { return l.kind == notice.KindNews })
	q.news()
	public := 0 // moves of others that are not sealed bids, which nobody hears of one by one
	for range 8 {
		g := q.post.game(t, q.id)
		if by := q.move(); by != watcher && !strings.HasPrefix(q.post.game(t, q.id).Moves[len(g.Moves)].Move, "BID") {
			public++
		}
	}
	got = q.news()
	moved := slices.ContainsFunc(got[watcher], func(l letter) bool { return l.kind == notice.KindMoved })
	if public > 0 && !moved {
		t.Errorf("%s sent DIGEST OFF, and got no mail of the %d public moves of others since: %v", watcher, public, got[watcher])
	}
}
