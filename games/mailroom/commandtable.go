package mailroom

import (
	"context"
	"strconv"
	"strings"

	"github.com/pbem-games/pbem/events"
	"github.com/pbem-games/pbem/games"
	"github.com/pbem-games/pbem/rules"
)

// The mail command language, in one table: every command's word, how to
// write it, what it does, who may send it and where, and what runs it.
// The mailroom dispatches by it, HELP and the short list under every mail
// are made from it, and docs/commands.md's table of commands is generated
// from it (TestCommandsDoc fails when they differ).

// Who may give a command.
type Who string

const (
	Anyone       Who = "anyone"         // any sender
	AnyPlayer    Who = "player"         // a player of the game written to
	PlayerOrHost Who = "player or host" // a player asks, the host decides
	HostOnly     Who = "host"           // the game's host (the operator from the command line)
)

// Command is one command of the mail language.
type Command struct {
	Word    string   // its first word, in capitals
	Aliases []string // other first words for it
	Syntax  string   // how to write it
	Example string   // a line as a player writes it
	Help    string   // what it does, in one sentence to the reader
	Detail  string   // more for docs/commands.md, "" for none
	Who     Who
	// Game says it must come to a game's reply address; otherwise it may
	// come to the game mailbox too.
	Game bool
	// Brief says it is listed under every mail, not only in HELP.
	Brief bool
	// Console is the command line that does the same for the operator,
	// "" for none.
	Console string
	// MayBeMove says a line starting with its word may be a move of the
	// game instead (see movesNotCommands).
	MayBeMove bool
	// OwnWords says its refusals are in pbem's words alone, with nothing
	// of what the sender wrote, so that a stranger gets them (without the
	// line they wrote) rather than the fixed text (see strangerNotice).
	OwnWords bool

	run func(m *Mailroom, ctx context.Context, l *letter, rest string, c games.Cause) error
}

// commands is the table, in the order HELP gives it. It is filled in
// init, as its handlers reach the table themselves through the mailroom.
var commands []Command

