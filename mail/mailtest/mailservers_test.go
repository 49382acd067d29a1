package mailtest

import (
	"bytes"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"net/mail"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-imap/v2/imapclient"
	"github.com/emersion/go-smtp"
)

// The address a player replies to: the game mailbox, with the game id, the
// seat and a token after the plus.
const plusUser = "games+k7q2mx.1.abcdefghij"

func token(t *testing.T) string {
	b := make([]byte, 8)
	if _, err := rand.Read(b); err != nil {
		t.Fatal(err)
	}
	return hex.EncodeToString(b)
}

// message builds a mail with CRLF line ends. Its body has a line that starts
// with a dot, a long line and an empty line, which SMTP must carry intact.
func message(from, to, subject, tok string) (msg, body string) {
	body = strings.Join([]string{
		"Move for game k7q2mx: E5",
		"",
		".a line that starts with a dot",
		"..and one with two",
		strings.Repeat("0123456789", 9),
		"token " + tok,
		"",
	}, "\r\n")
	msg = strings.Join([]string{
		"From: " + from,
		"To: " + to,
		"Subject: " + subject,
		"Message-ID: <" + tok + "@pbem.test>",
		"Date: " + time.Now().Format(time.RFC1123Z),
		"MIME-Version: 1.0",
		"Content-Type: text/plain; charset=us-ascii",
		"",
		body,
	}, "\r\n")
	return msg, body
}

func send(t *testing.T, s Servers, from string, to []string, msg string) {
	t.Helper()
	c, err := smtp.Dial(s.SMTP)
	if err != nil {
		t.Fatalf("SMTP %s: %v", s.SMTP, err)
	}
	defer c.Close()
	if err := c.SendMail(from, to, strings.NewReader(msg)); err != nil {
		t.Fatalf("SMTP send to %v: %v", to, err)
	}
	if err := c.Quit(); err != nil {
		t.Fatalf("SMTP quit: %v", err)
	}
}

func login(t *testing.T, s Servers, user string) *imapclient.Client {
	t.Helper()
	c, err := imapclient.DialInsecure(s.IMAP, nil)
	if err != nil {
		t.Fatalf("IMAP %s: %v", s.IMAP, err)
	}
	t.Cleanup(func() {
		c.Logout().Wait()
		c.Close()
	})
	if err := c.Login(user, s.Password).Wait(); err != nil {
		t.Fatalf("IMAP login as %s: %v", user, err)
	}
	return c
}

// search returns the UIDs of the messages in mailbox whose Message-ID holds
// tok.
func search(t *testing.T, c *imapclient.Client, mailbox, tok string) []imap.UID {
	t.Helper()
	if _, err := c.Select(mailbox, nil).Wait(); err != nil {
		t.Fatalf("IMAP select %s: %v", mailbox, err)
	}
	data, err := c.UIDSearch(&imap.SearchCriteria{
		Header: []imap.SearchCriteriaHeaderField{{Key: "Message-ID", Value: tok}},
	}, nil).Wait()
	if err != nil {
		t.Fatalf("IMAP search %s: %v", mailbox, err)
	}
	return data.AllUIDs()
}

