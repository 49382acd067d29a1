package budget

import (
	"slices"
	"testing"
	"time"
)

func TestKeys(t *testing.T) {
	for _, c := range []struct {
		addr     string
		stranger bool
		want     []string
	}{
		{"Ana+games@Mail.Example.co.uk", false, []string{"ana@mail.example.co.uk", "@example.co.uk"}},
		{"<bea@b.spam.example>", true, []string{"?bea@b.spam.example", "?@spam.example"}},
		{"阿娜@例子.中国", false, []string{"阿娜@例子.中国", "@例子.中国"}},
		{"no-at-sign", false, []string{"no-at-sign"}},
	} {
		if got := Keys(c.addr, c.stranger); !slices.Equal(got, c.want) {
			t.Errorf("Keys(%q, %v) = %q, want %q", c.addr, c.stranger, got, c.want)
		}
	}
}

func TestSpend(t *testing.T) {
	lim := Limits{PerHour: 2, PerDay: 3, DomainFactor: 2, UnsolicitedPerDay: 1, MaxTracked: 100}
	now := time.Date(2026, 12, 4, 12, 0, 0, 0, time.UTC)
	var b Ledger
	if !b.Spend(lim, now, "ana@example.org", false, 2) {
		t.Fatal("Spend of the hour's budget refused")
	}
	if b.Spend(lim, now, "Ana+x@example.org", false, 1) {
		t.Error("Spend over the hour's budget, by the same mailbox with a +tag, allowed")
	}
	if !b.Spend(lim, now.Add(time.Hour), "ana@example.org", false, 1) || b.Spend(lim, now.Add(2*time.Hour), "ana@example.org", false, 1) {
		t.Error("the day's budget of 3 not kept: want the third mail allowed an hour later and the fourth refused")
	}
	if !b.Spend(lim, now, "ana@example.org", true, 1) {
		t.Error("a stranger's budget is spent by the player of the same address")
	}
	if !b.Spend(lim, now.Add(25*time.Hour), "ana@example.org", false, 2) {
		t.Error("the budget not renewed after a day")
	}
}

func TestStrangerDayAndUnsolicited(t *testing.T) {
	lim := Limits{PerHour: 10, PerDay: 10, DomainFactor: 1, UnsolicitedPerDay: 1, MaxTracked: 100}
	now := time.Date(2026, 12, 4, 12, 0, 0, 0, time.UTC)
	var b Ledger
	if !b.StrangerDay(lim, now, "x@spam.example") || b.StrangerDay(lim, now.Add(time.Hour), "X+1@spam.example") {
		t.Error("a stranger answered other than once a day")
	}
	if !b.StrangerDay(lim, now.Add(24*time.Hour), "x@spam.example") {
		t.Error("a stranger not answered again the next day")
	}
	if got := b.Unsolicited(lim, now, []string{"a@example.org", "b@example.org"}); got != "" {
		t.Fatalf("Unsolicited = %q, want none refused", got)
	}
	if got := b.Unsolicited(lim, now, []string{"c@example.org", "b@example.org"}); got != "b@example.org" {
		t.Errorf("Unsolicited = %q, want b@example.org refused", got)
	}
	if got := b.Unsolicited(lim, now, []string{"c@example.org"}); got != "" {
		t.Errorf("Unsolicited(c) = %q after a refusal that counted none, want it counted", got)
	}
}

func TestTrackBound(t *testing.T) {
	lim := Limits{PerHour: 10, PerDay: 10, DomainFactor: 10, UnsolicitedPerDay: 1, MaxTracked: 4}
	now := time.Date(2026, 12, 4, 12, 0, 0, 0, time.UTC)
	var b Ledger
	for i := range 10 {
		b.Spend(lim, now, string(rune('a'+i))+"@example.org", true, 1)
	}
	if n := b.Len(); n > lim.MaxTracked {
		t.Errorf("strangers made the ledger remember %d budgets, want at most %d", n, lim.MaxTracked)
	}
	for i := range 10 {
		b.Spend(lim, now, string(rune('a'+i))+"@player.example", false, 1)
	}
	if n := b.Len(); n > 2*lim.MaxTracked {
		t.Errorf("players made the ledger remember %d budgets, want at most %d", n, 2*lim.MaxTracked)
	}
}
