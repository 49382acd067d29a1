package mailroom_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/pbem-games/pbem/games"
	"github.com/pbem-games/pbem/games/gamestest"
	"github.com/pbem-games/pbem/games/mailroom"
	"github.com/pbem-games/pbem/mail"
)

// TestMailReadAgain hands the mailroom a move mail a second time after the
// other seat has moved, as a crash can when mail is read again late: the
// move stands once, and the mail is not answered as a stale reply.
func TestMailReadAgain(t *testing.T) {
	ctx := context.Background()
	svc, id, m, record := readAgainTable(t)
	ana := record("ana@example.org", 0, "ana.1@example.org", id+".1.0.invitation@pbem.test", "E5")
	bea := record("bea@example.net", 1, "bea.1@example.net", id+".2.1.your-turn@pbem.test", "A1")
	for _, r := range []mail.InboxRecord{ana, bea} {
		if err := m.Handle(ctx, r); err != nil {
			t.Fatal(err)
		}
	}
	before := notices(t, svc)
	if err := m.Handle(ctx, ana); err != nil {
		t.Fatal(err)
	}
	g, _, err := svc.Load(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	if len(g.Moves) != 2 || g.Moves[0].Move != "E5" || g.Moves[1].Move != "A1" {
		t.Errorf("after ana's mail was read again the moves are %v, want E5 and A1", g.Moves)
	}
	if after := notices(t, svc); after != before {
		t.Errorf("reading ana's mail again wrote %d notices, want none", after-before)
	}
}

// notices counts the notices of the outbox.
func notices(t *testing.T, svc *mailroom.Service) int {
	t.Helper()
	list, err := mail.ListNotices(context.Background(), svc.Store, mail.ListOptions{Notices: svc.Notices})
	if err != nil {
		t.Fatal(err)
	}
	return len(list)
}

// TestMailReadAgainRefused hands the mailroom a refused move a second time
// after the game moved on, as a crash can when the acknowledgement of the
// mail was lost: the mail was answered once, as refused, and reading it
// again answers nothing, rather than a second, different answer (stale).
func TestMailReadAgainRefused(t *testing.T) {
	ctx := context.Background()
	svc, id, m, record := readAgainTable(t)
	bad := record("ana@example.org", 0, "ana.0@example.org", id+".1.0.invitation@pbem.test", "Z99")
	if err := m.Handle(ctx, bad); err != nil {
		t.Fatal(err)
	}
	answered := notices(t, svc)
	for _, r := range []mail.InboxRecord{
		record("ana@example.org", 0, "ana.1@example.org", id+".1.0.invitation@pbem.test", "E5"),
		record("bea@example.net", 1, "bea.1@example.net", id+".2.1.your-turn@pbem.test", "A1"),
	} {
		if err := m.Handle(ctx, r); err != nil {
			t.Fatal(err)
		}
	}
	before := notices(t, svc)
	if before <= answered {
		t.Fatalf("the moves wrote no notices")
	}
	if err := m.Handle(ctx, bad); err != nil {
		t.Fatal(err)
	}
	if after := notices(t, svc); after != before {
		t.Errorf("reading ana's refused mail again after the game moved on wrote %d notices, want none", after-before)
	}
	g, _, err := svc.Load(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	if len(g.Moves) != 2 {
		t.Errorf("the moves are %v, want E5 and A1", g.Moves)
	}
}

// TestRateLimitSurvivesRestart: the answers of the last hour are counted
// again by a new mailroom (a restart), so the rate limit does not start
// from nothing.
func TestRateLimitSurvivesRestart(t *testing.T) {
	ctx := context.Background()
	svc := mailroom.New(gamestest.NewService(t))
	svc.Now = time.Now // the stream's own clock dates the answers
	help := func(n int) mail.InboxRecord {
		raw := fmt.Sprintf("From: cai@example.com\r\nTo: games@pbem.test\r\nMessage-ID: <help.%d@example.com>\r\nSubject: help\r\n\r\nHELP\r\n", n)
		return mail.NewInboxRecord([]byte(raw), "INBOX", 1, uint32(n), time.Now())
	}
	first := &mailroom.Mailroom{Service: svc, Mailbox: "games@pbem.test", RatePerHour: 2}
	for n := range 2 {
		if err := first.Handle(ctx, help(n)); err != nil {
			t.Fatal(err)
		}
	}
	if got := notices(t, svc); got != 2 {
		t.Fatalf("two HELPs got %d answers, want 2", got)
	}
	again := &mailroom.Mailroom{Service: svc, Mailbox: "games@pbem.test", RatePerHour: 2}
	if err := again.Warm(ctx); err != nil {
		t.Fatal(err)
	}
	if err := again.Handle(ctx, help(2)); err != nil {
		t.Fatal(err)
	}
	if got := notices(t, svc); got != 2 {
		t.Errorf("after a restart a third HELP within the hour got an answer: %d answers, want 2", got)
	}
	fresh := &mailroom.Mailroom{Service: svc, Mailbox: "games@pbem.test", RatePerHour: 2}
	if err := fresh.Handle(ctx, help(3)); err != nil {
		t.Fatal(err)
	}
	if got := notices(t, svc); got != 3 {
		t.Errorf("a mailroom that did not count the last hour answered %d, want 3: the test shows nothing", got)
	}
}

// readAgainTable creates an Atacama game between ana and bea with a
// mailroom for it, and returns record, which writes the inbox record of a
// mail from one of them to a seat's reply address.
func readAgainTable(t *testing.T) (*mailroom.Service, string, *mailroom.Mailroom, func(from string, seat int, msgID, inReplyTo, move string) mail.InboxRecord) {
	t.Helper()
	svc := mailroom.New(gamestest.NewService(t))
	svc.Domain = "pbem.test"
	id := gamestest.Create(t, svc.Service)
	tokens := mail.Tokens{Secret: []byte("test secret")}
	m := &mailroom.Mailroom{Service: svc, Tokens: tokens, Mailbox: "games@pbem.test", RatePerHour: 1000}
	record := func(from string, seat int, msgID, inReplyTo, move string) mail.InboxRecord {
		raw := fmt.Sprintf("From: %s\r\nTo: %s\r\nMessage-ID: <%s>\r\nIn-Reply-To: <%s>\r\nSubject: Re: move\r\n\r\n%s\r\n",
			from, tokens.ReplyTo(m.Mailbox, id, seat), msgID, inReplyTo, move)
		return mail.NewInboxRecord([]byte(raw), "INBOX", 1, 1, time.Now())
	}
	return svc, id, m, record
}

// TestMailReadAgainAfterResume: a move refused because the host paused the
// game is not played when its mail is read again after the game resumed,
// as a crash before the mail's acknowledgement was stored makes happen:
// the player was told it was refused, and a mail whose answer is recorded
// does nothing a second time.
func TestMailReadAgainAfterResume(t *testing.T) {
	ctx := context.Background()
	svc, id, m, record := readAgainTable(t)
	if _, err := svc.Pause(ctx, id, games.Operator, true, games.Cause{}); err != nil {
		t.Fatal(err)
	}
	move := record("ana@example.org", 0, "ana.1@example.org", id+".1.0.invitation@pbem.test", "E5")
	if err := m.Handle(ctx, move); err != nil {
		t.Fatal(err)
	}
	answered := notices(t, svc)
	if _, err := svc.Pause(ctx, id, games.Operator, false, games.Cause{}); err != nil {
		t.Fatal(err)
	}
	resumed := notices(t, svc)
	if resumed <= answered {
		t.Fatalf("the resume wrote no notices")
	}
	if err := m.Handle(ctx, move); err != nil {
		t.Fatal(err)
	}
	g, _, err := svc.Load(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	if len(g.Moves) != 0 {
		t.Errorf("ana's move, refused while paused, was played when her mail was read again: %v", g.Moves)
	}
	if after := notices(t, svc); after != resumed {
		t.Errorf("reading the mail again wrote %d notices, want none", after-resumed)
	}
}
