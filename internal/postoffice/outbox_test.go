package postoffice

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/emersion/go-smtp"
	"github.com/pbem-games/pbem/games/notice"
	"github.com/pbem-games/pbem/mail"
	"github.com/pbem-games/pbem/mail/mailtest"
)

// TestOutboxBadRecipientHoldsNoOne: one recipient's server answers 452
// (mailbox full) to every mail pbem sends them, for as long as the test
// lasts, and they are invited to many games. Every other player's mail,
// in those games and in others, still arrives, each within the bound
// waitFor sets; the full mailbox's mail waits aside, and /healthz stays
// healthy and says how much waits.
func TestOutboxBadRecipientHoldsNoOne(t *testing.T) {
	t.Parallel()
	users := []string{"games", "full", "ana", "bea", "cai", "dov", "eve", "fay"}
	sys, ms := loopbackServers(t, users...)
	full := ms.Address("full")
	var mu sync.Mutex
	refused, room := 0, false
	sys.Refuse = func(from, to string) error {
		mu.Lock()
		defer mu.Unlock()
		if !fromService(ms, from) || to != full || room {
			return nil
		}
		refused++
		return &smtp.SMTPError{Code: 452, EnhancedCode: smtp.EnhancedCode{4, 2, 2}, Message: "mailbox full"}
	}
	s := serve(t, ms, serving{change: func(c *Config) { c.UnsolicitedPerDay = len(users) }})

	// Every player invites the full mailbox to a game: their invitations,
	// one per game, wait.
	hosts := users[2:]
	for _, h := range hosts {
		send(t, ms, ms.Address(h), ms.Address("games"), "a game?", "", "NEW atacama WITH "+full+"\n")
	}
	for _, h := range hosts {
		waitFor(t, ms, h, 0, "")
	}
	// Then they play among themselves: three games of a few moves each,
	// every mail of which must arrive while the full mailbox refuses.
	pairs := [][2]string{{"ana", "bea"}, {"cai", "dov"}, {"eve", "fay"}}
	for _, p := range pairs {
		send(t, ms, ms.Address(p[0]), ms.Address("games"), "a game?", "", "NEW atacama WITH "+ms.Address(p[1])+"\n")
	}
	moves := []string{"E5", "A1", "I9", "A9", "I1", "E1"}
	for _, p := range pairs {
		invite := accept(t, ms, p[1], 1) // after the mail of the game they host
		tag, ok := mail.ParseTag(invite.replyTo, ms.Address("games"))
		if !ok {
			t.Fatalf("%s's invitation names no game: %q", p[1], invite.replyTo)
		}
		prompt := waitMail(t, ms, p[0], 0, "the first prompt of game "+tag.Game, func(l letter) bool { return l.game == tag.Game && l.turn })
		for i, mv := range moves {
			who, other := p[i%2], p[(i+1)%2]
			skip := len(mailbox(t, ms, other))
			send(t, ms, ms.Address(who), prompt.replyTo, "Re: move", "<"+prompt.messageID+">", mv+"\n")
			prompt = waitMail(t, ms, other, skip, "a prompt", func(l letter) bool { return l.game == tag.Game && l.turn })
		}
	}
	if n := len(mailbox(t, ms, "full")); n != 0 {
		t.Errorf("the full mailbox got %d mails, want none", n)
	}
	mu.Lock()
	if refused == 0 {
		t.Errorf("the full mailbox's server was never tried")
	}
	mu.Unlock()
	h := s.waitHealth(t, http.StatusOK, "the invitations waiting", func(h healthReport) bool {
		return h.Outbox.Waiting == len(hosts) && h.Outbox.Pending == 0 && h.Outbox.Dead == 0
	})
	if h.Outbox.Refused != 0 {
		t.Errorf("after 452s /healthz counts %d mails refused for good, want 0", h.Outbox.Refused)
	}
	// The operator sees them, each with the server's answer.
	list := s.held(t, mail.StateWaiting)
	if got := strings.Count(list, "\n<"); got != len(hosts) {
		t.Errorf("pbem mail list --waiting names %s %d times, want %d:\n%s", full, got, len(hosts), list)
	}
	if !strings.Contains(list, "452") {
		t.Errorf("pbem mail list --waiting does not give the server's answer:\n%s", list)
	}

	// /metrics tells the same: the moves, the waiting notices and how long
	// they have waited, the recipient's refusals.
	body := s.scrape(t)
	for _, want := range []string{`pbem_moves_total{game="atacama"} 18`, `pbem_notices_held{state="waiting"} 6`,
		`pbem_commands_total{result="done",word="NEW"} 9`, `pbem_appends_total{result="appended"}`} {
		if !strings.Contains(body, want) {
			t.Errorf("/metrics lacks %s", want)
		}
	}
	for _, name := range []string{`pbem_smtp_errors_total{kind="recipient"}`, "pbem_outbox_lag_seconds", "pbem_mails_received_total",
		`pbem_pictures_total{result="drawn"}`, `pbem_pictures_total{result="cached"}`, "pbem_picture_cache_bytes"} {
		if v := metricValue(body, name); v <= 0 {
			t.Errorf("/metrics gives %s = %v, want more than 0", name, v)
		}
	}

	// Once the mailbox has room again and the operator says so, the
	// invitations arrive, once each.
	mu.Lock()
	room = true
	mu.Unlock()
	if n, err := mail.Retry(context.Background(), s.svc.Store, mail.StateWaiting, ""); err != nil || n != len(hosts) {
		t.Fatalf("mail retry --waiting = %d, %v; want %d", n, err, len(hosts))
	}
	deadline := time.Now().Add(20 * time.Second)
	for len(mailbox(t, ms, "full")) < len(hosts) && time.Now().Before(deadline) {
		time.Sleep(100 * time.Millisecond)
	}
	if n := len(mailbox(t, ms, "full")); n != len(hosts) {
		t.Fatalf("once the mailbox has room it got %d mails, want the %d invitations", n, len(hosts))
	}
	s.waitHealth(t, http.StatusOK, "nothing waiting", func(h healthReport) bool { return h.Outbox.Waiting == 0 })
}

