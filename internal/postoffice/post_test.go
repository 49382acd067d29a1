package postoffice

import (
	"bytes"
	"compress/gzip"
	"context"
	"fmt"
	"io"
	"log/slog"
	netmail "net/mail"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-imap/v2/imapclient"
	gomail "github.com/emersion/go-message/mail"
	"github.com/pbem-games/pbem/games/letters"
	"github.com/pbem-games/pbem/games/notice"
	"github.com/pbem-games/pbem/mail"
	"github.com/pbem-games/pbem/mail/loopback"
	"github.com/pbem-games/pbem/mail/mailtest"
	"github.com/pbem-games/pbem/projections"
)

// mailGame has users[0] create a game by mail with the other users, in
// order, has each guest join it, waits until it starts, and returns the
// game's id and each seat's user, checking that the seats follow users. spec is the
// game and its variants as NEW takes them, e.g. "altiplano missions".
func mailGame(t *testing.T, p *served, spec string, users ...string) (string, []string) {
	t.Helper()
	var with []string
	seen := map[string]int{}
	for _, u := range users[1:] {
		with = append(with, p.ms.Address(u))
		seen[u] = len(mailbox(t, p.ms, u))
	}
	send(t, p.ms, p.ms.Address(users[0]), p.ms.Address("games"), "a game?", "",
		"NEW "+spec+" WITH "+strings.Join(with, ", ")+"\n")
	last := users[len(users)-1]
	invite := waitFor(t, p.ms, last, seen[last], "")
	tag, ok := mail.ParseTag(invite.replyTo, p.ms.Address("games"))
	if !ok {
		t.Fatalf("the invitation's reply address %q names no game", invite.replyTo)
	}
	g := p.game(t, tag.Game)
	var seats []string
	for _, pl := range g.Created.Players {
		seats = append(seats, strings.TrimSuffix(pl.Address, "@"+p.ms.Domain))
	}
	if !slices.Equal(seats, users) {
		t.Fatalf("seats are %v, want %v", seats, users)
	}
	for _, u := range users[1:] {
		accept(t, p.ms, u, seen[u])
	}
	started := until(t, p, tag.Game, "every guest joined", func(g *projections.Game) bool { return !g.Waiting() })
	for seat, u := range users { // everyone has the mail that says the game starts
		number := p.numberFor(t, tag.Game, started.Seq, seat)
		waitMail(t, p.ms, u, 0, "the game's start", func(l letter) bool { return l.game == tag.Game && l.seq == number })
	}
	return tag.Game, seats
}

// accept has user answer the first invitation to join among their mail
// after the first skip with JOIN, as a player who wants to play does,
// and returns the invitation.
func accept(t *testing.T, ms mailtest.Servers, user string, skip int) letter {
	t.Helper()
	inv := waitMail(t, ms, user, skip, "an invitation to join", func(l letter) bool { return l.invited })
	send(t, ms, ms.Address(user), inv.replyTo, "Re: "+inv.p.Subject, "<"+inv.messageID+">", "JOIN\n")
	return inv
}

// reply mails body from user to the reply address of user's latest mail
// from pbem, as an answer to it, and returns how many mails user's INBOX
// held before pbem answers.
func (p *served) reply(t *testing.T, user, body string) int {
	t.Helper()
	box := mailbox(t, p.ms, user)
	if len(box) == 0 {
		t.Fatalf("%s has no mail to reply to", user)
	}
	latest := box[len(box)-1]
	if latest.replyTo == "" {
		t.Fatalf("%s's latest mail %q has no reply address", user, latest.p.Subject)
	}
	send(t, p.ms, p.ms.Address(user), latest.replyTo, "Re: "+latest.p.Subject, "<"+latest.messageID+">", body)
	return len(box)
}

// numberFor is event seq of game id as the mails to seat number it: the
// events that seat may know of (notice.VisibleSeq).
func (p *served) numberFor(t *testing.T, id string, seq uint64, seat int) string {
	t.Helper()
	_, evs, _, err := p.svc.LoadAt(context.Background(), id, int(seq))
	if err != nil {
		t.Fatal(err)
	}
	return strconv.FormatUint(notice.VisibleSeq(evs, seq, seat), 10)
}

