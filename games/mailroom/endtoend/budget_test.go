package endtoend_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/pbem-games/pbem/games"
	"github.com/pbem-games/pbem/games/mailroom"
	"github.com/pbem-games/pbem/games/notice"
	"github.com/pbem-games/pbem/mail"
	"github.com/pbem-games/pbem/projections"
	"github.com/pbem-games/pbem/rules/atacama"
)

// TestBudgetSpamRelay: one mail of twenty NEW lines, each inviting three
// strangers, makes pbem mail at most the sender's budget of invitations,
// and the NEW that would go over is refused, saying why.
func TestBudgetSpamRelay(t *testing.T) {
	mt := newMailTable(t, atacama.Game)
	mt.m.RatePerHour = 30
	var body strings.Builder
	for i := range 20 {
		fmt.Fprintf(&body, "NEW atacama WITH v%d@victims.example, v%d@victims.example, v%d@victims.example\r\n", 3*i, 3*i+1, 3*i+2)
	}
	mt.send("spammer@example.org", mt.m.Mailbox, "", body.String())
	invited, answers := map[string]bool{}, 0
	for _, n := range mt.outbox() {
		switch {
		case n.Kind == notice.KindInvitation && strings.HasSuffix(n.To, "@victims.example"):
			invited[n.To] = true
		case n.To == "spammer@example.org" && n.Kind != notice.KindInvitation:
			answers++
		}
	}
	if len(invited) != 30 {
		t.Errorf("%d strangers were invited, want 30: ten games of three, the budget", len(invited))
	}
	if len(invited)+answers > 30 {
		t.Errorf("the mail caused %d invitations and %d answers, more than the budget of 30", len(invited), answers)
	}
	// The budget spent, a second mail of NEW invites nobody.
	mt.send("Spammer+2@example.org", mt.m.Mailbox, "", "NEW atacama WITH w1@victims.example\r\n")
	for _, n := range mt.outbox() {
		if n.To == "w1@victims.example" {
			t.Errorf("the spammer's +tag invited %s past the budget", n.To)
		}
	}
}

// TestBudgetPlusTags: answers to one mailbox under many +tags and cases
// share one budget.
func TestBudgetPlusTags(t *testing.T) {
	mt := newMailTable(t, atacama.Game)
	mt.m.RatePerHour = 5
	for i := range 12 {
		mt.send(fmt.Sprintf("V0+%d@Example.org", i), mt.m.Mailbox, "", "HELP\r\n")
	}
	answered := 0
	for _, n := range mt.outbox() {
		if strings.HasPrefix(strings.ToLower(n.To), "v0+") {
			answered++
		}
	}
	if answered != 5 {
		t.Errorf("HELP from v0+0@ to v0+11@ got %d answers, want the mailbox's budget of 5", answered)
	}
}

// TestBudgetSayFlood: forty SAY lines give the other player at most the
// sender's budget of mails; the rest is refused.
func TestBudgetSayFlood(t *testing.T) {
	mt := newMailTable(t, atacama.Game)
	mt.m.RatePerHour = 30
	stopped := time.Date(2026, 12, 1, 15, 0, 0, 0, time.UTC)
	mt.svc.Now = func() time.Time { return stopped } // the hour does not pass while ana writes
	id := mt.create("atacama", 2)
	body := strings.Repeat("SAY buy cheap watches at spam.example\r\n", 20)
	mt.mail(id, 0, "ana@example.org", "", body)
	out := mt.mail(id, 0, "ana@example.org", "", body)
	stopped = stopped.Add(projections.SayEvery)
	if err := mt.svc.Tick(context.Background(), id); err != nil {
		t.Fatal(err)
	}
	if said := len(mt.game(id).Said); said != 30 {
		t.Errorf("%d SAYs were relayed, want the budget's 30 at most", said)
	}
	if mails := mt.saidTo("bea@example.net"); len(mails) != 2 {
		t.Errorf("bea got %d mails of SAYs, want two: the first SAY, and the other 29 gathered", len(mails))
	}
	if r := refusals(out); len(r) > 1 || len(r) == 1 && !strings.Contains(r[0], "at most 30 an hour") {
		t.Errorf("refusals %q, want at most one, naming the budget", r)
	}
}

