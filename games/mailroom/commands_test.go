package mailroom

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/pbem-games/pbem/games"
	"github.com/pbem-games/pbem/games/notice"
	"github.com/pbem-games/pbem/mail"
	"github.com/pbem-games/pbem/projections"
)

// seatMails are mails from a seat of a new Atacama game of Ana (seat 0,
// the host, to move) and Bea to the seat's reply address, each run by
// the handler of its word: what its sender is answered (the kinds, in
// order), what a refusal says (its message id, or the rules' or the
// command side's reason), and what the game is then.
var seatMails = []struct {
	name    string
	seat    int
	body    string
	answers string            // the kinds of the notices to the sender
	refused string            // the reason of the refusal among them; "" for none
	fields  map[string]string // fields of the first answer
	game    func(g *projections.Game) bool
}{
	{name: "HELP", body: "HELP", answers: notice.KindHelp},
	{name: "BOARD", body: "BOARD", answers: notice.KindBoard},
	{name: "LEGAL", body: "LEGAL", answers: notice.KindLegal},
	{name: "GAMES", body: "GAMES", answers: notice.KindGames},
	{name: "HISTORY", body: "HISTORY 3", answers: notice.KindHistory},
	{name: "move", body: "A1", game: func(g *projections.Game) bool { return len(g.Moves) == 1 && g.Moves[0].Move == "A1" }},
	{name: "move refused", body: "Z99", answers: notice.KindRejected, refused: "Z99 is not a field: columns are A to I and rows 1 to 9", game: func(g *projections.Game) bool { return len(g.Moves) == 0 }},
	{name: "move of the seat not to move", seat: 1, body: "C3", answers: notice.KindRejected, refused: "it is not your turn: seat 0 places now", game: func(g *projections.Game) bool { return len(g.Moves) == 0 }},
	{name: "UNDO usage", body: "A1\nUNDO x", answers: notice.KindError, refused: "refuse.undo.usage", game: func(g *projections.Game) bool { return g.Undo == nil }},
	{name: "UNDO 0", body: "A1\nUNDO 0", answers: notice.KindError, refused: "refuse.undo.usage", game: func(g *projections.Game) bool { return len(g.Undone) == 0 }},
	{name: "UNDO", body: "A1\nUNDO", game: func(g *projections.Game) bool { return len(g.Undone) == 1 }},
	{name: "UNDO 1", body: "A1\nUNDO 1", game: func(g *projections.Game) bool { return len(g.Undone) == 1 }},
	{name: "UNDO 2", body: "A1\nUNDO 2", answers: notice.KindError, refused: "there are only %s moves to take back", game: func(g *projections.Game) bool { return g.Undo == nil }},
	{name: "DECLINE nothing", body: "DECLINE", answers: notice.KindError, refused: "refuse.decline.nothing"},
	{name: "REPLACE usage", body: "REPLACE x WITH dov@example.com", answers: notice.KindError, refused: "refuse.replace.usage"},
	{name: "REPLACE without WITH", body: "REPLACE 1 dov@example.com", answers: notice.KindError, refused: "refuse.replace.usage"},
	{name: "REPLACE not an address", body: "REPLACE 1 WITH dov", answers: notice.KindError, refused: "%q is not an address"},
	{name: "REPLACE", body: "REPLACE 1 WITH Dov@Example.com", game: func(g *projections.Game) bool {
		return g.Created.Players[1].Address == "dov@example.com" && g.Created.Players[1].Invited
	}},
	{name: "EXPEL usage", body: "EXPEL Bea", answers: notice.KindError, refused: "refuse.expel.usage"},
	{name: "EXPEL", body: "EXPEL 1", game: func(g *projections.Game) bool { return g.Abandoned[1] == games.ReasonExpelled }},
	{name: "AUTO usage", body: "AUTO maybe", answers: notice.KindError, refused: "refuse.auto.usage"},
	{name: "AUTO OFF", body: "AUTO OFF", game: func(g *projections.Game) bool { return g.Manual[0] }},
	{name: "AUTO ON", body: "AUTO OFF\nAUTO ON", game: func(g *projections.Game) bool { return !g.Manual[0] }},
	{name: "DIGEST usage", body: "DIGEST", answers: notice.KindError, refused: "refuse.digest.usage"},
	{name: "DIGEST ON", body: "DIGEST ON", game: func(g *projections.Game) bool { return g.Digest[0] }},
	{name: "DIGEST OFF", body: "DIGEST ON\nDIGEST OFF", game: func(g *projections.Game) bool { return !g.Digest[0] }},
	{name: "IF usage", seat: 1, body: "IF A1 C3", answers: notice.KindError, refused: "refuse.if.usage"},
	{name: "IF", seat: 1, body: "IF A1 THEN C3", game: func(g *projections.Game) bool { return len(g.Conditionals[1]) == 1 }},
	{name: "PAUSE", body: "PAUSE", game: func(g *projections.Game) bool { return g.PausedAt != nil }},
	{name: "RESUME", body: "PAUSE\nRESUME", game: func(g *projections.Game) bool { return g.PausedAt == nil }},
	{name: "PAUSE by a guest", seat: 1, body: "PAUSE", answers: notice.KindError, refused: "only the game's host (%s) may do that", game: func(g *projections.Game) bool { return g.PausedAt == nil }},
	{name: "END", body: "END", game: func(g *projections.Game) bool { return g.EndVotes[0] && g.Ended == nil }},
	{name: "RESIGN", body: "RESIGN", game: func(g *projections.Game) bool { return slices.Equal(g.Resigned, []int{0}) && g.Ended != nil }},
	{name: "RESIGN asked about", body: "RESIGN?", answers: notice.KindError, refused: "refuse.question", game: func(g *projections.Game) bool { return g.Ended == nil }},
	{name: "SAY", body: "SAY hello there", game: func(g *projections.Game) bool { return len(g.Said) == 1 && g.Said[0].Text == "hello there" }},
	{name: "WATCH", body: "WATCH Olga@Example.com", game: func(g *projections.Game) bool { return g.Asked["olga@example.com"] }},
	{name: "WATCH not an address", body: "WATCH olga", answers: notice.KindError, refused: "%q is not an address", game: func(g *projections.Game) bool { return len(g.Asked) == 0 }},
	{name: "UNWATCH", body: "WATCH olga@example.com\nUNWATCH olga@example.com", game: func(g *projections.Game) bool { return !g.Asked["olga@example.com"] }},
	{name: "DEADLINE", body: "DEADLINE 3d", game: func(g *projections.Game) bool { return g.Settings.PerMove == "3d" && g.Settings.Zone == "" }},
	{name: "DEADLINE on weekdays", body: "TZ Europe/Paris\nDEADLINE 2d mon-fri", answers: notice.KindHelp, game: func(g *projections.Game) bool {
		return g.Settings.PerMove == "2d" && len(g.Settings.Days) == 5 && g.Settings.Zone == "Europe/Paris"
	}},
	{name: "DEADLINE in a zone", body: "TZ Europe/Paris\nDEADLINE 3d", answers: notice.KindHelp, game: func(g *projections.Game) bool { return g.Settings.PerMove == "3d" && g.Settings.Zone == "" }},
	{name: "DEADLINE refused", body: "DEADLINE soon", answers: notice.KindError, refused: "refuse.deadline.usage", game: func(g *projections.Game) bool { return g.Settings.PerMove == "" }},
	{name: "VACATION", body: "VACATION 2026-12-10 2026-12-12", game: func(g *projections.Game) bool { return len(g.Vacations) == 1 }},
	{name: "VACATION refused", body: "VACATION someday", answers: notice.KindError, refused: "refuse.vacation.usage", game: func(g *projections.Game) bool { return len(g.Vacations) == 0 }},
	{name: "LANG", body: "LANG zh", answers: notice.KindHelp, fields: map[string]string{"set": "lang", "lang": "zh"}},
	{name: "LANG refused", body: "LANG klingon", answers: notice.KindError, refused: "refuse.lang"},
	{name: "TZ", body: "TZ Europe/Paris", answers: notice.KindHelp, fields: map[string]string{"set": "zone", "zone": "Europe/Paris", "lang": "en"}},
	{name: "TZ refused", body: "TZ Nowhere/Town", answers: notice.KindError, refused: "refuse.zone"},
	{name: "LANG and TZ in one answer", body: "LANG zh\nTZ Asia/Shanghai", answers: notice.KindHelp, fields: map[string]string{"set": "lang zone", "lang": "zh", "zone": "Asia/Shanghai"}},
	{name: "no command", body: "", answers: notice.KindHelp, fields: map[string]string{"notice.msgs": `[["no.command"]]`, "lang": "en"}},
	{name: "a refusal ends the mail", body: "UNDO x\nPAUSE", answers: notice.KindError, refused: "refuse.undo.usage", game: func(g *projections.Game) bool { return g.PausedAt == nil }},
	{name: "JOIN in a game", seat: 1, body: "JOIN x y z", answers: notice.KindError, refused: "refuse.join.usage"},
	{name: "ENTER without a campaign", body: "ENTER", answers: notice.KindError, refused: "refuse.campaign.id"},
	{name: "STANDINGS without a campaign", body: "STANDINGS", answers: notice.KindError, refused: "refuse.campaign.id"},
	{name: "WITHDRAW without a campaign", body: "WITHDRAW", answers: notice.KindError, refused: "refuse.campaign.id"},
}

