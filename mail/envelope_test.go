package mail_test

import (
	"context"
	"sync"
	"testing"

	"github.com/pbem-games/pbem/mail"
	"github.com/pbem-games/pbem/mail/loopback"
)

// TestEnvelopeFrom: the SMTP server is given each mail's own bounce
// address as MAIL FROM; a configured envelope sender wins over it; with
// neither, the mailbox.
func TestEnvelopeFrom(t *testing.T) {
	sys, err := loopback.Start("pbem.test", "games", "bea")
	if err != nil {
		t.Fatal(err)
	}
	defer sys.Close()
	var mu sync.Mutex
	var froms []string
	sys.OnDeliver = func(from string, _ []string, _ []byte) {
		mu.Lock()
		froms = append(froms, from)
		mu.Unlock()
	}
	bounce := mail.Tokens{Secret: []byte("a secret of sixteen bytes")}.BounceAddress(sys.Address("games"), "k7q2mx", sys.Address("bea"))
	for _, tt := range []struct{ configured, own, want string }{
		{"", bounce, bounce},
		{"bounces@pbem.test", bounce, "bounces@pbem.test"},
		{"", "", sys.Address("games")},
	} {
		s, err := mail.NewSender(mail.SMTPOptions{Addr: sys.SMTPAddr, Security: "plain", From: sys.Address("games"), EnvelopeFrom: tt.configured})
		if err != nil {
			t.Fatal(err)
		}
		o := outgoing()
		o.To, o.EnvelopeFrom = sys.Address("bea"), tt.own
		if err := s.Send(context.Background(), o); err != nil {
			t.Fatal(err)
		}
		s.Close()
		mu.Lock()
		got := froms[len(froms)-1]
		mu.Unlock()
		if got != tt.want {
			t.Errorf("configured %q, the mail's own %q: MAIL FROM %q, want %q", tt.configured, tt.own, got, tt.want)
		}
	}
}
