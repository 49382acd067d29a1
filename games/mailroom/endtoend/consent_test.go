package endtoend_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/pbem-games/pbem/events"
	"github.com/pbem-games/pbem/games"
	"github.com/pbem-games/pbem/games/letters"
	"github.com/pbem-games/pbem/games/notice"
	"github.com/pbem-games/pbem/mail"
	"github.com/pbem-games/pbem/rules/atacama"
)

// received lists, for each address, the kinds of the notices written to
// it after the first skip notices, as "kind" in order.
func received(ns []mail.Notice, skip int) map[string][]string {
	out := map[string][]string{}
	for _, n := range ns[skip:] {
		out[n.To] = append(out[n.To], n.Kind)
	}
	return out
}

// TestConsentBeforeMail: a game made by mail asks its guests first. Each
// gets one invitation, marked for programs and saying how to answer, and
// nothing else (not the host's SAY) until they answer; nobody moves until
// everyone is in. One declines: their seat is open for the host to fill,
// and they hear no more. The one who joins and the host hear of it; the
// game starts when the last seat is taken, with the prompt.
func TestConsentBeforeMail(t *testing.T) {
	ctx := context.Background()
	mt := newMailTable(t, atacama.Game)
	const ana, bea, cai = "ana@example.org", "bea@example.net", "cai@example.com"
	mt.send(ana, mt.m.Mailbox, "", "NEW atacama WITH "+bea+", "+cai+"\r\n")
	ns := mt.outbox()
	if len(ns) != 3 {
		t.Fatalf("NEW by mail wrote %d notices, want the three invitations: %v", len(ns), ns)
	}
	id := ns[0].Game
	g := mt.game(id)
	if got := g.Invited(); len(got) != 2 || !g.Waiting() {
		t.Fatalf("the game's invited seats are %v (waiting %v), want Bea's and Cai's, waiting", got, g.Waiting())
	}
	lh := letters.Letterhead{Service: "pbem", Mailbox: mt.m.Mailbox, Tokens: mt.m.Tokens}
	for _, n := range ns {
		out, err := mt.svc.Render(ctx, lh, n)
		if err != nil {
			t.Fatal(err)
		}
		flat := strings.Join(strings.Fields(out.Text), " ")
		if strings.Contains(flat, "to move") {
			t.Errorf("%s's invitation says someone is to move, while the game waits for its players:\n%s", n.To, out.Text)
		}
		switch n.To {
		case ana:
			if out.Headers[letters.HeaderInvited] != "" || out.Headers[letters.HeaderTurn] != "" || !strings.Contains(flat, "starts once bea and cai said they play") {
				t.Errorf("the host's invitation (headers %v) does not say the game waits for Bea and Cai, or asks for a move:\n%s", out.Headers, out.Text)
			}
		default:
			if out.Headers[letters.HeaderInvited] != "yes" || out.Headers[letters.HeaderTurn] != "" ||
				!strings.Contains(flat, "Reply JOIN to this mail to play, or DECLINE") || !strings.Contains(flat, "send STOP to") || !strings.Contains(flat, "ana has invited you") {
				t.Errorf("%s's invitation (headers %v) does not say who invites them and how to answer or stop:\n%s", n.To, out.Headers, out.Text)
			}
		}
	}

	// The host talks and tries to move: nobody invited hears, nobody moves.
	mt.mail(id, 0, ana, "", "SAY welcome!\r\n")
	if _, err := mt.svc.Move(ctx, id, 0, "E5", games.Cause{}); !errors.Is(err, games.ErrWaiting) {
		t.Errorf("a move before the guests answered: %v, want ErrWaiting", err)
	}
	if got := received(mt.outbox(), 3); len(got[bea]) > 0 || len(got[cai]) > 0 {
		t.Errorf("the guests got %v before they answered, want nothing", got)
	}

	// Bea joins: she and the host hear of it, Cai does not.
	seen := len(mt.outbox())
	mt.mail(id, 1, bea, "", "JOIN\r\n")
	if got := received(mt.outbox(), seen); len(got[cai]) > 0 || len(got[bea]) != 1 || len(got[ana]) != 1 {
		t.Errorf("after Bea joined the notices are %v, want one to Bea, one to the host, none to Cai", got)
	}
	// A move of Bea's still waits for Cai.
	if out := mt.mail(id, 1, bea, "", "E5\r\n"); !says(out, "the game starts once every invited player has said they play") {
		t.Errorf("Bea's move before Cai answered was not refused as waiting: %v", refusals(out))
	}

	// Cai declines: the host hears, with the line that fills the seat; Cai
	// hears nothing more, whatever happens.
	seen = len(mt.outbox())
	mt.mail(id, 2, cai, "", "DECLINE\r\n")
	if got := received(mt.outbox(), seen); len(got[cai]) > 0 || len(got[ana]) != 1 {
		t.Errorf("after Cai declined the notices are %v, want one to the host and none to Cai", got)
	}
	if g := mt.game(id); len(g.Open()) != 1 || g.Open()[0] != 2 || len(g.Invited()) != 0 {
		t.Fatalf("after Cai declined open %v invited %v, want seat 2 open and nobody invited", g.Open(), g.Invited())
	}

	// Dov takes the seat with the host's line: the game starts, and the
	// seat to move is asked for a move.
	seen = len(mt.outbox())
	code := mt.m.Tokens.Invitation(id)
	mt.confirmed("dov@example.org", "JOIN "+id+" "+code)
	got := received(mt.outbox(), seen)
	if len(got[cai]) > 0 || len(got[ana]) == 0 || len(got["dov@example.org"]) == 0 {
		t.Errorf("after Dov joined the notices are %v, want mail to the table and none to Cai", got)
	}
	g = mt.game(id)
	if g.Waiting() {
		t.Fatalf("the game still waits after every seat was taken: open %v invited %v", g.Open(), g.Invited())
	}
	toAct := g.Created.Players[g.State.ToAct()[0]].Address
	if kinds := got[toAct]; len(kinds) == 0 || kinds[len(kinds)-1] != notice.KindYourTurn {
		t.Errorf("%s, to move, got %v once the game started, want the prompt last", toAct, kinds)
	}
}

