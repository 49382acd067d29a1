package mail_test

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/emersion/go-smtp"
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
	sys, err := loopback.Start("pbem.test", "games", "ana", "bea")
	if err != nil {
		t.Fatal(err)
	}
	defer sys.Close()
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
	sender, err := mail.NewSender(mail.SMTPOptions{Addr: sys.SMTPAddr, Security: "plain", From: sys.Address("games")})
	if err != nil {
		t.Fatal(err)
	}
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
	if err := ob.CatchUp(ctx); err != nil {
		t.Fatal(err)
	}
	mu.Lock()
	got := strings.Join(delivered, " ")
	mu.Unlock()
	if got != "ana@pbem.test bea@pbem.test" {
		t.Errorf("delivered to %q, want ana then bea, once each", got)
	}
	failed, err := store.Last(ctx, mail.FailedSubject+"g1")
	if err != nil || !strings.Contains(string(failed), "nobody@pbem.test") || !strings.Contains(string(failed), "550") {
		t.Errorf("failed record = %s, %v; want the 550 for nobody@pbem.test", failed, err)
	}
	// A second outbox on the same store sends nothing again.
	if err := ob.CatchUp(ctx); err != nil {
		t.Fatal(err)
	}
	mu.Lock()
	if len(delivered) != 2 {
		t.Errorf("after a second catch-up %d mails were delivered, want still 2", len(delivered))
	}
	mu.Unlock()
}
