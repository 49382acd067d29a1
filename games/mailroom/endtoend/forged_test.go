package endtoend_test

import (
	"context"
	"strings"
	"testing"

	"github.com/pbem-games/pbem/games"
	"github.com/pbem-games/pbem/games/letters"
	"github.com/pbem-games/pbem/mail"
	"github.com/pbem-games/pbem/rules"
	"github.com/pbem-games/pbem/rules/atacama"
)

// Consent only its addressee can give: a From header is anyone's to
// write, so what acts for an address (a seat, an observer's mail, STOP)
// needs a reply to an address pbem mailed to that address alone.

// confirmation returns the one answer in out that asks its reader to
// confirm, and fails the test unless it has the confirmation's headers.
func confirmation(t *testing.T, out []mail.Outgoing, purpose string) mail.Outgoing {
	t.Helper()
	for _, o := range out {
		if o.Headers[letters.HeaderConfirm] == purpose {
			if !strings.Contains(o.ReplyTo, "+") {
				t.Fatalf("the confirmation's Reply-To %q is no address of pbem's own", o.ReplyTo)
			}
			return o
		}
	}
	t.Fatalf("no answer asks to confirm %s: %d answers, refusals %v", purpose, len(out), refusals(out))
	return mail.Outgoing{}
}

// TestForgedJoinSeatsNobody: the host of a game with an open seat knows
// its invitation code; a JOIN with it forged "from" dov seats nobody.
// Dov is asked to confirm, and his reply to that mail seats him; the same
// reply from anyone else does nothing.
func TestForgedJoinSeatsNobody(t *testing.T) {
	mt := newMailTable(t, atacama.Game)
	const ana, dov, eve = "ana@example.org", "dov@example.org", "eve@example.org"
	mt.send(ana, mt.m.Mailbox, "", "NEW atacama WITH OPEN\r\n")
	id := mt.outbox()[0].Game
	code := mt.m.Tokens.Invitation(id)
	out := mt.send(dov, mt.m.Mailbox, "", "JOIN "+id+" "+code+"\r\n")
	if g := mt.game(id); len(g.Open()) != 1 || games.SeatOf(g, dov) != rules.Observer {
		t.Fatalf("a JOIN with the host's code, its From dov's, seated dov: open seats %v", g.Open())
	}
	conf := confirmation(t, out, mail.ConfirmJoin)
	if !strings.Contains(flat(conf), "reply JOIN to this mail") {
		t.Errorf("the confirmation does not say how to confirm:\n%s", conf.Text)
	}
	if out := mt.send(eve, conf.ReplyTo, "", "JOIN\r\n"); len(out) != 0 || len(mt.game(id).Open()) != 1 {
		t.Errorf("eve's reply to dov's confirmation address got %d answers, open seats %v; want silence and the seat still open", len(out), mt.game(id).Open())
	}
	mt.send(dov, conf.ReplyTo, "", "JOIN\r\n\r\n> JOIN "+id+" "+code+"\r\n")
	if g := mt.game(id); len(g.Open()) != 0 || games.SeatOf(g, dov) != 1 {
		t.Errorf("dov's reply to his confirmation did not seat him: open seats %v", g.Open())
	}
}

