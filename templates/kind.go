package templates

import "slices"

// Kind is which mail a Mail is. Its value names the templates
// (<kind>.subject, <kind>.text, <kind>.html) and the golden files.
type Kind string

// The kinds of mail pbem sends.
const (
	// Invitation tells a player (or a host who does not play) that a game
	// was set up: who plays which seat, the variants, the seed commitment.
	// With YourTurn it also carries the first prompt.
	Invitation Kind = "invitation"
	// YourTurn is the prompt: the new board and what to reply.
	YourTurn Kind = "your-turn"
	// Reminder repeats the prompt shortly before the deadline.
	Reminder Kind = "reminder"
	// Accepted confirms the recipient's own move and shows the new board.
	Accepted Kind = "accepted"
	// Rejected answers a move that was refused (Attempt, Reason); nothing
	// was recorded, and the prompt follows if it is still their turn.
	Rejected Kind = "rejected"
	// Stale answers a reply to an older prompt: it was not applied, and
	// Changed says what happened since.
	Stale Kind = "stale"
	// Moved tells a recipient who is not to move that someone else moved.
	Moved Kind = "moved"
	// Said relays a SAY from SaidBy to the other players.
	Said Kind = "said"
	// GameOver gives the result, the final board and the revealed seed.
	GameOver Kind = "game-over"
	// Board answers BOARD: the board as the recipient sees it now.
	Board Kind = "board"
	// Legal answers LEGAL: the board and every move the recipient may
	// play now (all of Legal), which the mail also attaches as text.
	Legal Kind = "legal"
	// History answers HISTORY: the game's moves so far.
	History Kind = "history"
	// Games answers GAMES: the recipient's games.
	Games Kind = "games"
	// Help answers HELP: how to move and every command.
	Help Kind = "help"
	// Error answers a command that was refused or not understood (Attempt,
	// Reason); nothing was changed.
	Error Kind = "error"
	// News tells a player what happened to the game itself (Happened): a
	// deadline passed, a pause, an undo, a new player, a move pbem played
	// for them. With YourTurn it carries the prompt.
	News Kind = "news"
	// Digest gives a player who asked for one mail a day what happened
	// since the last (History), the board, and the prompt if it is theirs.
	Digest Kind = "digest"
	// Undelivered tells the host (and the player, where another address
	// reaches them) that mail of their game could not be delivered for
	// good (Reason: to whom, and the server's answer).
	Undelivered Kind = "undelivered"
	// Probe asks an address whose mail bounced again and again whether
	// pbem's mail reaches it at all: if it is read, nothing is to be done;
	// if it bounces too, the address gets no more game mail until it
	// writes.
	Probe Kind = "probe"
)

// spec is a Kind and what its mail cannot do without, as a check that
// names the missing fields; board says its mail shows the Board (and its
// Picture).
type spec struct {
	kind  Kind
	needs func(m *Mail) string
	board bool
}

// kinds lists every Kind with what its mail cannot do without: a mail
// missing one of these is a bug in the service, not something to send.
var kinds = []spec{
	{Invitation, needsGame(func(m *Mail) string { return need(len(m.Players) > 0, "Players") }), true},
	{YourTurn, needsGame(needsPrompt), true},
	{Reminder, needsGame(needsPrompt), true},
	{Accepted, needsGame(func(m *Mail) string { return need(m.Board != "", "Board") }), true},
	{Rejected, needsGame(func(m *Mail) string { return need(m.Reason != "", "Reason") }), true},
	{Stale, needsGame(func(m *Mail) string { return need(len(m.Changed) > 0, "Changed") }), true},
	{Moved, needsGame(func(m *Mail) string { return need(m.Actor != "" && len(m.Happened) > 0, "Actor and Happened") }), true},
	{Said, needsGame(func(m *Mail) string { return need(m.Said != "" && m.SaidBy != "", "Said and SaidBy") }), true},
	{GameOver, needsGame(func(m *Mail) string { return need(m.Result != "", "Result") }), true},
	{Board, needsGame(func(m *Mail) string { return need(m.Board != "", "Board") }), true},
	{Legal, needsGame(func(m *Mail) string { return need(m.Board != "", "Board") }), true},
	{History, needsGame(func(m *Mail) string { return need(len(m.History) > 0, "History") }), true},
	{Games, func(m *Mail) string { return "" }, false},
	{Help, func(m *Mail) string { return need(len(m.Commands) > 0, "Commands") }, false},
	{Error, func(m *Mail) string { return need(m.Reason != "", "Reason") }, false},
	{News, needsGame(func(m *Mail) string { return need(len(m.Happened) > 0, "Happened") }), true},
	{Digest, needsGame(func(m *Mail) string { return need(len(m.History) > 0, "History") }), true},
	{Undelivered, needsGame(func(m *Mail) string { return need(m.Reason != "", "Reason") }), true},
	{Probe, func(m *Mail) string { return "" }, false},
}

// Kinds returns every Kind, in the order the package documents them.
func Kinds() []Kind {
	var ks []Kind
	for _, k := range kinds {
		ks = append(ks, k.kind)
	}
	return ks
}

// ShowsBoard says whether a mail of kind k shows the game's board, and
// so its picture: every mail about a game but HELP's answer.
func (k Kind) ShowsBoard() bool {
	i := slices.IndexFunc(kinds, func(s spec) bool { return s.kind == k })
	return i >= 0 && kinds[i].board
}

// missing names what m lacks for its kind, or returns "" if nothing.
func missing(m *Mail) string {
	i := slices.IndexFunc(kinds, func(s spec) bool { return s.kind == m.Kind })
	switch {
	case i < 0:
		return "a known Kind"
	case m.To.Name == "":
		return "To.Name"
	case m.Service == "" || m.Mailbox == "":
		return "Service and Mailbox"
	case m.YourTurn && m.Example == "":
		return "an Example with YourTurn"
	}
	return kinds[i].needs(m)
}

func need(ok bool, what string) string {
	if ok {
		return ""
	}
	return what
}

func needsGame(then func(m *Mail) string) func(m *Mail) string {
	return func(m *Mail) string {
		if m.Game.ID == "" || m.Game.Title == "" {
			return "Game.ID and Game.Title"
		}
		return then(m)
	}
}

func needsPrompt(m *Mail) string {
	return need(m.YourTurn && m.Board != "" && m.Example != "", "YourTurn, Board and Example")
}
