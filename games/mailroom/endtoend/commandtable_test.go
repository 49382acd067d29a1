package endtoend_test

import (
	"html"
	"slices"
	"strings"
	"testing"

	"github.com/pbem-games/pbem/campaigns"
	"github.com/pbem-games/pbem/campaigns/bymail"
	"github.com/pbem-games/pbem/campaigns/organiser"
	"github.com/pbem-games/pbem/events"
	"github.com/pbem-games/pbem/games"
	"github.com/pbem-games/pbem/games/commands"
	"github.com/pbem-games/pbem/games/letters"
	"github.com/pbem-games/pbem/games/notice"
	"github.com/pbem-games/pbem/mail"
	"github.com/pbem-games/pbem/rules/atacama"
	"github.com/pbem-games/pbem/templates/words"
)

// commandForms are lines of every mail command, written as a player
// would, each on a fresh Atacama game of Ana (the host, seat 0, to move)
// and Bea (an open seat for JOIN, whose line names the game and its code
// as {game} and {code}); before are lines sent first. A form is accepted when
// the mail gets no refusal and its answer, if want names one, is of that
// kind, and the game's last event is then of type event ("" to skip);
// refused when its refusal says reason.
var commandForms = []struct {
	word, line string
	seat       int    // who sends it: 0 Ana, 1 Bea; -1 to the game mailbox, by Ana (Cai for JOIN)
	before     string // lines sent first, "seat:line|seat:line…"
	want       string // the kind of the answer, "" for none looked at
	event      string // the type of the game's last event after it
	reason     string // for a refused form: what the refusal says
}{
	{word: "HELP", line: "HELP", want: notice.KindHelp},
	{word: "HELP", line: "?", seat: -1, want: notice.KindHelp},
	{word: "HELP", line: "help me please", seat: -1, want: notice.KindHelp},
	{word: "HELP", line: "帮助", seat: -1, want: notice.KindHelp},
	{word: "NEW", line: "NEW atacama WITH bea@example.net", seat: -1},
	{word: "NEW", line: "新游戏 atacama 和 bea@example.net，空位", seat: -1},
	{word: "NEW", line: "NEW atacama", seat: -1, reason: "write NEW, the game"},
	{word: "NEW", line: "NEW chess WITH bea@example.net", seat: -1, reason: "chess"},
	{word: "JOIN", line: "JOIN {game} {code}", seat: -1, event: events.TypePlayerReplaced},
	{word: "JOIN", line: "JOIN k7q2mx", seat: -1, reason: "write JOIN, the game's id and its invitation code"},
	{word: "JOIN", line: "JOIN k7q2mx 3fz9x0mw", seat: -1, reason: "not the invitation code"},
	// English, so that the forms after them are answered in English
	// (TestLanguageByMail sets Chinese).
	{word: "LANG", line: "LANG en", seat: 1, want: notice.KindHelp},
	{word: "LANG", line: "语言：英文", seat: -1, want: notice.KindHelp},
	{word: "LANG", line: "LANG klingon", seat: -1, reason: "klingon"},
	{word: "TZ", line: "TZ Asia/Shanghai", seat: -1, want: notice.KindHelp},
	{word: "TZ", line: "时区 +08:00", seat: 1, want: notice.KindHelp},
	{word: "TZ", line: "TZ Mars/Olympus", seat: 1, reason: "Mars/Olympus"},
	{word: "GAMES", line: "GAMES", seat: -1, want: notice.KindGames},
	{word: "STOP", line: "STOP", seat: 1},
	{word: "BOARD", line: "BOARD", want: notice.KindBoard},
	{word: "BOARD", line: "status", seat: 1, want: notice.KindBoard},
	{word: "BOARD", line: "BOARD", seat: -1, reason: "needs a game"},
	{word: "LEGAL", line: "LEGAL", want: notice.KindLegal},
	{word: "LEGAL", line: "LEGAL", seat: -1, reason: "needs a game"},
	{word: "HISTORY", line: "HISTORY", seat: 1, want: notice.KindHistory},
	{word: "HISTORY", line: "HISTORY", seat: -1, reason: "needs a game"},
	{word: "SAY", line: "SAY good luck!", seat: 1, event: events.TypePlayerSaid},
	{word: "SAY", line: "说：祝你好运，玩得开心！", seat: 1, event: events.TypePlayerSaid},
	{word: "SAY", line: "SAY", reason: "SAY needs a message"},
	{word: "RESIGN", line: "RESIGN", seat: 1, event: events.TypeGameEnded},
	{word: "RESIGN", line: "RESIGN", seat: -1, reason: "needs a game"},
	{word: "UNDO", line: "UNDO", before: "0:E5", event: events.TypeMovesUndone},
	{word: "UNDO", line: "UNDO 1", seat: 1, before: "0:E5", event: events.TypeUndoProposed},
	{word: "UNDO", line: "悔棋　1", before: "0:E5", event: events.TypeMovesUndone},
	{word: "UNDO", line: "UNDO twice", before: "0:E5", reason: "write UNDO, or UNDO and how many moves"},
	{word: "AGREE", line: "AGREE", before: "0:E5|1:UNDO", event: events.TypeMovesUndone},
	{word: "AGREE", line: "同意。", before: "0:E5|1:悔棋", event: events.TypeMovesUndone},
	{word: "AGREE", line: "AGREE", seat: 1, reason: "nobody has asked to take moves back"},
	{word: "DECLINE", line: "DECLINE", before: "0:E5|1:UNDO", event: events.TypeUndoAnswered},
	{word: "DECLINE", line: "DECLINE", seat: 1, reason: "nobody has asked to take moves back"},
	{word: "END", line: "END GAME", event: events.TypeEndProposed},
	{word: "END", line: "END", seat: -1, reason: "needs a game"},
	{word: "VACATION", line: "VACATION 2026-12-20 2026-12-27", seat: 1, event: events.TypeVacationDeclared},
	{word: "VACATION", line: "VACATION soon", seat: 1, reason: "VACATION"},
	{word: "AUTO", line: "AUTO OFF", seat: 1, event: events.TypeAutoChanged},
	{word: "AUTO", line: "auto on", seat: 0, event: events.TypeAutoChanged},
	{word: "AUTO", line: "AUTO sometimes", seat: 1, reason: "write AUTO OFF"},
	{word: "AUTO", line: "自动：关", seat: 1, event: events.TypeAutoChanged},
	{word: "DIGEST", line: "DIGEST ON", seat: 1, event: events.TypeDigestChanged},
	{word: "DIGEST", line: "DIGEST maybe", seat: 1, reason: "write DIGEST ON"},
	{word: "IF", line: "IF E5 THEN G7", seat: 1, event: events.TypeConditionalSet},
	{word: "IF", line: "IF E5", seat: 1, reason: "write IF, their move, THEN and yours"},
	{word: "IF", line: "如果 E5 那么 G7", seat: 1, event: events.TypeConditionalSet},
	{word: "DEADLINE", line: "DEADLINE 48h mon-fri REMINDER 12h GRACE 6h", event: events.TypeSettingsChanged},
	{word: "DEADLINE", line: "DEADLINE 48h", seat: 1, reason: "only the game's host"},
	{word: "DEADLINE", line: "DEADLINE soon", reason: "soon"},
	{word: "PAUSE", line: "PAUSE", event: events.TypeGamePaused},
	{word: "PAUSE", line: "PAUSE", seat: 1, reason: "only the game's host"},
	{word: "RESUME", line: "RESUME", before: "0:PAUSE", event: events.TypeGameResumed},
	{word: "RESUME", line: "RESUME", seat: 1, before: "0:PAUSE", reason: "only the game's host"},
	{word: "REPLACE", line: "REPLACE 1 WITH cai@example.com", event: events.TypePlayerReplaced},
	{word: "REPLACE", line: "REPLACE bea", reason: "write REPLACE, the seat, WITH"},
	{word: "REPLACE", line: "替换 1 和 cai@example.com", event: events.TypePlayerReplaced},
	{word: "EXPEL", line: "EXPEL 1", event: events.TypeSeatAbandoned},
	{word: "EXPEL", line: "EXPEL bea", reason: "write EXPEL and the seat"},
	{word: "WATCH", line: "WATCH olga@example.com", event: events.TypeObserverChanged},
	{word: "WATCH", line: "WATCH olga@example.com", seat: 1, reason: "only the game's host"},
	{word: "UNWATCH", line: "UNWATCH olga@example.com", before: "0:WATCH olga@example.com", event: events.TypeObserverChanged},
	{word: "UNWATCH", line: "UNWATCH olga@example.com", seat: 1, reason: "only the game's host"},
	// Campaigns: {campaign} is a round robin that Ana organises and
	// Bea and Cai were asked to.
	{word: "CAMPAIGN", line: "CAMPAIGN swiss atacama ROUNDS 3 WITH dora@example.net, eve@example.com", seat: -1},
	{word: "CAMPAIGN", line: "赛事 循环赛 atacama 和 fay@example.net", seat: -1},
	{word: "CAMPAIGN", line: "CAMPAIGN cup atacama WITH bea@example.net", seat: -1, reason: "a campaign is one of"},
	{word: "CAMPAIGN", line: "CAMPAIGN swiss chess WITH bea@example.net", seat: -1, reason: "CAMPAIGN needs a game pbem plays"},
	{word: "CAMPAIGN", line: "CAMPAIGN swiss atacama ROUNDS many", seat: -1, reason: "ROUNDS needs"},
	{word: "CAMPAIGN", line: "CAMPAIGN {campaign} START", seat: -1, want: notice.KindHelp},
	{word: "CAMPAIGN", line: "CAMPAIGN c222222 START", seat: -1, reason: "there is no campaign of that id"},
	{word: "ENTER", line: "ENTER {campaign}", seat: -1, want: notice.KindHelp},
	{word: "ENTER", line: "ENTER c222222", seat: -1, reason: "there is no campaign of that id"},
	{word: "ENTER", line: "ENTER", seat: -1, reason: "write the campaign's id after ENTER"},
	{word: "WITHDRAW", line: "WITHDRAW {campaign}", seat: -1, want: notice.KindHelp},
	{word: "WITHDRAW", line: "退赛 c222222", seat: -1, reason: "there is no campaign of that id"},
	{word: "STANDINGS", line: "STANDINGS {campaign}", seat: -1, want: bymail.KindStandings},
	{word: "STANDINGS", line: "排名 {campaign}", seat: 1, want: bymail.KindStandings},
	{word: "STANDINGS", line: "STANDINGS", seat: -1, reason: "write the campaign's id after STANDINGS"},
}