func init() {
	answer := func(kind string) func(*Mailroom, context.Context, *letter, string, games.Cause) error {
		return func(_ *Mailroom, _ context.Context, l *letter, _ string, _ games.Cause) error {
			l.answer(kind, nil)
			return nil
		}
	}
	commands = []Command{
		{Word: "HELP", Aliases: []string{"?"}, Syntax: "HELP", Example: "HELP", Who: Anyone, Brief: true,
			Help: "Sends you how to play by mail and every command.", run: answer(KindHelp)},
		{Word: "NEW", Syntax: "NEW <game> [variant…] WITH <address>, …", Example: "NEW atacama enhanced WITH bea@example.net", Who: Anyone, Brief: true,
			Help:    "Starts a game with these players; you host it.",
			Detail:  "Write it to the game mailbox. You play seat 0 unless you list yourself elsewhere; `OPEN` in place of an address leaves a seat for whoever joins.",
			Console: "pbem new", run: (*Mailroom).newGame},
		{Word: "JOIN", Syntax: "JOIN [<game> <code>]", Example: "JOIN k7q2mx 3fz9x0mw", Who: Anyone,
			Help:     "In a reply to an invitation, says you play; with a game and its code, takes an open seat of that game.",
			Detail:   "An invited player gets the invitation and nothing else until they answer it with `JOIN` (or `DECLINE`); the game starts when every invited player has joined and every seat is taken. Only the host is mailed the whole line for an open seat, so knowing a game's id is not enough to sit down in it.",
			OwnWords: true, run: (*Mailroom).join},
		{Word: "STOP", Syntax: "STOP", Example: "STOP", Who: Anyone,
			Help:   "pbem sends you no more mail at all, from any game or anyone, until you write to it again.",
			Detail: "Every mail pbem sends says so in its List-Unsubscribe header too; your games go on without your mail, and pbem plays for you when your time runs out.",
			run:    stop},
		{Word: "LANG", Aliases: []string{"LANGUAGE", "语言"}, Syntax: "LANG en|zh", Example: "LANG zh", Who: Anyone,
			Help:   "Sets the language pbem writes to you in, in all your games: en for English, zh for Chinese (中文).",
			Detail: "Until you set it, pbem writes in the language of your first mail (its Content-Language header, else Chinese for a mail mostly in Chinese characters, else English), and says so in its answer. `语言 中文` is `LANG zh`.",
			run:    setLang},
		{Word: "TZ", Aliases: []string{"TIMEZONE", "时区"}, Syntax: "TZ <zone>", Example: "TZ Asia/Shanghai", Who: Anyone,
			Help:   "Sets the time zone pbem gives you times in, in all your games: a place (Asia/Shanghai) or an offset from UTC (+08:00).",
			Detail: "Until you set it, pbem uses the offset of your first mail's Date header, else UTC. The days of a host's `DEADLINE` and of a `VACATION` are still counted in UTC.",
			run:    setZone},
		{Word: "GAMES", Syntax: "GAMES", Example: "GAMES", Who: Anyone, Brief: true,
			Help: "Lists your games and where each stands.", Console: "pbem games", run: answer(KindGames)},
		{Word: "BOARD", Aliases: []string{"STATUS"}, Syntax: "BOARD", Example: "BOARD", Who: AnyPlayer, Game: true, Brief: true,
			Help: "Sends you the board as you see it now.", Console: "pbem show", run: answer(KindBoard)},
		{Word: "LEGAL", Syntax: "LEGAL", Example: "LEGAL", Who: AnyPlayer, Game: true,
			Help:    "Sends you every move you may play now, in the mail and attached as a text file.",
			Console: "pbem legal", run: answer(KindLegal)},
		{Word: "HISTORY", Syntax: "HISTORY", Example: "HISTORY", Who: AnyPlayer, Game: true, Brief: true,
			Help: "Sends you every event of the game so far.", Console: "pbem log", run: history},
		{Word: "SAY", Syntax: "SAY <text>", Example: "SAY good luck!", Who: AnyPlayer, Game: true, Brief: true,
			Help: "Passes your text to the other players.", Detail: "It is part of the game's history.", run: say},
		{Word: "RESIGN", Syntax: "RESIGN", Example: "RESIGN", Who: AnyPlayer, Game: true, Brief: true,
			Help: "Gives up: the game ends, and you rank last whatever the scores.", run: resign},
		{Word: "UNDO", Syntax: "UNDO [n]", Example: "UNDO 2", Who: PlayerOrHost, Game: true,
			Help:    "Takes back the last n moves (1 if you give none).",
			Detail:  "The host's undo happens at once; a player's waits for every other player's `AGREE` (or one `DECLINE`). Refused once a hidden fact or a random draw has come out since (Atacama's enhanced game: tiles laid since).",
			Console: "pbem undo", run: undo},
		{Word: "AGREE", Syntax: "AGREE", Example: "AGREE", Who: AnyPlayer, Game: true,
			Help: "Agrees to the undo another player asked for.", run: answerUndo(true)},
		{Word: "DECLINE", Syntax: "DECLINE", Example: "DECLINE", Who: AnyPlayer, Game: true, MayBeMove: true,
			Help:   "Refuses an invitation to play, or the undo another player asked for.",
			Detail: "In a reply to an invitation, your seat is open again and pbem mails you nothing more of the game. Where the game's own moves use the word (Archipelago's answer to a deal, `DECLINE RED`), `DECLINE` with the move's words is that move; the bare word answers an undo that waits.",
			run:    decline},
		{Word: "END", Syntax: "END [GAME]", Example: "END GAME", Who: AnyPlayer, Game: true, MayBeMove: true,
			Help:    "Asks to end the game as it stands; it ends once every player still playing has sent it.",
			Detail:  "The game is then ranked by the scores as they stand. In a game whose own moves use the word (Altiplano's `END` for `DONE` or `PASS`), `END` alone is that move unless a vote to end is under way, and `END GAME` asks to end the game.",
			Console: "pbem end", run: endGame},
		{Word: "VACATION", Syntax: "VACATION <first day> <last day>", Example: "VACATION 2026-12-20 2026-12-27", Who: AnyPlayer, Game: true,
			Help:   "Says you are away: a deadline that falls inside moves past your return.",
			Detail: "Days are written YYYY-MM-DD, UTC; the deadline moves by as long as the vacation, by at most the host's `VACATION` limit.",
			run:    vacation},
		{Word: "AUTO", Syntax: "AUTO ON|OFF", Example: "AUTO OFF", Who: AnyPlayer, Game: true,
			Help:   "OFF: pbem asks you even for a move that is your only one; ON (the default): it plays such a move for you at once and tells you.",
			Detail: "A forced move (Archipelago's `FEED NONE` when you have nothing to give, a `PASS` with nothing else to do) is marked forced in the history.",
			run:    auto},
		{Word: "DIGEST", Syntax: "DIGEST ON|OFF", Example: "DIGEST ON", Who: AnyPlayer, Game: true,
			Help:   "Gives you one mail a day about the game instead of one per event (OFF: one per event again).",
			Detail: "Prompts, reminders and the result still come at once. In a game of four or more players you start with the others' moves told in the mail that next asks you to move, not a mail each; the answers to your own moves, `SAY` and the table's news still come at once. `DIGEST OFF` asks for a mail per move.",
			run:    digest},
		{Word: "IF", Syntax: "IF <their move> THEN <your move>", Example: "IF E5 THEN G7", Who: AnyPlayer, Game: true,
			Help:   "When the player to move plays exactly that move, pbem plays yours for you at once, if it is legal then.",
			Detail: "For a player whose turn it is not. Nobody else learns of it unless it is played.",
			run:    conditional},
		{Word: "DEADLINE", Syntax: "DEADLINE <time> [mon-fri] [REMINDER <time>] [GRACE <time>] [TIMEOUTS <n>] [VACATION <days>] | DEADLINE OFF",
			Example: "DEADLINE 48h mon-fri REMINDER 12h GRACE 6h", Who: HostOnly, Game: true,
			Help:    "Gives each seat that long per move; pbem reminds, tells everyone when time runs out, and plays for a seat after the grace.",
			Detail:  "Time is counted only on the days given (UTC); the reminder comes a quarter of the time before by default; after the grace pbem plays the game's default move, marked as a timeout; after `TIMEOUTS` timeouts (3 by default) pbem plays the seat for good; vacations may push a deadline by at most `VACATION` days (14 by default).",
			Console: "pbem deadline", run: setDeadline},
		{Word: "PAUSE", Syntax: "PAUSE", Example: "PAUSE", Who: HostOnly, Game: true,
			Help: "Pauses the game: no moves and no clock until you resume it.", Console: "pbem pause", run: pause(true)},
		{Word: "RESUME", Syntax: "RESUME", Example: "RESUME", Who: HostOnly, Game: true,
			Help: "Resumes a paused game; the pause counted against nobody's time.", Console: "pbem resume", run: pause(false)},
		{Word: "REPLACE", Syntax: "REPLACE <seat> WITH <address>", Example: "REPLACE 1 WITH cai@example.com", Who: HostOnly, Game: true,
			Help: "Gives a seat to a new player, who gets the whole history and their view.", Console: "pbem replace", run: replace},
		{Word: "EXPEL", Syntax: "EXPEL <seat>", Example: "EXPEL 1", Who: HostOnly, Game: true,
			Help: "Lets pbem play a seat for good.", Console: "pbem expel", run: expel},
		{Word: "WATCH", Syntax: "WATCH <address>", Example: "WATCH olga@example.com", Who: HostOnly, Game: true,
			Help:    "Lets an observer follow the game: the public board after every move, and the result.",
			Detail:  "The observer is asked first: one mail, and nothing more until they send `JOIN` and the game's id to the game mailbox.",
			Console: "pbem watch", run: watch(true)},
		{Word: "UNWATCH", Syntax: "UNWATCH <address>", Example: "UNWATCH olga@example.com", Who: HostOnly, Game: true,
			Help: "Stops an observer's mail.", Console: "pbem watch --stop", run: watch(false)},
	}
}

