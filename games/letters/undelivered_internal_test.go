package letters

import (
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/pbem-games/pbem/events"
	"github.com/pbem-games/pbem/games"
	"github.com/pbem-games/pbem/games/notice"
	"github.com/pbem-games/pbem/mail"
)

// outbox is every notice stored in game id's outbox, in order.
func (p *post) outbox(id string) []mail.Notice {
	p.t.Helper()
	var ns []mail.Notice
	_, err := p.s.Store.ReadAll(p.ctx, mail.OutboxSubject+id, func(r events.Record) error {
		n, err := mail.DecodeNotice(r.Data)
		ns = append(ns, n)
		return err
	})
	if err != nil && !errors.Is(err, events.ErrNotFound) {
		p.t.Fatal(err)
	}
	return ns
}

// said is what the mail of n says, as its reader reads it.
func (p *post) said(n mail.Notice) string {
	p.t.Helper()
	return strings.Join(strings.Fields(p.render(n).Text), " ")
}

// TestUndelivered: the host hears once of an address of their game that
// refuses mail, in the thread of their seat, with the cause on one line;
// nothing is said of the host's own mail, of mail about no game, of
// such a mail itself, nor again for the same address, nor of its STOP.
func TestUndelivered(t *testing.T) {
	p := newPost(t)
	id := p.create("atacama", 3, anaBea()...)
	bea := find(t, p.notices(), notice.KindInvitation, 1)
	if err := p.s.Undelivered(p.ctx, bea, errors.New("550  no\nsuch user")); err != nil {
		t.Fatal(err)
	}
	got := p.outbox(id)
	if len(got) != 1 {
		t.Fatalf("after an undelivered mail, %d mails, want 1: %v", len(got), got)
	}
	u := got[0]
	root := notice.ThreadRoot("pbem.test", id, 0)
	if u.ID != notice.UndeliveredID("pbem.test", id, notice.AddressKey("bea@example.net")) || u.Kind != notice.KindUndelivered ||
		u.To != "ana@example.org" || u.Name != "Ana" || u.Seat != 0 || u.Seq != 1 || u.InReplyTo != root || !slices.Equal(u.References, []string{root}) {
		t.Errorf("the host's mail = %+v, want Ana's, seat 0, in her thread", u)
	}
	if text := p.said(u); !strings.Contains(text, "mail to Bea (bea@example.net) was refused for good: 550 no such user") ||
		!strings.Contains(text, "Bea gets no more mail of this game") {
		t.Errorf("the host's mail says:\n%s", text)
	}
	ana := bea
	ana.To, ana.Name, ana.Seat = "ANA@example.org", "Ana", 0
	unnamed := bea
	unnamed.Name = ""
	for what, n := range map[string]mail.Notice{
		"again":        bea,
		"of its STOP":  bea,
		"to the host":  ana,
		"about none":   {ID: "re.0a1b.0.help@pbem.test", Kind: notice.KindHelp, To: "eve@example.org"},
		"of itself":    u,
		"without name": unnamed,
	} {
		var err error
		if what == "of its STOP" {
			err = p.s.Stopped(p.ctx, n)
		} else {
			err = p.s.Undelivered(p.ctx, n, errors.New("550 no"))
		}
		if err != nil {
			t.Errorf("Undelivered(%s) = %v", what, err)
		}
	}
	if got := p.outbox(id); len(got) != 1 {
		t.Errorf("%d mails after the host was told, want still 1: %v", len(got), got)
	}
}

// TestUndeliveredToAHostWhoDoesNotPlay: a host without a seat is named
// by address, in no seat's thread; a recipient without a name, by theirs.
func TestUndeliveredToAHostWhoDoesNotPlay(t *testing.T) {
	p2 := newPost(t)
	id2 := p2.createHosted("op@example.org", "atacama", 4, anaBea()...)
	n := find(t, p2.notices(), notice.KindInvitation, 1)
	n.Name = ""
	if err := p2.s.Undelivered(p2.ctx, n, errors.New("550 no")); err != nil {
		t.Fatal(err)
	}
	got := p2.outbox(id2)
	if len(got) != 1 || got[0].To != "op@example.org" || got[0].Name != "op@example.org" || got[0].Seat != -1 || got[0].InReplyTo != "" || got[0].References != nil {
		t.Fatalf("the host's mail = %+v, want one to op@example.org in no thread", got)
	}
	if text := p2.said(got[0]); !strings.Contains(text, "mail to bea@example.net was refused") {
		t.Errorf("the host's mail says:\n%s", text)
	}
}

