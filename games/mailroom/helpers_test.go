package mailroom

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/pbem-games/pbem/events"
	"github.com/pbem-games/pbem/games"
	"github.com/pbem-games/pbem/games/locale"
	"github.com/pbem-games/pbem/games/notice"
	"github.com/pbem-games/pbem/mail"
	"github.com/pbem-games/pbem/projections"
)

var discard = slog.New(slog.NewTextHandler(io.Discard, nil))

func TestSubjectCommand(t *testing.T) {
	tests := []struct{ subject, want string }{
		{"E5", "E5"},
		{"  E5  ", "E5"},
		{"Re: E5", "E5"},
		{"RE: Fwd: re: E5", "E5"},
		{"AW: E5", "E5"},
		{"Fw: E5", "E5"},
		{"回复：E5", "E5"},
		{"答复: 转发：E5", "E5"},
		{"Re: [pbem abc123] Your turn", "Your turn"},
		{"[pbem abc123] Re: E5", "E5"},
		{"Reply E5", "Reply E5"},
		{"", ""},
	}
	for _, tc := range tests {
		if got := subjectCommand(tc.subject); got != tc.want {
			t.Errorf("subjectCommand(%q) = %q, want %q", tc.subject, got, tc.want)
		}
	}
}

func TestForStranger(t *testing.T) {
	own := func(kind string) mail.Notice {
		return mail.Notice{Kind: kind, Fields: map[string]string{ownWords: "1", "attempt": "JOIN x", "reason": "r"}}
	}
	other := func(kind string) mail.Notice {
		return mail.Notice{Kind: kind, Fields: map[string]string{"attempt": "buy pills"}}
	}
	tests := []struct {
		name   string
		queued []mail.Notice
		want   string // kinds, and where the fixed text stands
	}{
		{name: "none", want: ""},
		{name: "own words", queued: []mail.Notice{own(notice.KindError)}, want: "error"},
		{name: "others' words", queued: []mail.Notice{other(notice.KindError), other(notice.KindGames)}, want: "help=stranger"},
		{name: "both", queued: []mail.Notice{other(notice.KindGames), own(notice.KindError), other(notice.KindError)}, want: "help=stranger error"},
	}
	for _, tc := range tests {
		out := forStranger(tc.queued)
		var got []string
		for _, n := range out {
			if n.Fields["attempt"] != "" {
				t.Errorf("%s: a stranger's answer quotes their line: %v", tc.name, n.Fields)
			}
			if n.Fields[ownWords] == "1" {
				got = append(got, n.Kind)
				continue
			}
			got = append(got, n.Kind+"="+said(n.Fields, "notice"))
		}
		if strings.Join(got, " ") != tc.want {
			t.Errorf("%s: forStranger = %q, want %q", tc.name, strings.Join(got, " "), tc.want)
		}
	}
}

func TestOnlyConfirmations(t *testing.T) {
	confirm := mail.Notice{Kind: notice.KindHelp, Fields: map[string]string{"confirm": mail.ConfirmJoin}}
	help := mail.Notice{Kind: notice.KindHelp}
	tests := []struct {
		queued []mail.Notice
		want   bool
	}{
		{nil, false},
		{[]mail.Notice{confirm}, true},
		{[]mail.Notice{confirm, confirm}, true},
		{[]mail.Notice{confirm, help}, false},
		{[]mail.Notice{help}, false},
	}
	for i, tc := range tests {
		if got := onlyConfirmations(tc.queued); got != tc.want {
			t.Errorf("%d: onlyConfirmations = %v, want %v", i, got, tc.want)
		}
	}
}

// TestCapConfirmations: an address gets at most UnsolicitedPerDay
// confirmations a day; other answers are not counted.
func TestCapConfirmations(t *testing.T) {
	r := newRoom(t)
	r.m.UnsolicitedPerDay = 2
	confirm := mail.Notice{Kind: notice.KindHelp, Fields: map[string]string{"confirm": mail.ConfirmJoin}}
	help := mail.Notice{Kind: notice.KindHelp}
	out := r.m.capConfirmations([]mail.Notice{help, confirm, help, confirm, confirm}, "dov@example.com", discard)
	if got := len(out); got != 4 || out[3].Fields["confirm"] != mail.ConfirmJoin || out[2].Fields != nil {
		t.Errorf("capConfirmations kept %+v, want both helps and two confirmations", out)
	}
	if out := r.m.capConfirmations([]mail.Notice{confirm, help}, "dov@example.com", discard); len(out) != 1 || out[0].Fields != nil {
		t.Errorf("once the day's share is spent capConfirmations kept %+v, want the help alone", out)
	}
	if out := r.m.capConfirmations([]mail.Notice{confirm}, "eve@example.com", discard); len(out) != 1 {
		t.Errorf("another address's confirmation was dropped: %+v", out)
	}
}

