package endtoend_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/pbem-games/pbem/games/notice"
	"github.com/pbem-games/pbem/rules/atacama"
)

// TestUnsolicitedCapPerRecipient: twenty hosts, each of their own domain,
// invite z0 to a game: pbem mails z0 three invitations in the day, from
// all of them together, and nothing more; each host past the third is
// told why their NEW was refused. A host's WATCH of z0 is refused alike.
// The next day z0 may be invited again.
func TestUnsolicitedCapPerRecipient(t *testing.T) {
	mt := newMailTable(t, atacama.Game)
	clock := time.Date(2026, 12, 1, 15, 0, 0, 0, time.UTC)
	mt.svc.Now = func() time.Time { return clock }
	const z0 = "z0@victim.example"
	invitations := func() int {
		n := 0
		for _, no := range mt.outbox() {
			if strings.HasPrefix(no.To, "z0") && no.Kind == notice.KindInvitation {
				n++
			}
		}
		return n
	}
	told := 0
	for i := range 20 {
		to := z0
		if i%2 == 1 {
			to = "Z0+games@Victim.example" // the same mailbox
		}
		out := mt.send(fmt.Sprintf("h%d@host%d.example", i, i), mt.m.Mailbox, "", "NEW atacama WITH "+to+"\r\n")
		if says(out, "as many as pbem sends anyone in a day") {
			told++
		}
	}
	if n := invitations(); n != 3 {
		t.Errorf("twenty hosts inviting z0 made pbem mail %d invitations, want 3", n)
	}
	if told != 17 {
		t.Errorf("%d of the 17 hosts past the cap were told why, want all", told)
	}
	id := mt.create("atacama", 2)
	if out := mt.mail(id, 0, tableAddrs[0], "", "WATCH "+z0+"\r\n"); !says(out, "as many as pbem sends anyone in a day") {
		t.Errorf("a WATCH of z0 past the cap was not refused saying why: %q", refusals(out))
	}
	if n := invitations(); n != 3 {
		t.Errorf("after the WATCH z0 has %d invitations, want still 3", n)
	}
	clock = clock.Add(25 * time.Hour)
	mt.send("h0@host0.example", mt.m.Mailbox, "", "NEW atacama WITH "+z0+"\r\n")
	if n := invitations(); n != 4 {
		t.Errorf("the next day z0 has %d invitations in all, want 4", n)
	}
}

// TestBudgetRegistrableDomain: ten sub-domains of one registered domain
// share its budget, as ten mailboxes of one domain do.
func TestBudgetRegistrableDomain(t *testing.T) {
	mt := newMailTable(t, atacama.Game)
	mt.m.RatePerHour, mt.m.DomainFactor = 3, 2
	stopped := time.Date(2026, 12, 1, 15, 0, 0, 0, time.UTC)
	mt.svc.Now = func() time.Time { return stopped }
	for i := range 10 {
		mt.send(fmt.Sprintf("u@s%d.spam.co.uk", i), mt.m.Mailbox, "", "HELP\r\n")
	}
	answered := 0
	for _, n := range mt.outbox() {
		if strings.HasSuffix(n.To, ".spam.co.uk") {
			answered++
		}
	}
	if answered != 6 {
		t.Errorf("HELP from ten sub-domains of spam.co.uk got %d answers, want the domain's 6", answered)
	}
}

// TestStrangersCannotSpendPlayersBudget: forged HELPs from strangers of
// a domain spend the strangers' budget of that domain, never its
// players': afterwards the domain's players are still answered, and
// their SAY and NEW still run.
func TestStrangersCannotSpendPlayersBudget(t *testing.T) {
	mt := newMailTable(t, atacama.Game)
	index := mt.index()
	mt.m.RatePerHour, mt.m.DomainFactor = 3, 2
	stopped := time.Date(2026, 12, 1, 15, 0, 0, 0, time.UTC)
	mt.svc.Now = func() time.Time { return stopped }
	const ana, bea = "ana@club.example", "bea@club.example"
	mt.send(ana, mt.m.Mailbox, "", "NEW atacama WITH "+bea+"\r\n")
	id := mt.outbox()[0].Game
	mt.mail(id, 1, bea, "", "JOIN\r\n")
	if err := index.CatchUp(t.Context()); err != nil {
		t.Fatal(err)
	}
	for i := range 30 {
		mt.send(fmt.Sprintf("forged%d@club.example", i), mt.m.Mailbox, "", "HELP\r\n")
	}
	strangers := 0
	for _, n := range mt.outbox() {
		if strings.HasPrefix(n.To, "forged") {
			strangers++
		}
	}
	if strangers > 6 {
		t.Errorf("thirty strangers of club.example got %d answers, more than the domain's 6", strangers)
	}
	if out := mt.mail(id, 0, ana, "", "BOARD\r\n"); len(out) != 1 {
		t.Errorf("after the strangers' flood the player's BOARD got %d answers, want one", len(out))
	}
	if out := mt.mail(id, 1, bea, "", "SAY still here\r\n"); len(refusals(out)) > 0 {
		t.Errorf("after the strangers' flood the player's SAY was refused: %q", refusals(out))
	}
}

// TestUnsolicitedSparesFellowPlayers: a club's host who asks the same
// friend to a fifth game in a day is not refused: Bea said yes to a game
// of Ana's, so Ana's invitations are no longer mail she never asked for.
func TestUnsolicitedSparesFellowPlayers(t *testing.T) {
	mt := newMailTable(t, atacama.Game)
	index := mt.index()
	const ana, bea = "ana@example.org", "bea@example.net"
	newGame := func() string {
		t.Helper()
		if err := index.CatchUp(context.Background()); err != nil {
			t.Fatal(err)
		}
		before := len(mt.outbox())
		out := mt.send(ana, mt.m.Mailbox, "", "NEW atacama WITH "+bea+"\r\n")
		if r := refusals(out); len(r) > 0 {
			t.Fatalf("Ana's NEW with Bea refused: %q", r)
		}
		for _, n := range mt.outbox()[before:] {
			if n.To == bea && n.Kind == notice.KindInvitation {
				return n.Game
			}
		}
		t.Fatal("Bea got no invitation")
		return ""
	}
	first := newGame()
	mt.send(bea, mt.m.Tokens.ReplyTo(mt.m.Mailbox, first, 1), "", "JOIN\r\n")
	for range 5 {
		newGame()
	}
}
