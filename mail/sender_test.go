package mail_test

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"crypto/x509"
	"encoding/base64"
	"encoding/pem"
	"errors"
	"fmt"
	"io"
	"mime"
	"mime/quotedprintable"
	gomail "net/mail"
	"strings"
	"sync"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/emersion/go-msgauth/dkim"
	"github.com/emersion/go-smtp"
	"github.com/pbem-games/pbem/mail"
	"github.com/pbem-games/pbem/mail/loopback"
)

func outgoing() mail.Outgoing {
	return mail.Outgoing{
		MessageID: "k7q2mx.9.1.your-turn@pbem.example.org", To: "bea@example.net", ToName: "Bea",
		ReplyTo: "games+k7q2mx.1.abcdefghij@pbem.example.org", Subject: "[pbem k7q2mx] Atacama — your turn (move 9)",
		Text: "Bea, it is your turn.\n", HTML: "<p>Bea, it is your turn.</p>",
		InReplyTo:  "k7q2mx.1.1.invitation@pbem.example.org",
		References: []string{"k7q2mx.1.1.invitation@pbem.example.org", "abc@example.net"},
		Date:       time.Date(2026, 11, 30, 12, 0, 0, 0, time.UTC),
	}
}

// TestMessageHeaders checks what every mail carries for threading, loops
// and bounces.
func TestMessageHeaders(t *testing.T) {
	s, err := mail.NewSender(mail.SMTPOptions{Addr: "127.0.0.1:25", From: "games@pbem.example.org", FromName: "pbem games",
		EnvelopeFrom: "bounces@pbem.example.org"})
	if err != nil {
		t.Fatal(err)
	}
	m, err := s.Message(outgoing())
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if _, err := m.WriteTo(&b); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"Message-ID: <k7q2mx.9.1.your-turn@pbem.example.org>",
		"In-Reply-To: <k7q2mx.1.1.invitation@pbem.example.org>",
		"References: <k7q2mx.1.1.invitation@pbem.example.org> <abc@example.net>",
		"Reply-To: <games+k7q2mx.1.abcdefghij@pbem.example.org>",
		"Auto-Submitted: auto-generated",
		"X-Loop: pbem",
	} {
		if !strings.Contains(b.String(), want+"\r\n") {
			t.Errorf("message lacks %q:\n%s", want, b.String())
		}
	}
}

// TestDKIM signs a mail and verifies the signature with the public key.
func TestDKIM(t *testing.T) {
	pub, priv, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	der, err := x509.MarshalPKCS8PrivateKey(priv)
	if err != nil {
		t.Fatal(err)
	}
	s, err := mail.NewSender(mail.SMTPOptions{Addr: "127.0.0.1:25", From: "games@pbem.example.org",
		DKIM: mail.DKIMOptions{Domain: "pbem.example.org", Selector: "pbem", KeyPEM: pem.EncodeToMemory(&pem.Block{Type: "PRIVATE KEY", Bytes: der})}})
	if err != nil {
		t.Fatal(err)
	}
	m, err := s.Message(outgoing())
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if _, err := m.WriteTo(&b); err != nil {
		t.Fatal(err)
	}
	record := "v=DKIM1; k=ed25519; p=" + base64.StdEncoding.EncodeToString(pub)
	vs, err := dkim.VerifyWithOptions(bytes.NewReader(b.Bytes()), &dkim.VerifyOptions{LookupTXT: func(domain string) ([]string, error) {
		if domain != "pbem._domainkey.pbem.example.org" {
			t.Errorf("looked up %s", domain)
		}
		return []string{record}, nil
	}})
	if err != nil || len(vs) != 1 || vs[0].Err != nil || vs[0].Domain != "pbem.example.org" {
		t.Fatalf("verify = %+v, %v; want one valid signature by pbem.example.org", vs, err)
	}
}

