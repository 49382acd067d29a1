package postoffice

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"net/http"
	"net/textproto"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/emersion/go-smtp"
	"github.com/pbem-games/pbem/games"
	"github.com/pbem-games/pbem/games/notice"
	"github.com/pbem-games/pbem/mail"
	"github.com/pbem-games/pbem/mail/mailtest"
)

// dsn is a delivery report as Postfix writes one (RFC 3464), for mail
// sent with envelope sender envFrom to rcpt with Message-ID id.
func dsn(envFrom, rcpt, id, status string) string {
	return strings.ReplaceAll(fmt.Sprintf(`Return-Path: <>
From: MAILER-DAEMON@mx.example.net (Mail Delivery System)
To: %[1]s
Subject: Undelivered Mail Returned to Sender
Date: Fri, 04 Dec 2026 20:00:00 +0000
Message-ID: <dsn.%[4]s.%[2]s@mx.example.net>
Auto-Submitted: auto-replied
MIME-Version: 1.0
Content-Type: multipart/report; report-type=delivery-status; boundary="B1"

--B1
Content-Description: Notification
Content-Type: text/plain; charset=us-ascii

I'm sorry to have to inform you that your message could not
be delivered to one or more recipients.

<%[2]s>: host mx.example.net said: 550 %[4]s <%[2]s>: Recipient address
    rejected: User unknown in virtual mailbox table

--B1
Content-Description: Delivery report
Content-Type: message/delivery-status

Reporting-MTA: dns; mx.example.net
Arrival-Date: Fri,  4 Dec 2026 19:59:58 +0000

Final-Recipient: rfc822; %[2]s
Original-Recipient: rfc822;%[2]s
Action: failed
Status: %[4]s
Remote-MTA: dns; mx.example.net
Diagnostic-Code: smtp; 550 %[4]s <%[2]s>: Recipient address rejected: User
    unknown in virtual mailbox table

--B1
Content-Description: Undelivered Message Headers
Content-Type: text/rfc822-headers

Return-Path: <%[1]s>
From: pbem games <games@pbem.test>
To: %[2]s
Message-ID: <%[3]s>

--B1--
`, envFrom, rcpt, id, status), "\n", "\r\n")
}