// TestStopped: the host hears that a player sent STOP when a mail that
// asks them to move goes unsent, and how the game goes on without them:
// pbem plays at each deadline, and without one the game waits for ever.
func TestStopped(t *testing.T) {
	p := newPost(t)
	for _, c := range []struct {
		perMove string
		says    string
	}{
		{"", "the game has no deadline: it waits for their move for ever"},
		{"48h", "at each of their deadlines pbem plays for seat 1"},
	} {
		for _, kind := range []string{notice.KindYourTurn, notice.KindInvitation, notice.KindReminder, notice.KindMoved} {
			id := p.create("atacama", 3, anaBea()...)
			if c.perMove != "" {
				if _, err := p.s.SetSettings(p.ctx, id, 0, events.Settings{PerMove: c.perMove}, games.Cause{}); err != nil {
					t.Fatal(err)
				}
			}
			p.game(id).play(0)
			n := find(t, p.notices(), notice.KindYourTurn, 1)
			n.Kind = kind
			if err := p.s.Stopped(p.ctx, n); err != nil {
				t.Fatal(err)
			}
			got := p.outbox(id)
			if kind == notice.KindMoved {
				if len(got) != 0 {
					t.Errorf("STOP of a mail that asks nothing told the host: %v", got)
				}
				continue
			}
			if len(got) != 1 {
				t.Fatalf("STOP of a %s: %d mails to the host, want 1", kind, len(got))
			}
			if text := p.said(got[0]); !strings.Contains(text, "Bea (bea@example.net) asked pbem to stop mailing them") || !strings.Contains(text, c.says) {
				t.Errorf("deadline %q: the host's mail says:\n%s", c.perMove, text)
			}
		}
	}
}

// TestMarked: the host and every other player of each game hear once that
// an address is marked as bouncing, each in their own thread, and how
// the game goes on; the marked address hears nothing.
func TestMarked(t *testing.T) {
	p := newPost(t)
	cai := events.Player{Name: "Cai", Address: "cai@example.org"}
	id := p.createHosted("op@example.org", "atacama", 3, append(anaBea(), cai)...)
	timed := p.create("atacama", 4, anaBea()...)
	if _, err := p.s.SetSettings(p.ctx, timed, 0, events.Settings{PerMove: "48h"}, games.Cause{}); err != nil {
		t.Fatal(err)
	}
	b := mail.Bouncing{Address: "BEA@example.net", Status: "5.1.1", Games: []string{id, timed}, Marked: time.Date(2026, 12, 2, 9, 0, 0, 0, time.UTC)}
	for range 2 {
		if err := p.s.Marked(p.ctx, b); err != nil {
			t.Fatal(err)
		}
	}
	got := p.outbox(id)
	var to []string
	for _, n := range got {
		to = append(to, n.To)
		if n.Kind != notice.KindUndelivered || n.Game != id {
			t.Errorf("marked: %+v, want an undelivered mail of the game", n)
		}
		if n.To == "op@example.org" && (n.Seat != -1 || !strings.HasSuffix(n.ID, ".h@pbem.test")) {
			t.Errorf("marked to the host who plays no seat: seat %d, %s; want no seat, h", n.Seat, n.ID)
		}
		if n.Seat >= 0 && n.InReplyTo != notice.ThreadRoot("pbem.test", id, n.Seat) || n.Seat < 0 && n.InReplyTo != "" {
			t.Errorf("marked to %s (seat %d): in reply to %q, want its seat's thread", n.To, n.Seat, n.InReplyTo)
		}
		text := p.said(n)
		if !strings.Contains(text, "mail to Bea (BEA@example.net) bounced again and again") || !strings.Contains(text, "(5.1.1)") ||
			!strings.Contains(text, "the game has no deadline: it may wait for their move for ever") || !strings.Contains(text, "pbem plays for seat 1") {
			t.Errorf("marked to %s says:\n%s", n.To, text)
		}
	}
	if want := []string{"op@example.org", "ana@example.org", "cai@example.org"}; !slices.Equal(to, want) {
		t.Errorf("marked told %v, want %v", to, want)
	}
	got = p.outbox(timed)
	if len(got) != 1 || got[0].To != "ana@example.org" || got[0].Seat != 0 {
		t.Fatalf("marked in the game whose host plays: %v, want one mail to Ana", got)
	}
	if text := p.said(got[0]); !strings.Contains(text, "pbem sends Bea (BEA@example.net) no more mail of this game until they write") || strings.Contains(text, "no deadline") {
		t.Errorf("marked with a deadline says:\n%s", text)
	}
}

