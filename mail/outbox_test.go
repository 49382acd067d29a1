package mail_test

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/emersion/go-smtp"
	"github.com/pbem-games/pbem/events"
	"github.com/pbem-games/pbem/events/storetest"
	"github.com/pbem-games/pbem/mail"
	"github.com/pbem-games/pbem/mail/loopback"
)

// TestOutboxRetries sends notices through a server that answers 451 for a
// while and 550 for one recipient: the others arrive once each, the refused
// one is recorded as failed, and nothing is lost.
func TestOutboxRetries(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	store := storetest.MustOpen(t)
	sys := startMail(t, "pbem.test", "games", "ana", "bea")
	var mu sync.Mutex
	tempFailures := 2
	sys.Refuse = func(from, to string) error {
		mu.Lock()
		defer mu.Unlock()
		if strings.HasPrefix(to, "nobody@") {
			return &smtp.SMTPError{Code: 550, EnhancedCode: smtp.EnhancedCode{5, 1, 1}, Message: "no such user"}
		}
		if tempFailures > 0 {
			tempFailures--
			return &smtp.SMTPError{Code: 451, EnhancedCode: smtp.EnhancedCode{4, 3, 0}, Message: "try again later"}
		}
		return nil
	}
	var delivered []string
	sys.OnDeliver = func(_ string, to []string, _ []byte) {
		mu.Lock()
		delivered = append(delivered, to...)
		mu.Unlock()
	}
	sender := senderOf(t, sys)
	ob := &mail.Outbox{Store: store, Send: sender.Send, MaxDelay: 50 * time.Millisecond,
		Render: func(_ context.Context, n mail.Notice) (mail.Outgoing, error) {
			return mail.Outgoing{MessageID: n.ID, To: n.To, Subject: n.Kind, Text: "hello " + n.To, Date: time.Unix(0, 0)}, nil
		}}
	for i, to := range []string{"ana@pbem.test", "nobody@pbem.test", "bea@pbem.test"} {
		n := mail.Notice{ID: fmt.Sprintf("n%d@pbem.test", i), Kind: "test", Game: "g1", To: to, Seat: i}
		if _, err := store.Put(ctx, n.Subject(), n.ID, n.Encode()); err != nil {
			t.Fatal(err)
		}
	}
	// The outbox runs until both mails arrived; the first tries meet the
	// 451s and wait aside.
	runOutbox := func(ob *mail.Outbox, until func() bool) {
		rctx, stop := context.WithCancel(ctx)
		done := make(chan error, 1)
		go func() { done <- ob.Run(rctx) }()
		for !until() && ctx.Err() == nil {
			time.Sleep(10 * time.Millisecond)
		}
		stop()
		if err := <-done; err != nil {
			t.Fatal(err)
		}
	}
	ob.RetryEvery = 10 * time.Millisecond
	runOutbox(ob, func() bool { mu.Lock(); defer mu.Unlock(); return len(delivered) >= 2 })
	mu.Lock()
	got := strings.Join(slices.Sorted(slices.Values(delivered)), " ")
	mu.Unlock()
	if got != "ana@pbem.test bea@pbem.test" {
		t.Errorf("delivered to %q, want ana and bea, once each (a recipient's mail in order, others' side by side)", got)
	}
	failed, err := store.Last(ctx, mail.FailedSubject+"g1")
	if err != nil || !strings.Contains(string(failed), "nobody@pbem.test") || !strings.Contains(string(failed), "550") {
		t.Errorf("failed record = %s, %v; want the 550 for nobody@pbem.test", failed, err)
	}
	list, err := mail.ListNotices(ctx, store, mail.ListOptions{})
	if err != nil {
		t.Fatal(err)
	}
	var states []string
	for _, n := range list {
		states = append(states, n.Notice.To+" "+n.State)
	}
	if want := "ana@pbem.test sent, nobody@pbem.test failed, bea@pbem.test sent"; strings.Join(states, ", ") != want {
		t.Errorf("ListNotices = %s, want %s", strings.Join(states, ", "), want)
	}
	// A second outbox on the same store sends nothing again.
	again := &mail.Outbox{Store: store, Send: sender.Send, Render: ob.Render, RetryEvery: 10 * time.Millisecond}
	until := time.Now().Add(200 * time.Millisecond)
	runOutbox(again, func() bool { return time.Now().After(until) })
	mu.Lock()
	if len(delivered) != 2 {
		t.Errorf("after a second catch-up %d mails were delivered, want still 2", len(delivered))
	}
	mu.Unlock()
}

