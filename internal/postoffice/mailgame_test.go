package postoffice

import (
	"bytes"
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/pbem-games/pbem/internal/torture"
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
	p := serve(t, sys, serving{dir: dir})
	ana, bea := sys.Address("ana"), sys.Address("bea")
	send(t, sys, ana, sys.Address("games"), "a game?", "", "NEW atacama WITH "+bea+"\n")
	accept(t, sys, "bea", 0)
	prompt := waitFor(t, sys, "ana", 0, "your-turn")
	waitFor(t, sys, "bea", 0, "invitation")
	players := map[string]string{"ana": ana, "bea": bea}
	seen := map[string]int{"ana": 0, "bea": 0}
	who, moves := "ana", 0
	for !prompt.is("game-over") {
		if prompt.example == "" {
			t.Fatalf("prompt %q has no example move:\n%s", prompt.p.Subject, prompt.p.Text)
		}
		seen[who] = len(mailbox(t, sys, who))
		send(t, sys, players[who], prompt.replyTo, "Re: "+prompt.p.Subject, "<"+prompt.messageID+">",
			prompt.example+"\n\n> "+strings.ReplaceAll(prompt.p.Text, "\n", "\n> "))
		moves++
		if moves == 7 { // a restart between two moves
			p.stop()
			p = serve(t, sys, serving{dir: dir})
		}
		other := map[string]string{"ana": "bea", "bea": "ana"}[who]
		next := waitFor(t, sys, other, seen[other], "")
		for !next.is("your-turn") && !next.is("game-over") {
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
	rep, err := projections.Verify(Catalog(), bytes.Split(bytes.TrimSpace(over.attached), []byte("\n")), nil)
	if err != nil || !rep.Over || !rep.Replayed {
		t.Fatalf("verify the attached history = %+v, %v", rep, err)
	}
	// The attachment is signed by the service's key, the same before and
	// after the restart, and the mail gives its fingerprint.
	key, err := LocalKey(dir)
	if err != nil {
		t.Fatal(err)
	}
	if rep.Signer == nil || !rep.Signer.Equal(key.Public()) {
		t.Errorf("the attached history is signed by %v, want the service's key %s", rep.Signer, key.Public())
	}
	if !strings.Contains(over.p.Text, key.Public().String()) {
		t.Errorf("the game-over mail does not give the signing key's fingerprint %s:\n%s", key.Public(), over.p.Text)
	}
	if rep.Events != moves+3 { // the game created, bea's JOIN, the moves, the end
		t.Errorf("history has %d events after %d moves sent, want %d: each move exactly once", rep.Events, moves, moves+3)
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
		// One mail per event that concerns everyone: the invitation,
		// the game's start once bea joined, a mail per move, and the end.
		if len(ids) != moves+2 {
			t.Errorf("%s got %d mails for %d moves, want %d", user, len(ids), moves, moves+2)
		}
		oneThread(t, user, mailbox(t, sys, user))
	}
}

// oneThread checks that a player's mails about a game make one thread in
// any mail client: one subject for the whole game, the invitation first
// and answering nothing, every later mail referring to it and answering a
// mail, each dated when it was written and saying what it is.
func oneThread(t *testing.T, user string, box []letter) {
	t.Helper()
	if len(box) == 0 || !box[0].is("invitation") {
		t.Fatalf("%s's first mail is %v, want the invitation", user, box)
	}
	root := box[0]
	if len(root.p.InReplyTo) > 0 || len(root.p.References) > 0 {
		t.Errorf("%s's invitation answers %v and refers to %v; it starts the thread", user, root.p.InReplyTo, root.p.References)
	}
	for _, l := range box {
		switch {
		case l.p.Subject != root.p.Subject:
			t.Errorf("%s's mail %s has the subject %q, not the game's %q", user, l, l.p.Subject, root.p.Subject)
		case l.game == "" || l.kind == "":
			t.Errorf("%s's mail %s does not say what it is or which game it is about", user, l)
		case l.p.Date.Year() < 2000 || time.Since(l.p.Date) > time.Hour:
			t.Errorf("%s's mail %s is dated %v", user, l, l.p.Date)
		case l.messageID != root.messageID && (len(l.p.References) == 0 || l.p.References[0] != root.messageID || len(l.p.InReplyTo) == 0):
			t.Errorf("%s's mail %s answers %v and refers to %v, not to the invitation %s", user, l, l.p.InReplyTo, l.p.References, root.messageID)
		}
	}
}

// TestDovecotPostfixLoad has 24 pairs of players play a game each at once
// through a real Dovecot and Postfix, several hundred moves in all, with
// bad moves and mails sent twice among them, and restarts Postfix in the
// middle: every move is applied once, every bad move answered, every game
// ends, and every mail arrives, never with two contents under one
// Message-ID (the torture test's oracle). It plays for a minute: make
// torture runs it, with PBEM_LOAD_PAIRS pairs (at most
// mailtest.LoadPlayers/2); make test skips it.
func TestDovecotPostfixLoad(t *testing.T) {
	pairs := min(longRun(t, "PBEM_LOAD_PAIRS"), mailtest.LoadPlayers/2)
	ms := mailtest.Real(t)
	club := torture.NewClub(torture.Options{Games: offered(), SMTP: ms.SMTP, Domain: ms.Domain, Mailbox: ms.Address("games"), Pairs: pairs,
		Seed: 3, Invalid: 0.05, Duplicate: 0.05, SendFor: time.Minute,
		Variant: func(i int) string { return []string{"", "enhanced"}[i%2] }})
	emptyMailboxes(t, ms, append([]string{"games"}, club.Users()...)...)
	s := serve(t, ms, serving{})
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	club.Poll(ctx, ms.IMAP, ms.Password, 200*time.Millisecond)
	club.StopNewGames() // one game per pair
	start := time.Now()
	club.Start()

	// Restart Postfix once a third of the moves or so are played.
	for deadline := time.Now().Add(time.Minute); ; time.Sleep(100 * time.Millisecond) {
		moves := 0
		for _, x := range club.Sent() {
			if x.Kind == torture.KindMove {
				moves++
			}
		}
		if moves >= pairs*8 || time.Now().After(deadline) {
			t.Logf("Postfix restarted after %d moves sent, %v in", moves, time.Since(start).Round(time.Second))
			break
		}
	}
	mailtest.RestartPostfix(t)

	for deadline := time.Now().Add(2 * time.Minute); club.Outstanding() != ""; time.Sleep(200 * time.Millisecond) {
		if errs := club.Errors(); len(errs) > 0 {
			t.Fatalf("the players failed: %v", errs)
		}
		if time.Now().After(deadline) {
			t.Fatalf("after 2 minutes the club still waits for: %s", club.Outstanding())
		}
	}
	played := time.Since(start)
	s.waitHealth(t, http.StatusOK, "nothing left to do", func(h healthReport) bool {
		return h.Mailroom.Pending == 0 && h.Outbox.Pending == 0 && h.Projector.Lag == 0
	})
	out, err := torture.Stored(ctx, s.svc.Store, s.svc.Notices)
	if err != nil {
		t.Fatal(err)
	}
	out.Boxes = map[string][]torture.Content{}
	for _, user := range club.Users() {
		if out.Boxes[ms.Address(user)], err = torture.Mailbox(ms.IMAP, user, ms.Password); err != nil {
			t.Fatal(err)
		}
	}
	rep := torture.Check(club.Sent(), out)
	t.Logf("%d games, %d moves, %d bad moves, %d mails sent twice in %v; %d notices, %d mails received (%d second deliveries)",
		rep.Games, rep.Applied, rep.Invalid, rep.Duplicates, played.Round(time.Second), rep.Notices, rep.Mails, rep.Repeats)
	for _, p := range rep.Problems {
		t.Error(p)
	}
	if rep.Games != pairs {
		t.Errorf("%d games for %d pairs", rep.Games, pairs)
	}
}