// TestSenderKeepsConnections sends mail after mail on one connection, one
// connection per concurrent sender, and replaces a connection the server
// closed while it was idle without losing or refusing the mail.
func TestSenderKeepsConnections(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	sys, err := loopback.Start("pbem.test", "games", "ana", "bea")
	if err != nil {
		t.Fatal(err)
	}
	defer sys.Close()
	var mu sync.Mutex
	got := map[string]int{}
	sys.OnDeliver = func(_ string, to []string, raw []byte) {
		mu.Lock()
		defer mu.Unlock()
		for _, line := range strings.Split(string(raw), "\r\n") {
			if id, ok := strings.CutPrefix(line, "Message-ID: <"); ok {
				got[strings.TrimSuffix(id, ">")]++
			}
		}
	}
	sys.Refuse = func(_, to string) error {
		if strings.HasPrefix(to, "nobody@") {
			return &smtp.SMTPError{Code: 550, EnhancedCode: smtp.EnhancedCode{5, 1, 1}, Message: "no such user"}
		}
		return nil
	}
	s, err := mail.NewSender(mail.SMTPOptions{Addr: sys.SMTPAddr, Security: "plain", From: sys.Address("games")})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	n := 0
	send := func(to string) error {
		mu.Lock()
		n++
		o := mail.Outgoing{MessageID: fmt.Sprintf("m%d@pbem.test", n), To: to, Subject: "s", Text: "t\n", Date: time.Unix(0, 0)}
		mu.Unlock()
		return s.Send(ctx, o)
	}
	for range 5 {
		if err := send("ana@pbem.test"); err != nil {
			t.Fatal(err)
		}
	}
	if c := sys.SMTPConnections(); c != 1 {
		t.Errorf("5 mails one after another took %d connections, want 1", c)
	}

	// A refusal leaves the connection usable.
	var de *mail.DeliveryError
	if err := send("nobody@pbem.test"); !errors.As(err, &de) || de.Temporary || de.Code != 550 || !de.Recipient {
		t.Errorf("mail to nobody: %v, want a permanent 550 of the recipient", err)
	}
	if err := send("bea@pbem.test"); err != nil {
		t.Fatal(err)
	}
	if c := sys.SMTPConnections(); c != 1 {
		t.Errorf("after a refusal %d connections were opened, want still 1", c)
	}

	// A refusal after the mail's DATA, as a content filter answers: a
	// 554 is the mail's for good, not its recipient's; a 451 is to be
	// tried again. Neither is delivered, and the connection stays in use.
	sys.RefuseData = func(_ string, to []string, raw []byte) error {
		switch {
		case bytes.Contains(raw, []byte("Subject: spam")):
			return &smtp.SMTPError{Code: 554, EnhancedCode: smtp.EnhancedCode{5, 7, 1}, Message: "message content rejected"}
		case bytes.Contains(raw, []byte("Subject: later")):
			return &smtp.SMTPError{Code: 451, EnhancedCode: smtp.EnhancedCode{4, 7, 1}, Message: "try again later"}
		}
		return nil
	}
	for _, c := range []struct {
		subject   string
		code      int
		temporary bool
	}{{"spam", 554, false}, {"later", 451, true}} {
		mu.Lock()
		n++
		o := mail.Outgoing{MessageID: fmt.Sprintf("m%d@pbem.test", n), To: "bea@pbem.test", Subject: c.subject, Text: "t\n", Date: time.Unix(0, 0)}
		mu.Unlock()
		err := s.Send(ctx, o)
		if !errors.As(err, &de) || de.Temporary != c.temporary || de.Code != c.code || de.Recipient || !strings.Contains(err.Error(), "DATA") {
			t.Errorf("a mail refused after its DATA with %d: %v, want a DeliveryError at DATA, temporary %v, not the recipient's", c.code, err, c.temporary)
		}
	}
	sys.RefuseData = nil
	if err := send("bea@pbem.test"); err != nil {
		t.Fatal(err)
	}
	if c := sys.SMTPConnections(); c != 1 {
		t.Errorf("after refusals at DATA %d connections were opened, want still 1", c)
	}

	// The server drops the idle connection: the next mail goes on a new one.
	sys.DropSMTPConnections()
	if err := send("ana@pbem.test"); err != nil {
		t.Fatalf("after the server closed the idle connection: %v", err)
	}
	if c := sys.SMTPConnections(); c != 2 {
		t.Errorf("%d connections, want 2", c)
	}

	// Four at once: four connections at most, each used again.
	var wg sync.WaitGroup
	errs := make(chan error, 40)
	for range 4 {
		wg.Go(func() {
			for range 10 {
				errs <- send("bea@pbem.test")
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Fatal(err)
		}
	}
	if c := sys.SMTPConnections(); c > 2+3 {
		t.Errorf("4 senders at once opened %d connections in all, want at most 5", c)
	}
	mu.Lock()
	defer mu.Unlock()
	if len(got) != n-3 { // all but the three refused
		t.Errorf("%d distinct mails arrived, want %d", len(got), n-3)
	}
	for id, k := range got {
		if k != 1 {
			t.Errorf("%s arrived %d times", id, k)
		}
	}
}

// TestSenderDotLines sends a mail whose lines begin with dots, and one
// that is a dot alone, which SMTP's DATA would end at were they not
// doubled: the mail arrives whole, its text as written.
func TestSenderDotLines(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	sys, err := loopback.Start("pbem.test", "games", "ana")
	if err != nil {
		t.Fatal(err)
	}
	defer sys.Close()
	got := make(chan []byte, 1)
	sys.OnDeliver = func(_ string, _ []string, raw []byte) { got <- raw }
	s, err := mail.NewSender(mail.SMTPOptions{Addr: sys.SMTPAddr, Security: "plain", From: sys.Address("games")})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	text := ".\n..two dots\n.one dot\nplain\n.\n"
	o := mail.Outgoing{MessageID: "dots@pbem.test", To: "ana@pbem.test", Subject: "dots", Text: text, Date: time.Unix(0, 0)}
	if err := s.Send(ctx, o); err != nil {
		t.Fatal(err)
	}
	raw := <-got
	m, err := gomail.ReadMessage(bytes.NewReader(raw))
	if err != nil {
		t.Fatal(err)
	}
	body, err := io.ReadAll(quotedprintable.NewReader(m.Body))
	if err != nil {
		t.Fatal(err)
	}
	if b := strings.ReplaceAll(string(body), "\r\n", "\n"); b != text {
		t.Errorf("the text arrived as %q, want %q", b, text)
	}
}

// TestSenderIdleTimeout opens a new connection rather than send on one
// idle longer than IdleTimeout.
func TestSenderIdleTimeout(t *testing.T) {
	sys, err := loopback.Start("pbem.test", "games", "ana")
	if err != nil {
		t.Fatal(err)
	}
	defer sys.Close()
	s, err := mail.NewSender(mail.SMTPOptions{Addr: sys.SMTPAddr, Security: "plain", From: sys.Address("games"), IdleTimeout: 20 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	o := mail.Outgoing{MessageID: "a@pbem.test", To: "ana@pbem.test", Subject: "s", Text: "t\n", Date: time.Unix(0, 0)}
	for i := range 2 {
		if err := s.Send(context.Background(), o); err != nil {
			t.Fatal(err)
		}
		if i == 0 {
			time.Sleep(50 * time.Millisecond)
		}
	}
	if c := sys.SMTPConnections(); c != 2 {
		t.Errorf("%d connections, want 2: the first went idle for too long", c)
	}
}

// BenchmarkSend sends a mail of a move's size to the loopback server, on a
// kept connection and on a connection of its own each.
func BenchmarkSend(b *testing.B) {
	sys, err := loopback.Start("pbem.test", "games", "ana")
	if err != nil {
		b.Fatal(err)
	}
	defer sys.Close()
	o := outgoing()
	o.To = "ana@pbem.test"
	o.Text = strings.Repeat("A line of a board as a player sees it, about as wide as one.\n", 30)
	o.HTML = "<pre>" + o.Text + "</pre>" + strings.Repeat(`<p style="margin:0 0 16px;font-family:Arial,Helvetica,sans-serif;">a paragraph</p>`, 60)
	for _, c := range []struct {
		name string
		idle int
	}{{"kept", 0}, {"each-its-own", -1}} {
		b.Run(c.name, func(b *testing.B) {
			s, err := mail.NewSender(mail.SMTPOptions{Addr: sys.SMTPAddr, Security: "plain", From: sys.Address("games"), MaxIdle: c.idle})
			if err != nil {
				b.Fatal(err)
			}
			defer s.Close()
			b.ReportAllocs()
			for b.Loop() {
				if err := s.Send(context.Background(), o); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// TestChineseSubject: a long Chinese subject is written as RFC 2047
// encoded words of UTF-8 that each hold whole characters (RFC 2047, 5:
// "an integral number of characters") within 75 bytes, on header lines
// within 78 columns, and reads back as it was; Content-Language goes out
// as given.
func TestChineseSubject(t *testing.T) {
	s, err := mail.NewSender(mail.SMTPOptions{Addr: "127.0.0.1:25", From: "games@pbem.example.org", FromName: "pbem 对局"})
	if err != nil {
		t.Fatal(err)
	}
	o := outgoing()
	o.Subject = "[pbem k7q2mx] Altiplano：安娜、贝娅、蔡明和丁一在高原上的对局，轮到你走第 12 步了，请回复你的着法"
	o.Text, o.HTML = "贝娅，轮到你了。\n", `<html lang="zh"><p>贝娅，轮到你了。</p></html>`
	o.Headers = map[string]string{"Content-Language": "zh"}
	m, err := s.Message(o)
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if _, err := m.WriteTo(&b); err != nil {
		t.Fatal(err)
	}
	head, _, _ := strings.Cut(b.String(), "\r\n\r\n")
	if !strings.Contains(head, "\r\nContent-Language: zh\r\n") {
		t.Errorf("no Content-Language: zh in\n%s", head)
	}
	var subject []string
	in := false
	for _, line := range strings.Split(head, "\r\n") {
		if len(line) > 78 {
			t.Errorf("header line of %d columns: %q", len(line), line)
		}
		switch {
		case strings.HasPrefix(line, "Subject: "):
			in, subject = true, append(subject, strings.TrimPrefix(line, "Subject: "))
		case in && strings.HasPrefix(line, " "):
			subject = append(subject, strings.TrimSpace(line))
		default:
			in = false
		}
	}
	dec := new(mime.WordDecoder)
	for _, words := range subject {
		for _, w := range strings.Fields(words) {
			if !strings.HasPrefix(w, "=?") {
				continue
			}
			if len(w) > 75 {
				t.Errorf("encoded word of %d bytes: %s", len(w), w)
			}
			if !strings.HasPrefix(strings.ToUpper(w), "=?UTF-8?") {
				t.Errorf("encoded word not in UTF-8: %s", w)
			}
			text, err := dec.Decode(w)
			if err != nil || !utf8.ValidString(text) {
				t.Errorf("encoded word %s holds part of a character: %q, %v", w, text, err)
			}
		}
	}
	p, err := mail.Parse(b.Bytes(), mail.Limits{})
	if err != nil {
		t.Fatal(err)
	}
	if p.Subject != o.Subject {
		t.Errorf("subject read back as %q, want %q", p.Subject, o.Subject)
	}
	if p.Language != "zh" {
		t.Errorf("Content-Language read back as %q", p.Language)
	}
}

// BenchmarkMessage builds and writes a mail of a move's size, a board's
// picture shown in its HTML, as Send gives it to the SMTP connection,
// without the connection: what writing a mail costs pbem itself.
func BenchmarkMessage(b *testing.B) {
	s, err := mail.NewSender(mail.SMTPOptions{Addr: "127.0.0.1:25", From: "games@pbem.example.org", FromName: "pbem games"})
	if err != nil {
		b.Fatal(err)
	}
	o := outgoing()
	o.Text = strings.Repeat("A line of a board as a player sees it, about as wide as one.\n", 30)
	o.HTML = "<pre>" + o.Text + "</pre>" + strings.Repeat(`<p style="margin:0 0 16px;font-family:Arial,Helvetica,sans-serif;">a paragraph</p>`, 60)
	png := make([]byte, 30<<10) // a board's picture weighs 18 to 30 KiB
	for i := range png {
		png[i] = byte(i*7 + i>>5)
	}
	o.Inline = []mail.Attachment{{Name: "board.png", ContentType: "image/png", Data: png, ContentID: "board.k7q2mx.v9.1@pbem.example.org"}}
	b.ReportAllocs()
	for b.Loop() {
		m, err := s.Message(o)
		if err != nil {
			b.Fatal(err)
		}
		if _, err := m.WriteTo(io.Discard); err != nil {
			b.Fatal(err)
		}
	}
}