// TestMailCommandForms runs every form of commandForms through the
// mailroom.
func TestMailCommandForms(t *testing.T) {
	mt := newMailTable(t, atacama.Game)
	addr := []string{"ana@example.org", "bea@example.net"}
	for _, c := range commandForms {
		t.Run(c.line, func(t *testing.T) {
			mt.t = t
			var id string
			if strings.Contains(c.line, "{game}") {
				var err error
				id, err = mt.svc.Create(t.Context(), games.NewGame{Game: "atacama", Host: addr[0],
					Players: []events.Player{{Name: "Ana", Address: addr[0]}, {Name: "open seat", Open: true}}})
				if err != nil {
					t.Fatal(err)
				}
				c.line = strings.NewReplacer("{game}", id, "{code}", mt.m.Tokens.Invitation(id)).Replace(c.line)
			} else {
				id = mt.create("atacama", 2)
			}
			if strings.Contains(c.line, "{campaign}") {
				org := &organiser.Service{Games: mt.svc.Service}
				cid, err := org.Create(t.Context(), organiser.NewCampaign{Kind: campaigns.RoundRobin, Game: "atacama",
					Organiser: addr[0], Invited: []string{addr[1], "cai@example.com"}})
				if err != nil {
					t.Fatal(err)
				}
				c.line = strings.ReplaceAll(c.line, "{campaign}", cid)
			}
			for _, b := range strings.Split(c.before, "|") {
				if seat, line, ok := strings.Cut(b, ":"); ok {
					n := int(seat[0] - '0')
					if r := refusals(mt.mail(id, n, addr[n], "", line+"\r\n")); len(r) > 0 {
						t.Fatalf("%q was refused: %q", line, r)
					}
				}
			}
			var out []mail.Outgoing
			switch {
			case c.seat < 0 && c.word == "JOIN" && c.reason == "":
				out = mt.confirmed("cai@example.com", c.line) // as its sender means it
			case c.seat < 0 && c.word == "JOIN":
				out = mt.send("cai@example.com", mt.m.Mailbox, "", c.line+"\r\n")
			case c.seat < 0:
				out = mt.send(addr[0], mt.m.Mailbox, "", c.line+"\r\n")
			default:
				out = mt.mail(id, c.seat, addr[c.seat], "", c.line+"\r\n")
			}
			r := refusals(out)
			if c.reason != "" {
				if len(r) != 1 || !strings.Contains(r[0], c.reason) {
					t.Errorf("refusals %q, want one that says %q", r, c.reason)
				}
				return
			}
			if len(r) > 0 {
				t.Fatalf("refused: %q", r)
			}
			if c.want != "" && !slices.ContainsFunc(out, func(o mail.Outgoing) bool { return o.Headers[letters.HeaderKind] == c.want }) {
				t.Errorf("no %s answer among:\n%s", c.want, texts(out))
			}
			if c.event != "" {
				evs, err := mt.svc.History(t.Context(), id)
				if err != nil {
					t.Fatal(err)
				}
				if last := evs[len(evs)-1]; last.Type != c.event {
					t.Errorf("the game's last event is %s, want %s", last.Type, c.event)
				}
			}
		})
	}
}

