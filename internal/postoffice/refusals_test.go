package postoffice

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/emersion/go-smtp"
	"github.com/pbem-games/pbem/mail"
	"github.com/pbem-games/pbem/mail/mailtest"
)

// sendRaw sends a mail written in full, headers and all.
func sendRaw(t *testing.T, ms mailtest.Servers, from, to, raw string) {
	t.Helper()
	c, err := smtp.Dial(ms.SMTP)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if err := c.SendMail(from, []string{to}, strings.NewReader(strings.ReplaceAll(raw, "\n", "\r\n"))); err != nil {
		t.Fatal(err)
	}
}

// TestMailRefusals sends every kind of bad mail and checks that each gets
// its specific answer, or deliberate silence, and changes no game.
func TestMailRefusals(t *testing.T) {
	t.Parallel()
	_, sys := loopbackServers(t, "games", "ana", "bea", "eve", "sam")
	post := serve(t, sys, serving{})
	ana, bea, games := sys.Address("ana"), sys.Address("bea"), sys.Address("games")
	send(t, sys, ana, games, "a game?", "", "NEW atacama WITH "+bea+"\n")
	accept(t, sys, "bea", 0)
	anaPrompt := waitFor(t, sys, "ana", 0, "your-turn")
	beaInvite := waitFor(t, sys, "bea", 0, "invitation")
	tag, _ := mail.ParseTag(anaPrompt.replyTo, games)
	wrongToken := strings.Replace(anaPrompt.replyTo, tag.Token, strings.Repeat("a", len(tag.Token)), 1)
	// A first move, so that the invitation becomes an old prompt.
	send(t, sys, ana, anaPrompt.replyTo, "Re: move", "<"+anaPrompt.messageID+">", "A1\n")
	waitFor(t, sys, "bea", 1, "your-turn")

	tests := []struct {
		name   string
		who    string // the user who sends, and who would get the answer
		to     string
		raw    string // headers and body after From and To; "%s" is the Message-ID
		answer string // the answer's kind (X-Pbem-Kind); "" for silence
		body   string // in the answer's text
	}{
		{"IllegalMove", "bea", beaInvite.replyTo, "Subject: m\n\nA2\n", "rejected", "A2 is next to"},
		{"Malformed", "bea", beaInvite.replyTo, "Subject: m\n\nZ99 please\n", "rejected", "Z99"},
		{"UnknownCommand", "bea", beaInvite.replyTo, "Subject: m\n\nFROBNICATE\n", "rejected", "FROBNICATE"},
		{"OutOfTurn", "ana", anaPrompt.replyTo, "Subject: m\n\nI9\n", "rejected", "turn"},
		{"Stale", "bea", beaInvite.replyTo, "Subject: m\nIn-Reply-To: <" + beaInvite.messageID + ">\n\nC3\n", "stale", "A1"},
		{"WrongToken", "ana", wrongToken, "Subject: m\n\nBOARD\n", "rejected", "not one pbem gave you"},
		{"OtherSeatsAddress", "ana", beaInvite.replyTo, "Subject: m\n\nE5\n", "rejected", "seat 1"},
		{"StrangerToGame", "eve", beaInvite.replyTo, "Subject: m\n\nE5\n", "", ""},
		{"AutoReply", "bea", beaInvite.replyTo, "Subject: Out of office\nAuto-Submitted: auto-replied\n\nI am away.\n", "", ""},
		{"Bounce", "bea", beaInvite.replyTo, "Subject: Undelivered Mail Returned to Sender\nReturn-Path: <>\nContent-Type: multipart/report; report-type=delivery-status; boundary=b\n\n--b\nContent-Type: text/plain\n\nfailed\n--b--\n", "", ""},
		{"ListMail", "eve", games, "Subject: news\nList-Id: <news.example.org>\n\nHELP\n", "", ""},
		{"OwnMail", "games", games, "Subject: loop\n\nHELP\n", "", ""},
		{"NoCommands", "bea", games, "Subject: hi\n\n\n", "help", "found no command"},
		{"GameCommandWithoutGame", "bea", games, "Subject: hi\n\nBOARD\n", "error", "needs a game"},
		{"BadNew", "bea", games, "Subject: hi\n\nNEW chess WITH ana@pbem.test\n", "error", "no game called"},
		// A stranger (eve plays in no game) gets the fixed help text, never
		// their own words back: a forged From cannot make pbem mail anyone
		// a line of its choosing.
		{"StrangerProse", "eve", games, "Subject: hi\n\nVisit http://cheap.example now\n", "help", "This is how pbem works."},
		{"StrangerBadNew", "sam", games, "Subject: hi\n\nNEW chess WITH http://cheap.example\n", "help", "This is how pbem works."},
		{"EmptySay", "bea", beaInvite.replyTo, "Subject: hi\n\nSAY\n", "error", "SAY needs a message"},
		{"DeadlineNotHost", "bea", beaInvite.replyTo, "Subject: hi\n\nDEADLINE 48h\n", "error", "only the game's host"},
		{"BadDeadline", "ana", anaPrompt.replyTo, "Subject: hi\n\nDEADLINE soon\n", "error", "DEADLINE 48h"},
		{"ConditionalOnOwnTurn", "bea", beaInvite.replyTo, "Subject: hi\n\nIF A3 THEN C5\n", "error", "it is your turn"},
		{"UndoNothingAsked", "bea", beaInvite.replyTo, "Subject: hi\n\nAGREE\n", "error", "nobody has asked"},
		{"Help", "bea", games, "Subject: hi\n\nhelp\n", "help", "SAY"},
		{"StrangerAgain", "eve", games, "Subject: hi\n\nHELP\n", "", ""}, // a stranger's one answer a day was StrangerProse's
		{"Board", "bea", beaInvite.replyTo, "Subject: hi\n\nBOARD\n", "board", "A1"},
		{"History", "bea", beaInvite.replyTo, "Subject: hi\n\nHISTORY\n", "history", "A1"},
		{"Games", "bea", games, "Subject: hi\n\nGAMES\n", "games", "Atacama"},
		{"TooLong", "bea", beaInvite.replyTo, "Subject: long\n\n" + strings.Repeat(strings.Repeat("x", 75)+"\n", mail.MaxRaw/76+1), "rejected", "KiB long"},
		{"Broken", "bea", beaInvite.replyTo, "Subject: broken\nContent-Type: multipart/mixed\n\nno boundary at all\n", "rejected", "is not a move"},
	}
	for i, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			before := len(mailbox(t, sys, tt.who))
			raw := fmt.Sprintf("From: %s\nTo: %s\nMessage-ID: <refusal.%d@pbem.test>\n%s", sys.Address(tt.who), tt.to, i, tt.raw)
			sendRaw(t, sys, sys.Address(tt.who), tt.to, raw)
			if tt.answer != "" {
				got := waitFor(t, sys, tt.who, before, tt.answer)
				if !strings.Contains(got.p.Text, tt.body) {
					t.Errorf("%s: answer %s says\n%s\nwant it to say %q", tt.name, got, got.p.Text, tt.body)
				}
				if strings.Contains(string(got.raw), "cheap.example") {
					t.Errorf("%s: the answer quotes the sender's words back:\n%s", tt.name, got.raw)
				}
			}
			// Mail is handled in order: once the answer to a later HELP has
			// come, any answer to this mail has been written too. The
			// outbox may send a mail it had to retry after a later one, so
			// silence is checked once the marker's answer is in.
			marker := len(mailbox(t, sys, "ana"))
			send(t, sys, ana, games, "help", "", "HELP\n")
			if help := waitFor(t, sys, "ana", marker, "help"); help.p.Date.Year() < 2000 || time.Since(help.p.Date) > time.Hour {
				t.Errorf("the answer to HELP on the plain mailbox is dated %v", help.p.Date)
			}
			if tt.answer == "" {
				got := mailbox(t, sys, tt.who)[before:]
				if tt.who == "ana" && len(got) > 0 {
					got = got[:len(got)-1] // the marker's answer
				}
				if len(got) != 0 {
					t.Errorf("%s: got %v, want silence", tt.name, got)
				}
			}
		})
	}
	// Nothing above changed the game: one move, by ana.
	svc := post.svc
	g, _, err := svc.Load(context.Background(), tag.Game)
	if err != nil {
		t.Fatal(err)
	}
	if len(g.Moves) != 1 || g.Moves[0].Move != "A1" {
		t.Errorf("after the refused mails the game has moves %v, want only A1", g.Moves)
	}
}
