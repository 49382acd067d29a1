package endtoend_test

import (
	"context"
	"strconv"
	"testing"

	"github.com/pbem-games/pbem/games/letters"
	"github.com/pbem-games/pbem/games/notice"
	"github.com/pbem-games/pbem/mail"
	"github.com/pbem-games/pbem/rules/atacama"
)

// latestTo returns the last mail the game's notices give to, rendered.
func (mt *mailTable) latestTo(to string) mail.Outgoing {
	mt.t.Helper()
	lh := letters.Letterhead{Service: "pbem", Mailbox: mt.m.Mailbox, Tokens: mt.m.Tokens}
	var last *mail.Notice
	for _, n := range mt.outbox() {
		if n.To == to {
			last = &n
		}
	}
	if last == nil {
		mt.t.Fatalf("%s has no mail", to)
	}
	o, err := mt.svc.Render(context.Background(), lh, *last)
	if err != nil {
		mt.t.Fatal(err)
	}
	return o
}

// number is the event a mail of pbem shows the game as after, as its
// header and its Message-ID say; the test fails when they disagree.
func number(t *testing.T, o mail.Outgoing) uint64 {
	t.Helper()
	h, err := strconv.ParseUint(o.Headers[letters.HeaderSeq], 10, 64)
	id, ok := notice.ParseMessageID(o.MessageID)
	if err != nil || !ok || id.Seq != h {
		t.Fatalf("mail %s with %s %q: the numbers disagree", o.MessageID, letters.HeaderSeq, o.Headers[letters.HeaderSeq])
	}
	return h
}

// TestNumberingHidesSecrets: Bea mails a move written in advance (IF …
// THEN …), which only she may know of. The mails Ana gets next, the one
// accepting her move and the one after Bea's, are numbered one and two
// after her prompt, in their header and Message-ID alike, as if Bea had
// written nothing: no gap tells Ana that Bea did something in secret.
// Bea's own mails count her conditional move; Ana's move, replying to
// her prompt, is played, not answered as stale, and her reply to a mail
// the game has since moved on from is.
func TestNumberingHidesSecrets(t *testing.T) {
	mt := newMailTable(t, atacama.Game)
	id := mt.create("atacama", 2)
	ana, bea := tableAddrs[0], tableAddrs[1]
	prompt := mt.latestTo(ana)
	first := number(t, prompt)
	if r := refusals(mt.fresh(id, 1, "IF E5 THEN G7\r\n")); len(r) > 0 {
		t.Fatalf("the conditional move refused: %v", r)
	}
	beaCond := number(t, mt.latestTo(bea))
	reply := func(from string, seat int, to mail.Outgoing, body string) []mail.Outgoing {
		return mt.send(from, mt.m.Tokens.ReplyTo(mt.m.Mailbox, id, seat), "In-Reply-To: <"+to.MessageID+">\r\n", body)
	}
	if r := refusals(reply(ana, 0, prompt, "A1\r\n")); len(r) > 0 {
		t.Fatalf("Ana's move, replying to her prompt, refused: %v", r)
	}
	if got := number(t, mt.latestTo(ana)); got != first+1 {
		t.Errorf("Ana's mail after her move is numbered %d, her prompt %d: want %d, which tells nothing of Bea's secret", got, first, first+1)
	}
	if got := number(t, mt.latestTo(bea)); got != beaCond+1 {
		t.Errorf("Bea's prompt after Ana's move is numbered %d, her conditional's news %d: want %d", got, beaCond, beaCond+1)
	}
	beaPrompt := mt.latestTo(bea)
	if r := refusals(reply(bea, 1, beaPrompt, "C3\r\n")); len(r) > 0 {
		t.Fatalf("Bea's move refused: %v", r)
	}
	if got := number(t, mt.latestTo(ana)); got != first+2 {
		t.Errorf("Ana's prompt after Bea's move is numbered %d: want %d", got, first+2)
	}
	if out := reply(ana, 0, prompt, "E7\r\n"); len(out) != 1 || out[0].Headers[letters.HeaderKind] != notice.KindStale {
		t.Errorf("Ana's reply to her first prompt, after Bea moved: got %d mails (%v), want one answering it as stale", len(out), refusals(out))
	}
}