// TestForgedJoinWatchesNobody: a host's WATCH asks the observer; a JOIN
// and the game's id forged "from" her does not make her an observer. Her
// reply to the invitation itself does.
func TestForgedJoinWatchesNobody(t *testing.T) {
	mt := newMailTable(t, atacama.Game)
	id := mt.create("atacama", 2)
	const olga = "olga@example.com"
	seen := len(mt.outbox())
	mt.mail(id, 0, "ana@example.org", "", "WATCH "+olga+"\r\n")
	var inv mail.Notice
	for _, n := range mt.outbox()[seen:] {
		if n.To == olga {
			inv = n
		}
	}
	lh := letters.Letterhead{Service: "pbem", Mailbox: mt.m.Mailbox, Tokens: mt.m.Tokens}
	asked, err := mt.svc.Render(context.Background(), lh, inv)
	if err != nil {
		t.Fatal(err)
	}
	out := mt.send(olga, mt.m.Mailbox, "", "JOIN "+id+"\r\n")
	if g := mt.game(id); !g.Asked[olga] {
		t.Fatalf("a JOIN forged from the asked observer made her one: observers %v", g.Observers)
	}
	confirmation(t, out, mail.ConfirmWatch)
	if !strings.Contains(asked.ReplyTo, "+") || !strings.Contains(flat(asked), "reply JOIN to this mail") {
		t.Fatalf("the observer's invitation (Reply-To %q) does not ask for a reply to itself:\n%s", asked.ReplyTo, asked.Text)
	}
	if out := mt.send("eve@example.org", asked.ReplyTo, "", "JOIN\r\n"); len(out) != 0 || !mt.game(id).Asked[olga] {
		t.Errorf("eve's reply to olga's invitation got %d answers, observers %v; want silence and olga still asked", len(out), mt.game(id).Observers)
	}
	mt.send(olga, asked.ReplyTo, "", "JOIN\r\n")
	if g := mt.game(id); g.Asked[olga] || len(g.Observers) != 1 {
		t.Errorf("olga's reply to her invitation: observers %v, asked %v; want her, accepted", g.Observers, g.Asked)
	}
}

// TestForgedStopSilencesNobody: STOP to the plain mailbox, its From a
// player's, does not stop their mail; the player is asked to confirm,
// with a one-click link where pages are served, and their reply to that
// mail stops it. STOP in a reply to their own game's mail, or to the
// List-Unsubscribe address, stops it at once. Once stopped, a mail "from"
// them to the plain mailbox does not resume their mail; their reply to
// their game's mail does.
func TestForgedStopSilencesNobody(t *testing.T) {
	ctx := context.Background()
	mt := newMailTable(t, atacama.Game)
	id := mt.create("atacama", 3)
	const bea, cai, ana = "bea@example.net", "cai@example.com", "ana@example.org"
	stops, err := mail.OpenStopList(ctx, mt.svc.Store)
	if err != nil {
		t.Fatal(err)
	}
	stopped := func(addr string) bool {
		t.Helper()
		ok, err := stops.Stopped(ctx, addr)
		if err != nil {
			t.Fatal(err)
		}
		return ok
	}
	for _, line := range []string{"STOP", "停止", "stop"} {
		out := mt.send(bea, mt.m.Mailbox, "", line+"\r\n")
		if stopped(bea) {
			t.Fatalf("%s to the plain mailbox, its From bea's, stopped her mail", line)
		}
		conf := confirmation(t, out, mail.ConfirmStop)
		if !strings.Contains(flat(conf), "reply STOP to this mail") {
			t.Errorf("the confirmation does not say how to confirm:\n%s", conf.Text)
		}
		if line == "STOP" {
			if out := mt.send(ana, conf.ReplyTo, "", "STOP\r\n"); len(out) != 0 || stopped(ana) || stopped(bea) {
				t.Errorf("ana's STOP to bea's confirmation address: %d answers, ana stopped %v, bea stopped %v", len(out), stopped(ana), stopped(bea))
			}
			mt.send(bea, conf.ReplyTo, "", "STOP\r\n")
			if !stopped(bea) {
				t.Errorf("bea's STOP to her confirmation address did not stop her mail")
			}
			// A mail "from" her to the plain mailbox does not undo it:
			// anyone may write her address.
			mt.send(bea, mt.m.Mailbox, "", "HELP\r\n")
			if !stopped(bea) {
				t.Errorf("a mail to the plain mailbox, its From bea's, took her off the stop list")
			}
			mt.mail(id, 1, bea, "", "BOARD\r\n") // she writes again, to her game: mail resumes
			if stopped(bea) {
				t.Errorf("bea's reply to her own game's mail did not take her off the stop list")
			}
		}
	}
	// With pages served, the confirmation carries the one-click link too,
	// and every mail's List-Unsubscribe names the stop address.
	lh := letters.Letterhead{Service: "pbem", Mailbox: mt.m.Mailbox, Tokens: mt.m.Tokens, WebURL: "https://games.example.org/"}
	for _, n := range mt.outbox() {
		if n.To != bea || n.Fields["confirm"] != mail.ConfirmStop {
			continue
		}
		o, err := mt.svc.Render(ctx, lh, n)
		if err != nil {
			t.Fatal(err)
		}
		if link := "https://games.example.org" + mt.m.Tokens.UnsubscribePath(bea); !strings.Contains(o.Text, link) {
			t.Errorf("the confirmation with pages served does not give the one-click link %s:\n%s", link, o.Text)
		}
		if lu := o.Headers["List-Unsubscribe"]; !strings.Contains(lu, "<mailto:"+mt.m.Tokens.ConfirmTo(mt.m.Mailbox, mail.ConfirmStop, "", bea)+"?") {
			t.Errorf("List-Unsubscribe %q does not name bea's stop address", lu)
		}
	}
	mt.mail(id, 2, cai, "", "STOP\r\n")
	if !stopped(cai) {
		t.Errorf("STOP in a reply to cai's own game mail did not stop her mail")
	}
}

