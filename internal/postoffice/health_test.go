package postoffice

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/emersion/go-smtp"
	"github.com/pbem-games/pbem/games/notice"
	"github.com/pbem-games/pbem/mail"
)

// waitHealth waits until /healthz answers with status code (0: any) and
// a report for which ok holds, and returns the report.
func (s *served) waitHealth(t *testing.T, code int, what string, ok func(healthReport) bool) healthReport {
	t.Helper()
	var h healthReport
	var got int
	for deadline := time.Now().Add(20 * time.Second); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		resp, err := http.Get(s.health)
		if err != nil {
			t.Fatal(err)
		}
		h = healthReport{}
		err = json.NewDecoder(resp.Body).Decode(&h)
		resp.Body.Close()
		if got = resp.StatusCode; err == nil && (code == 0 || got == code) && ok(h) {
			return h
		}
	}
	b, _ := json.MarshalIndent(h, "", "  ")
	t.Fatalf("/healthz never showed %s with status %d; last status %d:\n%s", what, code, got, b)
	return h
}

// logBuffer is a log the test can read while the service writes it.
type logBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *logBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *logBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// proxy relays TCP connections to an address and can drop them all and
// refuse new ones for a while, as a server that goes away does.
type proxy struct {
	ln     net.Listener
	target string
	mu     sync.Mutex
	down   bool
	conns  []net.Conn
}

func startProxy(t *testing.T, target string) *proxy {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	p := &proxy{ln: ln, target: target}
	t.Cleanup(func() { ln.Close(); p.setDown(true) })
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			go p.relay(c)
		}
	}()
	return p
}

func (p *proxy) relay(c net.Conn) {
	p.mu.Lock()
	down := p.down
	if !down {
		p.conns = append(p.conns, c)
	}
	p.mu.Unlock()
	if down {
		c.Close()
		return
	}
	s, err := net.Dial("tcp", p.target)
	if err != nil {
		c.Close()
		return
	}
	go func() { _, _ = io.Copy(s, c); s.Close() }()
	_, _ = io.Copy(c, s)
	c.Close()
}

// setDown drops every connection and refuses new ones (true), or lets
// them through again (false).
func (p *proxy) setDown(down bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.down = down
	if down {
		for _, c := range p.conns {
			c.Close()
		}
		p.conns = nil
	}
}

// TestHealthIMAPDropped drops the IMAP connection mid-session and keeps
// the server away for a while: /healthz says so, and once the server is
// back the intake reconnects and the move sent meanwhile is played.
func TestHealthIMAPDropped(t *testing.T) {
	t.Parallel()
	_, ms := loopbackServers(t, "games", "ana", "bea")
	imap := startProxy(t, ms.IMAP)
	s := serve(t, ms, serving{change: func(c *Config) { c.IMAP.Addr = imap.ln.Addr().String() }})
	ana, bea := ms.Address("ana"), ms.Address("bea")
	send(t, ms, ana, ms.Address("games"), "a game?", "", "NEW atacama WITH "+bea+"\n")
	accept(t, ms, "bea", 0)
	prompt := waitFor(t, ms, "ana", 0, "your-turn")
	s.waitHealth(t, http.StatusOK, "the intake connected", func(h healthReport) bool { return h.Intake.State == stateConnected })

	imap.setDown(true)
	h := s.waitHealth(t, http.StatusServiceUnavailable, "the intake reconnecting", func(h healthReport) bool {
		return h.Intake.State == stateReconnecting && h.Intake.LastError != ""
	})
	send(t, ms, ana, prompt.replyTo, "Re: move", "<"+prompt.messageID+">", "E5\n")
	time.Sleep(time.Second)
	imap.setDown(false)
	waitFor(t, ms, "bea", 1, "your-turn")
	after := s.waitHealth(t, http.StatusOK, "the intake connected again", func(h healthReport) bool { return h.Intake.State == stateConnected })
	if after.Intake.LastError == "" || after.Intake.LastErrorAt == nil || after.Intake.LastErrorAt.Before(*h.Intake.LastErrorAt) {
		t.Errorf("/healthz after the reconnection shows last error %q at %v, want the drop's", after.Intake.LastError, after.Intake.LastErrorAt)
	}
	if !strings.Contains(s.log.String(), "imap session ended; reconnecting") {
		t.Errorf("the log does not tell of the dropped session:\n%s", s.log)
	}
	tag, _ := mail.ParseTag(prompt.replyTo, ms.Address("games"))
	if g, _, err := s.svc.Load(context.Background(), tag.Game); err != nil || len(g.Moves) != 1 {
		t.Errorf("after the drop the game has moves %v (%v), want the one sent meanwhile", g.Moves, err)
	}
}