// TestReplacedPlayerAskedFirst: a host's REPLACE by mail asks the
// newcomer first, with an invitation, not the game's history; the history
// comes once they join.
func TestReplacedPlayerAskedFirst(t *testing.T) {
	ctx := context.Background()
	mt := newMailTable(t, atacama.Game)
	id := mt.create("atacama", 2)
	if _, err := mt.svc.Move(ctx, id, 0, "E5", games.Cause{}); err != nil {
		t.Fatal(err)
	}
	seen := len(mt.outbox())
	mt.mail(id, 0, "ana@example.org", "", "SAY buy cheap pills at example.com\r\nREPLACE 1 WITH eve@example.org\r\n")
	got := received(mt.outbox(), seen)
	if kinds := got["eve@example.org"]; len(kinds) != 1 || kinds[0] != notice.KindInvitation {
		t.Fatalf("the newcomer got %v, want one invitation and not the history", kinds)
	}
	if _, err := mt.svc.Move(ctx, id, 1, "C3", games.Cause{}); !errors.Is(err, games.ErrWaiting) {
		t.Errorf("a move for the newcomer's seat before they joined: %v, want ErrWaiting", err)
	}
	seen = len(mt.outbox())
	out := mt.mail(id, 1, "eve@example.org", "", "JOIN\r\n")
	if kinds := received(mt.outbox(), seen)["eve@example.org"]; len(kinds) != 1 || kinds[0] != notice.KindHistory {
		t.Errorf("once she joined the newcomer got %v, want the history", kinds)
	}
	// Her seat is to move: the history asks her for it, or nobody would.
	if len(out) != 1 || out[0].Headers[letters.HeaderTurn] != "yours" || !strings.Contains(out[0].Text, "Reply with your move") {
		t.Errorf("the newcomer's history, her seat to move, does not ask for her move:\n%v", out)
	}
	if g := mt.game(id); g.Waiting() {
		t.Errorf("the game still waits after the newcomer joined")
	}
}

