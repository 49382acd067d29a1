package storetest

import (
	"errors"
	"fmt"
	"testing"

	"github.com/pbem-games/pbem/events"
)

// testPutOnceWith records a decision once with what it causes: a second
// decision for the same subject, with other messages, stores nothing, and
// so does the first one tried again.
func testPutOnceWith(t *testing.T, e *env) {
	once := func(k string) events.Message {
		return events.Message{Subject: "pbem.answered." + k, Data: []byte("decided")}
	}
	mails := func(k, kind string, n int) []events.Message {
		var ms []events.Message
		for i := range n {
			ms = append(ms, events.Message{Subject: "pbem.mail." + k, MsgID: fmt.Sprintf("%s.%d.%s", k, i, kind), Data: []byte(kind)})
		}
		return ms
	}
	a, b := e.game("once"), e.game("alone")
	if err := e.s.PutOnceWith(ctx(t), once(a), mails(a, "refused", 2)); err != nil {
		t.Fatalf("PutOnceWith(first) = %v, want nil", err)
	}
	if err := e.s.PutOnceWith(ctx(t), once(a), mails(a, "stale", 1)); !errors.Is(err, events.ErrExists) {
		t.Errorf("PutOnceWith(a second decision) = %v, want ErrExists", err)
	}
	if err := e.s.PutOnceWith(ctx(t), once(a), mails(a, "refused", 2)); !errors.Is(err, events.ErrExists) {
		t.Errorf("PutOnceWith(the first tried again) = %v, want ErrExists", err)
	}
	if n, m := e.count("pbem.mail."+a), e.count("pbem.answered."+a); n != 2 || m != 1 {
		t.Errorf("after three tries %d messages and %d decisions are stored, want 2 and 1", n, m)
	}
	// Messages stored before the decision was (by an earlier version that
	// wrote no decision): the decision is written, nothing twice.
	if err := e.s.PutAll(ctx(t), mails(b, "refused", 2)); err != nil {
		t.Fatal(err)
	}
	if err := e.s.PutOnceWith(ctx(t), once(b), mails(b, "refused", 2)); err != nil {
		t.Errorf("PutOnceWith(messages stored already) = %v, want nil", err)
	}
	if n, m := e.count("pbem.mail."+b), e.count("pbem.answered."+b); n != 2 || m != 1 {
		t.Errorf("%d messages and %d decisions are stored, want 2 and 1", n, m)
	}
}
