package mailroom

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/pbem-games/pbem/events"
	"github.com/pbem-games/pbem/games"
	"github.com/pbem-games/pbem/games/notice"
	"github.com/pbem-games/pbem/mail"
	"github.com/pbem-games/pbem/projections"
)

// TestCounted: OnCommand hears of every line run: the game's kind, the
// command's word (an alias's command, MOVE for a move) and its refusal.
func TestCounted(t *testing.T) {
	r := newRoom(t)
	var heard []string
	r.m.OnCommand = func(game, word string, err error) {
		heard = append(heard, fmt.Sprintf("%s/%s/%v", game, word, err != nil))
	}
	id := r.create()
	r.seat(id, 0, "A1\r\nstatus\r\nUNDO x\r\nHELP\r\n")
	r.plain("dov@example.com", "HELP\r\n")
	want := []string{"atacama/MOVE/false", "atacama/BOARD/false", "atacama/UNDO/true", "/HELP/false"}
	if !slices.Equal(heard, want) {
		t.Errorf("OnCommand heard %q, want %q", heard, want)
	}
}

// TestRefusalStopsTheMail: a refused line ends the mail; the answer
// names the line and how many after it were not run, as a move's
// refusal (with the prompt again) or a command's.
func TestRefusalStopsTheMail(t *testing.T) {
	tests := []struct {
		body, kind, attempt, skipped string
		moves                        int
	}{
		{body: "A1\r\nZ9\r\nBOARD\r\nHELP\r\n", kind: notice.KindRejected, attempt: "Z9", skipped: "2", moves: 1},
		{body: "UNDO x\r\nA1\r\n", kind: notice.KindError, attempt: "UNDO x", skipped: "1"},
		{body: "A1\r\nUNDO x\r\n", kind: notice.KindError, attempt: "UNDO x", skipped: "0", moves: 1},
	}
	r := newRoom(t)
	for _, tc := range tests {
		id := r.create()
		out := answers(r.seat(id, 0, tc.body), seatAddrs[0])
		if len(out) != 1 || out[0].Kind != tc.kind || out[0].Fields["attempt"] != tc.attempt || out[0].Fields["skipped"] != tc.skipped {
			t.Errorf("%q answered %+v, want a %s of %q, %s lines skipped", tc.body, out, tc.kind, tc.attempt, tc.skipped)
		}
		if g := r.game(id); len(g.Moves) != tc.moves {
			t.Errorf("%q played %d moves, want %d", tc.body, len(g.Moves), tc.moves)
		}
	}
}

// TestSubjectOnly: a mail with no command whose subject holds one is
// told to write it in the mail; with neither it is told it has none.
func TestSubjectOnly(t *testing.T) {
	r := newRoom(t)
	id := r.create()
	tests := []struct {
		subject, to, want string
	}{
		{subject: "Re: A1", to: r.m.Tokens.ReplyTo(r.m.Mailbox, id, 0), want: `[["no.command.subject","\"A1\""]]`},
		{subject: "Re: HELP", to: r.m.Mailbox, want: `[["no.command.subject","\"HELP\""]]`},
		{subject: "Re: your game", to: r.m.Mailbox, want: `[["no.command"]]`},
		{subject: "Re: A1", to: r.m.Mailbox, want: `[["no.command"]]`},
	}
	for _, tc := range tests {
		r.subject = tc.subject
		out := answers(r.send(seatAddrs[0], tc.to, "", "\r\n"), seatAddrs[0])
		if len(out) != 1 || out[0].Kind != notice.KindHelp || out[0].Fields["notice.msgs"] != tc.want {
			t.Errorf("an empty mail with the subject %q to %s answered %+v, want %s", tc.subject, tc.to, out, tc.want)
		}
	}
}

// TestTooManyLines: of a mail with more command lines than are read, the
// lines read run and the sender is told the rest were not.
func TestTooManyLines(t *testing.T) {
	r := newRoom(t)
	r.m.Limits.MaxCommands = 3
	id := r.create()
	out := answers(r.seat(id, 0, strings.Repeat("SAY hi\r\n", 5)), seatAddrs[0])
	if refusal(out) != "too.many.lines" || out[0].Fields["reason.msgs"] != `[["too.many.lines","3"]]` {
		t.Errorf("five SAY lines of which three are read answered %+v", out)
	}
	if g := r.game(id); len(g.Said) != 3 {
		t.Errorf("%d lines said, want the three read", len(g.Said))
	}
	out = answers(r.seat(id, 0, "SAY a\r\nSAY b\r\nSAY c\r\n"), seatAddrs[0])
	if len(out) != 0 {
		t.Errorf("three SAY lines of three read answered %+v", out)
	}
}

