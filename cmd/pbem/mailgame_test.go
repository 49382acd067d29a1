package main

import (
	"bytes"
	"strings"
	"testing"

	"github.com/pbem-games/pbem/mail/mailtest"
	"github.com/pbem-games/pbem/projections"
)

// TestMailGame plays a whole game by mail through IMAP and SMTP servers on
// loopback, restarting the service in the middle, and checks that every
// move was applied once and every mail sent once.
func TestMailGame(t *testing.T) {
	t.Parallel()
	_, sys := loopbackServers(t, "games", "ana", "bea")
	playByMail(t, sys)
}

// TestDovecotPostfixGame plays the same game through a real Dovecot and
// Postfix, started by scripts/mailservers.sh (the test says so and skips
// where they are not running).
func TestDovecotPostfixGame(t *testing.T) {
	playByMail(t, mailtest.Real(t))
}

func playByMail(t *testing.T, sys mailtest.Servers) {
	emptyMailboxes(t, sys, "games", "ana", "bea")
	dir := t.TempDir()
	p := startPost(t, sys, dir)
	ana, bea := sys.Address("ana"), sys.Address("bea")
	send(t, sys, ana, sys.Address("games"), "a game?", "", "NEW atacama WITH "+bea+"\n")
	prompt := waitFor(t, sys, "ana", 0, "your turn")
	waitFor(t, sys, "bea", 0, "new game")
	players := map[string]string{"ana": ana, "bea": bea}
	seen := map[string]int{"ana": 0, "bea": 0}
	who, moves := "ana", 0
	for !strings.Contains(prompt.p.Subject, "game over") {
		example := exampleLine.FindStringSubmatch(prompt.p.Text)
		if example == nil {
			t.Fatalf("prompt %q has no example move:\n%s", prompt.p.Subject, prompt.p.Text)
		}
		seen[who] = len(mailbox(t, sys, who))
		send(t, sys, players[who], prompt.replyTo, "Re: "+prompt.p.Subject, "<"+prompt.messageID+">",
			strings.TrimSpace(example[1])+"\n\n> "+strings.ReplaceAll(prompt.p.Text, "\n", "\n> "))
		moves++
		if moves == 7 { // a restart between two moves
			p.stop()
			p = startPost(t, sys, dir)
		}
		other := map[string]string{"ana": "bea", "bea": "ana"}[who]
		next := waitFor(t, sys, other, seen[other], "")
		for !strings.Contains(next.p.Subject, "your turn") && !strings.Contains(next.p.Subject, "game over") {
			seen[other]++
			next = waitFor(t, sys, other, seen[other], "")
		}
		prompt, who = next, other
		seen[other]++
	}
	over := prompt
	if over.attached == nil {
		t.Fatal("the game-over mail has no history attached")
	}
	rep, err := projections.Verify(catalog(), bytes.Split(bytes.TrimSpace(over.attached), []byte("\n")), nil)
	if err != nil || !rep.Over || !rep.Replayed {
		t.Fatalf("verify the attached history = %+v, %v", rep, err)
	}
	if rep.Events != moves+2 {
		t.Errorf("history has %d events after %d moves sent, want %d: each move exactly once", rep.Events, moves, moves+2)
	}
	p.stop()
	for _, user := range []string{"ana", "bea"} {
		ids := map[string]int{}
		for _, l := range mailbox(t, sys, user) {
			ids[l.messageID]++
			if ids[l.messageID] > 1 {
				t.Errorf("%s got %q (%s) twice", user, l.p.Subject, l.messageID)
			}
		}
		// One mail per event that concerns everyone: the invitation, a
		// mail per move, and the end.
		if len(ids) != moves+1 {
			t.Errorf("%s got %d mails for %d moves, want %d", user, len(ids), moves, moves+1)
		}
	}
}
