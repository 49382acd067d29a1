package postoffice

import (
	"context"
	"strings"
	"testing"

	"github.com/pbem-games/pbem/mail"
)

// TestMailSignOffs: two players reply as people do, from Gmail and from an
// iPhone, with a move, thanks and their names above the quoted prompt: the
// moves are played, nothing is refused, and neither gets a mail only to
// hear that their thanks were no move.
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
	waitMail(t, sys, "ana", 0, "ana's turn after bea's move", func(l letter) bool { return l.is("your-turn") && l.messageID != prompt.messageID })
	svc := post.svc
	tag, _ := mail.ParseTag(prompt.replyTo, games)
	g, _, err := svc.Load(context.Background(), tag.Game)
	if err != nil {
		t.Fatal(err)
	}
	if len(g.Moves) != 2 || g.Moves[0].Move != "E5" || g.Moves[1].Move != "A1" {
		t.Errorf("the moves are %v, want E5 and A1", g.Moves)
	}
	// The answers to both mails are written when they are read, before
	// the moves they carry are stored: all there is to see is there.
	list, err := mail.ListNotices(context.Background(), svc.Store, mail.ListOptions{Notices: svc.Notices})
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range list {
		if strings.Contains(n.Notice.Fields["notice"], "Ana Alves") || strings.Contains(n.Notice.Fields["notice"], "谢谢") {
			t.Errorf("%s got a mail (%s) only to hear what pbem ignored: %q", n.Notice.To, n.Notice.ID, n.Notice.Fields["notice"])
		}
	}
	for _, who := range []string{"ana", "bea"} {
		for _, l := range mailbox(t, sys, who) {
			if l.bounced() {
				t.Errorf("%s was answered with a refusal: %s\n%s", who, l.p.Subject, l.p.Text)
			}
		}
	}
}
