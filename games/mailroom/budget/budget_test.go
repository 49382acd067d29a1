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

// TestDayBoundary: a mail counts against the day's budgets for 24 hours,
// and no longer: one sent exactly a day ago is spent.
func TestDayBoundary(t *testing.T) {
	lim := Limits{PerHour: 1, PerDay: 1, DomainFactor: 1, UnsolicitedPerDay: 1, MaxTracked: 100}
	now := time.Date(2026, 12, 4, 12, 0, 0, 0, time.UTC)
	var b Ledger
	if !b.Spend(lim, now, "ana@example.org", false, 1) || b.Unsolicited(lim, now, []string{"bea@example.net"}) != "" {
		t.Fatal("the first mail of the day refused")
	}
	for _, c := range []struct {
		after time.Duration
		want  bool
	}{{24*time.Hour - time.Second, false}, {24 * time.Hour, true}} {
		if got := b.Spend(lim, now.Add(c.after), "ana@example.org", false, 1); got != c.want {
			t.Errorf("Spend %v after a day's budget was spent = %v, want %v", c.after, got, c.want)
		}
	}
	if got := b.Unsolicited(lim, now.Add(24*time.Hour-time.Second), []string{"bea@example.net"}); got != "bea@example.net" {
		t.Errorf("Unsolicited a second before a day had passed = %q, want bea refused", got)
	}
	if got := b.Unsolicited(lim, now.Add(24*time.Hour), []string{"bea@example.net"}); got != "" {
		t.Errorf("Unsolicited a day after = %q, want none refused", got)
	}
}

// TestTrackForgets: when the budgets remembered are at their bound, those
// of a day gone by (exactly a day, or more) are forgotten to make room,
// and none that still counts: a sender over budget stays refused however
// many others write.
func TestTrackForgets(t *testing.T) {
	lim := Limits{PerHour: 1, PerDay: 1, DomainFactor: 1, UnsolicitedPerDay: 1, MaxTracked: 2}
	now := time.Date(2026, 12, 4, 12, 0, 0, 0, time.UTC)
	for _, c := range []struct {
		name string
		old  time.Duration // how long ago the first stranger wrote
		want bool          // whether a new stranger is let in
	}{
		{"a day ago", 24 * time.Hour, true},
		{"more than a day ago", 30 * time.Hour, true},
		{"less than a day ago", 24*time.Hour - time.Second, false},
	} {
		var b Ledger
		if !b.StrangerDay(lim, now.Add(-c.old), "a@one.example") || !b.StrangerDay(lim, now.Add(-time.Minute), "b@two.example") {
			t.Fatalf("%s: the first strangers refused", c.name)
		}
		if got := b.StrangerDay(lim, now, "c@three.example"); got != c.want {
			t.Errorf("%s: a new stranger with the ledger full = %v, want %v", c.name, got, c.want)
		}
		if b.StrangerDay(lim, now, "b@two.example") {
			t.Errorf("%s: the stranger answered a minute ago answered again", c.name)
		}
	}
	// A key that has room once the old one is forgotten, exactly at the bound.
	var b Ledger
	b.Replace(map[string][]time.Time{"x": {now.Add(-25 * time.Hour)}, "y": {}})
	if !b.StrangerDay(lim, now, "c@three.example") || b.Len() != 1 {
		t.Errorf("a stranger's key with the day-old and empty budgets forgotten: let in with %d budgets remembered, want 1", b.Len())
	}
}

// TestTrackPlayers: with the ledger full, a player is let in up to twice
// its bound, and no further; a stranger is not.
func TestTrackPlayers(t *testing.T) {
	lim := Limits{PerHour: 5, PerDay: 5, DomainFactor: 1, UnsolicitedPerDay: 1, MaxTracked: 2}
	now := time.Date(2026, 12, 4, 12, 0, 0, 0, time.UTC)
	var b Ledger
	if !b.Spend(lim, now, "ana@one.example", false, 1) {
		t.Fatal("the first player refused")
	}
	if b.Spend(lim, now, "x@two.example", true, 1) {
		t.Error("a stranger let in beyond the bound")
	}
	if !b.Spend(lim, now, "bea@two.example", false, 1) {
		t.Error("a player refused within twice the bound")
	}
	if b.Spend(lim, now, "cai@three.example", false, 1) {
		t.Error("a player let in beyond twice the bound")
	}
	if !b.Spend(lim, now, "ana@one.example", false, 1) {
		t.Error("a player already remembered refused with the ledger full")
	}
	if b.Len() != 4 {
		t.Errorf("the ledger remembers %d budgets, want 4", b.Len())
	}
}