// TestNewGame: NEW makes a game hosted by its sender, who plays first
// unless listed elsewhere; everyone else is invited, OPEN leaves a seat
// for anyone.
func TestNewGame(t *testing.T) {
	ctx := context.Background()
	tests := []struct {
		with    string
		players string // address/invited, by seat; "open" for an open seat
	}{
		{with: "bea@example.net", players: "dov@example.com/false bea@example.net/true"},
		{with: "Bea@Example.net, DOV@example.com", players: "bea@example.net/true dov@example.com/false"},
		{with: "<bea@example.net>；cai@example.com", players: "dov@example.com/false bea@example.net/true cai@example.com/true"},
		{with: "bea@example.net、cai@example.com", players: "dov@example.com/false bea@example.net/true cai@example.com/true"},
		{with: "open", players: "dov@example.com/false open"},
	}
	for _, tc := range tests {
		r := newRoom(t)
		index := r.index()
		out := answers(r.plain("dov@example.com", "NEW atacama WITH "+tc.with+"\r\n"), "dov@example.com")
		if len(out) != 0 {
			t.Errorf("NEW atacama WITH %s answered %+v", tc.with, out)
			continue
		}
		if err := index.CatchUp(ctx); err != nil {
			t.Fatal(err)
		}
		pg, err := index.PlayerGames(ctx, "dov@example.com")
		if err != nil || len(pg.Games) != 1 {
			t.Fatalf("NEW atacama WITH %s: dov's games %+v, %v", tc.with, pg, err)
		}
		g := r.game(pg.Games[0].Game)
		var got []string
		for _, p := range g.Created.Players {
			if p.Open {
				got = append(got, "open")
				continue
			}
			got = append(got, fmt.Sprintf("%s/%v", p.Address, p.Invited))
			if name, _, _ := strings.Cut(p.Address, "@"); p.Name != name {
				t.Errorf("the player %s is named %q", p.Address, p.Name)
			}
		}
		if strings.Join(got, " ") != tc.players || g.Created.Host != "dov@example.com" {
			t.Errorf("NEW atacama WITH %s made a game of %q hosted by %s, want %q", tc.with, got, g.Created.Host, tc.players)
		}
	}
}

// TestInvitationAnswered: an invited player's JOIN says they play, their
// DECLINE that they do not; DECLINE of a seated player answers the undo
// asked.
func TestInvitationAnswered(t *testing.T) {
	ctx := context.Background()
	r := newRoom(t)
	invite := func() string {
		t.Helper()
		id, err := r.m.Service.Create(ctx, games.NewGame{Game: "atacama", Host: seatAddrs[0],
			Players: []events.Player{{Name: "Ana", Address: seatAddrs[0]}, {Name: "Bea", Address: seatAddrs[1], Invited: true}}})
		if err != nil {
			t.Fatal(err)
		}
		return id
	}
	joined := invite()
	r.seat(joined, 1, "JOIN\r\n")
	if g := r.game(joined); len(g.Invited()) != 0 || g.Ended != nil {
		t.Errorf("after Bea's JOIN the game is invited %v, ended %v; want her playing", g.Invited(), g.Ended)
	}
	declined := invite()
	r.seat(declined, 1, "DECLINE\r\n")
	if g := r.game(declined); len(g.Open()) != 1 || len(g.Invited()) != 0 {
		t.Errorf("after Bea's DECLINE of the invitation the players are %+v, want her seat open", g.Created.Players)
	}

	undo := func(answer string, undone int) {
		t.Helper()
		id := r.create()
		r.seat(id, 0, "A1\r\n")
		if out := answers(r.seat(id, 1, "C3\r\n"), seatAddrs[1]); len(out) > 0 {
			t.Fatalf("Bea's C3 answered %+v", out)
		}
		r.seat(id, 1, "UNDO\r\n")
		if g := r.game(id); g.Undo == nil {
			t.Fatalf("Bea's UNDO after her move asks nobody: %+v", g.Table)
		}
		r.seat(id, 0, answer+"\r\n")
		if g := r.game(id); g.Undo != nil || len(g.Undone) != undone {
			t.Errorf("after Ana's %s the undo waits (%v) and %d moves are undone, want %d", answer, g.Undo, len(g.Undone), undone)
		}
	}
	undo("DECLINE", 0)
	undo("AGREE", 1)
}

// TestEndVotes: END asks to end the game; the other's END ends it.
func TestEndVotes(t *testing.T) {
	r := newRoom(t)
	id := r.create()
	r.seat(id, 0, "END\r\n")
	if g := r.game(id); !g.EndVotes[0] || g.Ended != nil {
		t.Fatalf("after Ana's END: votes %v, ended %v", g.EndVotes, g.Ended)
	}
	r.seat(id, 1, "END\r\n")
	if g := r.game(id); g.Ended == nil {
		t.Errorf("after both ENDs the game runs: votes %v", g.EndVotes)
	}
}

