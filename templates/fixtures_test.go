package templates_test

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/pbem-games/pbem/templates"
)

// A fixture is one realistic mail: Name names its golden files.
type fixture struct {
	Name string
	Mail templates.Mail
}

const (
	commitment7 = "v2:48428bdb7ddd829410d6bbb924fdeb3a3d7e88c2577bffae073b990c6f061d08"
	commitment3 = "v2:d9147961436944f43cd99d28b2bbddbf452ef872b30c8279e255e7daafc7f946"
	seed3       = "0000000000000000000000000000000000000000000000000000000000000003"
	columns     = "scores the COLUMNS (turquoise: gold and silver +, copper −)"
	rows        = "scores the ROWS (orange: gold and copper +, silver −)"
	syntax      = "A move names a free field: its column letter, then its row number."
)

// legal are Bea's legal moves in the prompt fixture, as the rules list them.
var legal = strings.Fields("A1 A2 A3 A4 A5 A6 A7 A9 B1 B2 B4 B5 B6 C1 C5 C7 C9 D1 D2 D8 D9 " +
	"E1 E2 E7 E8 E9 F1 F2 F3 F8 F9 G1 G3 G4 G9 H4 H5 H6 H8 H9 I1 I3 I4 I5 I6 I7 I8 I9")

var (
	board    = templates.CommandHelp{Name: "BOARD", Syntax: "BOARD", Help: "Sends you the board as you see it now."}
	history  = templates.CommandHelp{Name: "HISTORY", Syntax: "HISTORY", Help: "Sends you every move so far."}
	say      = templates.CommandHelp{Name: "SAY", Syntax: "SAY <text>", Help: "Sends your text to everyone in the game."}
	help     = templates.CommandHelp{Name: "HELP", Syntax: "HELP", Help: "Sends you this help."}
	resign   = templates.CommandHelp{Name: "RESIGN", Syntax: "RESIGN", Help: "Gives the game up; it cannot be undone."}
	games    = templates.CommandHelp{Name: "GAMES", Syntax: "GAMES", Help: "Lists your games and where each stands."}
	usual    = []templates.CommandHelp{board, history, say, help, resign}
	anywhere = []templates.CommandHelp{games, help}
)