// waitFor polls mailbox until the message with tok arrives, and returns its
// UID.
func waitFor(t *testing.T, c *imapclient.Client, mailbox, tok string) imap.UID {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for {
		uids := search(t, c, mailbox, tok)
		if len(uids) == 1 {
			return uids[0]
		}
		if len(uids) > 1 {
			t.Fatalf("%d messages with token %s in %s", len(uids), tok, mailbox)
		}
		if time.Now().After(deadline) {
			t.Fatalf("no message with token %s in %s after 30s (see the servers' logs: docs/mailservers.md)", tok, mailbox)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

func fetch(t *testing.T, c *imapclient.Client, uid imap.UID) []byte {
	t.Helper()
	section := &imap.FetchItemBodySection{Peek: true}
	msgs, err := c.Fetch(imap.UIDSetNum(uid), &imap.FetchOptions{
		UID:         true,
		BodySection: []*imap.FetchItemBodySection{section},
	}).Collect()
	if err != nil {
		t.Fatalf("IMAP fetch UID %d: %v", uid, err)
	}
	if len(msgs) != 1 {
		t.Fatalf("IMAP fetch UID %d: %d messages", uid, len(msgs))
	}
	raw := msgs[0].FindBodySection(section)
	if raw == nil {
		t.Fatalf("IMAP fetch UID %d: no body", uid)
	}
	return raw
}

func TestPlusAddressReachesGamesIntact(t *testing.T) {
	s := Real(t)
	tok := token(t)
	to := plusUser + "@" + s.Domain
	msg, body := message(s.Address("ana"), to, "Re: [pbem k7q2mx] your move", tok)
	send(t, s, s.Address("ana"), []string{to}, msg)

	c := login(t, s, "games")
	uid := waitFor(t, c, "INBOX", tok)
	raw := fetch(t, c, uid)
	m, err := mail.ReadMessage(bytes.NewReader(raw))
	if err != nil {
		t.Fatalf("parse delivered message: %v\n%s", err, raw)
	}
	var got bytes.Buffer
	if _, err := got.ReadFrom(m.Body); err != nil {
		t.Fatal(err)
	}
	if got.String() != body {
		t.Errorf("body changed on the way:\n got %q\nwant %q", got.String(), body)
	}
	if sub := m.Header.Get("Subject"); sub != "Re: [pbem k7q2mx] your move" {
		t.Errorf("Subject = %q", sub)
	}
	// The service reads the game and seat from the address the mail was
	// delivered to: at least one of these must carry the whole plus address.
	var seen []string
	found := false
	for _, h := range []string{"Delivered-To", "X-Original-To"} {
		for _, v := range m.Header[h] {
			seen = append(seen, h+": "+v)
			if strings.EqualFold(strings.Trim(strings.TrimSpace(v), "<>"), to) {
				found = true
			}
		}
	}
	if !found {
		t.Errorf("no Delivered-To or X-Original-To header is %s; have %q", to, seen)
	}

	// The same mailbox, logged in with the whole address.
	c2 := login(t, s, s.Address("games"))
	if uids := search(t, c2, "INBOX", tok); len(uids) != 1 {
		t.Errorf("as %s: %d messages with the token, want 1", s.Address("games"), len(uids))
	}
}

func TestPlainAddressReachesPlayer(t *testing.T) {
	s := Real(t)
	tok := token(t)
	to := s.Address("ana")
	msg, body := message("pbem <"+plusUser+"@"+s.Domain+">", to, "[pbem k7q2mx] your turn", tok)
	send(t, s, plusUser+"@"+s.Domain, []string{to}, msg)

	c := login(t, s, "ana")
	uid := waitFor(t, c, "INBOX", tok)
	if raw := fetch(t, c, uid); !bytes.HasSuffix(raw, []byte(body)) {
		t.Errorf("ana's copy does not end with the body sent:\n%s", raw)
	}
	// Nobody else got it.
	for _, u := range []string{"games", "bea"} {
		if uids := search(t, login(t, s, u), "INBOX", tok); len(uids) != 0 {
			t.Errorf("%s got ana's mail too", u)
		}
	}
}

func TestMoveToProcessed(t *testing.T) {
	s := Real(t)
	tok := token(t)
	to := plusUser + "@" + s.Domain
	msg, _ := message(s.Address("bea"), to, "Re: [pbem k7q2mx] move", tok)
	send(t, s, s.Address("bea"), []string{to}, msg)

	c := login(t, s, "games")
	if !c.Caps().Has(imap.CapMove) {
		t.Fatalf("the IMAP server does not offer MOVE; capabilities: %v", c.Caps())
	}
	// The folder outlives the test (the servers start empty each time): it
	// may be there already.
	if err := c.Create("processed", nil).Wait(); err != nil {
		var ierr *imap.Error
		if !errors.As(err, &ierr) || ierr.Code != imap.ResponseCodeAlreadyExists {
			t.Fatalf("IMAP create processed: %v", err)
		}
	}
	uid := waitFor(t, c, "INBOX", tok)
	data, err := c.Move(imap.UIDSetNum(uid), "processed").Wait()
	if err != nil {
		t.Fatalf("IMAP UID MOVE %d processed: %v", uid, err)
	}
	if data == nil || data.DestUIDs == nil {
		t.Errorf("MOVE gave no COPYUID (%+v): the service uses it to find the moved mail", data)
	}
	if uids := search(t, c, "INBOX", tok); len(uids) != 0 {
		t.Errorf("message still in INBOX after MOVE: %v", uids)
	}
	moved := waitFor(t, c, "processed", tok)
	if raw := fetch(t, c, moved); !bytes.Contains(raw, []byte("token "+tok)) {
		t.Errorf("moved message lost its body:\n%s", raw)
	}
}

func TestOnlyKnownLocalAddressesAccepted(t *testing.T) {
	s := Real(t)
	for _, to := range []string{"nobody@" + s.Domain, "someone@example.org"} {
		c, err := smtp.Dial(s.SMTP)
		if err != nil {
			t.Fatal(err)
		}
		if err := c.Mail(s.Address("ana"), nil); err != nil {
			t.Fatalf("MAIL FROM: %v", err)
		}
		err = c.Rcpt(to, nil)
		var serr *smtp.SMTPError
		if !errors.As(err, &serr) || serr.Code/100 != 5 {
			t.Errorf("RCPT TO:<%s> = %v, want a permanent refusal", to, err)
		}
		c.Close()
	}
}

func TestRealSkipsWithTheReason(t *testing.T) {
	dir := t.TempDir()
	for _, k := range []string{EnvIMAP, EnvSMTP, EnvDomain, EnvPassword, EnvRequired} {
		t.Setenv(k, "")
	}
	t.Setenv(EnvDir, dir)

	_, why := find()
	if !strings.Contains(why, howToStart) {
		t.Errorf("without servers: %q, want it to say %q", why, howToStart)
	}

	if err := os.WriteFile(filepath.Join(dir, "unavailable"), []byte("installing postfix failed\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, why = find(); why != "mail servers unavailable: installing postfix failed" {
		t.Errorf("with a recorded reason: %q", why)
	}

	env := "export PBEM_TEST_IMAP=127.0.0.1:1\nexport PBEM_TEST_SMTP='127.0.0.1:2'\n" +
		"export PBEM_TEST_DOMAIN=\"pbem.test\"\nexport PBEM_TEST_PASSWORD=secret\n"
	if err := os.WriteFile(filepath.Join(dir, "env"), []byte(env), 0o644); err != nil {
		t.Fatal(err)
	}
	s, why := find()
	want := Servers{IMAP: "127.0.0.1:1", SMTP: "127.0.0.1:2", Domain: "pbem.test", Password: "secret"}
	if why != "" || s != want {
		t.Errorf("from the env file: %+v, %q; want %+v", s, why, want)
	}
	if why := s.check(); !strings.Contains(why, "not answering") || !strings.Contains(why, howToStart) {
		t.Errorf("with nothing listening: %q", why)
	}
	if got := fmt.Sprint(s.Address("ana")); got != "ana@pbem.test" {
		t.Errorf("Address = %q", got)
	}
}

func TestReservationWaitsForTheHolder(t *testing.T) {
	if !canReserve {
		t.Skip("no file locks here: packages share the servers without waiting")
	}
	path := filepath.Join(t.TempDir(), "servers.lock")
	first, err := acquire(path, func() { t.Error("the first taker waited") }, time.Second)
	if err != nil {
		t.Fatal(err)
	}
	waited := make(chan struct{}, 1)
	got := make(chan lockFile, 1)
	go func() {
		second, err := acquire(path, func() { waited <- struct{}{} }, 50*time.Millisecond)
		if err != nil {
			t.Error(err)
		}
		got <- second
	}()
	select {
	case <-got:
		t.Fatal("a second holder got the servers while the first held them")
	case <-waited:
	case <-time.After(5 * time.Second):
		t.Fatal("the second taker neither waited nor got the servers")
	}
	first.release()
	select {
	case second := <-got:
		second.release()
	case <-time.After(5 * time.Second):
		t.Fatal("the second taker did not get the servers once they were released")
	}
}