func TestAsked(t *testing.T) {
	g := &projections.Game{Table: projections.Table{Observers: []string{"olga@example.com"}}}
	for addr, want := range map[string]bool{
		"olga@example.com":      true,
		" <Olga@Example.com> ":  true,
		"olga@example.org":      false,
		"olga+x@example.com":    false,
		"":                      false,
		"<olga@example.com> x ": false,
	} {
		if got := asked(g, addr); got != want {
			t.Errorf("asked(%q) = %v, want %v", addr, got, want)
		}
	}
}

// TestTellIgnored: the last answer of a mail says which of its lines
// were ignored, the first three, each cut at forty runes.
func TestTellIgnored(t *testing.T) {
	long := strings.Repeat("棋", 45)
	tests := []struct {
		name    string
		game    bool
		ignored []string
		want    string // the id said, and its arguments
	}{
		{name: "none", want: ""},
		{name: "one", ignored: []string{"thanks"}, want: `[["ignored","\"thanks\"","-2"]]`},
		{name: "in a game", game: true, ignored: []string{"thanks"}, want: `[["ignored.in.game","\"thanks\"","-2"]]`},
		{name: "three", ignored: []string{"a", "b", "c"}, want: `[["ignored","\"a\", \"b\", \"c\"","0"]]`},
		{name: "four", ignored: []string{"a", "b", "c", "d"}, want: `[["ignored.more","\"a\", \"b\", \"c\"","1"]]`},
		{name: "four in a game", game: true, ignored: []string{"a", "b", "c", "d", "e"}, want: `[["ignored.in.game.more","\"a\", \"b\", \"c\"","2"]]`},
		{name: "long", ignored: []string{long}, want: `[["ignored","\"` + strings.Repeat("棋", 40) + `…\"","-2"]]`},
		{name: "forty runes", ignored: []string{long[:40*3]}, want: `[["ignored","\"` + strings.Repeat("棋", 40) + `\"","-2"]]`},
	}
	for _, tc := range tests {
		l := &letter{queued: []mail.Notice{{Kind: notice.KindBoard}, {Kind: notice.KindHelp}}}
		if tc.game {
			l.game = &projections.Game{}
		}
		tellIgnored(l, tc.ignored, discard)
		if l.queued[0].Fields != nil {
			t.Errorf("%s: the first answer got %v, want the last alone", tc.name, l.queued[0].Fields)
		}
		if got := l.queued[1].Fields["notice.msgs"]; got != tc.want {
			t.Errorf("%s: the last answer says %s, want %s", tc.name, got, tc.want)
		}
	}
	l := &letter{}
	tellIgnored(l, []string{"thanks"}, discard)
	if len(l.queued) != 0 {
		t.Errorf("a mail without an answer got %+v for its ignored line, want nothing", l.queued)
	}
}

func TestCampaignOf(t *testing.T) {
	in := &letter{confirm: mail.Tag{Confirm: mail.ConfirmCampaign, Game: "cabcdef"}}
	tests := []struct {
		name     string
		l        *letter
		rest     string
		id, more string
	}{
		{name: "written", l: &letter{}, rest: " CABCDEF  pair now ", id: "cabcdef", more: "pair now"},
		{name: "none", l: &letter{}, rest: " pair now ", more: "pair now"},
		{name: "the campaign's address", l: in, rest: " pair now ", id: "cabcdef", more: "pair now"},
		{name: "another written", l: in, rest: "czzzzzz", id: "czzzzzz"},
		{name: "a game's confirmation", l: &letter{confirm: mail.Tag{Confirm: mail.ConfirmJoin, Game: "g1"}}, rest: "x"},
	}
	for _, tc := range tests {
		id, more := campaignOf(tc.l, tc.rest)
		if tc.name == "a game's confirmation" {
			tc.more = "x"
		}
		if id != tc.id || more != tc.more {
			t.Errorf("%s: campaignOf(%q) = %q, %q; want %q, %q", tc.name, tc.rest, id, more, tc.id, tc.more)
		}
	}
	if !provenFor(in, "cabcdef") || provenFor(in, "czzzzzz") || provenFor(&letter{confirm: mail.Tag{Confirm: mail.ConfirmJoin, Game: "cabcdef"}}, "cabcdef") {
		t.Error("provenFor: want the campaign's own address for its own id alone")
	}
}

