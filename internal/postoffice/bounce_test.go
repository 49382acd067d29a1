package postoffice

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"net/textproto"
	"strings"
	"sync"
	"testing"
	"time"

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
