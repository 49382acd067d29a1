package mailroom

import (
	"context"
	"testing"
	"time"
)

// TestWarmReadsTheLastDay: a mailroom taking over counts towards the
// day's budget the answers recorded in the last day and no older ones.
// The store stamps its records with the real clock, so the service's
// clock is set from it here.
func TestWarmReadsTheLastDay(t *testing.T) {
	tests := []struct {
		name     string
		after    time.Duration // the service's clock at Warm, after the answers
		answered int           // the answers of dov's two mails after it
	}{
		{name: "an hour after", after: time.Hour},
		{name: "23 hours after", after: 23 * time.Hour},
		{name: "25 hours after", after: 25 * time.Hour, answered: 2},
		{name: "two days after", after: 48 * time.Hour, answered: 2},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := newRoom(t)
			r.m.RatePerDay = 2
			sent := time.Now()
			r.m.Service.Now = func() time.Time { return sent }
			for range 2 {
				r.plain("dov@example.org", "HELP\r\n")
			}
			if n := len(answers(r.notices(), "dov@example.org")); n != 2 {
				t.Fatalf("two HELPs got %d answers, want 2", n)
			}
			at := time.Now().Add(tc.after)
			r.m.Service.Now = func() time.Time { return at }
			next := &Mailroom{Service: r.m.Service, Tokens: r.m.Tokens, Mailbox: r.m.Mailbox, RatePerHour: 1000, RatePerDay: 2}
			if err := next.Warm(context.Background()); err != nil {
				t.Fatal(err)
			}
			r.m = next
			before := len(answers(r.notices(), "dov@example.org"))
			for range 2 {
				r.plain("dov@example.org", "HELP\r\n")
			}
			if n := len(answers(r.notices(), "dov@example.org")) - before; n != tc.answered {
				t.Errorf("%v after the day's budget was spent, two HELPs got %d answers, want %d", tc.after, n, tc.answered)
			}
		})
	}
}