// TestHealthSMTPRefusals has the SMTP server answer 421, then 451, for a
// while, then 550 for one recipient: /healthz and the log show each, the
// mail held back arrives once the server takes it, and the mail refused
// for good is recorded.
func TestHealthSMTPRefusals(t *testing.T) {
	t.Parallel()
	sys, ms := loopbackServers(t, "games", "ana", "bea")
	var mu sync.Mutex
	refuse := func(string) error { return nil }
	sys.Refuse = func(from, to string) error { // only the service's mail: the players' gets through
		mu.Lock()
		defer mu.Unlock()
		if !fromService(ms, from) {
			return nil
		}
		return refuse(to)
	}
	setRefuse := func(f func(to string) error) { mu.Lock(); refuse = f; mu.Unlock() }
	s := serve(t, ms, serving{})
	ana, bea := ms.Address("ana"), ms.Address("bea")
	send(t, ms, ana, ms.Address("games"), "a game?", "", "NEW atacama WITH "+bea+"\n")
	accept(t, ms, "bea", 0)
	prompts := map[string]letter{"ana": waitFor(t, ms, "ana", 0, "your-turn"), "bea": waitFor(t, ms, "bea", 0, "news")}
	seen := map[string]int{"ana": len(mailbox(t, ms, "ana")), "bea": len(mailbox(t, ms, "bea"))}

	for i, tt := range []struct {
		code       int
		who, other string
		move       string
	}{{421, "ana", "bea", "E5"}, {451, "bea", "ana", "A1"}} {
		setRefuse(func(string) error { return &smtp.SMTPError{Code: tt.code, Message: "try again later"} })
		p := prompts[tt.who]
		send(t, ms, ms.Address(tt.who), p.replyTo, "Re: move", "<"+p.messageID+">", tt.move+"\n")
		s.waitHealth(t, http.StatusServiceUnavailable, "the outbox retrying", func(h healthReport) bool {
			return h.Outbox.State == stateRetrying && strings.Contains(h.Outbox.LastError, strconv.Itoa(tt.code)) && h.Outbox.Waiting > 0
		})
		setRefuse(func(string) error { return nil })
		prompts[tt.other] = waitFor(t, ms, tt.other, seen[tt.other], "your-turn")
		seen[tt.who], seen[tt.other] = len(mailbox(t, ms, tt.who)), len(mailbox(t, ms, tt.other))
		s.waitHealth(t, http.StatusOK, "the outbox sending again", func(h healthReport) bool {
			return h.Outbox.State == stateSending && h.Outbox.Pending == 0 && h.Outbox.Waiting == 0
		})
		if n := strings.Count(s.log.String(), "mail not sent; will retry"); n < i+1 {
			t.Errorf("after %d the log tells of %d retries, want at least %d", tt.code, n, i+1)
		}
	}

	setRefuse(func(to string) error {
		if strings.HasPrefix(to, "bea@") {
			return &smtp.SMTPError{Code: 550, EnhancedCode: smtp.EnhancedCode{5, 1, 1}, Message: "no such user"}
		}
		return nil
	})
	p := prompts["ana"]
	send(t, ms, ana, p.replyTo, "Re: move", "<"+p.messageID+">", "I9\n")
	h := s.waitHealth(t, http.StatusOK, "the refusal recorded", func(h healthReport) bool {
		return h.Outbox.Refused == 1 && strings.Contains(h.Outbox.LastError, "550") && h.Outbox.Pending == 0
	})
	if h.Outbox.State != stateSending {
		t.Errorf("after a 550 the outbox is %q, want %q: it goes on with the next mail", h.Outbox.State, stateSending)
	}
	tag, _ := mail.ParseTag(p.replyTo, ms.Address("games"))
	failed, err := s.svc.Store.Last(context.Background(), mail.FailedSubject+tag.Game)
	if err != nil || !strings.Contains(string(failed), bea) || !strings.Contains(string(failed), "550") {
		t.Errorf("the failed record is %s (%v), want bea's 550", failed, err)
	}
	if !strings.Contains(s.log.String(), "mail refused for good") {
		t.Errorf("the log does not tell of the 550")
	}
	// Ana, the host, learns that bea gets no mail, once.
	told := waitFor(t, ms, "ana", seen["ana"], notice.KindUndelivered)
	if !strings.Contains(told.p.Text, bea) || !strings.Contains(told.p.Text, "550") {
		t.Errorf("the host's mail about the bounce does not name bea and the 550:\n%s", told.p.Text)
	}
	time.Sleep(300 * time.Millisecond)
	if n := countOf(t, ms, "ana", notice.KindUndelivered); n != 1 {
		t.Errorf("ana got %d mails about the bounce, want 1", n)
	}
}
