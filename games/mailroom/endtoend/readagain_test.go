package endtoend_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/pbem-games/pbem/events"
	"github.com/pbem-games/pbem/mail"
	"github.com/pbem-games/pbem/rules"
	"github.com/pbem-games/pbem/rules/altiplano"
	"github.com/pbem-games/pbem/rules/archipelago"
	"github.com/pbem-games/pbem/rules/atacama"
)

// TestReadAgainChangesNothing hands the mailroom a mail a second time, as
// after a crash between recording what it did and marking it read, where
// the mail itself changed what its lines would mean now: a DECLINE that
// settled an undo (no undo waits now), and a DONE that ended a seat's
// plan (the seat is no longer to act, where a line is kept for later
// turns). Read again, it records nothing and answers nothing.
func TestReadAgainChangesNothing(t *testing.T) {
	twice := func(t *testing.T, mt *mailTable, id string, seat int, from, body string) {
		t.Helper()
		raw := fmt.Sprintf("From: %s\r\nTo: %s\r\nMessage-ID: <again%d@example.org>\r\nSubject: Re: your game\r\nDate: Tue, 1 Dec 2026 16:00:00 +0000\r\n\r\n%s",
			from, mt.m.Tokens.ReplyTo(mt.m.Mailbox, id, seat), seat, body)
		rec := mail.NewInboxRecord([]byte(raw), "INBOX", 1, 900, time.Now())
		if err := mt.m.Handle(context.Background(), rec); err != nil {
			t.Fatal(err)
		}
		g, notices := mt.game(id), len(mt.outbox())
		if err := mt.m.Handle(context.Background(), rec); err != nil {
			t.Fatal(err)
		}
		if again := mt.game(id); again.Seq != g.Seq {
			evs, _, _ := mt.svc.Store.Load(context.Background(), id)
			var types []string
			for _, e := range evs[g.Seq:] {
				types = append(types, e.Type)
			}
			t.Errorf("%q read again recorded %v", body, types)
		}
		if n := mt.outbox()[notices:]; len(n) > 0 {
			t.Errorf("%q read again was answered: %v", body, n[0].ID)
		}
	}
	t.Run("DeclineThatSettledAnUndo", func(t *testing.T) {
		mt := newMailTable(t, atacama.Game)
		id := mt.create("atacama", 3)
		addrs := tableAddrs
		mt.playFirst(id, 0, 1)
		if r := refusals(mt.mail(id, 1, addrs[1], "", "UNDO\r\n")); len(r) > 0 || mt.game(id).Undo == nil {
			t.Fatalf("bea's UNDO refused (%v) or not waiting", r)
		}
		twice(t, mt, id, 2, addrs[2], "DECLINE\r\n")
		if g := mt.game(id); g.Undo != nil {
			t.Error("cai's DECLINE left the undo waiting")
		}
	})
	t.Run("DoneThatEndedAPlan", func(t *testing.T) {
		mt := newMailTable(t, altiplano.Game)
		id := mt.create("altiplano", 2)
		first := mt.game(id).State.(rules.Defaulter).Default(1).String()
		if r := refusals(mt.mail(id, 1, "bea@example.net", "", first+"\r\n")); len(r) > 0 {
			t.Fatalf("bea's %s refused: %v", first, r)
		}
		twice(t, mt, id, 1, "bea@example.net", "DONE\r\n")
		if q := mt.game(id).Queues[1]; len(q) > 0 {
			t.Errorf("bea's DONE read again was kept for her later turns: %q", q)
		}
	})
}

// TestDeclineWithWordsIsTheMove mails, while an undo waits for answers in
// Archipelago (whose deal answer is DECLINE and a colour), the deal
// answer's words: they are the game's move (refused here, there being no
// deal, or kept for a later turn), not the undo's answer; the bare
// DECLINE answers the undo.
func TestDeclineWithWordsIsTheMove(t *testing.T) {
	mt := newMailTable(t, archipelago.Game)
	id := mt.create("archipelago", 3)
	send := func(seat int, body string) { mt.fresh(id, seat, body) }
	mt.undoAsked(id)
	asker := mt.game(id).Undo.Seat
	other := 1
	if asker == 1 {
		other = 2
	}
	seq := mt.game(id).Seq
	send(other, "DECLINE RED\r\n")
	g := mt.game(id)
	evs, _, err := mt.svc.Store.Load(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range evs[seq:] {
		if e.Type == events.TypeUndoAnswered {
			t.Errorf("DECLINE RED answered the undo of seat %d (event %d)", asker, e.Seq)
		}
	}
	if g.Undo == nil {
		t.Fatal("the undo no longer waits after DECLINE RED")
	}
	send(other, "DECLINE\r\n")
	if g := mt.game(id); g.Undo != nil {
		t.Errorf("the bare DECLINE did not answer the undo of seat %d", asker)
	}
}

// TestLateDeclineAnswersItsUndo: a bare DECLINE in reply to the mail
// that asked about an undo answers that undo, even once the others have
// settled it: pbem says so, and never keeps the word as the player's
// Archipelago move for later turns (declining a deal nobody offered).
func TestLateDeclineAnswersItsUndo(t *testing.T) {
	mt := newMailTable(t, archipelago.Game)
	id := mt.create("archipelago", 3)
	mt.undoAsked(id)
	asked := mt.game(id).Seq
	asker := mt.game(id).Undo.Seat
	var late, first int // the seat that answers late, and the one that settles it first
	for seat := range 3 {
		if seat == asker {
			continue
		}
		if first == late {
			first = seat
		} else {
			late = seat
		}
	}
	var ask string // the mail that asked the late seat
	for _, n := range mt.outbox() {
		if n.Game == id && n.Seat == late && n.Seq == asked {
			ask = n.ID
		}
	}
	if ask == "" {
		t.Fatalf("seat %d was not mailed the undo of event %d", late, asked)
	}
	mt.fresh(id, first, "DECLINE\r\n")
	if mt.game(id).Undo != nil {
		t.Fatal("the first DECLINE did not settle the undo")
	}
	before := mt.game(id).Seq
	out := mt.send(tableAddrs[late], mt.m.Tokens.ReplyTo(mt.m.Mailbox, id, late), "In-Reply-To: <"+ask+">\r\n", "DECLINE\r\n")
	if g := mt.game(id); g.Seq != before || len(g.Queues[late]) > 0 {
		t.Errorf("the late DECLINE changed the game (event %d to %d) or was kept for later turns: %q", before, g.Seq, g.Queues[late])
	}
	if r := refusals(out); len(r) != 1 {
		t.Errorf("the late DECLINE was answered with %d refusals (%q), want one saying no undo waits", len(r), r)
	}
}

// undoAsked plays game id by mail, each seat its middle legal move, a
// seat other than the host asking to take it back at once, until an undo
// waits for the others' answers (skipping the test if none does in 80
// moves: the game may refuse them all).
func (mt *mailTable) undoAsked(id string) {
	mt.t.Helper()
	for i := 0; mt.game(id).Undo == nil; i++ {
		if i > 80 {
			mt.t.Skip("no undo a player asked for was taken up in 80 moves")
		}
		g := mt.game(id)
		seat := g.State.ToAct()[0]
		legal := g.State.Legal(seat)
		mt.fresh(id, int(seat), legal[len(legal)/2].String()+"\r\n")
		if seat != 0 {
			mt.fresh(id, int(seat), "UNDO\r\n")
		}
	}
}