// held lists the notices held in state, each as "<id> to: error", one a
// line, as "pbem mail list --STATE" names them.
func (s *served) held(t *testing.T, state string) string {
	t.Helper()
	list, err := mail.ListNotices(context.Background(), s.svc.Store, mail.ListOptions{State: state, Notices: s.svc.Notices})
	if err != nil {
		t.Fatal(fmt.Errorf("mail list: %w", err))
	}
	var b strings.Builder
	for _, n := range list {
		fmt.Fprintf(&b, "\n<%s> %s:", n.Notice.ID, n.Notice.To)
		if n.Held != nil {
			b.WriteString(" " + n.Held.Error)
		}
	}
	return b.String()
}

// waitGame waits until user has a mail about game that is not among the
// first skip mails, and returns it.
func waitGame(t *testing.T, ms mailtest.Servers, user string, skip int, game string) letter {
	t.Helper()
	return waitAfter(t, ms, user, skip, game, func(letter) bool { return true })
}

// scrape returns the text of /metrics.
func (s *served) scrape(t *testing.T) string {
	t.Helper()
	resp, err := http.Get(s.metrics)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil || resp.StatusCode != http.StatusOK {
		t.Fatalf("/metrics: %d, %v", resp.StatusCode, err)
	}
	return string(b)
}

// metricValue is the value of the sample named name (with its labels) in
// a /metrics text; -1 if there is none.
func metricValue(body, name string) float64 {
	for _, line := range strings.Split(body, "\n") {
		if rest, ok := strings.CutPrefix(line, name+" "); ok {
			v, err := strconv.ParseFloat(rest, 64)
			if err == nil {
				return v
			}
		}
	}
	return -1
}