// TestBounce: a player's provider accepts pbem's mail and reports later
// that it could not deliver it. The report comes back to the mail's own
// bounce address, is read through the service as it reads every mail,
// and the notice is recorded as failed with the report's status; the host
// is told once, however often the report comes. A report that names a
// recipient its bounce address was not made for records nothing. Every
// game mail carries List-Id, List-Help and List-Archive.
func TestBounce(t *testing.T) {
	t.Parallel()
	sys, ms := loopbackServers(t, "games", "ana", "bea", "cai")
	type sent struct{ from, id string }
	var mu sync.Mutex
	var toBea []sent
	sys.OnDeliver = func(from string, to []string, raw []byte) {
		if len(to) != 1 || to[0] != sys.Address("bea") {
			return
		}
		h, err := textproto.NewReader(bufioReader(raw)).ReadMIMEHeader()
		if err != nil {
			t.Error(err)
			return
		}
		mu.Lock()
		toBea = append(toBea, sent{from, strings.Trim(h.Get("Message-Id"), "<>")})
		mu.Unlock()
	}
	p := serve(t, ms, serving{change: func(c *Config) { c.WebURL = "https://games.pbem.test" }})
	id, _ := mailGame(t, p, "atacama", "ana", "bea")

	mu.Lock()
	last := toBea[len(toBea)-1]
	mu.Unlock()
	tag, ok := mail.ParseBounceAddress(last.from, ms.Address("games"))
	if !ok || tag.Game != id {
		t.Fatalf("pbem's mail to bea went with envelope sender %q, want a bounce address of games@ for game %s", last.from, id)
	}
	beaMail := mailbox(t, ms, "bea")
	h := headerOf(t, beaMail[len(beaMail)-1].raw)
	if !strings.Contains(h.Get("List-Id"), "<"+id+".games.pbem.test>") || h.Get("List-Help") != "<mailto:games@pbem.test?subject=HELP&body=HELP>" ||
		!strings.HasPrefix(h.Get("List-Archive"), "<https://games.pbem.test/g/"+id+"/") {
		t.Errorf("bea's mail has List-Id %q, List-Help %q, List-Archive %q; want the game's list, HELP by mail and her page",
			h.Get("List-Id"), h.Get("List-Help"), h.Get("List-Archive"))
	}

	anaBefore := len(mailbox(t, ms, "ana"))
	if err := sys.Deliver(last.from, []byte(dsn(last.from, sys.Address("bea"), last.id, "5.1.1"))); err != nil {
		t.Fatal(err)
	}
	told := waitFor(t, ms, "ana", anaBefore, "undelivered")
	if !strings.Contains(told.p.Text, sys.Address("bea")) || !strings.Contains(told.p.Text, "5.1.1") || told.game != id {
		t.Errorf("the host's mail about the bounce says\n%s\nwant bea's address and the status 5.1.1", told.p.Text)
	}
	ctx := context.Background()
	failed := func() []mail.NoticeState {
		list, err := mail.ListNotices(ctx, p.svc.Store, mail.ListOptions{State: mail.StateFailed})
		if err != nil {
			t.Fatal(err)
		}
		return list
	}
	var f []mail.NoticeState
	for deadline := time.Now().Add(10 * time.Second); len(f) == 0 && time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		f = failed()
	}
	if len(f) != 1 || f[0].Notice.ID != last.id || f[0].Notice.To != sys.Address("bea") || !strings.Contains(f[0].Held.Error, "5.1.1") || f[0].Held.Code != 550 {
		t.Fatalf("failed notices after the report: %+v; want the one to bea, %s, with 5.1.1 and 550", f, last.id)
	}

	// The same report again, and one for cai sent to bea's bounce address:
	// then a HELP to know both were read.
	sys.Deliver(last.from, []byte(dsn(last.from, sys.Address("bea"), last.id, "5.1.1")))
	sys.Deliver(last.from, []byte(dsn(last.from, sys.Address("cai"), last.id, "5.1.1")))
	marker := len(mailbox(t, ms, "ana"))
	send(t, ms, sys.Address("ana"), ms.Address("games"), "help", "", "HELP\n")
	waitFor(t, ms, "ana", marker, "help")
	for _, l := range mailbox(t, ms, "ana")[anaBefore:] {
		if l.kind == "undelivered" && l.messageID != told.messageID {
			t.Errorf("the host was told again: %s\n%s", l, l.p.Text)
		}
	}
	if f := failed(); len(f) != 1 {
		t.Errorf("after the report again and a forged one for cai, %d failed notices, want 1: %+v", len(f), f)
	}
	if !strings.Contains(p.log.String(), "bounce address was not made for") {
		t.Errorf("the forged report was not logged as such:\n%s", p.log.String())
	}
}

func bufioReader(raw []byte) *bufio.Reader { return bufio.NewReader(bytes.NewReader(raw)) }

// headerOf reads the header of a raw mail.
func headerOf(t *testing.T, raw []byte) textproto.MIMEHeader {
	t.Helper()
	h, err := textproto.NewReader(bufioReader(raw)).ReadMIMEHeader()
	if err != nil {
		t.Fatal(err)
	}
	return h
}

// fromService says whether an envelope sender is the service's: the
// mailbox, or one of its bounce addresses, which each mail goes with.
func fromService(ms mailtest.Servers, from string) bool {
	_, bounce := mail.ParseBounceAddress(from, ms.Address("games"))
	return from == ms.Address("games") || bounce
}