func TestAt(t *testing.T) {
	now := time.Date(2026, 12, 1, 15, 0, 0, 0, time.UTC)
	tests := []struct {
		received, want time.Time
	}{
		{time.Time{}, now},
		{now.Add(-time.Hour), now.Add(-time.Hour)},
		{now.Add(time.Hour), now},
		{now, now},
	}
	for _, tc := range tests {
		l := &letter{rec: mail.InboxRecord{Received: tc.received}}
		if got := l.at(now); !got.Equal(tc.want) {
			t.Errorf("at(%v) of a mail received %v = %v, want %v", now, tc.received, got, tc.want)
		}
	}
}

// TestRead: Read takes Handle's path, runs nothing and writes nothing,
// and tells which lines would run as what, which it ignores, and why it
// would not answer.
func TestRead(t *testing.T) {
	ctx := context.Background()
	r := newRoom(t)
	id := r.create()
	before := len(r.notices())
	tests := []struct {
		name, from, to, body string
		runs                 string // line=COMMAND[!refused], …
		ignored              []string
		notes                string // the first note, as far as it goes
	}{
		{name: "a move and commands", from: seatAddrs[0], to: r.m.Tokens.ReplyTo(r.m.Mailbox, id, 0), body: "Hello\r\nA1\r\nSAY hi\r\nRESIGN\r\nThanks\r\n",
			runs: "A1=MOVE SAY hi=SAY RESIGN=RESIGN", ignored: []string{"Hello", "Thanks"}},
		{name: "asked about", from: seatAddrs[0], to: r.m.Tokens.ReplyTo(r.m.Mailbox, id, 0), body: "RESIGN?\r\nA1\r\n",
			runs: "RESIGN?=RESIGN!"},
		{name: "a stranger to a game", from: "eve@example.com", to: r.m.Tokens.ReplyTo(r.m.Mailbox, id, 0), body: "A1\r\n",
			notes: "mail to a game from an address that does not play in it ignored (game=" + id},
		{name: "plain", from: "eve@example.com", to: r.m.Mailbox, body: "HELP\r\n", runs: "HELP=HELP"},
	}
	for _, tc := range tests {
		reading, err := r.m.Read(ctx, r.record(tc.from, tc.to, "", tc.body))
		if err != nil {
			t.Fatal(err)
		}
		var runs []string
		for _, rl := range reading.Runs {
			s := rl.Line + "=" + rl.Command
			if rl.Refused != "" {
				s += "!"
			}
			runs = append(runs, s)
		}
		if got := strings.Join(runs, " "); got != tc.runs {
			t.Errorf("%s: Read runs %q, want %q", tc.name, got, tc.runs)
		}
		if !slices.Equal(reading.Ignored, tc.ignored) && (len(tc.ignored) > 0 || len(reading.Ignored) > 0) {
			t.Errorf("%s: Read ignores %q, want %q", tc.name, reading.Ignored, tc.ignored)
		}
		if tc.notes != "" && (len(reading.Notes) == 0 || !strings.HasPrefix(reading.Notes[0], tc.notes)) {
			t.Errorf("%s: Read notes %q, want %q first", tc.name, reading.Notes, tc.notes)
		}
	}
	if n := len(r.notices()); n != before {
		t.Errorf("Read wrote %d notices, want none", n-before)
	}
	if g := r.game(id); len(g.Moves) != 0 || g.Ended != nil {
		t.Errorf("Read played the game: %+v", g.Moves)
	}
}