// TestEveryCommandHasForms: every command of the table has an accepted
// and a refused form above, an example that starts with its word, and a
// line of help; HELP lists every one of them.
func TestEveryCommandHasForms(t *testing.T) {
	forms := map[string][2]int{}
	for _, c := range commandForms {
		f := forms[c.word]
		if c.reason == "" {
			f[0]++
		} else {
			f[1]++
		}
		forms[c.word] = f
	}
	for _, c := range commands.New() {
		if f := forms[c.Word]; f[0] == 0 || f[1] == 0 && c.Word != "HELP" && c.Word != "GAMES" && c.Word != "STOP" {
			t.Errorf("%s has %d accepted and %d refused forms in commandForms, want one of each at least", c.Word, f[0], f[1])
		}
		if first, _, _ := strings.Cut(c.Example, " "); first != c.Word && !slices.Contains(c.Aliases, first) {
			t.Errorf("%s's example %q does not start with it", c.Word, c.Example)
		}
		if !strings.HasSuffix(c.HelpIn("en"), ".") || !strings.HasPrefix(c.Syntax, c.Word) {
			t.Errorf("%s: help %q is not a sentence, or syntax %q does not start with the word", c.Word, c.HelpIn("en"), c.Syntax)
		}
		for _, lang := range words.Languages() {
			if !words.Has(lang, words.ID("cmd."+c.Word)) {
				t.Errorf("%s has no help in %s (message cmd.%s)", c.Word, lang, c.Word)
			}
		}
	}

	mt := newMailTable(t, atacama.Game)
	id := mt.create("atacama", 2)
	out := mt.mail(id, 1, "bea@example.net", "", "HELP\r\n")
	if len(out) != 1 {
		t.Fatalf("HELP answered with %d mails, want one", len(out))
	}
	flat := strings.Join(strings.Fields(out[0].Text), " ")
	for _, c := range commands.New() {
		if !strings.Contains(flat, c.Syntax) || !strings.Contains(out[0].HTML, html.EscapeString(c.Syntax)) {
			t.Errorf("HELP does not give %s", c.Syntax)
		}
	}
}