// TestRepeatedBounces: bea's provider accepts every mail and reports days
// later that it could not deliver it. Each report is recorded as a failed
// delivery with its status, and the host is told once; when the reports
// come again day after day (mail.BounceThreshold), pbem sends bea a probe
// from a bounce address of its own; the probe bounces too, and bea's
// address is marked: the host and the other player are told once, pbem
// mail list --marked shows her game mail set aside (a mail that waited
// for its next try, her server answering 452 meanwhile, too), and an
// answer to her own mail still goes. pbem mail retry --marked takes none
// of it while she is marked. A reply from her to her game's mail clears
// the mark, and she gets the game's mail again; pbem mail retry --marked
// then sends her what was set aside. The service's clock is moved on a
// day between the reports, as days would.
func TestRepeatedBounces(t *testing.T) {
	t.Parallel()
	sys, ms := loopbackServers(t, "games", "ana", "bea", "cai")
	type sent struct{ from, id, kind string }
	var mu sync.Mutex
	clock := time.Now()
	now := func() time.Time { mu.Lock(); defer mu.Unlock(); return clock }
	var toBea []sent
	sys.OnDeliver = func(from string, to []string, raw []byte) {
		if len(to) != 1 || to[0] != sys.Address("bea") {
			return
		}
		h, err := textproto.NewReader(bufioReader(raw)).ReadMIMEHeader()
		if err != nil {
			t.Error(err)
			return
		}
		mu.Lock()
		toBea = append(toBea, sent{from, strings.Trim(h.Get("Message-Id"), "<>"), h.Get("X-Pbem-Kind")})
		mu.Unlock()
	}
	beaSent := func() []sent { mu.Lock(); defer mu.Unlock(); return slices.Clone(toBea) }
	// While refusing, bea's server answers 452 (mailbox full) to her
	// game's mail.
	refusing := false
	sys.Refuse = func(from, to string) error {
		mu.Lock()
		defer mu.Unlock()
		tag, ok := mail.ParseBounceAddress(from, ms.Address("games"))
		if !refusing || to != sys.Address("bea") || !ok || tag.Probe {
			return nil
		}
		return &smtp.SMTPError{Code: 452, EnhancedCode: smtp.EnhancedCode{4, 2, 2}, Message: "mailbox full"}
	}
	p := serve(t, ms, serving{now: now})
	id, _ := mailGame(t, p, "atacama", "ana", "bea", "cai")
	bea := sys.Address("bea")
	ctx := context.Background()
	scores, err := mail.OpenBounceScores(ctx, p.svc.Store)
	if err != nil {
		t.Fatal(err)
	}

	gameMail := func() []sent {
		var game []sent
		for _, s := range beaSent() {
			if tag, ok := mail.ParseBounceAddress(s.from, ms.Address("games")); ok && tag.Game == id {
				game = append(game, s)
			}
		}
		return game
	}
	// Each day's report is of a mail of its own: a mail's bounce counts
	// once, however often it is reported.
	game := gameMail()
	for len(game) < 6 {
		moveNotBea(t, p, id)
		for deadline := time.Now().Add(10 * time.Second); len(gameMail()) == len(game); time.Sleep(20 * time.Millisecond) {
			if time.Now().After(deadline) {
				t.Fatal("bea got no mail of a move")
			}
		}
		game = gameMail()
	}
	anaBefore, caiBefore := len(mailbox(t, ms, "ana")), len(mailbox(t, ms, "cai"))
	var probe sent
	for day := 0; probe.id == ""; day++ {
		if day == 6 {
			t.Fatalf("after %d days of bounces no probe went to bea: %+v", day, beaSent())
		}
		if day > 0 {
			mu.Lock()
			clock = clock.Add(25 * time.Hour)
			mu.Unlock()
		}
		s := game[day]
		// Each day's report is a mail of its own, with a Message-ID of its own.
		report := strings.Replace(dsn(s.from, bea, s.id, "5.1.1"), "<dsn.", fmt.Sprintf("<dsn.day%d.", day), 1)
		if err := sys.Deliver(s.from, []byte(report)); err != nil {
			t.Fatal(err)
		}
		// Each report is read before the next day comes.
		for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(50 * time.Millisecond) {
			b, _, err := scores.Get(ctx, bea)
			if err != nil {
				t.Fatal(err)
			}
			if !b.Last.IsZero() && !b.Last.Before(now()) {
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("day %d: the report was not counted: %+v", day, b)
			}
		}
		for deadline := time.Now().Add(2 * time.Second); time.Now().Before(deadline) && probe.id == ""; time.Sleep(50 * time.Millisecond) {
			for _, s := range beaSent() {
				if tag, ok := mail.ParseBounceAddress(s.from, ms.Address("games")); ok && tag.Probe {
					probe = s
				}
			}
		}
		if day < 3 && probe.id != "" {
			t.Fatalf("a probe went to bea after %d reports, want none before %v", day+1, mail.BounceThreshold)
		}
	}
	if probe.kind != mail.KindProbe {
		t.Errorf("the probe's X-Pbem-Kind is %q, want %q", probe.kind, mail.KindProbe)
	}
	told := waitFor(t, ms, "ana", anaBefore, notice.KindUndelivered)
	if strings.Contains(told.messageID, ".marked") {
		t.Fatalf("the host was told bea is marked before her probe bounced: %s", told.messageID)
	}
	if f, _ := mail.ListNotices(ctx, p.svc.Store, mail.ListOptions{State: mail.StateFailed}); len(f) == 0 || !strings.Contains(f[0].Held.Error, "5.1.1") {
		t.Errorf("failed notices after the reports: %+v; want bea's with 5.1.1", f)
	}
	if b, _, _ := scores.Get(ctx, bea); !b.Marked.IsZero() {
		t.Fatalf("bea is marked before her probe bounced: %+v", b)
	}

	// Bea's mailbox is full for a while: the mail of a move waits for
	// its next try when her probe bounces.
	mu.Lock()
	refusing = true
	mu.Unlock()
	moveNotBea(t, p, id)
	var waiting []mail.NoticeState
	for deadline := time.Now().Add(10 * time.Second); len(waiting) == 0; time.Sleep(50 * time.Millisecond) {
		if waiting, err = mail.ListNotices(ctx, p.svc.Store, mail.ListOptions{State: mail.StateWaiting}); err != nil {
			t.Fatal(err)
		}
		if time.Now().After(deadline) {
			t.Fatal("bea's server refuses her game's mail with 452, and none of it waits")
		}
	}

	// The probe bounces: bea is marked, and the host and cai are told.
	if err := sys.Deliver(probe.from, []byte(dsn(probe.from, bea, probe.id, "5.1.1"))); err != nil {
		t.Fatal(err)
	}
	isMarked := func(l letter) bool {
		return l.kind == notice.KindUndelivered && strings.Contains(l.messageID, ".marked")
	}
	anaTold := waitMail(t, ms, "ana", anaBefore, "the host told bea is marked", isMarked)
	caiTold := waitMail(t, ms, "cai", caiBefore, "cai told bea is marked", isMarked)
	for _, l := range []letter{anaTold, caiTold} {
		if !strings.Contains(l.p.Text, bea) || l.game != id {
			t.Errorf("the mail about bea's marked address says\n%s\nwant her address, about game %s", l.p.Text, id)
		}
	}
	if b, _, _ := scores.Get(ctx, bea); b.Marked.IsZero() || !slices.Contains(b.Games, id) {
		t.Errorf("bea's bounce record after her probe bounced: %+v; want marked, with game %s", b, id)
	}

	// Her mailbox has room again, and the waiting mail's next try comes:
	// it is set aside as marked, not sent.
	beaBefore := len(beaSent())
	mu.Lock()
	refusing = false
	clock = clock.Add(time.Hour)
	mu.Unlock()
	for _, w := range waiting {
		for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(50 * time.Millisecond) {
			h, _ := mail.ListNotices(ctx, p.svc.Store, mail.ListOptions{State: mail.StateMarked})
			if slices.ContainsFunc(h, func(s mail.NoticeState) bool { return s.Notice.ID == w.Notice.ID }) {
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("<%s> waited for its next try when bea was marked; it is not set aside as marked: %s\nsent to bea since: %+v",
					w.Notice.ID, p.held(t, mail.StateWaiting), beaSent()[beaBefore:])
			}
		}
	}

	// The probe's report again: nobody is told twice. A move of another
	// seat's is set aside for bea.
	sys.Deliver(probe.from, []byte(dsn(probe.from, bea, probe.id, "5.1.1")))
	moveNotBea(t, p, id)
	var list string
	for deadline := time.Now().Add(10 * time.Second); !strings.Contains(list, bea) && time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		list = p.held(t, mail.StateMarked)
	}
	if !strings.Contains(list, bea) || !strings.Contains(list, "bounced again and again") {
		t.Errorf("pbem mail list --marked, want bea's mail of the move:\n%s", list)
	}
	// The operator's monitoring counts it too: as many as pbem mail list
	// --marked names, which may grow meanwhile.
	before := strings.Count(list, "\n<")
	h := p.waitHealth(t, http.StatusOK, "bea's mail set aside as marked", func(h healthReport) bool { return h.Outbox.Marked > 0 })
	v := metricValue(p.scrape(t), `pbem_notices_held{state="marked"}`)
	after := strings.Count(p.held(t, mail.StateMarked), "\n<")
	if h.Outbox.Marked < before || h.Outbox.Marked > after || v < float64(before) || v > float64(after) {
		t.Errorf("/healthz counts %d notices set aside as marked and /metrics %v, pbem mail list --marked %d, then %d", h.Outbox.Marked, v, before, after)
	}
	// An answer to bea's own mail still goes: HELP to the mailbox.
	beaBox := len(mailbox(t, ms, "bea"))
	send(t, ms, bea, ms.Address("games"), "help", "", "HELP\n")
	waitFor(t, ms, "bea", beaBox, notice.KindHelp)
	// The HELP was read after the probe's report again.
	for _, who := range []string{"ana", "cai"} {
		n := 0
		for _, l := range mailbox(t, ms, who) {
			if isMarked(l) {
				n++
			}
		}
		if n != 1 {
			t.Errorf("%s was told %d times that bea is marked, want once", who, n)
		}
	}
	for _, s := range beaSent()[beaBefore:] {
		if tag, ok := mail.ParseBounceAddress(s.from, ms.Address("games")); ok && tag.Game == id {
			t.Errorf("bea got the game's mail while marked: %+v", s)
		}
	}

	// pbem mail retry --marked while she is still marked takes none of
	// her mail set aside: it would only be set aside again.
	aside, err := mail.ListNotices(ctx, p.svc.Store, mail.ListOptions{State: mail.StateMarked})
	if err != nil || len(aside) < 2 {
		t.Fatalf("bea's mail set aside as marked: %d, %v; want 2 or more", len(aside), err)
	}
	if n, err := RetryMail(ctx, p.svc.Service, offered(), mail.StateMarked, ""); err != nil || n != 0 {
		t.Errorf("pbem mail retry --marked while bea is marked = %d, %v; want 0 notices taken", n, err)
	}
	if _, err := RetryMail(ctx, p.svc.Service, offered(), "", aside[0].Notice.ID); err == nil || !strings.Contains(err.Error(), "pbem mail unmark") {
		t.Errorf("pbem mail retry of one mail to bea while she is marked = %v, want an error that points to pbem mail unmark", err)
	}

	// Bea answers her game's mail: she reads it. The mark is gone, and
	// the game's mail reaches her again.
	var last letter
	for _, l := range mailbox(t, ms, "bea") {
		if l.game == id && l.replyTo != "" {
			last = l
		}
	}
	send(t, ms, bea, last.replyTo, "Re: "+last.p.Subject, "<"+last.messageID+">", "SAY sorry, my mailbox was full\n")
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(50 * time.Millisecond) {
		if _, ok, _ := scores.Get(ctx, bea); !ok {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("bea wrote to her game, and is still marked")
		}
	}
	beaBox = len(mailbox(t, ms, "bea"))
	moveNotBea(t, p, id)
	waitGame(t, ms, "bea", beaBox, id)

	// The operator sends her what was set aside while she was marked.
	if n, err := RetryMail(ctx, p.svc.Service, offered(), mail.StateMarked, ""); err != nil || n != len(aside) {
		t.Fatalf("pbem mail retry --marked once bea wrote = %d, %v; want her %d notices", n, err, len(aside))
	}
	for _, a := range aside {
		for deadline := time.Now().Add(10 * time.Second); !slices.ContainsFunc(beaSent(), func(s sent) bool { return s.id == a.Notice.ID }); time.Sleep(50 * time.Millisecond) {
			if time.Now().After(deadline) {
				t.Fatalf("pbem mail retry --marked: <%s> never reached bea", a.Notice.ID)
			}
		}
	}
	if list := p.held(t, mail.StateMarked); list != "" {
		t.Errorf("after pbem mail retry --marked, still marked:%s", list)
	}
}