// lookup returns the command whose word or alias word is, in any case.
func lookup(word string) (*Command, bool) {
	word = strings.ToUpper(word)
	for i := range commands {
		c := &commands[i]
		if c.Word == word || containsFold(c.Aliases, word) {
			return c, true
		}
	}
	return nil, false
}

// isCommandWord reports whether word starts a command rather than a move.
func isCommandWord(word string) bool {
	_, ok := lookup(word)
	return ok
}

// Commands returns the command table, in the order HELP gives it.
func Commands() []Command { return commands }

func stop(m *Mailroom, ctx context.Context, l *letter, _ string, _ games.Cause) error {
	stops, err := m.stopList(ctx)
	if err != nil {
		return err
	}
	l.queued = nil // nothing more, not even an answer
	return stops.Stop(ctx, l.p.From, m.Service.Time())
}

func history(_ *Mailroom, _ context.Context, l *letter, rest string, _ games.Cause) error {
	l.answer(KindHistory, map[string]string{"from": rest})
	return nil
}

func say(m *Mailroom, ctx context.Context, l *letter, rest string, c games.Cause) error {
	if n := len(l.game.Created.Players) - 1; !m.spend(l.p.From, n) {
		return m.overBudget(n)
	}
	_, err := m.Service.Say(ctx, l.game.ID, l.seat, rest, c)
	return err
}

func resign(m *Mailroom, ctx context.Context, l *letter, _ string, c games.Cause) error {
	_, err := m.Service.Resign(ctx, l.game.ID, l.seat, c)
	return err
}

func setDeadline(m *Mailroom, ctx context.Context, l *letter, rest string, c games.Cause) error {
	set, err := ParseDeadline(rest)
	if err == nil {
		_, err = m.Service.SetSettings(ctx, l.game.ID, l.seat, set, c)
	}
	return err
}

func vacation(m *Mailroom, ctx context.Context, l *letter, rest string, c games.Cause) error {
	from, until, err := parseVacation(rest)
	if err == nil {
		_, err = m.Service.Vacation(ctx, l.game.ID, l.seat, from, until, c)
	}
	return err
}