// confirmed sends line from from to the plain mailbox, as someone who
// means it: they reply to the confirmation it gets with the line's word.
// It returns the answers to that reply.
func (mt *mailTable) confirmed(from, line string) []mail.Outgoing {
	mt.t.Helper()
	out := mt.send(from, mt.m.Mailbox, "", line+"\r\n")
	for _, o := range out {
		if o.Headers[letters.HeaderConfirm] != "" {
			word, _, _ := strings.Cut(line, " ")
			return mt.send(from, o.ReplyTo, "", word+"\r\n")
		}
	}
	mt.t.Fatalf("%s's %q was not answered with a confirmation: %v", from, line, refusals(out))
	return nil
}

// TestUnwatchChangesThePublicLink: the observer the host stops keeps the
// public link they were mailed: the game's public link changes, and the
// observers left are mailed the new one.
func TestUnwatchChangesThePublicLink(t *testing.T) {
	ctx := context.Background()
	mt := newMailTable(t, atacama.Game)
	id := mt.create("atacama", 2)
	for _, o := range []string{"olga@example.com", "otto@example.com"} {
		if _, err := mt.svc.Watch(ctx, id, games.Operator, o, true, games.Cause{}); err != nil {
			t.Fatal(err)
		}
	}
	mt.mail(id, 0, tableAddrs[0], "", "UNWATCH olga@example.com\r\n")
	gen, err := mail.PublicGen(ctx, mt.svc.Store, id)
	if err != nil || gen != 1 {
		t.Fatalf("after UNWATCH the public link's generation is %d, %v; want 1", gen, err)
	}
	seen := len(mt.outbox())
	if _, err := mt.svc.Move(ctx, id, 0, "E5", games.Cause{}); err != nil {
		t.Fatal(err)
	}
	lh := letters.Letterhead{Service: "pbem", Mailbox: mt.m.Mailbox, Tokens: mt.m.Tokens, WebURL: "https://games.example.org"}
	rendered := 0
	for _, n := range mt.outbox()[seen:] {
		if n.To != "otto@example.com" {
			continue
		}
		rendered++
		out, err := mt.svc.Render(ctx, lh, n)
		if err != nil {
			t.Fatal(err)
		}
		if want := mail.PagePath(id, mt.m.Tokens.PublicPageAt(id, 1), true); !strings.Contains(out.Text, want) {
			t.Errorf("the observer left is not mailed the new public link %s:\n%s", want, out.Text)
		}
	}
	if rendered == 0 {
		t.Errorf("the observer left got no mail of the move")
	}
}
