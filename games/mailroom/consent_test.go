package mailroom

import (
	"context"
	"testing"

	"github.com/pbem-games/pbem/events"
	"github.com/pbem-games/pbem/games"
	"github.com/pbem-games/pbem/games/notice"
	"github.com/pbem-games/pbem/mail"
	"github.com/pbem-games/pbem/rules"
)

// TestJoinAsked: JOIN to the plain mailbox is answered with a
// confirmation when the sender may join (the code is the game's and a
// seat is open, or the host asked them to follow it), else with the
// reason; nothing is done before the confirmation is answered.
func TestJoinAsked(t *testing.T) {
	ctx := context.Background()
	r := newRoom(t)
	open, err := r.m.Service.Create(ctx, games.NewGame{Game: "atacama", Host: seatAddrs[0],
		Players: []events.Player{{Name: "Ana", Address: seatAddrs[0]}, {Name: "open seat", Open: true}}})
	if err != nil {
		t.Fatal(err)
	}
	full := r.create()
	r.seat(full, 0, "WATCH olga@example.com\r\n")
	code := r.m.Tokens.Invitation(open)
	tests := []struct {
		name, from, line string
		answer           string // the kind of the one answer
		refused, confirm string
		game             string // the confirmation's game
	}{
		{name: "the code", from: "dov@example.com", line: "JOIN " + open + " " + code, answer: notice.KindHelp, confirm: mail.ConfirmJoin, game: open},
		{name: "the code in capitals", from: "dov@example.com", line: "join " + open + " " + code, answer: notice.KindHelp, confirm: mail.ConfirmJoin, game: open},
		{name: "a wrong code", from: "dov@example.com", line: "JOIN " + open + " 123456", answer: notice.KindError, refused: "refuse.join.code"},
		{name: "no code", from: "dov@example.com", line: "JOIN " + open, answer: notice.KindError, refused: "refuse.join.usage"},
		{name: "seated already", from: seatAddrs[0], line: "JOIN " + open + " " + code, answer: notice.KindError, refused: "refuse.join.seated"},
		{name: "no seat open", from: "dov@example.com", line: "JOIN " + full + " " + r.m.Tokens.Invitation(full), answer: notice.KindError, refused: "refuse.join.full"},
		{name: "asked to follow", from: "Olga@Example.com", line: "JOIN " + full, answer: notice.KindHelp, confirm: mail.ConfirmWatch, game: full},
		{name: "not asked to follow", from: "dov@example.com", line: "JOIN " + full, answer: notice.KindError, refused: "refuse.join.usage"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r.t = t
			out := answers(r.plain(tc.from, tc.line+"\r\n"), tc.from)
			if kinds(out) != tc.answer || refusal(out) != tc.refused {
				t.Fatalf("%q answered %+v, want a %s refused %q", tc.line, out, tc.answer, tc.refused)
			}
			if f := out[0].Fields; f["confirm"] != tc.confirm || f["confirm.game"] != tc.game || tc.confirm != "" && f[ownWords] != "1" {
				t.Errorf("%q answered %v, want a confirmation of %q in %q", tc.line, f, tc.confirm, tc.game)
			}
		})
	}
	r.t = t
	if g := r.game(open); len(g.Open()) != 1 {
		t.Errorf("the open seat is taken before any confirmation: %+v", g.Created.Players)
	}
	if g := r.game(full); !g.Asked["olga@example.com"] {
		t.Errorf("olga follows the game before she confirmed: %v, asked %v", g.Observers, g.Asked)
	}
}

// TestConfirmed: a reply to a confirmation address made for its sender
// does what was asked; the same address from anyone else does nothing.
func TestConfirmed(t *testing.T) {
	ctx := context.Background()
	r := newRoom(t)
	open, err := r.m.Service.Create(ctx, games.NewGame{Game: "atacama", Host: seatAddrs[0],
		Players: []events.Player{{Name: "Ana", Address: seatAddrs[0]}, {Name: "open seat", Open: true}}})
	if err != nil {
		t.Fatal(err)
	}
	full := r.create()
	r.seat(full, 0, "WATCH olga@example.com\r\n")

	joinTo := r.m.Tokens.ConfirmTo(r.m.Mailbox, mail.ConfirmJoin, open, "dov@example.com")
	if out := r.send("eve@example.com", joinTo, "", "JOIN\r\n"); len(out) != 0 {
		t.Errorf("eve's mail to dov's confirmation address answered %+v", out)
	}
	if g := r.game(open); len(g.Open()) != 1 {
		t.Fatalf("eve's mail to dov's confirmation address took the seat: %+v", g.Created.Players)
	}
	r.send("dov@example.com", joinTo, "", "JOIN\r\n")
	if g := r.game(open); len(g.Open()) != 0 || games.SeatOf(g, "dov@example.com") != 1 {
		t.Errorf("dov's confirmation left the game's players %+v, want him in the open seat", g.Created.Players)
	}

	watchTo := r.m.Tokens.ConfirmTo(r.m.Mailbox, mail.ConfirmWatch, full, "olga@example.com")
	if g := r.game(full); !g.Asked["olga@example.com"] {
		t.Fatalf("olga was not asked to follow the game: %v", g.Asked)
	}
	r.send("olga@example.com", watchTo, "", "JOIN\r\n")
	if g := r.game(full); len(g.Observers) != 1 || g.Observers[0] != "olga@example.com" || g.Asked["olga@example.com"] {
		t.Errorf("olga's confirmation left the observers %v, asked %v; want her following", g.Observers, g.Asked)
	}
}