// TestDeadlineMinimum: a host may not set a deadline that makes pbem play
// the game by itself in minutes.
func TestDeadlineMinimum(t *testing.T) {
	mt := newMailTable(t, atacama.Game)
	id := mt.create("atacama", 2)
	for _, line := range []string{"DEADLINE 0s", "DEADLINE 30m", "DEADLINE 59m GRACE 1m"} {
		if r := refusals(mt.mail(id, 0, "ana@example.org", "", line+"\r\n")); len(r) != 1 || !strings.Contains(r[0], "too short") {
			t.Errorf("%s: refusals %q, want one saying it is too short", line, r)
		}
	}
	if r := refusals(mt.mail(id, 0, "ana@example.org", "", "DEADLINE 1h\r\n")); len(r) > 0 {
		t.Errorf("DEADLINE 1h refused: %q", r)
	}
}

// TestBudgetDay: a sender spread over hours still has a day's budget.
func TestBudgetDay(t *testing.T) {
	mt := newMailTable(t, atacama.Game)
	mt.m.RatePerHour, mt.m.RatePerDay = 5, 8
	clock := time.Date(2026, 12, 1, 15, 0, 0, 0, time.UTC)
	mt.svc.Now = func() time.Time { return clock }
	answered := func() int {
		n := 0
		for _, a := range mt.outbox() {
			if a.To == "eve@example.org" {
				n++
			}
		}
		return n
	}
	for range 6 {
		mt.send("eve@example.org", mt.m.Mailbox, "", "HELP\r\n")
	}
	if n := answered(); n != 5 {
		t.Fatalf("six HELPs in an hour got %d answers, want the hour's 5", n)
	}
	clock = clock.Add(2 * time.Hour)
	for range 6 {
		mt.send("eve@example.org", mt.m.Mailbox, "", "HELP\r\n")
	}
	if n := answered(); n != 8 {
		t.Errorf("twelve HELPs in three hours got %d answers, want the day's 8", n)
	}
}

// TestObserversCap: a host adds at most ten observers to a game by mail.
func TestObserversCap(t *testing.T) {
	mt := newMailTable(t, atacama.Game)
	id := mt.create("atacama", 2)
	var body strings.Builder
	for i := range 11 {
		fmt.Fprintf(&body, "WATCH o%d@watchers.example\r\n", i)
	}
	out := mt.mail(id, 0, "ana@example.org", "", body.String())
	if g := mt.game(id); len(g.Observers) != 10 {
		t.Errorf("the game has %d observers, want 10", len(g.Observers))
	}
	if r := refusals(out); len(r) != 1 || !strings.Contains(r[0], "10 observers already") {
		t.Errorf("refusals %q, want one saying the game has 10 observers already", r)
	}
}

// TestBudgetDomain: the senders of one domain share DomainFactor times
// one sender's budget, however many mailboxes they write from.
func TestBudgetDomain(t *testing.T) {
	mt := newMailTable(t, atacama.Game)
	mt.m.RatePerHour, mt.m.DomainFactor = 3, 2
	stopped := time.Date(2026, 12, 1, 15, 0, 0, 0, time.UTC)
	mt.svc.Now = func() time.Time { return stopped }
	for i := range 10 {
		mt.send(fmt.Sprintf("u%d@spam.example", i), mt.m.Mailbox, "", "HELP\r\n")
	}
	answered := 0
	for _, n := range mt.outbox() {
		if strings.HasSuffix(n.To, "@spam.example") {
			answered++
		}
	}
	if answered != 6 {
		t.Errorf("HELP from ten mailboxes of one domain got %d answers, want the domain's 6", answered)
	}
}

// TestStop: STOP puts its sender on the stop list, which the outbox
// reads before every mail; any later mail from them takes them off it.
// Every mail carries the List-Unsubscribe header that sends STOP, to an
// address only its recipient was mailed.
func TestStop(t *testing.T) {
	mt := newMailTable(t, atacama.Game)
	id := mt.create("atacama", 2)
	stops, err := mail.OpenStopList(t.Context(), mt.svc.Store)
	if err != nil {
		t.Fatal(err)
	}
	out := mt.mail(id, 1, "bea@example.net", "", "STOP\r\n")
	if len(out) != 0 {
		t.Errorf("STOP was answered with %d mails, want none", len(out))
	}
	if stopped, err := stops.Stopped(t.Context(), "Bea@Example.net"); err != nil || !stopped {
		t.Fatalf("after STOP bea is stopped = %v, %v; want true", stopped, err)
	}
	out = mt.mail(id, 1, "bea@example.net", "", "BOARD\r\n")
	if stopped, err := stops.Stopped(t.Context(), "bea@example.net"); err != nil || stopped {
		t.Errorf("after bea wrote again she is stopped = %v, %v; want false", stopped, err)
	}
	if want := "<mailto:" + mt.m.Tokens.ConfirmTo(mt.m.Mailbox, mail.ConfirmStop, "", "bea@example.net") + "?subject=STOP&body=STOP>"; len(out) != 1 || out[0].Headers["List-Unsubscribe"] != want {
		t.Errorf("the board answer's List-Unsubscribe is %q, want %q, a mailto that sends STOP to bea's own stop address", out[0].Headers["List-Unsubscribe"], want)
	}
}