// TestOutboxDeadAndWaiting: a notice that cannot be rendered is a dead
// letter, tried once, but one whose render failed for now (the store out
// of reach) is tried again; a recipient refused with 452 gets their mail in
// order once the server takes it, and past the retry age it fails; no
// other recipient's mail waits for either.
func TestOutboxDeadAndWaiting(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	store := storetest.MustOpen(t)
	sys := startMail(t, "pbem.test", "games", "ana", "full", "late")
	var mu sync.Mutex
	refuse := map[string]bool{"full@pbem.test": true, "late@pbem.test": true}
	var delivered []string
	sys.Refuse = func(_, to string) error {
		mu.Lock()
		defer mu.Unlock()
		if refuse[to] {
			return &smtp.SMTPError{Code: 452, EnhancedCode: smtp.EnhancedCode{4, 2, 2}, Message: "mailbox full"}
		}
		return nil
	}
	sys.OnDeliver = func(_ string, _ []string, raw []byte) {
		mu.Lock()
		defer mu.Unlock()
		_, rest, _ := strings.Cut(string(raw), "Subject: ")
		subject, _, _ := strings.Cut(rest, "\r\n")
		delivered = append(delivered, subject)
	}
	sender := senderOf(t, sys)
	renders, flaky := 0, 0
	clock := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	now := func() time.Time { mu.Lock(); defer mu.Unlock(); return clock }
	ob := &mail.Outbox{Store: store, Send: sender.Send, MaxDelay: time.Millisecond, RetryEvery: 5 * time.Millisecond,
		MaxRetryAge: time.Hour, Now: now,
		Render: func(_ context.Context, n mail.Notice) (mail.Outgoing, error) {
			if n.Kind == "flaky" {
				mu.Lock()
				flaky++
				first := flaky == 1
				mu.Unlock()
				if first { // the store out of reach for a moment
					return mail.Outgoing{}, fmt.Errorf("load game: %w", context.DeadlineExceeded)
				}
			}
			if n.Kind == "broken" {
				mu.Lock()
				renders++
				mu.Unlock()
				return mail.Outgoing{}, fmt.Errorf("no words for %s: %w", n.Kind, mail.ErrUnrenderable)
			}
			return mail.Outgoing{MessageID: n.ID, To: n.To, Subject: n.ID, Text: "hello", Date: time.Unix(0, 0)}, nil
		}}
	for i, n := range []struct{ to, kind string }{
		{"full@pbem.test", "test"}, {"ana@pbem.test", "broken"}, {"full@pbem.test", "test"},
		{"late@pbem.test", "test"}, {"ana@pbem.test", "test"}, {"full@pbem.test", "test"}, {"ana@pbem.test", "flaky"},
	} {
		n := mail.Notice{ID: fmt.Sprintf("n%d@pbem.test", i), Kind: n.kind, Game: "g1", To: n.to}
		if _, err := store.Put(ctx, n.Subject(), n.ID, n.Encode()); err != nil {
			t.Fatal(err)
		}
	}
	stop := runOutbox(ctx, t, ob)
	wait := func(what string, ok func() bool) { t.Helper(); waitUntil(ctx, t, what, ok) }
	count := func(state string) int {
		l, err := mail.ListNotices(ctx, store, mail.ListOptions{State: state})
		if err != nil {
			t.Fatal(err)
		}
		return len(l)
	}
	wait("ana's good mail sent while full's waits", func() bool { mu.Lock(); defer mu.Unlock(); return slices.Contains(delivered, "n4@pbem.test") })
	// Ana's flaky mail is waiting too before time passes: tried first
	// after the clock moved, it would wait for a time that never comes.
	wait("full's, late's and ana's flaky mail all waiting", func() bool {
		mu.Lock()
		tried := flaky > 0
		mu.Unlock()
		return tried && count(mail.StateWaiting) >= 5
	})
	// Full's mailbox gets room; late's never does, and an hour passes.
	mu.Lock()
	refuse["full@pbem.test"] = false
	clock = clock.Add(time.Minute)
	mu.Unlock()
	wait("full's mail and ana's flaky one sent", func() bool { mu.Lock(); defer mu.Unlock(); return len(delivered) == 5 })
	mu.Lock()
	clock = clock.Add(2 * time.Hour)
	mu.Unlock()
	// Failed is written before waiting is let go (HeldStore.Put): the
	// test waits for both, as the outbox may be stopped between them.
	wait("late's mail failed, and no longer waiting", func() bool { return count(mail.StateFailed) == 1 && count(mail.StateWaiting) == 0 })
	stop()
	mu.Lock()
	defer mu.Unlock()
	var toFull []string
	for _, id := range delivered {
		if id == "n0@pbem.test" || id == "n2@pbem.test" || id == "n5@pbem.test" {
			toFull = append(toFull, id)
		}
	}
	if got, want := strings.Join(toFull, " "), "n0@pbem.test n2@pbem.test n5@pbem.test"; got != want {
		t.Errorf("full got %s, want %s: in order, once each", got, want)
	}
	if !slices.Contains(delivered, "n6@pbem.test") || flaky != 2 {
		t.Errorf("the notice whose first render failed for now was rendered %d times and delivered: %v; want twice, and delivered", flaky, slices.Contains(delivered, "n6@pbem.test"))
	}
	if renders != 1 {
		t.Errorf("the broken notice was rendered %d times, want once: a dead letter is not retried", renders)
	}
	if n := count(mail.StateDead); n != 1 {
		t.Errorf("%d dead letters, want 1", n)
	}
	if n := count(mail.StateWaiting); n != 0 {
		t.Errorf("%d notices still waiting, want none", n)
	}
}