// TestStopAndResume: STOP to the plain mailbox asks for a confirmation;
// from the seat's reply address, or confirmed, it stops all mail to the
// address, without an answer; a later mail of theirs takes them off the
// list only when it comes to an address made for them.
func TestStopAndResume(t *testing.T) {
	ctx := context.Background()
	r := newRoom(t)
	id := r.create()
	stops, err := mail.OpenStopList(ctx, r.m.Service.Store)
	if err != nil {
		t.Fatal(err)
	}
	stopped := func(addr string) bool {
		t.Helper()
		if err := stops.Follow(ctx); err != nil {
			t.Fatal(err)
		}
		s, err := stops.Stopped(ctx, addr)
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	out := answers(r.plain(seatAddrs[1], "STOP\r\n"), seatAddrs[1])
	if len(out) != 1 || out[0].Fields["confirm"] != mail.ConfirmStop || stopped(seatAddrs[1]) {
		t.Fatalf("STOP to the plain mailbox answered %+v (stopped %v), want a confirmation and nothing stopped", out, stopped(seatAddrs[1]))
	}
	if out := answers(r.seat(id, 1, "STOP\r\n"), seatAddrs[1]); len(out) != 0 || !stopped(seatAddrs[1]) {
		t.Errorf("STOP from the seat's reply address answered %+v (stopped %v), want silence and the address stopped", out, stopped(seatAddrs[1]))
	}
	r.plain(seatAddrs[1], "HELP\r\n")
	if !stopped(seatAddrs[1]) {
		t.Error("a mail to the plain mailbox, which anyone may write as the sender, took the address off the stop list")
	}
	r.seat(id, 1, "HELP\r\n")
	if stopped(seatAddrs[1]) {
		t.Error("a mail to the seat's reply address did not take its sender off the stop list")
	}
	stopTo := r.m.Tokens.ConfirmTo(r.m.Mailbox, mail.ConfirmStop, "", "dov@example.com")
	if out := answers(r.send("dov@example.com", stopTo, "", "STOP\r\n"), "dov@example.com"); len(out) != 0 || !stopped("dov@example.com") {
		t.Errorf("a confirmed STOP answered %+v (stopped %v), want silence and the address stopped", out, stopped("dov@example.com"))
	}
	var wrote []string
	r.m.OnWrote = func(_ context.Context, addr string) error { wrote = append(wrote, addr); return nil }
	r.plain("eve@example.com", "HELP\r\n")
	if out := answers(r.seat(id, 0, "HELP\r\n"), seatAddrs[0]); len(out) != 1 {
		t.Errorf("the seat's HELP, heard by OnWrote, answered %+v, want its help", out)
	}
	if len(wrote) != 1 || wrote[0] != seatAddrs[0] {
		t.Errorf("OnWrote heard of %v, want the seat's player alone (a reply to an address made for them)", wrote)
	}
}

// TestProven: which letters came to an address pbem mailed their sender
// alone.
func TestProven(t *testing.T) {
	r := newRoom(t)
	g := r.game(r.create())
	tests := []struct {
		name string
		l    letter
		want bool
	}{
		{name: "plain mailbox", l: letter{seat: rules.Observer}},
		{name: "a seat's address", l: letter{game: g, seat: 1}, want: true},
		{name: "a game's, as an observer", l: letter{game: g, seat: rules.Observer}},
		{name: "a confirmation address", l: letter{seat: rules.Observer, confirm: mail.Tag{Confirm: mail.ConfirmStop}}, want: true},
	}
	for _, tc := range tests {
		if got := tc.l.proven(); got != tc.want {
			t.Errorf("%s: proven = %v, want %v", tc.name, got, tc.want)
		}
	}
}