// TestOperatorGamesNeedNoAnswer: a game the operator makes on the
// command line starts at once, as the operator vouches for its players.
func TestOperatorGamesNeedNoAnswer(t *testing.T) {
	mt := newMailTable(t, atacama.Game)
	id := mt.create("atacama", 2)
	if g := mt.game(id); g.Waiting() || len(g.Invited()) != 0 {
		t.Fatalf("an operator's game waits (invited %v)", g.Invited())
	}
	if _, err := mt.svc.AnswerInvitation(context.Background(), id, 1, true, games.Cause{}); err == nil {
		t.Errorf("JOIN by a player nobody asked: want a refusal")
	}
}

// TestReplacedAndExpelledLocked: a replaced player's reply address opens
// nothing (their mail is not the seat's any more: silence), and an
// expelled player's mail is refused once with the reason, never read.
func TestReplacedAndExpelledLocked(t *testing.T) {
	ctx := context.Background()
	mt := newMailTable(t, atacama.Game)
	id := mt.create("atacama", 3)
	if _, err := mt.svc.Replace(ctx, id, games.Operator, 1, events.Player{Address: "eve@example.org"}, games.Cause{}); err != nil {
		t.Fatal(err)
	}
	if out := mt.mail(id, 1, "bea@example.net", "", "SAY still here\r\nBOARD\r\n"); len(out) != 0 {
		t.Errorf("the replaced player's mail got %d answers, want silence", len(out))
	}
	if _, err := mt.svc.Expel(ctx, id, games.Operator, 2, games.Cause{}); err != nil {
		t.Fatal(err)
	}
	before := len(mt.game(id).Said)
	out := mt.mail(id, 2, "cai@example.com", "", "SAY unfair!\r\nBOARD\r\n")
	if r := refusals(out); len(out) != 1 || len(r) != 1 || !strings.Contains(r[0], "expelled you") {
		t.Errorf("the expelled player's mail got %v, want one refusal saying they were expelled", r)
	}
	if n := len(mt.game(id).Said); n != before {
		t.Errorf("the expelled player's SAY was recorded")
	}
}

// TestObserverAskedFirst: an observer the host adds by mail gets one
// invitation, saying how to accept and how to stop all mail, and no
// board until they reply JOIN to it; then they follow it.
func TestObserverAskedFirst(t *testing.T) {
	ctx := context.Background()
	mt := newMailTable(t, atacama.Game)
	id := mt.create("atacama", 2)
	const olga = "olga@example.com"
	seen := len(mt.outbox())
	mt.mail(id, 0, "ana@example.org", "", "WATCH "+olga+"\r\nSAY welcome, Olga\r\n")
	if _, err := mt.svc.Move(ctx, id, 0, "E5", games.Cause{}); err != nil {
		t.Fatal(err)
	}
	got := received(mt.outbox(), seen)[olga]
	if len(got) != 1 || got[0] != notice.KindInvitation {
		t.Fatalf("the asked observer got %v before accepting, want one invitation", got)
	}
	lh := letters.Letterhead{Service: "pbem", Mailbox: mt.m.Mailbox, Tokens: mt.m.Tokens}
	var inv mail.Notice
	for _, n := range mt.outbox() {
		if n.To == olga {
			inv = n
		}
	}
	out, err := mt.svc.Render(ctx, lh, inv)
	if err != nil {
		t.Fatal(err)
	}
	if flat := strings.Join(strings.Fields(out.Text), " "); out.Headers[letters.HeaderInvited] != "yes" ||
		!strings.Contains(flat, "reply JOIN to this mail") || !strings.Contains(flat, "send STOP to") {
		t.Errorf("the observer's invitation (headers %v) does not say how to accept or stop:\n%s", out.Headers, out.Text)
	}
	seen = len(mt.outbox())
	mt.send(olga, out.ReplyTo, "", "JOIN\r\n")
	if got := received(mt.outbox(), seen)[olga]; len(got) != 1 || got[0] != notice.KindBoard {
		t.Fatalf("once she accepted the observer got %v, want the board", got)
	}
	seen = len(mt.outbox())
	if _, err := mt.svc.Move(ctx, id, 1, "A1", games.Cause{}); err != nil {
		t.Fatal(err)
	}
	if got := received(mt.outbox(), seen)[olga]; len(got) != 1 {
		t.Errorf("after accepting the observer got %v for a move, want one mail", got)
	}
}