func pause(on bool) func(*Mailroom, context.Context, *letter, string, games.Cause) error {
	return func(m *Mailroom, ctx context.Context, l *letter, _ string, c games.Cause) error {
		_, err := m.Service.Pause(ctx, l.game.ID, l.seat, on, c)
		return err
	}
}

func undo(m *Mailroom, ctx context.Context, l *letter, rest string, c games.Cause) error {
	n := 1
	if rest != "" {
		var err error
		if n, err = strconv.Atoi(rest); err != nil || n < 1 {
			return refuse(games.ErrUndo, "write UNDO, or UNDO and how many moves, e.g. UNDO 2")
		}
	}
	_, err := m.Service.Undo(ctx, l.game.ID, l.seat, n, c)
	return err
}

func answerUndo(agree bool) func(*Mailroom, context.Context, *letter, string, games.Cause) error {
	return func(m *Mailroom, ctx context.Context, l *letter, _ string, c games.Cause) error {
		_, err := m.Service.AnswerUndo(ctx, l.game.ID, l.seat, agree, c)
		return err
	}
}

// decline refuses an invitation, or else the undo asked for.
func decline(m *Mailroom, ctx context.Context, l *letter, rest string, c games.Cause) error {
	if l.game.Created.Players[l.seat].Invited {
		_, err := m.Service.AnswerInvitation(ctx, l.game.ID, l.seat, false, c)
		return err
	}
	if l.game.Undo == nil { // nothing to decline but the game itself, which they joined
		return refuse(games.ErrUndo, "nobody has asked to take moves back, and you play in this game already: RESIGN leaves it")
	}
	return answerUndo(false)(m, ctx, l, rest, c)
}

func replace(m *Mailroom, ctx context.Context, l *letter, rest string, c games.Cause) error {
	who, addr, ok := cutFold(rest, " WITH ")
	n, convErr := strconv.Atoi(strings.TrimSpace(who))
	if !ok || convErr != nil {
		return refuse(games.ErrSetup, "write REPLACE, the seat, WITH and the new player's address, e.g. REPLACE 1 WITH cai@example.com")
	}
	if !m.spend(l.p.From, 1) {
		return m.overBudget(1)
	}
	// The newcomer is asked first, as the players of a new game are.
	_, err := m.Service.Replace(ctx, l.game.ID, l.seat, n, events.Player{Address: strings.Trim(strings.TrimSpace(addr), "<>"), Invited: true}, c)
	return err
}

func expel(m *Mailroom, ctx context.Context, l *letter, rest string, c games.Cause) error {
	n, convErr := strconv.Atoi(rest)
	if convErr != nil {
		return refuse(games.ErrSetup, "write EXPEL and the seat, e.g. EXPEL 1")
	}
	_, err := m.Service.Expel(ctx, l.game.ID, l.seat, n, c)
	return err
}

func endGame(m *Mailroom, ctx context.Context, l *letter, _ string, c games.Cause) error {
	_, err := m.Service.ProposeEnd(ctx, l.game.ID, l.seat, c)
	return err
}

func watch(on bool) func(*Mailroom, context.Context, *letter, string, games.Cause) error {
	return func(m *Mailroom, ctx context.Context, l *letter, rest string, c games.Cause) error {
		if on && !m.spend(l.p.From, 1) {
			return m.overBudget(1)
		}
		_, err := m.Service.Watch(ctx, l.game.ID, l.seat, strings.Trim(rest, "<>"), on, c)
		return err
	}
}

// onOff makes the handler of a seat's "WORD ON|OFF" switch: set records
// the choice, usage is the refusal of anything else.
func onOff(set func(s *games.Service, ctx context.Context, id string, seat rules.Seat, on bool, c games.Cause) (games.Played, error), usage string) func(*Mailroom, context.Context, *letter, string, games.Cause) error {
	return func(m *Mailroom, ctx context.Context, l *letter, rest string, c games.Cause) error {
		on := strings.EqualFold(rest, "ON")
		if !on && !strings.EqualFold(rest, "OFF") {
			return refuse(games.ErrSetup, "%s", usage)
		}
		_, err := set(m.Service.Service, ctx, l.game.ID, l.seat, on, c)
		return err
	}
}

var (
	auto   = onOff((*games.Service).SetAuto, "write AUTO OFF to be asked even for your only move, or AUTO ON to let pbem play it")
	digest = onOff((*games.Service).SetDigest, "write DIGEST ON for one mail a day, or DIGEST OFF for a mail per move")
)

func conditional(m *Mailroom, ctx context.Context, l *letter, rest string, c games.Cause) error {
	ifMove, thenMove, ok := cutFold(rest, " THEN ")
	if !ok {
		return refuse(rules.ErrIllegal, "write IF, their move, THEN and yours, e.g. IF E5 THEN G7")
	}
	_, err := m.Service.Conditional(ctx, l.game.ID, l.seat, ifMove, thenMove, c)
	return err
}