// TestMailRetryBesideServe: an operator at the console while the service
// runs, a recipient whose mailbox is full. pbem mail list shows the
// waiting invitation with the server's answer, running it again shows
// the same, and once the mailbox has room pbem mail retry makes the
// running service send it, once.
func TestMailRetryBesideServe(t *testing.T) {
	if testing.Short() {
		t.Skip("builds pbem and runs it as a separate process")
	}
	t.Parallel()
	bin := buildPbem(t)
	sys, _ := loopbackServers(t, "games", "ana", "full")
	var mu sync.Mutex
	room := false
	sys.Refuse = func(_, to string) error {
		mu.Lock()
		defer mu.Unlock()
		if to != sys.Address("full") || room {
			return nil
		}
		return &smtp.SMTPError{Code: 452, EnhancedCode: smtp.EnhancedCode{4, 2, 2}, Message: "mailbox full"}
	}
	delivered := 0
	sys.OnDeliver = func(_ string, to []string, _ []byte) {
		mu.Lock()
		defer mu.Unlock()
		if slices.Contains(to, sys.Address("full")) {
			delivered++
		}
	}
	toFull := func() int { mu.Lock(); defer mu.Unlock(); return delivered }
	s := newServeProc(t, bin, sys)
	s.start()
	waitServing(t, s)
	defer s.stop()

	id, _, err := runBin(bin, s.dir, "new", "atacama", "--players", sys.Address("ana")+","+sys.Address("full"))
	if err != nil {
		t.Fatal(err)
	}
	id = strings.TrimSpace(id)
	var list string
	for deadline := time.Now().Add(20 * time.Second); !strings.Contains(list, "452"); time.Sleep(100 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("pbem mail list --waiting beside the service never showed the 452:\n%s", list)
		}
		list, _, _ = runBin(bin, s.dir, "mail", "list", id, "--waiting")
	}
	if again, _, err := runBin(bin, s.dir, "mail", "list", id, "--waiting"); err != nil || strings.Count(again, "\n<") != 1 {
		t.Errorf("pbem mail list --waiting again: %v\n%s", err, again)
	}
	mu.Lock()
	room = true
	mu.Unlock()
	out, stderr, err := runBin(bin, s.dir, "mail", "retry", "--waiting")
	if err != nil || !strings.HasPrefix(out, "1 ") {
		t.Fatalf("pbem mail retry --waiting: %v, %q %s", err, out, stderr)
	}
	for deadline := time.Now().Add(20 * time.Second); toFull() == 0; time.Sleep(100 * time.Millisecond) {
		if time.Now().After(deadline) {
			s.tail()
			t.Fatal("the invitation never reached the mailbox once it had room")
		}
	}
	time.Sleep(2 * time.Second) // a second delivery would come within the retry loop's second
	if n := toFull(); n != 1 {
		t.Errorf("the full mailbox got %d mails, want the invitation once", n)
	}
}

// TestMailRefusedForDays: a player's server answers 452 for days. Their
// mail waits, in order, while the game goes on for the others; once it has
// waited longer than smtp.max_retry_age it is recorded as failed, and the
// host is told, once, by mail, which address and what the server said.
// The service's clock is moved on, as three days would.
func TestMailRefusedForDays(t *testing.T) {
	t.Parallel()
	sys, ms := loopbackServers(t, "games", "ana", "far")
	far := ms.Address("far")
	var mu sync.Mutex
	clock := time.Now()
	now := func() time.Time { mu.Lock(); defer mu.Unlock(); return clock }
	sys.Refuse = func(from, to string) error {
		if to == far {
			return &smtp.SMTPError{Code: 452, EnhancedCode: smtp.EnhancedCode{4, 2, 2}, Message: "mailbox full"}
		}
		return nil
	}
	s := serve(t, ms, serving{now: now})

	// Ana invites far, whose invitation cannot be delivered: the game
	// waits for an answer that cannot come.
	send(t, ms, ms.Address("ana"), ms.Address("games"), "a game?", "", "NEW atacama WITH "+far+"\n")
	waitFor(t, ms, "ana", 0, notice.KindInvitation)
	h := s.waitHealth(t, http.StatusOK, "far's invitation waiting", func(h healthReport) bool {
		return h.Outbox.Waiting == 1 && h.Outbox.Pending == 0
	})
	if h.Outbox.Failed != 0 {
		t.Errorf("before three days /healthz counts %d failed, want 0", h.Outbox.Failed)
	}

	mu.Lock()
	clock = clock.Add(mail.DefaultMaxRetryAge + time.Hour)
	mu.Unlock()
	told := waitFor(t, ms, "ana", 1, notice.KindUndelivered)
	text := string(told.raw)
	for _, want := range []string{far, "452"} {
		if !strings.Contains(text, want) {
			t.Errorf("the host's mail about the failed mail does not name %s:\n%s", want, text)
		}
	}
	s.waitHealth(t, http.StatusOK, "far's mail failed", func(h healthReport) bool {
		return h.Outbox.Waiting == 0 && h.Outbox.Failed == 1
	})
	if list := s.held(t, mail.StateFailed); strings.Count(list, "\n<") != 1 || !strings.Contains(list, "452") {
		t.Errorf("pbem mail list --failed, want far's invitation with the server's answer:\n%s", list)
	}
	time.Sleep(2 * time.Second) // the retry loop's rounds: the host is not told again
	if hostTold := countOf(t, ms, "ana", notice.KindUndelivered); hostTold != 1 {
		t.Errorf("the host was told %d times that far's mail failed, want once", hostTold)
	}
	if n := len(mailbox(t, ms, "far")); n != 0 {
		t.Errorf("far got %d mails, want none", n)
	}
}