// TestSeatMails runs each of seatMails on a game of its own.
func TestSeatMails(t *testing.T) {
	r := newRoom(t)
	for i, tc := range seatMails {
		t.Run(tc.name, func(t *testing.T) {
			// Players of their own, whose settings no other case made.
			r.t, r.addrs = t, []string{fmt.Sprintf("ana%d@example.org", i), fmt.Sprintf("bea%d@example.net", i)}
			id := r.create()
			out := answers(r.seat(id, tc.seat, strings.ReplaceAll(tc.body, "\n", "\r\n")+"\r\n"), r.player(tc.seat))
			checkAnswers(t, tc.body, out, tc.answers, tc.refused, tc.fields)
			for _, n := range out {
				if n.Game != id || n.Seat != tc.seat || n.InReplyTo == "" {
					t.Errorf("%q answered with %+v: want it in the game's thread of seat %d", tc.body, n, tc.seat)
				}
			}
			if g := r.game(id); tc.game != nil && !tc.game(g) {
				t.Errorf("after %q the game is %+v", tc.body, g.Table)
			}
		})
	}
}

// plainMails are mails from dov, who plays in no game, to the plain
// mailbox, with what each is answered.
var plainMails = []struct {
	name    string
	body    string
	answers string
	refused string
	fields  map[string]string // fields of the first answer
}{
	{name: "HELP", body: "HELP", answers: notice.KindHelp},
	{name: "a game's command", body: "BOARD", answers: notice.KindError, refused: "refuse.needs.game"},
	{name: "a move", body: "UNDO", answers: notice.KindError, refused: "refuse.needs.game"},
	{name: "JOIN alone", body: "JOIN", answers: notice.KindError, refused: "refuse.join.usage"},
	{name: "JOIN of three words", body: "JOIN a b c", answers: notice.KindError, refused: "refuse.join.usage"},
	{name: "JOIN of an unknown game", body: "JOIN g-nothing", answers: notice.KindError, refused: "refuse.join.usage"},
	{name: "JOIN of an unknown game with a code", body: "JOIN g-nothing 1234", answers: notice.KindError, refused: "refuse.join.code"},
	{name: "NEW without WITH", body: "NEW atacama", answers: notice.KindError, refused: "refuse.new.usage"},
	{name: "NEW of an unknown game", body: "NEW chess WITH bea@example.net", answers: notice.KindError, refused: "there is no game called \"chess\"; the games are atacama"},
	{name: "NEW with a bad address", body: "NEW atacama WITH bea", answers: notice.KindError, refused: "%q is not an address"},
	{name: "STOP", body: "STOP", answers: notice.KindHelp, fields: map[string]string{"confirm": mail.ConfirmStop, ownWords: "1"}},
	{name: "ENTER without a campaign", body: "ENTER", answers: notice.KindError, refused: "refuse.campaign.id"},
	{name: "CAMPAIGN refused", body: "CAMPAIGN", answers: notice.KindError, refused: "refuse.campaign.usage"},
	{name: "CAMPAIGN WITH nobody", body: "CAMPAIGN league atacama WITH ,", answers: notice.KindError, refused: "refuse.campaign.usage"},
	{name: "an unknown campaign's decision", body: "CAMPAIGN cabcdef pair", answers: notice.KindError, refused: "refuse.campaign.unknown"},
	{name: "ENTER an unknown campaign", body: "ENTER cabcdef", answers: notice.KindError, refused: "refuse.campaign.unknown"},
	{name: "WITHDRAW from an unknown campaign", body: "WITHDRAW cabcdef", answers: notice.KindError, refused: "refuse.campaign.unknown"},
	{name: "STANDINGS of an unknown campaign", body: "STANDINGS cabcdef", answers: notice.KindError, refused: "refuse.campaign.unknown"},
	{name: "STANDINGS without a campaign", body: "STANDINGS", answers: notice.KindError, refused: "refuse.campaign.id"},
	{name: "WITHDRAW without a campaign", body: "WITHDRAW", answers: notice.KindError, refused: "refuse.campaign.id"},
	{name: "no command", body: "", answers: notice.KindHelp, fields: map[string]string{"notice.msgs": `[["no.command"]]`}},
	{name: "a line that is no command", body: "hello", answers: notice.KindRejected, refused: "refuse.needs.game"},
	{name: "a refusal and the lines ignored", body: "hello\nJOIN\nthanks", answers: notice.KindError, refused: "refuse.join.usage"},
}

