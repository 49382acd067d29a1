package endtoend_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/pbem-games/pbem/games/letters"
	"github.com/pbem-games/pbem/games/notice"
	"github.com/pbem-games/pbem/mail"
	"github.com/pbem-games/pbem/rules"
	"github.com/pbem-games/pbem/rules/altiplano"
)

// TestQueueOnlyMoves mails lines to Altiplano once bea has declared her
// plan, so that what she writes is kept for her later turns: a move is
// kept, but a line that is no move of the game (a typo, a greeting alone)
// is refused with the reason now, not kept to fail when her turn comes.
// (A move with one word mistyped looks like a move: it is kept, and when
// its turn comes the list stops there and pbem tells her why.)
func TestQueueOnlyMoves(t *testing.T) {
	mt := newMailTable(t, altiplano.Game)
	id := mt.create("altiplano", 2)
	first := mt.game(id).State.(rules.Defaulter).Default(1).String()
	for _, line := range []string{first, "DONE"} {
		if r := refusals(mt.mail(id, 1, "bea@example.net", "", line+"\r\n")); len(r) > 0 {
			t.Fatalf("bea's %s refused: %v", line, r)
		}
	}
	for _, c := range []struct {
		line   string
		queued bool
	}{
		{"Z99", false},
		{"hello", false},
		{"MINE SILVER", true},
		{"MINE SILVER IF NEEDED", true}, // played if it can be, else left out
		{"hello IF NEEDED", false},
	} {
		out := mt.mail(id, 1, "bea@example.net", "", c.line+"\r\n")
		queue := mt.game(id).Queues[1]
		kept := len(queue) > 0 && queue[len(queue)-1] == c.line
		var kinds []string
		for _, o := range out {
			kinds = append(kinds, o.Headers[letters.HeaderKind])
		}
		switch {
		case kept != c.queued:
			t.Errorf("%q kept for bea's later turns: %v, want %v (queue %q; answered %v)", c.line, kept, c.queued, queue, kinds)
		case !c.queued && (len(out) != 1 || kinds[0] != notice.KindRejected || !strings.Contains(out[0].Text, c.line)):
			t.Errorf("%q was answered %v, want one refusal naming it", c.line, kinds)
		}
	}
}

// TestPromptedAfterListDropped plays Altiplano by mail until the action
// phase, where ana, having passed, mails a move for later; bea's moves
// then end the round, which drops ana's list: bea, who moved last and
// plans the next round, gets the prompt for it, though the batch's last
// event (the list dropped) is news for ana alone, which ana, who reads
// Chinese, reads in Chinese.
func TestPromptedAfterListDropped(t *testing.T) {
	mt := newMailTable(t, altiplano.Game)
	mt.send(tableAddrs[0], mt.m.Mailbox, "", "语言 中文\r\n")
	id := mt.create("altiplano", 2)
	send := func(seat int, body string) []mail.Outgoing { return mt.fresh(id, seat, body) }
	phase := func() string { return mt.game(id).State.View(rules.Observer).(*altiplano.View).Table.Phase }
	play := func(seat int) {
		t.Helper()
		move := mt.game(id).State.(rules.Defaulter).Default(rules.Seat(seat)).String()
		if r := refusals(send(seat, move+"\r\n")); len(r) > 0 {
			t.Fatalf("seat %d's default move %s refused: %v", seat, move, r)
		}
	}
	for i := 0; phase() != "act"; i++ {
		if i > 200 {
			t.Fatal("no action phase after 200 moves")
		}
		play(int(mt.game(id).State.ToAct()[0]))
	}
	passed := func(seat int) bool {
		return mt.game(id).State.View(rules.Observer).(*altiplano.View).Table.Seats[seat].Status == "passed"
	}
	for i := 0; !passed(0); i++ {
		if i > 100 {
			t.Fatalf("ana has not passed after 100 moves (to act: %v)", mt.game(id).State.ToAct())
		}
		if phase() != "act" {
			t.Skip("the round ended before ana passed")
		}
		seat := int(mt.game(id).State.ToAct()[0])
		if seat == 1 {
			play(1)
			continue
		}
		out := send(0, "PASS\r\n")
		if r := refusals(out); len(r) > 0 || !passed(0) {
			for _, o := range out {
				t.Logf("%s: %.300s", o.Headers[letters.HeaderKind], o.Text)
			}
			t.Fatalf("ana's PASS refused or not played: %v", r)
		}
	}
	if toAct := mt.game(id).State.ToAct(); phase() != "act" || len(toAct) != 1 || toAct[0] != 1 {
		t.Skipf("once ana passed, %v are to act in phase %s, not bea alone", toAct, phase())
	}
	send(0, "GO MINE / PASS\r\n")
	if len(mt.game(id).Queues[0]) == 0 {
		t.Fatal("ana's move for later was not kept")
	}
	before := len(mt.outbox())
	for phase() == "act" {
		play(1)
	}
	g := mt.game(id)
	if len(g.Queues[0]) > 0 {
		t.Fatalf("ana's list %q outlived the round", g.Queues[0])
	}
	var prompted bool
	lh := letters.Letterhead{Service: "pbem", Mailbox: mt.m.Mailbox, Tokens: mt.m.Tokens}
	for _, n := range mt.outbox()[before:] {
		if n.Seat != 1 || n.Seq != g.Seq || n.Kind != notice.KindYourTurn {
			continue
		}
		prompted = true
		if o, err := mt.svc.Render(context.Background(), lh, n); err != nil || o.Headers[letters.HeaderTurn] != "yours" || o.Headers[letters.HeaderExample] == "" {
			t.Errorf("bea's prompt %s renders with headers %v (%v)", n.ID, o.Headers, err)
		}
	}
	if !prompted {
		var got []string
		for _, n := range mt.outbox()[before:] {
			got = append(got, n.ID)
		}
		t.Errorf("bea ended the round and plans the next (event %d), but no mail asks her: %q", g.Seq, got)
	}
	var told bool
	for _, o := range mt.sent(before, tableAddrs[0]) {
		if strings.Contains(o.Text, "ended before") {
			t.Errorf("ana, who reads Chinese, is told in English that her list was dropped:\n%s", o.Text)
		}
		told = told || strings.Contains(o.Text, "第 1 回合结束了，没来得及走 GO MINE / PASS")
	}
	if !told {
		t.Errorf("ana is not told in Chinese that round 1 ended before her GO MINE / PASS")
	}
}