// game returns game id as the running service has it.
func (p *served) game(t *testing.T, id string) *projections.Game {
	t.Helper()
	g, _, err := p.svc.Load(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// letter is a mail as a player's mailbox holds it.
type letter struct {
	raw       []byte
	p         *mail.Parsed
	replyTo   string
	messageID string
	attached  []byte // the first attachment, if any
	kind      string // its X-Pbem-Kind: what it is, never read from its subject
	turn      bool   // its X-Pbem-Turn: it tells its reader it is their turn
	game      string // its X-Pbem-Game: the game it is about, "" for none
	example   string // its X-Pbem-Example: a move the reader may play, on a mail that asks for one
	invited   bool   // its X-Pbem-Invited: an invitation its reader answers with JOIN first
	seq       string // its X-Pbem-Seq: the event it shows the game as after
}

// is reports whether l is a mail of kind want, as its headers say: a
// notice kind ("invitation", "rejected", "stale"…), "your-turn" for any
// mail telling its reader it is their turn (an invitation or news may),
// "" for any mail.
func (l letter) is(want string) bool {
	switch want {
	case "":
		return true
	case notice.KindYourTurn:
		return l.turn
	}
	return l.kind == want
}

// bounced reports whether l refuses or does not apply what its reader sent.
func (l letter) bounced() bool {
	return l.kind == notice.KindRejected || l.kind == notice.KindError || l.kind == notice.KindStale
}

func (l letter) String() string { return l.kind + " " + l.messageID }

// openInbox logs in as user and selects the INBOX; the caller closes c.
func openInbox(t *testing.T, ms mailtest.Servers, user string) (c *imapclient.Client, sel *imap.SelectData) {
	t.Helper()
	c, err := imapclient.DialInsecure(ms.IMAP, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := c.Login(user, ms.Password).Wait(); err != nil {
		c.Close()
		t.Fatal(err)
	}
	if sel, err = c.Select("INBOX", nil).Wait(); err != nil {
		c.Close()
		t.Fatal(err)
	}
	return c, sel
}

// mailbox returns every mail in user's INBOX, oldest first.
func mailbox(t *testing.T, ms mailtest.Servers, user string) []letter {
	t.Helper()
	c, sel := openInbox(t, ms, user)
	defer c.Close()
	if sel.NumMessages == 0 {
		return nil
	}
	section := &imap.FetchItemBodySection{}
	msgs, err := c.Fetch(imap.SeqSet{{Start: 1, Stop: sel.NumMessages}}, &imap.FetchOptions{BodySection: []*imap.FetchItemBodySection{section}}).Collect()
	if err != nil {
		t.Fatal(err)
	}
	var out []letter
	for _, m := range msgs {
		raw := m.FindBodySection(section)
		p, err := mail.Parse(raw, mail.Limits{})
		if err != nil {
			t.Fatalf("a mail pbem sent does not parse: %v", err)
		}
		h, err := netmail.ReadMessage(bytes.NewReader(raw))
		if err != nil {
			t.Fatal(err)
		}
		l := letter{raw: raw, p: p, messageID: p.MessageID,
			kind: h.Header.Get(letters.HeaderKind), turn: h.Header.Get(letters.HeaderTurn) == "yours", game: h.Header.Get(letters.HeaderGame),
			example: h.Header.Get(letters.HeaderExample), invited: h.Header.Get(letters.HeaderInvited) == "yes",
			seq: h.Header.Get(letters.HeaderSeq)}
		if a, err := netmail.ParseAddress(h.Header.Get("Reply-To")); err == nil {
			l.replyTo = a.Address
		}
		l.attached = attachment(raw)
		out = append(out, l)
	}
	return out
}

// waitFor waits until user has a mail that is want (see letter.is) that
// is not among the first skip mails, and returns it.
func waitFor(t *testing.T, ms mailtest.Servers, user string, skip int, want string) letter {
	t.Helper()
	return waitMail(t, ms, user, skip, fmt.Sprintf("mail about %q", want), func(l letter) bool { return l.is(want) })
}

// countOf is how many mails of kind user has.
func countOf(t *testing.T, ms mailtest.Servers, user, kind string) int {
	t.Helper()
	n := 0
	for _, l := range mailbox(t, ms, user) {
		if l.is(kind) {
			n++
		}
	}
	return n
}

// waitMail waits until user has a mail, not among the first skip, for
// which ok holds, and returns it; what says what was awaited.
func waitMail(t *testing.T, ms mailtest.Servers, user string, skip int, what string, ok func(letter) bool) letter {
	t.Helper()
	for deadline := time.Now().Add(20 * time.Second); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		box := mailbox(t, ms, user)
		for _, l := range box[min(skip, len(box)):] {
			if ok(l) {
				return l
			}
		}
	}
	var texts []string
	for _, l := range mailbox(t, ms, user) {
		texts = append(texts, l.p.Subject+"\n"+l.p.Text)
	}
	t.Fatalf("%s got no %s within 20s; has:\n%s", user, what, strings.Join(texts, "\n----\n"))
	return letter{}
}

// send sends a plain text mail as a player's client would.
func send(t *testing.T, ms mailtest.Servers, from, to, subject, inReplyTo, body string) string {
	t.Helper()
	id := fmt.Sprintf("<%d.%s>", time.Now().UnixNano(), from)
	if err := sendMail(ms.SMTP, from, to, subject, id, inReplyTo, body); err != nil {
		t.Fatal(err)
	}
	return id
}

// attachment returns the decoded body of the first attachment of raw.
func attachment(raw []byte) []byte {
	r, err := gomail.CreateReader(bytes.NewReader(raw))
	if err != nil {
		return nil
	}
	for {
		part, err := r.NextPart()
		if err != nil {
			return nil
		}
		if h, ok := part.Header.(*gomail.AttachmentHeader); ok {
			b, _ := io.ReadAll(part.Body)
			if name, _ := h.Filename(); strings.HasSuffix(name, ".gz") { // the game-over mail's history
				z, err := gzip.NewReader(bytes.NewReader(b))
				if err != nil {
					return nil
				}
				b, _ = io.ReadAll(z)
			}
			return b
		}
	}
}

// testLog is the service's log in tests: shown with PBEM_TEST_LOG=1.
func testLog() *slog.Logger {
	if os.Getenv("PBEM_TEST_LOG") != "" {
		return slog.New(slog.NewTextHandler(os.Stderr, nil))
	}
	return slog.New(slog.NewTextHandler(io.Discard, nil))
}

// loopbackServers starts a loopback mail system with the given users for
// one test.
func loopbackServers(t *testing.T, users ...string) (*loopback.System, mailtest.Servers) {
	t.Helper()
	sys, err := loopback.Start("pbem.test", users...)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { sys.Close() })
	return sys, mailtest.Servers{IMAP: sys.IMAPAddr, SMTP: sys.SMTPAddr, Domain: sys.Domain, Password: loopback.Password}
}

// emptyMailboxes deletes every mail of users, so a test on servers that
// keep mail between runs starts from nothing.
func emptyMailboxes(t *testing.T, ms mailtest.Servers, users ...string) {
	t.Helper()
	for _, user := range users {
		c, err := imapclient.DialInsecure(ms.IMAP, nil)
		if err != nil {
			t.Fatal(err)
		}
		if err := c.Login(user, ms.Password).Wait(); err != nil {
			t.Fatal(err)
		}
		boxes, err := c.List("", "*", nil).Collect()
		if err != nil {
			t.Fatal(err)
		}
		for _, b := range boxes {
			sel, err := c.Select(b.Mailbox, nil).Wait()
			if err != nil || sel.NumMessages == 0 {
				continue
			}
			all := imap.SeqSet{{Start: 1, Stop: sel.NumMessages}}
			if err := c.Store(all, &imap.StoreFlags{Op: imap.StoreFlagsAdd, Silent: true, Flags: []imap.Flag{imap.FlagDeleted}}, nil).Close(); err != nil {
				t.Fatal(err)
			}
			if err := c.Expunge().Close(); err != nil {
				t.Fatal(err)
			}
		}
		c.Close()
	}
}