// readBoard reads a board fixture: a seat's view as the rules draw it.
func readBoard(t testing.TB, name string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", "fixtures", name+".txt"))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// duel is Bea's side of a two-player game on the square board, with
// Ana (seat 0) to move unless the fixture says otherwise.
func duel(t testing.TB, kind templates.Kind, seq int, boardName string) templates.Mail {
	return templates.Mail{
		Kind:    kind,
		Lang:    "en",
		Service: "pbem games",
		Mailbox: "games@pbem.example.org",
		Game:    templates.Game{ID: "k7q2mx", Title: "Atacama", Names: "Ana vs Bea", Seq: seq, Move: max(seq-1, 0), Host: "Ana"},
		To:      templates.Recipient{Name: "Bea", Address: "bea@example.net", Seat: 1},
		Players: []templates.PlayerLine{
			{Seat: 0, Name: "Ana", Role: columns, Score: "+0", ToAct: true},
			{Seat: 1, Name: "Bea", Role: rows, Score: "+0", You: true},
		},
		Board:    readBoard(t, boardName),
		Picture:  templates.Picture{CID: fmt.Sprintf("board.k7q2mx.%d.1.%s@pbem.example.org", seq, kind), Width: 932, Height: 712},
		Commands: slices.Clone(usual),
	}
}

// beaToMove turns a duel mail into a prompt for Bea.
func beaToMove(m templates.Mail) templates.Mail {
	m.Players[0].ToAct, m.Players[1].ToAct = false, true
	m.YourTurn, m.Example, m.MoveSyntax, m.Legal = true, "H5", syntax, slices.Clone(legal)
	return m
}

// fixtures returns a realistic mail of every kind, plus the variants of a
// kind whose layout differs. Every call returns fresh slices, so a test
// may change them.
func fixtures(t testing.TB) []fixture {
	var fs []fixture
	add := func(name string, m templates.Mail) { fs = append(fs, fixture{name, m}) }

	m := duel(t, templates.Invitation, 1, "start")
	m.Players[0].Score, m.Players[1].Score = "", ""
	m.Commitment = commitment7
	add("invitation", m)

	// Ana set the game up and moves first: her invitation is her prompt.
	m = duel(t, templates.Invitation, 1, "start")
	m.Players[0].Score, m.Players[1].Score = "", ""
	m.To = templates.Recipient{Name: "Ana", Address: "ana@example.org", Seat: 0, Host: true}
	m.Board = strings.Replace(m.Board, "seat 0 14, seat 1 (you) 14", "seat 0 (you) 14, seat 1 14", 1)
	m.Players[0].You, m.Players[1].You = true, false
	m.YourTurn, m.Example, m.MoveSyntax, m.Legal, m.LegalMore = true, "E5", syntax, []string{"A1", "A2", "A3", "A4", "A5", "A6", "A7", "A8", "A9", "B1"}, 71
	m.Commitment = commitment7
	m.Deadline = "Sat 5 Dec 09:00 UTC (reminder 12 hours before)"
	add("invitation-first-move", m)

	m = beaToMove(duel(t, templates.YourTurn, 8, "prompt"))
	m.Happened = []string{"Ana placed a rig on G7."}
	m.Deadline = "Thu 3 Dec 18:00 UTC (reminder 12 hours before)"
	add("your-turn", m)

	m = beaToMove(duel(t, templates.Reminder, 8, "prompt"))
	m.Legal, m.LegalMore = m.Legal[:20], len(legal)-20
	m.Deadline = "Thu 3 Dec 18:00 UTC, 12 hours from now"
	add("reminder", m)

	m = duel(t, templates.Accepted, 9, "moved-on")
	m.Happened = []string{"You placed a rig on H5."}
	m.Notice = "Your mail held two moves, H5 and I9; only the first was played."
	m.Commands = []templates.CommandHelp{board, history, say, help}
	add("accepted", m)

	m = beaToMove(duel(t, templates.Rejected, 8, "prompt"))
	m.Attempt, m.Reason = "F6", "F6 is next to your rig on F5"
	m.Legal, m.LegalMore = m.Legal[:20], len(legal)-20
	add("rejected", m)

	m = beaToMove(duel(t, templates.Stale, 8, "prompt"))
	m.Attempt = "B9"
	m.Changed = []string{"Your earlier reply was played: you placed a rig on B8.", "Ana placed a rig on G7."}
	add("stale", m)

	add("moved", trio(t))

	// Ana's time ran out: pbem moved for her, and Cleo is told so.
	m = trio(t)
	m.Actor, m.OnBehalfOf = "pbem", "Ana"
	m.Happened = []string{"Time ran out for Ana, so pbem played for them: it placed a rig on J3."}
	add("moved-by-pbem", m)

	m = duel(t, templates.Said, 8, "prompt")
	m.Board, m.Players = "", nil
	m.SaidBy = "Ana"
	m.Said = "Good luck! I have never played the square board before.\n\nOne move a day suits me; is that all right for you?"
	m.Commands = []templates.CommandHelp{say, help}
	add("said", m)

	m = duel(t, templates.Said, 12, "prompt")
	m.Board, m.Players = "", nil
	m.SaidBy, m.Said = "Ana", "Sorry, one more thing:"
	m.SaidMore = []templates.Saying{{Said: "I am away from Friday to Sunday."}, {By: "Cai", Said: "Have a good trip!\nSee you Monday."}}
	m.Commands = []templates.CommandHelp{say, help}
	add("said-gathered", m)

	m = duel(t, templates.GameOver, 30, "final")
	m.Players[0].Score, m.Players[1].Score, m.Players[0].ToAct = "+17", "−8", false
	m.Over, m.Result = true, "Ana wins with +17; Bea −8."
	m.Happened = []string{"You placed your last rig on A6."}
	m.Seed, m.Commitment, m.VerifyHint = seed3, commitment3, "pbem verify --file game.jsonl"
	m.SigningKey = "ed25519:OulptVNL3Ezd3Y4a1ySmZHd_9SEpqTJKiPDMp9JscUw"
	m.Commands = []templates.CommandHelp{history, help}
	add("game-over", m)

	add("board", duel(t, templates.Board, 9, "moved-on"))
	// A board that could not be drawn: the HTML part shows the text board.
	m = duel(t, templates.Board, 9, "moved-on")
	m.Picture = templates.Picture{}
	add("board-text-only", m)
	add("legal", beaToMove(duel(t, templates.Legal, 8, "prompt")))
	add("legal-not-your-turn", duel(t, templates.Legal, 9, "moved-on"))

	m = duel(t, templates.History, 9, "moved-on")
	m.Board, m.Players = "", nil
	m.History = []string{
		"1  Mon 30 Nov 09:12  Ana set up the game: Ana seat 0, Bea seat 1.",
		"2  Mon 30 Nov 11:40  Ana placed a rig on D6.",
		"3  Mon 30 Nov 20:05  Bea placed a rig on E4.",
		"4  Tue 1 Dec 07:58   Ana placed a rig on C3.",
		"5  Tue 1 Dec 19:31   Bea placed a rig on F5.",
		"6  Wed 2 Dec 08:02   Ana placed a rig on H2.",
		"7  Wed 2 Dec 21:47   Bea placed a rig on B8.",
		"8  Thu 3 Dec 06:15   Ana placed a rig on G7.",
		"9  Thu 3 Dec 12:20   Bea placed a rig on H5.",
	}
	add("history", m)

	m = outside(templates.Games)
	m.Games = []templates.GameLine{
		{ID: "k7q2mx", Title: "Atacama", Players: "Ana, Bea", State: "Ana to move"},
		{ID: "p3x9ab", Title: "Atacama", Players: "Ana, Bea, Cleo", State: "your turn"},
		{ID: "m2n8zz", Title: "Atacama (enhanced, tactical)", Players: "Bea, Dan", State: "over: Dan won, +21 to +14"},
	}
	add("games", m)
	add("games-none", outside(templates.Games))

	m = duel(t, templates.Help, 8, "prompt")
	m.Board, m.Players = "", nil
	m.Example, m.MoveSyntax = "H5", syntax
	m.Commands = append(slices.Clone(usual), games,
		templates.CommandHelp{Name: "PAUSE", Syntax: "PAUSE", Help: "Pauses the game: no moves and no clock until you resume it.", Example: "PAUSE", Who: "host only"})
	for i := range m.Commands {
		m.Commands[i].Example = m.Commands[i].Syntax
	}
	m.Commands[2].Example = "SAY good luck!"
	add("help", m)

	m = outside(templates.Error)
	m.Attempt = "MOVE E5"
	m.Reason = "MOVE is not a command, and this mail names no game. To move, reply to the mail that says it is your turn."
	add("error", m)

	m = beaToMove(duel(t, templates.News, 8, "prompt"))
	m.Happened = []string{"Ana is away from Sat 5 Dec 09:00 UTC until Sun 13 Dec 09:00 UTC; a deadline in between moves past the return."}
	m.Deadline = "Thu 3 Dec 18:00 UTC (reminder 12 hours before)"
	add("news", m)

	m = duel(t, templates.Digest, 9, "moved-on")
	m.History = []string{"Ana placed a rig on G7.", "You placed a rig on H5.", "Ana said: nice move"}
	add("digest", m)

	m = duel(t, templates.Undelivered, 9, "moved-on")
	m.Reason = "mail to bea@example.net was refused for good: 550 5.1.1 no such user"
	m.Notice = "Bea gets no mail of this game. Tell them, or ask them for another address; as host you may REPLACE 1 WITH a new address."
	add("undelivered", m)

	add("probe", outside(templates.Probe))
	return fs
}

// named returns the fixture called name.
func named(t testing.TB, name string) templates.Mail {
	t.Helper()
	for _, f := range fixtures(t) {
		if f.Name == name {
			return f.Mail
		}
	}
	t.Fatalf("no fixture %q", name)
	return templates.Mail{}
}

// trio is Cleo's side of a three-player game on the hexagonal board, told
// that Ana moved.
func trio(t testing.TB) templates.Mail {
	return templates.Mail{
		Kind:    templates.Moved,
		Lang:    "en",
		Service: "pbem games",
		Mailbox: "games@pbem.example.org",
		Game:    templates.Game{ID: "p3x9ab", Title: "Atacama", Seq: 8, Host: "Bea"},
		To:      templates.Recipient{Name: "Cleo", Address: "cleo@example.com", Seat: 2},
		Actor:   "Ana",
		Players: []templates.PlayerLine{
			{Seat: 0, Name: "Ana", Role: "scores the ROWS (yellow: gold and silver +, copper −)", Score: "+0"},
			{Seat: 1, Name: "Bea", Role: "scores the FALLING DIAGONALS (orange: gold and copper +, silver −)", Score: "+0", ToAct: true},
			{Seat: 2, Name: "Cleo", Role: "scores the RISING DIAGONALS (blue: silver and copper +, gold −)", Score: "+0", You: true},
		},
		Happened: []string{"Ana placed a rig on J3."},
		Board:    readBoard(t, "hex"),
		Picture:  templates.Picture{CID: "board.p3x9ab.8.2.moved@pbem.example.org", Width: 978, Height: 703},
		Commands: slices.Clone(usual),
	}
}

// outside is a mail to Bea about no game in particular.
func outside(kind templates.Kind) templates.Mail {
	return templates.Mail{
		Kind:     kind,
		Lang:     "en",
		Service:  "pbem games",
		Mailbox:  "games@pbem.example.org",
		To:       templates.Recipient{Name: "Bea", Address: "bea@example.net", Seat: -1},
		Commands: slices.Clone(anywhere),
	}
}