// TestOutboxDerived sends the notices the outbox derives from the games'
// events, one Append at a time at its last event: each Append's mail
// goes once; mail that cannot be derived is one dead letter and stops no
// other; derivation that fails for now (the store out of reach) is tried
// again; a recipient whose answer waits gets the event's mail after it.
func TestOutboxDerived(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	store := storetest.MustOpen(t)
	sys := startMail(t, "pbem.test", "games", "ana", "bea")
	var mu sync.Mutex
	full := true
	var delivered []string
	sys.Refuse = func(_, to string) error {
		mu.Lock()
		defer mu.Unlock()
		if full && to == "bea@pbem.test" {
			return &smtp.SMTPError{Code: 452, EnhancedCode: smtp.EnhancedCode{4, 2, 2}, Message: "mailbox full"}
		}
		return nil
	}
	sys.OnDeliver = func(_ string, to []string, raw []byte) {
		mu.Lock()
		defer mu.Unlock()
		_, rest, _ := strings.Cut(string(raw), "Subject: ")
		subject, _, _ := strings.Cut(rest, "\r\n")
		delivered = append(delivered, subject)
	}
	sender := senderOf(t, sys)
	// Each Append tells ana and bea of its moves; game g2's history
	// cannot be read into mail, and g3's cannot at the first try.
	derived, g3tries := map[string]int{}, 0
	notices := func(_ context.Context, r events.Record) ([]mail.Notice, error) {
		first, ok := r.BatchFirst()
		if !ok {
			return nil, nil
		}
		e, err := events.Decode(r.Data)
		if err != nil {
			return nil, err
		}
		mu.Lock()
		defer mu.Unlock()
		derived[fmt.Sprintf("%s.%d", e.Game, e.Seq)]++
		switch {
		case e.Game == "g2":
			return nil, fmt.Errorf("replay: %w", mail.ErrUnrenderable)
		case e.Game == "g3" && g3tries == 0:
			g3tries++
			return nil, fmt.Errorf("load: %w", context.DeadlineExceeded)
		}
		var ns []mail.Notice
		for _, to := range []string{"ana", "bea"} {
			ns = append(ns, mail.Notice{ID: fmt.Sprintf("%s.%d-%d.%s@pbem.test", e.Game, first, e.Seq, to), Kind: "moved", Game: e.Game, Seq: e.Seq, To: to + "@pbem.test"})
		}
		return ns, nil
	}
	ob := &mail.Outbox{Store: store, Notices: notices, Send: sender.Send, MaxDelay: time.Millisecond, RetryEvery: 5 * time.Millisecond,
		Render: func(_ context.Context, n mail.Notice) (mail.Outgoing, error) {
			return mail.Outgoing{MessageID: n.ID, To: n.To, Subject: strings.Split(n.ID, "@")[0], Text: "hello", Date: time.Unix(0, 0)}, nil
		}}
	answer := mail.Notice{ID: "re.1.bea@pbem.test", Kind: "error", Game: "g1", To: "bea@pbem.test"}
	if _, err := store.Put(ctx, answer.Subject(), answer.ID, answer.Encode()); err != nil {
		t.Fatal(err)
	}
	move := func(i int) events.Event {
		e, err := events.New(events.TypeMovePlayed, i%2, time.Unix(int64(i), 0), events.MovePlayed{Seat: i % 2, Move: fmt.Sprint(i)})
		if err != nil {
			t.Fatal(err)
		}
		return e
	}
	h1, err := store.Append(ctx, "g1", events.Head{}, []events.Event{move(0), move(1)})
	if err != nil {
		t.Fatal(err)
	}
	for _, game := range []string{"g2", "g3"} {
		if _, err := store.Append(ctx, game, events.Head{}, []events.Event{move(0)}); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := store.Append(ctx, "g1", h1, []events.Event{move(2)}); err != nil {
		t.Fatal(err)
	}

	stop := runOutbox(ctx, t, ob)
	wait := func(what string, ok func() bool) { t.Helper(); waitUntil(ctx, t, what, ok) }
	sent := func(s string) func() bool {
		return func() bool { mu.Lock(); defer mu.Unlock(); return slices.Contains(delivered, s) }
	}
	wait("ana's mail of g1 and g3 sent while bea's mailbox is full", func() bool {
		return sent("g1.1-2.ana")() && sent("g1.3-3.ana")() && sent("g3.1-1.ana")()
	})
	mu.Lock()
	full = false
	mu.Unlock()
	wait("bea's mail sent once her mailbox has room", sent("g3.1-1.bea"))
	wait("all of bea's mail sent", func() bool { return sent("g1.1-2.bea")() && sent("g1.3-3.bea")() && sent("re.1.bea")() })
	stop()
	mu.Lock()
	if i, j := slices.Index(delivered, "re.1.bea"), slices.Index(delivered, "g1.1-2.bea"); i < 0 || j < i {
		t.Errorf("delivered %v, want bea's waiting answer re.1 before the mail of g1 that came after it", delivered)
	}
	if len(delivered) != 7 {
		t.Errorf("delivered %v, want 7 mails, once each: 2 for each of g1's Appends and g3's, 1 answer", delivered)
	}
	if derived["g1.1"] != 0 || derived["g1.2"] != 1 || derived["g1.3"] != 1 || derived["g2.1"] != 1 || derived["g3.1"] != 2 {
		t.Errorf("derived %v, want g1.2 and g1.3 once (an Append's last events), g2.1 once (dead), g3.1 twice (failed for now)", derived)
	}
	mu.Unlock()
	dead, err := mail.ListNotices(ctx, store, mail.ListOptions{State: mail.StateDead})
	if err != nil {
		t.Fatal(err)
	}
	if len(dead) != 1 || dead[0].Notice.Game != "g2" {
		t.Errorf("dead letters %v, want one, for g2's event", dead)
	}
	all, err := mail.ListNotices(ctx, store, mail.ListOptions{Notices: notices, Game: "g1"})
	if err != nil {
		t.Fatal(err)
	}
	var states []string
	for _, s := range all {
		states = append(states, strings.Split(s.Notice.ID, "@")[0]+" "+s.State)
	}
	if got, want := strings.Join(states, ", "), "re.1.bea sent, g1.1-2.ana sent, g1.1-2.bea sent, g1.3-3.ana sent, g1.3-3.bea sent"; got != want {
		t.Errorf("ListNotices(g1) = %s, want %s", got, want)
	}
}

// TestOutboxStopped: nothing goes to an address on the stop list, and
// nobody else's mail waits for it.
func TestOutboxStopped(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	store := storetest.MustOpen(t)
	sys := startMail(t, "pbem.test", "games", "ana", "bea")
	var mu sync.Mutex
	var delivered []string
	sys.OnDeliver = func(_ string, to []string, _ []byte) {
		mu.Lock()
		defer mu.Unlock()
		delivered = append(delivered, to...)
	}
	sender := senderOf(t, sys)
	stops, err := mail.OpenStopList(ctx, store)
	if err != nil {
		t.Fatal(err)
	}
	if err := stops.Stop(ctx, "Bea@pbem.test", time.Now()); err != nil {
		t.Fatal(err)
	}
	ob := &mail.Outbox{Store: store, Send: sender.Send,
		Render: func(_ context.Context, n mail.Notice) (mail.Outgoing, error) {
			return mail.Outgoing{MessageID: n.ID, To: n.To, Subject: n.Kind, Text: "hello", Date: time.Unix(0, 0)}, nil
		}}
	for i, to := range []string{"bea@pbem.test", "ana@pbem.test", "bea@pbem.test", "ana@pbem.test"} {
		n := mail.Notice{ID: fmt.Sprintf("s%d@pbem.test", i), Kind: "test", Game: "g1", To: to}
		if _, err := store.Put(ctx, n.Subject(), n.ID, n.Encode()); err != nil {
			t.Fatal(err)
		}
	}
	stop := runOutbox(ctx, t, ob)
	handled := func() bool {
		list, err := mail.ListNotices(ctx, store, mail.ListOptions{State: mail.StateQueued})
		return err == nil && len(list) == 0
	}
	waitUntil(ctx, t, "every notice handled", handled)
	// The running outbox hears of a STOP at once, and of a resume.
	if err := stops.Stop(ctx, "ana@pbem.test", time.Now()); err != nil {
		t.Fatal(err)
	}
	if err := stops.Resume(ctx, "bea@pbem.test"); err != nil {
		t.Fatal(err)
	}
	time.Sleep(time.Second) // the outbox's watcher hears of both within milliseconds; a second leaves room for a busy machine
	for i, to := range []string{"ana@pbem.test", "bea@pbem.test"} {
		n := mail.Notice{ID: fmt.Sprintf("t%d@pbem.test", i), Kind: "test", Game: "g1", To: to}
		if _, err := store.Put(ctx, n.Subject(), n.ID, n.Encode()); err != nil {
			t.Fatal(err)
		}
	}
	waitUntil(ctx, t, "the later notices handled", handled)
	stop()
	mu.Lock()
	defer mu.Unlock()
	if got := strings.Join(delivered, " "); got != "ana@pbem.test ana@pbem.test bea@pbem.test" {
		t.Errorf("delivered to %s, want ana's two mails and none of bea's while she had stopped them, then bea's one and none of ana's once ana stopped", got)
	}
	// The operator's list says which mails went and which were kept
	// back for a STOP, not "sent" for both.
	list, err := mail.ListNotices(ctx, store, mail.ListOptions{})
	if err != nil {
		t.Fatal(err)
	}
	var states []string
	for _, s := range list {
		states = append(states, strings.TrimSuffix(s.Notice.ID, "@pbem.test")+" "+s.State)
	}
	if got, want := strings.Join(states, ", "), "s0 stopped, s1 sent, s2 stopped, s3 sent, t0 stopped, t1 sent"; got != want {
		t.Errorf("ListNotices = %s, want %s", got, want)
	}
}

// startMail starts a loopback mail system of users for the test.
func startMail(t *testing.T, domain string, users ...string) *loopback.System {
	t.Helper()
	sys, err := loopback.Start(domain, users...)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { sys.Close() })
	return sys
}