// TestReadAgainSkipsDone: a mail read again whose lines were recorded
// (its answer lost in a crash) runs none of them again.
func TestReadAgainSkipsDone(t *testing.T) {
	r := newRoom(t)
	id := r.create()
	rec := r.record(seatAddrs[0], r.m.Tokens.ReplyTo(r.m.Mailbox, id, 0), "", "A1\r\nSAY hi\r\n")
	g := r.game(id)
	l := &letter{rec: rec, game: g, seat: 0}
	p, problem := r.m.parse(rec)
	if problem != nil {
		t.Fatal(problem)
	}
	l.p = p
	for range 2 {
		l.game = r.game(id)
		if err := r.m.commands(context.Background(), l, discard); err != nil {
			t.Fatal(err)
		}
	}
	if g := r.game(id); len(g.Moves) != 1 || len(g.Said) != 1 {
		t.Errorf("a mail's lines run twice played %d moves and said %d lines, want each once", len(g.Moves), len(g.Said))
	}
	if refusal(l.queued) != "" {
		t.Errorf("the lines run again were refused: %+v", l.queued)
	}
}

// TestNeedGame: a game's command or a move outside a game's reply
// address is refused, naming the line; an observer's too.
func TestNeedGame(t *testing.T) {
	g := &projections.Game{}
	ran := func() error { return nil }
	for _, tc := range []struct {
		l    *letter
		want bool
	}{{&letter{seat: -1}, false}, {&letter{game: g, seat: -1}, false}, {&letter{game: g, seat: 0}, true}} {
		err := (&Mailroom{}).needGame(tc.l, "BOARD", ran)
		if (err == nil) != tc.want {
			t.Errorf("needGame of %+v = %v, want run %v", tc.l, err, tc.want)
		}
		if err != nil && !strings.Contains(err.Error(), `"BOARD"`) {
			t.Errorf("needGame's refusal %q does not name the line", err)
		}
	}
}

// TestStale: a move in reply to a mail the game has moved on from is
// answered as stale, naming the event it answers, and the mail's other
// moves are not read; a fresh mail is played.
func TestStale(t *testing.T) {
	r := newRoom(t)
	id := r.create()
	r.seat(id, 0, "A1\r\n")
	invitation := fmt.Sprintf("In-Reply-To: <%s.1.1.invitation@pbem.test>\r\n", id)
	out := answers(r.send(seatAddrs[1], r.m.Tokens.ReplyTo(r.m.Mailbox, id, 1), invitation, "E5\r\nE7\r\n"), seatAddrs[1])
	if len(out) != 1 || out[0].Kind != notice.KindStale || out[0].Fields["attempt"] != "E5" || out[0].Fields["since"] != "1" {
		t.Errorf("Bea's move in reply to her invitation after Ana moved answered %+v, want stale since event 1", out)
	}
	if g := r.game(id); len(g.Moves) != 1 {
		t.Errorf("the stale mail played %+v", g.Moves)
	}
	if out := answers(r.seat(id, 1, "E5\r\n"), seatAddrs[1]); len(out) != 0 || len(r.game(id).Moves) != 2 {
		t.Errorf("Bea's fresh E5 answered %+v, want it played", out)
	}
	if at, err := r.m.answered(context.Background(), &letter{game: r.game(id), p: &mail.Parsed{InReplyTo: []string{"nothing@example.org"}}}); at != 0 || err != nil {
		t.Errorf("answered of a reply to no mail of pbem = %d, %v; want 0", at, err)
	}
}

// TestUnwatch: UNWATCH stops an observer, written as any address is,
// and changes the game's public link; one refused changes nothing.
func TestUnwatch(t *testing.T) {
	ctx := context.Background()
	r := newRoom(t)
	id := r.create()
	r.seat(id, 0, "WATCH olga@example.com\r\n")
	gen := func() int {
		t.Helper()
		n, err := mail.PublicGen(ctx, r.m.Service.Store, id)
		if err != nil {
			t.Fatal(err)
		}
		return n
	}
	if out := answers(r.seat(id, 0, "UNWATCH olga\r\n"), seatAddrs[0]); refusal(out) == "" || gen() != 0 {
		t.Errorf("UNWATCH of no address answered %+v, public link %d; want a refusal and the link as it was", out, gen())
	}
	if out := answers(r.seat(id, 0, "UNWATCH <Olga@Example.com>\r\n"), seatAddrs[0]); len(out) != 0 {
		t.Errorf("UNWATCH <Olga@Example.com> answered %+v", out)
	}
	if g := r.game(id); g.Asked["olga@example.com"] || len(g.Observers) != 0 || gen() != 1 {
		t.Errorf("after UNWATCH olga is asked %v, the observers %v, the public link %d; want her gone and a new link", g.Asked, g.Observers, gen())
	}
}