// TestMailLinksItsPage: with the web pages served, a player's mail links
// their own page (an observer's the public one, an invited player's none
// until they join), and names the one-click unsubscribe link of RFC 8058
// beside STOP.
func TestMailLinksItsPage(t *testing.T) {
	ctx := context.Background()
	mt := newMailTable(t, atacama.Game)
	id := mt.create("atacama", 2)
	g := mt.game(id)
	lh := letters.Letterhead{Service: "pbem", Mailbox: mt.m.Mailbox, Tokens: mt.m.Tokens, WebURL: "https://games.example.org/"}
	for _, n := range mt.outbox() {
		out, err := mt.svc.Render(ctx, lh, n)
		if err != nil {
			t.Fatal(err)
		}
		page := "https://games.example.org" + mail.PagePath(id, mt.m.Tokens.Page(id, n.Seat, g.Created.Players[n.Seat].Address), false)
		if !strings.Contains(out.Text, page) || !strings.Contains(out.HTML, page) {
			t.Errorf("%s's mail does not link %s:\n%s", n.To, page, out.Text)
		}
		other := mail.PagePath(id, mt.m.Tokens.Page(id, 1-n.Seat, g.Created.Players[1-n.Seat].Address), false)
		if strings.Contains(out.Text+out.HTML, other) {
			t.Errorf("%s's mail links the other seat's page", n.To)
		}
		if lu := out.Headers["List-Unsubscribe"]; !strings.HasPrefix(lu, "<https://games.example.org"+mt.m.Tokens.UnsubscribePath(n.To)+">, <mailto:") ||
			out.Headers["List-Unsubscribe-Post"] != "List-Unsubscribe=One-Click" {
			t.Errorf("%s's mail: List-Unsubscribe %q, List-Unsubscribe-Post %q; want the one-click link and STOP", n.To, lu, out.Headers["List-Unsubscribe-Post"])
		}
	}
	// An invited player's invitation links no page: they have not said
	// they play.
	mt.send("ana@example.org", mt.m.Mailbox, "", "NEW atacama WITH cai@example.com\r\n")
	for _, n := range mt.outbox() {
		if n.To != "cai@example.com" {
			continue
		}
		out, err := mt.svc.Render(ctx, lh, n)
		if err != nil {
			t.Fatal(err)
		}
		if strings.Contains(out.Text, "/g/") {
			t.Errorf("the invited player's invitation links a page:\n%s", out.Text)
		}
	}
}

// TestJoinAgain: a player who joined and answers the invitation again,
// JOIN twice (a second click, an old mail) or DECLINE after JOIN, changes
// nothing and is told why.
func TestJoinAgain(t *testing.T) {
	mt := newMailTable(t, atacama.Game)
	mt.send("ana@example.org", mt.m.Mailbox, "", "NEW atacama WITH bea@example.net\r\n")
	id := mt.outbox()[0].Game
	mt.mail(id, 1, "bea@example.net", "", "JOIN\r\n\r\nThanks!\r\n")
	before := mt.game(id).Seq
	for line, why := range map[string]string{"JOIN": "already", "DECLINE": "RESIGN leaves it"} {
		out := mt.mail(id, 1, "bea@example.net", "", line+"\r\n")
		if r := refusals(out); len(r) != 1 || !strings.Contains(r[0], why) {
			t.Errorf("%s after joining: %q, want one refusal saying %q", line, r, why)
		}
	}
	if g := mt.game(id); g.Seq != before || g.Waiting() {
		t.Errorf("answering again changed the game: seq %d → %d, waiting %v", before, g.Seq, g.Waiting())
	}
}