// moveNotBea plays, through the command side as pbem move does, the
// first legal move of the seat to act, until a seat other than bea's
// (seat 1) has moved: bea is mailed about it.
func moveNotBea(t *testing.T, p *served, id string) {
	t.Helper()
	for {
		g := p.game(t, id)
		seat := g.State.ToAct()[0]
		legal := g.State.Legal(seat)
		if _, err := p.svc.Move(context.Background(), id, seat, legal[0].String(), games.Cause{Source: fmt.Sprintf("test.%d", g.Seq)}); err != nil {
			t.Fatal(err)
		}
		if seat != 1 {
			return
		}
	}
}

// TestBounceCountedOnce: bea's provider reports that a mail of her game
// bounced, and reports the same bounce again a day later, once under a
// new Message-ID and once with none: the bounce of that mail counts once
// to her score. A report of another mail of hers, that day, counts.
func TestBounceCountedOnce(t *testing.T) {
	t.Parallel()
	sys, ms := loopbackServers(t, "games", "ana", "bea")
	type sent struct{ from, id string }
	var mu sync.Mutex
	clock := time.Now()
	now := func() time.Time { mu.Lock(); defer mu.Unlock(); return clock }
	var toBea []sent
	sys.OnDeliver = func(from string, to []string, raw []byte) {
		h, err := textproto.NewReader(bufioReader(raw)).ReadMIMEHeader()
		if err != nil || len(to) != 1 || to[0] != sys.Address("bea") {
			return
		}
		mu.Lock()
		toBea = append(toBea, sent{from, strings.Trim(h.Get("Message-Id"), "<>")})
		mu.Unlock()
	}
	p := serve(t, ms, serving{now: now})
	id, _ := mailGame(t, p, "atacama", "ana", "bea")
	bea := sys.Address("bea")
	ctx := context.Background()
	scores, err := mail.OpenBounceScores(ctx, p.svc.Store)
	if err != nil {
		t.Fatal(err)
	}
	var game []sent
	mu.Lock()
	for _, s := range toBea {
		if tag, ok := mail.ParseBounceAddress(s.from, ms.Address("games")); ok && tag.Game == id {
			game = append(game, s)
		}
	}
	mu.Unlock()
	if len(game) < 2 {
		t.Fatalf("bea got %d mails of the game, want 2 or more", len(game))
	}
	// report delivers a report of mail s to bea, under a Message-ID of
	// its own ("" for none), and waits until it is read: a HELP after it
	// is answered, so it is recorded, and the mailroom has nothing left
	// to handle (the HELP, another sender's, may be handled first).
	report := func(s sent, reportID string) {
		t.Helper()
		r := dsn(s.from, bea, s.id, "5.1.1")
		if reportID == "" {
			r = strings.Replace(r, "Message-ID: <dsn.5.1.1."+bea+"@mx.example.net>\r\n", "", 1)
		} else {
			r = strings.Replace(r, "<dsn.5.1.1."+bea+"@", "<"+reportID+"@", 1)
		}
		if err := sys.Deliver(s.from, []byte(r)); err != nil {
			t.Fatal(err)
		}
		before := len(mailbox(t, ms, "ana"))
		send(t, ms, sys.Address("ana"), ms.Address("games"), "help", "", "HELP\n")
		waitFor(t, ms, "ana", before, notice.KindHelp)
		p.waitHealth(t, 0, "the report handled", func(h healthReport) bool { return h.Mailroom.Pending == 0 })
	}
	score := func() float64 {
		t.Helper()
		b, _, err := scores.Get(ctx, bea)
		if err != nil {
			t.Fatal(err)
		}
		return b.Score
	}
	report(game[0], "first")
	if s := score(); s != mail.BounceWeight {
		t.Fatalf("after one report bea's score is %v, want %v", s, mail.BounceWeight)
	}
	mu.Lock()
	clock = clock.Add(25 * time.Hour)
	mu.Unlock()
	report(game[0], "again")
	report(game[0], "")
	if s := score(); s > mail.BounceWeight {
		t.Errorf("the same bounce reported again a day later: bea's score is %v, want it counted once (%v)", s, mail.BounceWeight)
	}
	report(game[1], "other")
	if s := score(); s <= mail.BounceWeight {
		t.Errorf("a bounce of another mail a day later: bea's score is %v, want it counted (more than %v)", s, mail.BounceWeight)
	}
}

