package postoffice

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/pbem-games/pbem/mail"
	"github.com/pbem-games/pbem/mail/mailtest"
)

// TestMailSignOffs: two players reply as people do, from Gmail and from an
// iPhone, with a move, thanks and their names above the quoted prompt: the
// moves are played, nothing is refused, and each hears what was ignored.
func TestMailSignOffs(t *testing.T) {
	t.Parallel()
	_, sys := loopbackServers(t, "games", "ana", "bea")
	post := serve(t, sys, serving{})
	ana, bea, games := sys.Address("ana"), sys.Address("bea"), sys.Address("games")
	send(t, sys, ana, games, "a game?", "", "Hi pbem,\n\nNEW atacama WITH "+bea+"\n\nThanks,\nAna\n")
	inv := waitMail(t, sys, "bea", 0, "bea's invitation", func(l letter) bool { return l.invited })
	send(t, sys, bea, inv.replyTo, "Re: "+inv.p.Subject, "<"+inv.messageID+">", "JOIN\n\nSee you, Bea\n")
	prompt := waitFor(t, sys, "ana", 0, "your-turn")
	send(t, sys, ana, prompt.replyTo, "Re: "+prompt.p.Subject, "<"+prompt.messageID+">",
		"E5\n\nBest regards,\nAna Alves\n\nOn Tue, 1 Dec 2026 at 15:00, pbem games <"+games+"> wrote:\n> Ana, it is your turn.\n")
	beaPrompt := waitFor(t, sys, "bea", 1, "your-turn")
	send(t, sys, bea, beaPrompt.replyTo, "Re: "+beaPrompt.p.Subject, "<"+beaPrompt.messageID+">",
		"A1\n谢谢！\n\nSent from my iPhone\n\n> On 1 Dec 2026, at 15:05, pbem games <"+games+"> wrote:\n>\n> Bea, it is your turn.\n")
	for _, c := range []struct{ who, ignored string }{{"ana", "Ana Alves"}, {"bea", "谢谢!"}} {
		waitText(t, sys, c.who, c.ignored)
		for _, l := range mailbox(t, sys, c.who) {
			if l.bounced() {
				t.Errorf("%s was answered with a refusal: %s\n%s", c.who, l.p.Subject, l.p.Text)
			}
		}
	}
	svc := post.svc
	tag, _ := mail.ParseTag(prompt.replyTo, games)
	g, _, err := svc.Load(context.Background(), tag.Game)
	if err != nil {
		t.Fatal(err)
	}
	if len(g.Moves) != 2 || g.Moves[0].Move != "E5" || g.Moves[1].Move != "A1" {
		t.Errorf("the moves are %v, want E5 and A1", g.Moves)
	}
}

// waitText waits for a mail to user whose text says text.
func waitText(t *testing.T, ms mailtest.Servers, user, text string) {
	t.Helper()
	for deadline := time.Now().Add(20 * time.Second); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		for _, l := range mailbox(t, ms, user) {
			if strings.Contains(strings.Join(strings.Fields(l.p.Text), " "), text) {
				return
			}
		}
	}
	t.Fatalf("no mail to %s says %q; the mails: %v", user, text, mailbox(t, ms, user))
}