// TestPlainMails runs each of plainMails.
func TestPlainMails(t *testing.T) {
	r := newRoom(t)
	for _, tc := range plainMails {
		t.Run(tc.name, func(t *testing.T) {
			r.t = t
			out := answers(r.plain("dov@example.com", strings.ReplaceAll(tc.body, "\n", "\r\n")+"\r\n"), "dov@example.com")
			checkAnswers(t, tc.body, out, tc.answers, tc.refused, tc.fields)
			for _, n := range out {
				if n.To != "dov@example.com" || n.Game != "" || n.InReplyTo == "" || n.ID == "" {
					t.Errorf("%q answered with %+v: want an answer to dov's mail, of no game", tc.body, n)
				}
			}
		})
	}
}

// checkAnswers checks the answers out to a mail of body: their kinds,
// the reason of the refusal among them ("" for none), and fields of the
// first.
func checkAnswers(t *testing.T, body string, out []mail.Notice, want, refused string, fields map[string]string) {
	t.Helper()
	if got := kinds(out); got != want {
		t.Errorf("%q answered %q, want %q", body, got, want)
	}
	if got := refusal(out); got != refused {
		t.Errorf("%q refused saying %q, want %q", body, got, refused)
	}
	for k, v := range fields {
		if len(out) == 0 || out[0].Fields[k] != v {
			t.Errorf("%q answered %+v, want its %s %q", body, out, k, v)
		}
	}
}
