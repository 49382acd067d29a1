package mailroom

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"encoding/base64"
	"fmt"
	"net"
	"strings"
	"testing"
	"time"

	"github.com/emersion/go-msgauth/dkim"

	"github.com/pbem-games/pbem/mail"
)

// TestAuthenticatedByDKIM: with DKIM verification asked for, a mail
// counts when its From domain signed it, or when the trusted server's
// Authentication-Results say it passed; a mail neither proves is
// recorded and not answered.
func TestAuthenticatedByDKIM(t *testing.T) {
	const mx = "mx.pbem.test"
	pub, key, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	// The DNS of the test: example.org's key, selector s1.
	lookup := func(name string) ([]string, error) {
		if name == "s1._domainkey.example.org" {
			return []string{"v=DKIM1; k=ed25519; p=" + base64.StdEncoding.EncodeToString(pub)}, nil
		}
		return nil, &net.DNSError{Err: "no such host", Name: name, IsNotFound: true}
	}
	tests := []struct {
		name, trusted, header string
		signed                bool
		want                  bool
	}{
		{name: "signed", signed: true, want: true},
		{name: "not signed"},
		{name: "signed, the trusted server says it failed", trusted: mx, header: "Authentication-Results: " + mx + "; dmarc=fail header.from=example.org\r\n", signed: true, want: true},
		{name: "not signed, the trusted server says it passed", trusted: mx, header: "Authentication-Results: " + mx + "; dmarc=pass header.from=example.org\r\n", want: true},
		{name: "not signed, the trusted server says it failed", trusted: mx, header: "Authentication-Results: " + mx + "; dmarc=fail header.from=example.org\r\n"},
	}
	r := newRoom(t)
	r.m.DKIM = &mail.DKIMVerifier{LookupTXT: lookup}
	for i, tc := range tests {
		r.m.TrustedAuthServID = tc.trusted
		raw := fmt.Sprintf("%sFrom: dov@example.org\r\nTo: %s\r\nMessage-ID: <dkim%d@example.org>\r\nSubject: help\r\n\r\nHELP\r\n", tc.header, r.m.Mailbox, i)
		if tc.signed {
			var b bytes.Buffer
			if err := dkim.Sign(&b, strings.NewReader(raw), &dkim.SignOptions{Domain: "example.org", Selector: "s1", Signer: key}); err != nil {
				t.Fatal(err)
			}
			raw = b.String()
		}
		before := len(r.notices())
		if err := r.m.Handle(context.Background(), mail.NewInboxRecord([]byte(raw), "INBOX", 1, uint32(i+1), time.Now())); err != nil {
			t.Fatal(err)
		}
		if answered := len(r.notices()) > before; answered != tc.want {
			t.Errorf("%s: the mail answered = %v, want %v", tc.name, answered, tc.want)
		}
	}
}