// TestMailRefusedAfterData: the servers of two invited players refuse
// pbem's mail only once they have read it, as content filters do. Bea's
// refuses for good (554 5.7.1): her invitation is recorded as failed at
// once, not tried again, and the host is told, once, her address and what
// her server said. Cai's greylists the first try (451): his invitation
// waits, is tried again when its time comes, and arrives once.
func TestMailRefusedAfterData(t *testing.T) {
	t.Parallel()
	sys, ms := loopbackServers(t, "games", "ana", "bea", "cai")
	bea, cai := ms.Address("bea"), ms.Address("cai")
	var mu sync.Mutex
	clock := time.Now()
	now := func() time.Time { mu.Lock(); defer mu.Unlock(); return clock }
	beaTries, caiTries := 0, 0
	sys.RefuseData = func(_ string, to []string, _ []byte) error {
		mu.Lock()
		defer mu.Unlock()
		switch {
		case slices.Contains(to, bea):
			beaTries++
			return &smtp.SMTPError{Code: 554, EnhancedCode: smtp.EnhancedCode{5, 7, 1}, Message: "message content rejected by policy"}
		case slices.Contains(to, cai):
			caiTries++
			if caiTries == 1 {
				return &smtp.SMTPError{Code: 451, EnhancedCode: smtp.EnhancedCode{4, 7, 1}, Message: "greylisted, try again later"}
			}
		}
		return nil
	}
	s := serve(t, ms, serving{now: now})

	send(t, ms, ms.Address("ana"), ms.Address("games"), "a game?", "", "NEW atacama WITH "+bea+", "+cai+"\n")
	told := waitFor(t, ms, "ana", 0, notice.KindUndelivered)
	for _, want := range []string{bea, "554", "content rejected by policy"} {
		if !strings.Contains(strings.Join(strings.Fields(told.p.Text), " "), want) {
			t.Errorf("the host's mail about bea's refused invitation does not name %q:\n%s", want, told.p.Text)
		}
	}
	if list := s.held(t, mail.StateFailed); strings.Count(list, "\n<") != 1 || !strings.Contains(list, bea) || !strings.Contains(list, "554") {
		t.Errorf("pbem mail list --failed, want bea's invitation with her server's 554:\n%s", list)
	}
	// A 451 after DATA may be the server's own trouble (Postfix's queue
	// file write error): until a mail goes through again, /healthz may
	// say the outbox is retrying (503), whatever mail came after.
	s.waitHealth(t, 0, "cai's invitation waiting", func(h healthReport) bool { return h.Outbox.Waiting == 1 })

	mu.Lock()
	clock = clock.Add(time.Hour)
	mu.Unlock()
	inv := waitFor(t, ms, "cai", 0, notice.KindInvitation)
	if !strings.Contains(inv.p.Text, "atacama") && !strings.Contains(inv.p.Text, "Atacama") {
		t.Errorf("cai's invitation, tried again, is not about the game:\n%s", inv.p.Text)
	}
	s.waitHealth(t, http.StatusOK, "cai's invitation sent, the outbox healthy", func(h healthReport) bool { return h.Outbox.Waiting == 0 })
	time.Sleep(2 * time.Second) // the retry loop's rounds: nothing is sent twice
	mu.Lock()
	tries, again := beaTries, caiTries
	mu.Unlock()
	if tries != 1 || again != 2 {
		t.Errorf("bea's server was sent her invitation %d times (want 1: refused for good), cai's %d (want 2)", tries, again)
	}
	if n := len(mailbox(t, ms, "cai")); n != 1 {
		t.Errorf("cai got %d mails, want his invitation once", n)
	}
	if hostTold := countOf(t, ms, "ana", notice.KindUndelivered); hostTold != 1 {
		t.Errorf("the host was told %d times that bea's mail failed, want once", hostTold)
	}
}
