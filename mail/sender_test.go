package mail_test

import (
	"bytes"
	"crypto/ed25519"
	"crypto/rand"
	"crypto/x509"
	"encoding/base64"
	"encoding/pem"
	"strings"
	"testing"
	"time"

	"github.com/emersion/go-msgauth/dkim"
	"github.com/pbem-games/pbem/mail"
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