// TestProbeInReadersLanguage: bea reads pbem in Chinese (LANG zh), and her
// game's mail bounces day after day: the probe pbem sends her is written
// in Chinese, as her game's mail is, from the language packs' templates.
func TestProbeInReadersLanguage(t *testing.T) {
	t.Parallel()
	sys, ms := loopbackServers(t, "games", "ana", "bea")
	type sent struct{ from, id, kind string }
	var mu sync.Mutex
	clock := time.Now()
	now := func() time.Time { mu.Lock(); defer mu.Unlock(); return clock }
	var toBea []sent
	sys.OnDeliver = func(from string, to []string, raw []byte) {
		h, err := textproto.NewReader(bufioReader(raw)).ReadMIMEHeader()
		if err != nil || len(to) != 1 || to[0] != sys.Address("bea") {
			return
		}
		mu.Lock()
		toBea = append(toBea, sent{from, strings.Trim(h.Get("Message-Id"), "<>"), h.Get("X-Pbem-Kind")})
		mu.Unlock()
	}
	p := serve(t, ms, serving{now: now})
	send(t, ms, sys.Address("bea"), ms.Address("games"), "语言", "", "LANG zh\n")
	waitFor(t, ms, "bea", 0, notice.KindHelp)
	id, _ := mailGame(t, p, "atacama", "ana", "bea")
	bea := sys.Address("bea")
	gameMail := func() []sent {
		mu.Lock()
		defer mu.Unlock()
		var out []sent
		for _, s := range toBea {
			if tag, ok := mail.ParseBounceAddress(s.from, ms.Address("games")); ok && tag.Game == id && s.kind != mail.KindProbe {
				out = append(out, s)
			}
		}
		return out
	}
	for n := len(gameMail()); n < 5; n = len(gameMail()) {
		moveNotBea(t, p, id)
		for deadline := time.Now().Add(10 * time.Second); len(gameMail()) == n; time.Sleep(20 * time.Millisecond) {
			if time.Now().After(deadline) {
				t.Fatal("bea got no mail of a move")
			}
		}
	}
	before := len(mailbox(t, ms, "bea"))
	for day, s := range gameMail()[:5] {
		mu.Lock()
		clock = clock.Add(25 * time.Hour)
		mu.Unlock()
		report := strings.Replace(dsn(s.from, bea, s.id, "5.1.1"), "<dsn.", fmt.Sprintf("<dsn.day%d.", day), 1)
		if err := sys.Deliver(s.from, []byte(report)); err != nil {
			t.Fatal(err)
		}
		// Read before the next day comes: a HELP after it is answered.
		skip := len(mailbox(t, ms, "ana"))
		send(t, ms, sys.Address("ana"), ms.Address("games"), "help", "", "HELP\n")
		waitFor(t, ms, "ana", skip, notice.KindHelp)
	}
	probe := waitMail(t, ms, "bea", before, "the probe", func(l letter) bool { return l.kind == mail.KindProbe })
	h := headerOf(t, probe.raw)
	if h.Get("Content-Language") != "zh" || !strings.Contains(probe.p.Subject, "邮件能送达你吗") || !strings.Contains(probe.p.Text, "多次被退回") {
		t.Errorf("bea's probe, Content-Language %q, says\nSubject: %s\n%s\nwant it in Chinese", h.Get("Content-Language"), probe.p.Subject, probe.p.Text)
	}
	// (Parsed, the text has its commas folded to ASCII.)
	if !strings.HasPrefix(strings.TrimSpace(strings.SplitAfter(probe.p.Text, "\n\n")[1]), "bea,") {
		t.Errorf("bea's probe greets her by her address, not by her name as her game's mail does:\n%s", probe.p.Text)
	}
	mu.Lock()
	defer mu.Unlock()
	for _, s := range toBea {
		if tag, ok := mail.ParseBounceAddress(s.from, ms.Address("games")); s.kind == mail.KindProbe && (!ok || !tag.Probe) {
			t.Errorf("the probe went with envelope sender %q, want the probe's own bounce address", s.from)
		}
	}
}