// TestMarkedNoSeat: an address marked that plays no seat of the game
// (an observer's) holds up no move: the players hear it without the
// warning that the game may wait for ever.
func TestMarkedNoSeat(t *testing.T) {
	p := newPost(t)
	id := p.create("atacama", 3, anaBea()...)
	// Seat 0's address marked: the game may wait for ever.
	ana := mail.Bouncing{Address: "ana@example.org", Status: "5.1.1", Games: []string{id}, Marked: time.Date(2026, 12, 2, 8, 0, 0, 0, time.UTC)}
	if err := p.s.Marked(p.ctx, ana); err != nil {
		t.Fatal(err)
	}
	told := p.outbox(id)
	if len(told) != 1 || told[0].To != "bea@example.net" {
		t.Fatalf("seat 0 marked: %v, want a mail to Bea", told)
	}
	if text := p.said(told[0]); !strings.Contains(text, "the game has no deadline") || !strings.Contains(text, "pbem plays for seat 0") {
		t.Errorf("seat 0 marked says:\n%s", text)
	}
	b := mail.Bouncing{Address: "dan@example.org", Status: "5.1.1", Games: []string{id}, Marked: time.Date(2026, 12, 2, 9, 0, 0, 0, time.UTC)}
	if err := p.s.Marked(p.ctx, b); err != nil {
		t.Fatal(err)
	}
	got := p.outbox(id)[1:]
	if len(got) != 2 {
		t.Fatalf("marked: %d mails, want Ana's and Bea's", len(got))
	}
	for _, n := range got {
		if text := p.said(n); !strings.Contains(text, "pbem sends dan@example.org no more mail of this game until they write") || strings.Contains(text, "no deadline") {
			t.Errorf("marked to %s says:\n%s", n.To, text)
		}
	}
}

// TestGameNotStored: a notice about a game the store does not hold (one
// removed, or a record of another pbem's) is not renderable, so the
// outbox holds it aside rather than trying it for ever, and the host of
// such a game is told nothing of an address that fails or is marked, as
// there is nobody to tell; a notice written before its game's last events
// can be read is tried again.
func TestGameNotStored(t *testing.T) {
	p := newPost(t)
	id := p.create("atacama", 3, anaBea()...)
	n := find(t, p.notices(), notice.KindInvitation, 1)
	gone := n
	gone.Game = "zzzzzz"
	if _, err := p.s.Render(p.ctx, p.lh, gone); !errors.Is(err, mail.ErrUnrenderable) {
		t.Errorf("Render(a notice of a game not stored) = %v, want ErrUnrenderable", err)
	}
	ahead := n
	ahead.Seq = 99
	if _, err := p.s.Render(p.ctx, p.lh, ahead); err == nil || errors.Is(err, mail.ErrUnrenderable) {
		t.Errorf("Render(a notice ahead of its game's history) = %v, want an error to try again", err)
	}
	if err := p.s.Undelivered(p.ctx, gone, errors.New("550 no")); err != nil {
		t.Errorf("Undelivered(a notice of a game not stored) = %v, want nothing said", err)
	}
	if err := p.s.Stopped(p.ctx, gone); err != nil {
		t.Errorf("Stopped(a notice of a game not stored) = %v, want nothing said", err)
	}
	if err := p.s.Marked(p.ctx, mail.Bouncing{Address: "bea@example.net", Games: []string{"zzzzzz", id}}); err != nil {
		t.Errorf("Marked(with a game not stored) = %v, want the stored game's host told", err)
	}
	if got := p.outbox(id); len(got) != 1 || got[0].To != "ana@example.org" {
		t.Errorf("the stored game's outbox after the mark = %+v, want its host's one mail", got)
	}
}