// TestStrangerOnceADay: an address that plays in no game (or whoever
// forges it) gets the fixed text at most once a day, whatever its +tag,
// and a restart remembers it.
func TestStrangerOnceADay(t *testing.T) {
	ctx := context.Background()
	mt := newMailTable(t, atacama.Game)
	index := mt.index()
	clock := time.Date(2026, 12, 1, 15, 0, 0, 0, time.UTC)
	mt.svc.Now = func() time.Time { return clock }
	answers := func() int {
		n := 0
		for _, a := range mt.outbox() {
			if a.To == "eve@example.org" || a.To == "eve+x@example.org" {
				n++
			}
		}
		return n
	}
	for _, from := range []string{"eve@example.org", "eve@example.org", "eve+x@example.org"} {
		mt.send(from, mt.m.Mailbox, "", "HELP\r\nvisit example.com\r\n")
	}
	if n := answers(); n != 1 {
		t.Fatalf("three mails of a stranger in a day got %d answers, want one", n)
	}
	clock = clock.Add(25 * time.Hour)
	mt.send("eve@example.org", mt.m.Mailbox, "", "HELP\r\n")
	if n := answers(); n != 2 {
		t.Fatalf("a stranger's mail the next day: %d answers in all, want 2", n)
	}
	// A restarted mailroom counts the day's answer again.
	clock = clock.Add(time.Hour)
	mt.m = &mailroom.Mailroom{Service: mt.svc, Tokens: mt.m.Tokens, Mailbox: mt.m.Mailbox, RatePerHour: 1000, Index: index}
	if err := mt.m.Warm(ctx); err != nil {
		t.Fatal(err)
	}
	mt.send("eve@example.org", mt.m.Mailbox, "", "HELP\r\n")
	if n := answers(); n != 2 {
		t.Errorf("after a restart the stranger got another answer the same day: %d in all, want 2", n)
	}
}

// TestMaxHosted: one address hosts at most MaxHosted running games at
// once by mail; a game that ended frees its place.
func TestMaxHosted(t *testing.T) {
	ctx := context.Background()
	mt := newMailTable(t, atacama.Game)
	index := mt.index()
	mt.m.MaxHosted = 2
	hosted := func() []string {
		if err := index.CatchUp(ctx); err != nil {
			t.Fatal(err)
		}
		var ids []string
		for _, n := range mt.outbox() {
			if n.Kind == notice.KindInvitation && n.To == "ana@example.org" {
				ids = append(ids, n.Game)
			}
		}
		return ids
	}
	var refused []string
	for i := range 3 {
		out := mt.send("ana@example.org", mt.m.Mailbox, "", fmt.Sprintf("NEW atacama WITH p%d@example.net\r\n", i))
		refused = append(refused, refusals(out)...)
		hosted()
	}
	ids := hosted()
	if len(ids) != 2 || len(refused) != 1 || !strings.Contains(refused[0], "at most 2 at once") {
		t.Fatalf("three NEWs with a cap of 2: games %v, refusals %q; want 2 games and one refusal naming the cap", ids, refused)
	}
	if _, err := mt.svc.ProposeEnd(ctx, ids[0], games.Operator, games.Cause{}); err != nil {
		t.Fatal(err)
	}
	hosted()
	out := mt.send("ana@example.org", mt.m.Mailbox, "", "NEW atacama WITH p9@example.net\r\n")
	if r := refusals(out); len(r) != 0 || len(hosted()) != 3 {
		t.Errorf("a NEW once one game ended: refusals %q, games %v; want a third game", r, hosted())
	}
}