// TestStalePlanAfterTimeout: bea places a good in Altiplano, time runs out
// and pbem declares her plan for her; then her reply to the prompt before
// comes, placing a good again. It answers a mail the game has moved on
// from, and is answered as stale (what changed: pbem played for her), not
// refused as if she had declared the plan herself.
func TestStalePlanAfterTimeout(t *testing.T) {
	mt := newMailTable(t, altiplano.Game)
	id := mt.create("altiplano", 2)
	if r := refusals(mt.fresh(id, 0, "DEADLINE 1h GRACE 10m\r\n")); len(r) > 0 {
		t.Fatalf("ana's DEADLINE refused: %v", r)
	}
	first := mt.game(id).State.(rules.Defaulter).Default(1).String()
	if r := refusals(mt.fresh(id, 1, first+"\r\n")); len(r) > 0 {
		t.Fatalf("bea's %s refused: %v", first, r)
	}
	var prompt string
	for _, n := range mt.outbox() {
		if n.Seat == 1 && n.Kind == notice.KindYourTurn {
			prompt = n.ID
		}
	}
	later := mt.svc.Time().Add(3 * time.Hour)
	mt.svc.Now = func() time.Time { return later }
	if err := mt.svc.Tick(context.Background(), id); err != nil {
		t.Fatal(err)
	}
	g := mt.game(id)
	if v := g.State.View(rules.Observer).(*altiplano.View).Table; v.Phase == "plan" && v.Seats[1].Status != "done planning" {
		t.Skipf("after the timeout bea is %q", v.Seats[1].Status)
	}
	var again string
	for _, m := range g.State.Legal(1) {
		if strings.HasPrefix(m.String(), "PUT") {
			again = m.String()
		}
	}
	if again == "" {
		again = first
	}
	out := mt.send(tableAddrs[1], mt.m.Tokens.ReplyTo(mt.m.Mailbox, id, 1), "In-Reply-To: <"+prompt+">\r\n", again+"\r\n")
	var kinds []string
	for _, o := range out {
		kinds = append(kinds, o.Headers[letters.HeaderKind])
	}
	if len(out) != 1 || kinds[0] != notice.KindStale {
		for _, o := range out {
			t.Logf("%s: %.300s", o.Headers[letters.HeaderKind], o.Text)
		}
		t.Errorf("bea's %s, answering %s after pbem declared her plan, was answered %v, want stale", again, prompt, kinds)
	}
}