// TestNoteHandler: what Read notes of a log line: its message and its
// attributes, those of the mail and its sender left out.
func TestNoteHandler(t *testing.T) {
	var r Reading
	log := slog.New(&noteHandler{r: &r}).With("mail", "k1", "from", "x@y", "game", "g1").WithGroup("ignored")
	log.Info("first", "seat", 1)
	slog.New(&noteHandler{r: &r}).Info("second")
	want := []string{"first (game=g1, seat=1)", "second"}
	if !slices.Equal(r.Notes, want) {
		t.Errorf("notes %q, want %q", r.Notes, want)
	}
	if !(&noteHandler{}).Enabled(context.Background(), slog.LevelDebug) {
		t.Error("the note handler leaves out debug lines")
	}
}

// TestHosting: the running games an address hosts, as the read models
// say; none without them.
func TestHosting(t *testing.T) {
	ctx := context.Background()
	r := newRoom(t)
	if n, err := r.m.hosting(ctx, seatAddrs[0]); n != 0 || err != nil {
		t.Errorf("hosting without read models = %d, %v", n, err)
	}
	index := r.index()
	r.create()
	over := r.create()
	r.seat(over, 0, "RESIGN\r\n")
	if err := index.CatchUp(ctx); err != nil {
		t.Fatal(err)
	}
	for addr, want := range map[string]int{seatAddrs[0]: 1, "ANA@example.org": 1, seatAddrs[1]: 0, "dov@example.com": 0} {
		if n, err := r.m.hosting(ctx, addr); n != want || err != nil {
			t.Errorf("hosting(%s) = %d, %v; want %d", addr, n, err, want)
		}
	}
	r.m.MaxHosted = 2
	if out := answers(r.plain(seatAddrs[0], "NEW atacama WITH dov@example.com\r\n"), seatAddrs[0]); len(out) != 0 {
		t.Fatalf("a second running game hosted answered %+v, want it made", out)
	}
	if err := index.CatchUp(ctx); err != nil {
		t.Fatal(err)
	}
	out := answers(r.plain(seatAddrs[0], "NEW atacama WITH eve@example.com\r\n"), seatAddrs[0])
	if refusal(out) != "refuse.hosting" || out[0].Fields["reason.msgs"] != `[["refuse.hosting","2","2"]]` {
		t.Errorf("a third running game hosted answered %+v, want refused at two", out)
	}
}

// TestInvitees: a new game asks every player but its host, its open
// seats and those who said yes to a game of the host's before.
func TestInvitees(t *testing.T) {
	ctx := context.Background()
	r := newRoom(t)
	players := []string{seatAddrs[1], "dov@example.com"}
	if got, err := r.m.invitees(ctx, nil, seatAddrs[0]); len(got) != 0 || err != nil {
		t.Errorf("invitees of no players = %v, %v", got, err)
	}
	index := r.index()
	id := r.create() // Ana hosts, Bea is seated: she said yes
	if err := index.CatchUp(ctx); err != nil {
		t.Fatal(err)
	}
	g := r.game(id)
	if len(g.Invited()) != 0 {
		t.Fatalf("create's players are invited: %v", g.Invited())
	}
	ps := toPlayers(append([]string{seatAddrs[0]}, players...))
	ps = append(ps, ps[0])
	ps[len(ps)-1].Open, ps[len(ps)-1].Address = true, ""
	got, err := r.m.invitees(ctx, ps, seatAddrs[0])
	if err != nil || !slices.Equal(got, []string{"dov@example.com"}) {
		t.Errorf("invitees = %v, %v; want dov alone (Bea plays a game of Ana's)", got, err)
	}
	got, err = r.m.invitees(ctx, ps, "dov@example.com")
	if err != nil || !slices.Equal(got, []string{seatAddrs[0], seatAddrs[1]}) {
		t.Errorf("invitees of dov's game = %v, %v; want Ana and Bea", got, err)
	}
	// Bea said yes at the first seat of a game Ana hosts.
	if _, err := r.m.Service.Create(ctx, games.NewGame{Game: "atacama", Host: seatAddrs[0],
		Players: []events.Player{{Name: "Cai", Address: "cai@example.com"}, {Name: "Ana", Address: seatAddrs[0]}}}); err != nil {
		t.Fatal(err)
	}
	if err := index.CatchUp(ctx); err != nil {
		t.Fatal(err)
	}
	if got, err := r.m.invitees(ctx, toPlayers([]string{"cai@example.com"}), seatAddrs[0]); err != nil || len(got) != 0 {
		t.Errorf("invitees = %v, %v; want none: Cai plays at the first seat of a game of Ana's", got, err)
	}
	// Invited and not yet answered is not yes.
	r.plain(seatAddrs[0], "NEW atacama WITH eve@example.com\r\n")
	if err := index.CatchUp(ctx); err != nil {
		t.Fatal(err)
	}
	if got, _ := r.m.invitees(ctx, toPlayers([]string{"eve@example.com"}), seatAddrs[0]); !slices.Equal(got, []string{"eve@example.com"}) {
		t.Errorf("invitees = %v, want Eve, who has not said yes", got)
	}
}