// TestLegalAttached: LEGAL gives the player to move every legal move, in
// the mail and attached, one a line; a player not to move has none.
func TestLegalAttached(t *testing.T) {
	mt := newMailTable(t, atacama.Game)
	id := mt.create("atacama", 2)
	out := mt.mail(id, 0, "ana@example.org", "", "LEGAL\r\n")
	g := mt.game(id)
	legal := g.State.Legal(0)
	if len(out) != 1 || len(out[0].Attachments) != 1 {
		t.Fatalf("LEGAL answered with %d mails, want one with an attachment", len(out))
	}
	lines := strings.Fields(string(out[0].Attachments[0].Data))
	if len(lines) != len(legal) || len(legal) < 2 {
		t.Errorf("the attachment lists %d moves, want all %d", len(lines), len(legal))
	}
	for _, m := range legal {
		if !slices.Contains(lines, m.String()) || !strings.Contains(out[0].Text, m.String()) {
			t.Errorf("move %s is missing from the attachment or the text", m)
		}
	}
	out = mt.mail(id, 1, "bea@example.net", "", "LEGAL\r\n")
	if len(out) != 1 || len(out[0].Attachments) != 0 || !strings.Contains(out[0].Text, "no move to play") {
		t.Errorf("LEGAL of the seat not to move, want a mail saying there is none, without attachment:\n%s", texts(out))
	}
}