// senderOf returns a sender through sys's SMTP server, as its games user.
func senderOf(t *testing.T, sys *loopback.System) *mail.Sender {
	t.Helper()
	sender, err := mail.NewSender(mail.SMTPOptions{Addr: sys.SMTPAddr, Security: "plain", From: sys.Address("games")})
	if err != nil {
		t.Fatal(err)
	}
	return sender
}

// runOutbox runs ob until the returned stop is called, which fails t if
// Run failed.
func runOutbox(ctx context.Context, t *testing.T, ob *mail.Outbox) (stop func()) {
	rctx, cancel := context.WithCancel(ctx)
	done := make(chan error, 1)
	go func() { done <- ob.Run(rctx) }()
	return func() {
		t.Helper()
		cancel()
		if err := <-done; err != nil {
			t.Fatal(err)
		}
	}
}

// waitUntil waits until ok holds, failing t with what was awaited when
// ctx ends first.
func waitUntil(ctx context.Context, t *testing.T, what string, ok func() bool) {
	t.Helper()
	for !ok() {
		if ctx.Err() != nil {
			t.Fatalf("never %s", what)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// TestOutboxPerHour: with PerHour set under a provider's quota, the
// outbox sends through the SMTP server no faster than it allows, a
// second's worth at once, and every mail still goes: none is dropped or
// counted as refused. A recipient whose server refuses for now (452)
// has their mail set aside to wait, and it holds up nobody else's beyond
// the quota.
func TestOutboxPerHour(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	store := storetest.MustOpen(t)
	users := []string{"games", "full", "p0", "p1", "p2", "p3", "p4", "p5", "p6"}
	sys := startMail(t, "pbem.test", users...)
	var mu sync.Mutex
	var sent []time.Time
	sys.OnDeliver = func(string, []string, []byte) {
		mu.Lock()
		defer mu.Unlock()
		sent = append(sent, time.Now())
	}
	sys.Refuse = func(_, to string) error {
		if to == sys.Address("full") {
			return &smtp.SMTPError{Code: 452, EnhancedCode: smtp.EnhancedCode{4, 2, 2}, Message: "mailbox full"}
		}
		return nil
	}
	sender := senderOf(t, sys)
	defer sender.Close()
	ob := &mail.Outbox{Store: store, PerHour: 36000, // one every 100 ms, ten at once
		Send: sender.Send,
		Render: func(_ context.Context, n mail.Notice) (mail.Outgoing, error) {
			return mail.Outgoing{MessageID: n.ID, To: n.To, Subject: n.Kind, Text: "hello", Date: time.Unix(0, 0)}, nil
		}}
	const mails = 30
	for i := range mails {
		to := sys.Address(users[2+i%7])
		if i%10 == 3 {
			to = sys.Address("full")
		}
		n := mail.Notice{ID: fmt.Sprintf("p%d@pbem.test", i), Kind: "test", Game: fmt.Sprintf("g%d", i%5), To: to}
		if _, err := store.Put(ctx, n.Subject(), n.ID, n.Encode()); err != nil {
			t.Fatal(err)
		}
	}
	const delivered = mails - 3
	stop := runOutbox(ctx, t, ob)
	waitUntil(ctx, t, "every mail to a healthy recipient delivered", func() bool { mu.Lock(); defer mu.Unlock(); return len(sent) == delivered })
	stop()
	mu.Lock()
	defer mu.Unlock()
	// The mails beyond the first ten, those tried for full included,
	// take at least 100 ms each.
	if took := sent[delivered-1].Sub(sent[0]); took < (delivered-10)*100*time.Millisecond-100*time.Millisecond {
		t.Errorf("%d mails went out in %v, faster than 36000 an hour allows", delivered, took)
	}
	list, err := mail.ListNotices(ctx, store, mail.ListOptions{})
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range list {
		want := mail.StateSent
		if s.Notice.To == sys.Address("full") {
			want = mail.StateWaiting
		}
		if s.State != want {
			t.Errorf("<%s> to %s is %s, want %s", s.Notice.ID, s.Notice.To, s.State, want)
		}
	}
}