func toPlayers(addrs []string) []events.Player {
	var out []events.Player
	for _, a := range addrs {
		out = append(out, events.Player{Address: a})
	}
	return out
}

// TestOverBudget: the refusal says how many mails, and the budgets.
func TestOverBudget(t *testing.T) {
	m := &Mailroom{RatePerHour: 5, DomainFactor: 3}
	var refusal *games.Error
	if err := m.overBudget(7); !errors.As(err, &refusal) || !errors.Is(err, games.ErrSetup) {
		t.Fatalf("overBudget = %v, want a refusal of the setup", err)
	}
	f := map[string]string{}
	locale.SayRefusal(f, "reason", refusal)
	if got, want := f["reason.msgs"], `[["refuse.budget","7","5","20","3"]]`; got != want {
		t.Errorf("overBudget(7) says %s, want %s", got, want)
	}
}

// TestCommandBudgets: SAY spends a mail for each other player, REPLACE
// and WATCH one each, from the sender's budget; past it the command is
// refused (and the refusal, over the budget too, not sent).
func TestCommandBudgets(t *testing.T) {
	tests := []struct {
		name   string
		lines  []string // each mailed alone, in order
		passed int      // how many of them run
		done   func(g *projections.Game) int
	}{
		{name: "SAY", lines: []string{"SAY one", "SAY two", "SAY three"}, passed: 2,
			done: func(g *projections.Game) int { return len(g.Said) }},
		{name: "WATCH", lines: []string{"WATCH o1@example.com", "WATCH o2@example.com", "WATCH o3@example.com"}, passed: 2,
			done: func(g *projections.Game) int { return len(g.Asked) }},
		{name: "REPLACE", lines: []string{"REPLACE 1 WITH d1@example.com", "REPLACE 1 WITH d2@example.com", "REPLACE 1 WITH d3@example.com"}, passed: 2,
			done: func(g *projections.Game) int { return int(g.Created.Players[1].Address[1] - '0') }},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := newRoom(t)
			r.m.RatePerHour = 2
			id := r.create()
			for _, line := range tc.lines {
				r.seat(id, 0, line+"\r\n")
			}
			if got := tc.done(r.game(id)); got != tc.passed {
				t.Errorf("%q: %d ran, want %d within the budget of 2", tc.lines, got, tc.passed)
			}
		})
	}
}

// TestNewGameBudget: NEW spends a mail for each player it invites, from
// the host's budget: over it, no game is created and nobody is
// invited; within it, the game invites them.
func TestNewGameBudget(t *testing.T) {
	tests := []struct {
		name    string
		rate    int
		created bool
	}{
		{name: "two invited, a budget of one", rate: 1},
		{name: "two invited, a budget of three", rate: 3, created: true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := newRoom(t)
			r.m.RatePerHour = tc.rate
			out := r.plain("dov@example.org", "NEW atacama WITH dov@example.org, eve@example.com, fay@example.net\r\n")
			// A game created invites eve and fay by mail.
			if created := len(to(r.notices(), "eve@example.com")) == 1 && len(to(r.notices(), "fay@example.net")) == 1; created != tc.created || (!created && refusal(out) != "refuse.budget") {
				t.Errorf("NEW inviting two on a budget of %d: created %v, refused %q; want created %v", tc.rate, created, refusal(out), tc.created)
			}
		})
	}
}