// TestGamesOfNewcomers: a player given a seat by REPLACE, or who took an
// open seat, finds the game in GAMES and is no stranger to pbem; the
// player replaced no longer finds it there.
func TestGamesOfNewcomers(t *testing.T) {
	ctx := context.Background()
	mt := newMailTable(t, atacama.Game)
	index := mt.index()
	replaced := mt.create("atacama", 3)
	if _, err := mt.svc.Replace(ctx, replaced, games.Operator, 1, events.Player{Address: "eve@example.org"}, games.Cause{}); err != nil {
		t.Fatal(err)
	}
	open, err := mt.svc.Create(ctx, games.NewGame{Game: "atacama", Host: "ana@example.org",
		Players: []events.Player{{Name: "Ana", Address: "ana@example.org"}, {Name: "open seat", Open: true}}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := mt.svc.Join(ctx, open, "dan@example.com", games.Cause{}); err != nil {
		t.Fatal(err)
	}
	if err := index.CatchUp(ctx); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		who        string
		want, gone []string
	}{
		{"eve@example.org", []string{replaced}, []string{open}},
		{"dan@example.com", []string{open}, []string{replaced}},
		{"bea@example.net", nil, []string{replaced, open}},
		{"ana@example.org", []string{replaced, open}, nil},
	} {
		out := mt.send(tt.who, mt.m.Mailbox, "", "GAMES\r\n")
		if len(out) != 1 || out[0].Headers[letters.HeaderKind] != notice.KindGames {
			var kinds []string
			for _, o := range out {
				kinds = append(kinds, o.Headers[letters.HeaderKind])
			}
			t.Errorf("%s's GAMES was answered with %q, want the list of their games", tt.who, kinds)
			continue
		}
		for _, id := range tt.want {
			if !strings.Contains(out[0].Text, id) {
				t.Errorf("%s's GAMES does not list game %s:\n%s", tt.who, id, out[0].Text)
			}
		}
		for _, id := range tt.gone {
			if strings.Contains(out[0].Text, id) {
				t.Errorf("%s's GAMES lists game %s, which they do not play:\n%s", tt.who, id, out[0].Text)
			}
		}
	}
}

// TestHistoryNamesAsTheyWere: the history a newcomer gets, and anyone's,
// names each move's player as they were when it was played: the
// newcomer reads the moves of the player they replaced under that
// player's name, not as their own.
func TestHistoryNamesAsTheyWere(t *testing.T) {
	ctx := context.Background()
	mt := newMailTable(t, atacama.Game)
	id := mt.create("atacama", 2)
	mt.playFirst(id, 0)
	if r := refusals(mt.fresh(id, 1, mt.game(id).State.Legal(1)[0].String()+"\r\n")); len(r) > 0 {
		t.Fatalf("bea's move refused: %v", r)
	}
	if _, err := mt.svc.Replace(ctx, id, games.Operator, 1, events.Player{Name: "Eve", Address: "eve@example.org"}, games.Cause{}); err != nil {
		t.Fatal(err)
	}
	out := mt.send("eve@example.org", mt.m.Tokens.ReplyTo(mt.m.Mailbox, id, 1), "", "HISTORY\r\n")
	if len(out) != 1 {
		t.Fatalf("eve's HISTORY got %d answers, want one", len(out))
	}
	flat := strings.Join(strings.Fields(out[0].Text), " ")
	if !strings.Contains(flat, "Bea placed a rig") || strings.Contains(flat, "You placed a rig") || !strings.Contains(flat, "You took over Bea's seat") {
		t.Errorf("the newcomer's history does not name Bea's move as hers, nor say eve took over:\n%s", out[0].Text)
	}
	g, evs, _, err := mt.svc.LoadAt(ctx, id, 0)
	if err != nil {
		t.Fatal(err)
	}
	if lines := notice.DescribeEach(g, evs, -1); !strings.Contains(strings.Join(lines, "\n"), "Bea placed a rig") {
		t.Errorf("the history told to anyone names Bea's move otherwise:\n%s", strings.Join(lines, "\n"))
	}
}
