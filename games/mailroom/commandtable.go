package mailroom

import (
	"context"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/pbem-games/pbem/events"
	"github.com/pbem-games/pbem/games"
	"github.com/pbem-games/pbem/mail"
	"github.com/pbem-games/pbem/rules"
	"github.com/pbem-games/pbem/templates/words"
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
	// What it does, in one sentence to the reader, is the message
	// "cmd.<Word>" of the catalog (HelpIn), in every language.
	Detail string // more for docs/commands.md, "" for none
	Who    Who
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
	// line they wrote) rather than the fixed text (see forStranger).
	OwnWords bool
	// Destructive says it does what the sender cannot take back by
	// another mail, or acts for someone: it runs only when written as its
	// syntax, never asked about ("RESIGN?", "认输？") or inside a sentence
	// ("停止 吧", "stop please"); such a line is answered with how to
	// write it if it was meant (see question.go).
	Destructive bool
	// Verbatim says the command's text is passed on as the player wrote
	// it (SAY): read from the line before full-width forms were narrowed,
	// so that Chinese punctuation reaches the others as typed.
	Verbatim bool

	run func(m *Mailroom, ctx context.Context, l *letter, rest string, c games.Cause) error
}

// commandList is the table, in the order HELP gives it.
type commandList []Command

// newCommands builds the table. Its handlers reach it themselves through
// the mailroom, so it is a value the mail side builds once (New) and
// passes, not a variable of the package.
func newCommands() commandList {
	answer := func(kind string) func(*Mailroom, context.Context, *letter, string, games.Cause) error {
		return func(_ *Mailroom, _ context.Context, l *letter, _ string, _ games.Cause) error {
			l.answer(kind, nil)
			return nil
		}
	}
	return commandList{
		{Word: "HELP", Aliases: []string{"?", "帮助"}, Syntax: "HELP", Example: "HELP", Who: Anyone, Brief: true,
			run: answer(KindHelp)},
		{Word: "NEW", Aliases: []string{"新游戏", "开局"}, Syntax: "NEW <game> [variant…] WITH <address>, …", Example: "NEW atacama enhanced WITH bea@example.net", Who: Anyone, Brief: true,
			Detail:  "Write it to the game mailbox. You play seat 0 unless you list yourself elsewhere; `OPEN` in place of an address leaves a seat for whoever joins.",
			Console: "pbem new", run: (*Mailroom).newGame},
		{Word: "JOIN", Destructive: true, Aliases: []string{"加入"}, Syntax: "JOIN [<game> <code>]", Example: "JOIN k7q2mx 3fz9x0mw", Who: Anyone,
			Detail:   "An invited player gets the invitation and nothing else until they answer it with `JOIN` (or `DECLINE`); the game starts when every invited player has joined and every seat is taken. Only the host is mailed the whole line for an open seat, so knowing a game's id is not enough to sit down in it; and the line seats nobody by itself: pbem mails its sender a confirmation, and their `JOIN` in reply to that mail takes the seat, so that nobody (the host included) seats someone else by writing their address as the sender.",
			OwnWords: true, run: (*Mailroom).join},
		{Word: "STOP", Destructive: true, Aliases: []string{"停止"}, Syntax: "STOP", Example: "STOP", Who: Anyone,
			Detail: "Every mail pbem sends says so in its List-Unsubscribe header too, with an address only you were mailed; your games go on without your mail, and pbem plays for you when your time runs out. A `STOP` to the plain game mailbox could come from anyone who writes your address as the sender, so pbem asks you first: reply `STOP` to its mail (or press the button of the link in it) and the mail stops. For the same reason, what takes you off again is a reply to one of pbem's mails, not a mail to the plain game mailbox.",
			run:    stop},
		{Word: "LANG", Aliases: []string{"LANGUAGE", "语言"}, Syntax: "LANG en|zh", Example: "LANG zh", Who: Anyone,
			Detail: "Until you set it, pbem writes in the language of your first mail (its Content-Language header, else Chinese for a mail mostly in Chinese characters, else English), and says so in its answer. `语言 中文` is `LANG zh`.",
			run:    setLang},
		{Word: "TZ", Aliases: []string{"TIMEZONE", "时区"}, Syntax: "TZ <zone>", Example: "TZ Asia/Shanghai", Who: Anyone,
			Detail: "Until you set it, pbem uses the offset of your first mail's Date header, else UTC. The days you write in `VACATION` are in your zone too; the weekdays of a host's `DEADLINE` are counted in the host's zone.",
			run:    setZone},
		{Word: "GAMES", Aliases: []string{"我的对局"}, Syntax: "GAMES", Example: "GAMES", Who: Anyone, Brief: true,
			Console: "pbem games", run: answer(KindGames)},
		{Word: "BOARD", Aliases: []string{"STATUS", "棋盘"}, Syntax: "BOARD", Example: "BOARD", Who: AnyPlayer, Game: true, Brief: true,
			Console: "pbem show", run: answer(KindBoard)},
		{Word: "LEGAL", Aliases: []string{"着法"}, Syntax: "LEGAL", Example: "LEGAL", Who: AnyPlayer, Game: true,
			Console: "pbem legal", run: answer(KindLegal)},
		{Word: "HISTORY", Aliases: []string{"历史"}, Syntax: "HISTORY", Example: "HISTORY", Who: AnyPlayer, Game: true, Brief: true,
			Console: "pbem log", run: history},
		{Word: "SAY", Aliases: []string{"说"}, Syntax: "SAY <text>", Example: "SAY good luck!", Who: AnyPlayer, Game: true, Brief: true, Verbatim: true,
			Detail: "It is part of the game's history.", run: say},
		{Word: "RESIGN", Destructive: true, Aliases: []string{"认输"}, Syntax: "RESIGN", Example: "RESIGN", Who: AnyPlayer, Game: true, Brief: true,
			run: resign},
		{Word: "UNDO", Destructive: true, Aliases: []string{"悔棋"}, Syntax: "UNDO [n]", Example: "UNDO 2", Who: PlayerOrHost, Game: true,
			Detail:  "The host's undo happens at once; a player's waits for every other player's `AGREE` (or one `DECLINE`). Refused once a hidden fact or a random draw has come out since (Atacama's enhanced game: tiles laid since).",
			Console: "pbem undo", run: undo},
		{Word: "AGREE", Destructive: true, Aliases: []string{"同意"}, Syntax: "AGREE", Example: "AGREE", Who: AnyPlayer, Game: true,
			run: answerUndo(true)},
		{Word: "DECLINE", Destructive: true, Aliases: []string{"拒绝"}, Syntax: "DECLINE", Example: "DECLINE", Who: AnyPlayer, Game: true, MayBeMove: true,
			Detail: "In a reply to an invitation, your seat is open again and pbem mails you nothing more of the game. Where the game's own moves use the word (an answer to a deal, `DECLINE RED`), `DECLINE` with the move's words is that move; the bare word answers an undo that waits, and, in a reply to the mail that asked about an undo, that undo even once the others settled it (pbem then says no undo waits), never a move.",
			run:    decline},
		{Word: "END", Destructive: true, Aliases: []string{"结束"}, Syntax: "END [GAME]", Example: "END GAME", Who: AnyPlayer, Game: true, MayBeMove: true,
			Detail:  "The game is then ranked by the scores as they stand. In a game whose own moves use the word (`END` for `DONE` or `PASS`), `END` alone is that move unless a vote to end is under way, and `END GAME` asks to end the game.",
			Console: "pbem end", run: endGame},
		{Word: "VACATION", Aliases: []string{"假期"}, Syntax: "VACATION <first day> <last day>", Example: "VACATION 2026-12-20 2026-12-27", Who: AnyPlayer, Game: true,
			Detail: "Days are written YYYY-MM-DD, in your time zone (`TZ`; UTC until you set one); the deadline moves by as long as the vacation, by at most the host's `VACATION` limit.",
			run:    vacation},
		{Word: "AUTO", Aliases: []string{"自动"}, Syntax: "AUTO ON|OFF", Example: "AUTO OFF", Who: AnyPlayer, Game: true,
			Detail: "A forced move (`FEED NONE` when you have nothing to give, a `PASS` with nothing else to do) is marked forced in the history.",
			run:    auto},
		{Word: "DIGEST", Aliases: []string{"摘要"}, Syntax: "DIGEST ON|OFF", Example: "DIGEST ON", Who: AnyPlayer, Game: true,
			Detail: "Prompts, reminders, offers made to you and the result still come at once. In a game of four or more players you start with the others' moves told in the mail that next asks you to move, not a mail each; the answers to your own moves, `SAY` and the table's news still come at once. `DIGEST OFF` asks for a mail per move.",
			run:    digest},
		{Word: "IF", Aliases: []string{"如果"}, Syntax: "IF <their move> THEN <your move>", Example: "IF E5 THEN G7", Who: AnyPlayer, Game: true,
			Detail: "For a player whose turn it is not. Nobody else learns of it unless it is played.",
			run:    conditional},
		{Word: "DEADLINE", Aliases: []string{"截止"}, Syntax: "DEADLINE <time> [mon-fri] [REMINDER <time>] [GRACE <time>] [TIMEOUTS <n>] [VACATION <days>] | DEADLINE OFF",
			Example: "DEADLINE 48h mon-fri REMINDER 12h GRACE 6h", Who: HostOnly, Game: true,
			Detail:  "Time is counted only on the days given, as they are in your time zone (`TZ`) when you set it; each player reads the deadline in their own. Its words may be written in Chinese too (`截止 48h 周一-周五 提醒 12h 宽限 6h`). The reminder comes a quarter of the time before by default; after the grace pbem plays the game's default move, marked as a timeout; after `TIMEOUTS` timeouts (3 by default) pbem plays the seat for good; vacations may push a deadline by at most `VACATION` days (14 by default).",
			Console: "pbem deadline", run: setDeadline},
		{Word: "PAUSE", Destructive: true, Aliases: []string{"暂停"}, Syntax: "PAUSE", Example: "PAUSE", Who: HostOnly, Game: true,
			Console: "pbem pause", run: pause(true)},
		{Word: "RESUME", Aliases: []string{"继续"}, Syntax: "RESUME", Example: "RESUME", Who: HostOnly, Game: true,
			Console: "pbem resume", run: pause(false)},
		{Word: "REPLACE", Destructive: true, Aliases: []string{"替换"}, Syntax: "REPLACE <seat> WITH <address>", Example: "REPLACE 1 WITH cai@example.com", Who: HostOnly, Game: true,
			Console: "pbem replace", run: replace},
		{Word: "EXPEL", Destructive: true, Aliases: []string{"请离"}, Syntax: "EXPEL <seat>", Example: "EXPEL 1", Who: HostOnly, Game: true,
			Console: "pbem expel", run: expel},
		{Word: "WATCH", Aliases: []string{"旁观"}, Syntax: "WATCH <address>", Example: "WATCH olga@example.com", Who: HostOnly, Game: true,
			Detail:  "The observer is asked first: one mail, and nothing more until they reply `JOIN` to it (a `JOIN` and the game's id sent to the game mailbox gets them a mail to confirm by reply).",
			Console: "pbem watch", run: watch(true)},
		{Word: "UNWATCH", Destructive: true, Aliases: []string{"取消旁观"}, Syntax: "UNWATCH <address>", Example: "UNWATCH olga@example.com", Who: HostOnly, Game: true,
			Console: "pbem watch --stop", run: watch(false)},
		{Word: "CAMPAIGN", Aliases: []string{"赛事"}, Syntax: "CAMPAIGN <kind> <game> [variant…] [<option> <value>…] [WITH <address>, …] | CAMPAIGN <campaign> <decision>",
			Example: "CAMPAIGN swiss atacama ROUNDS 3 WITH bea@example.net, cai@example.com", Who: Anyone, OwnWords: true,
			Detail:  "Write it to the game mailbox. The kinds are `roundrobin`, `swiss`, `knockout`, `ladder` and `league` (`循环赛`, `瑞士制`, `淘汰赛`, `天梯`, `联赛`); the options `ROUNDS`, `TABLE`, `DEADLINE`, `POINTS`, `TIEBREAKS`, `REACH`, `DIVISION`, `PROMOTE`, `SEASONS`, each with its value (see [campaigns.md](campaigns.md)). Each player named is asked first and entered once they reply `ENTER`; round 1 is paired when the last has, and each round after once the last game of the one before has its result. Without `WITH`, players enter with `ENTER <campaign>` and the organiser pairs round 1 with `CAMPAIGN <campaign> START`. In reply to the campaign's mail, the organiser decides, each decision recorded with its reason: `START`, `ADJUDICATE <game> <places> <reason>`, `DISQUALIFY <address> <reason>`, `PAUSE <reason>`, `RESUME <reason>`, `EXTEND <time> <reason>`, `REPLACE <address> WITH <address> <reason>`, `CLOSE <reason>` (a ladder); the same line to the game mailbox is answered with a mail to reply to.",
			Console: "pbem campaign new", run: (*Mailroom).newCampaign},
		{Word: "ENTER", Destructive: true, Aliases: []string{"报名"}, Syntax: "ENTER [<campaign>]", Example: "ENTER c7k2mxq", Who: Anyone, OwnWords: true,
			Detail:  "In reply to the campaign's invitation or any of its mail, `ENTER` alone enters you; `ENTER <campaign>` to the game mailbox gets you a mail to confirm by reply, as `JOIN` does.",
			Console: "pbem campaign enter", run: enterCampaign},
		{Word: "WITHDRAW", Destructive: true, Aliases: []string{"退赛"}, Syntax: "WITHDRAW [<campaign>]", Example: "WITHDRAW c7k2mxq", Who: Anyone, OwnWords: true,
			Detail:  "In reply to the campaign's mail it takes you out; to the game mailbox it gets you a mail to confirm by reply.",
			Console: "pbem campaign withdraw", run: withdrawCampaign},
		{Word: "STANDINGS", Aliases: []string{"排名"}, Syntax: "STANDINGS [<campaign>]", Example: "STANDINGS c7k2mxq", Who: Anyone, OwnWords: true,
			Console: "pbem campaign standings", run: standings},
	}
}

// HelpIn is what the command does, in one sentence in lang.
func (c Command) HelpIn(lang string) string { return words.For(lang).S("cmd." + c.Word) }

// keywords are the words inside commands (NEW … WITH, IF … THEN, AUTO
// ON), each with its other forms, which read as it does.
var keywords = map[string][]string{
	"WITH": {"和", "与"},
	"THEN": {"那么", "就"},
	"ON":   {"开", "开启"},
	"OFF":  {"关", "关闭"},
	"OPEN": {"空位", "空座位"},
}

// splitCommand splits a command line into its first word and the rest. A
// colon, comma or space after the word, full-width or not, only
// separates it. A Chinese command word needs no space before a move or a
// number ("悔棋2", "说：你好"), but one followed by more Chinese is a
// sentence, not the command ("继续加油", "同意你的看法").
func (commands commandList) splitCommand(line string) (word, rest string) {
	for i := range commands {
		for _, a := range commands[i].Aliases {
			r, ok := strings.CutPrefix(line, a)
			if !ok || isASCII(a) {
				continue
			}
			if next, _ := utf8.DecodeRuneInString(r); r == "" || next < utf8.RuneSelf || strings.ContainsRune(separators, next) {
				return a, trimSeparators(r)
			}
			if strings.Trim(r, "。！!.") == "" { // "同意。"
				return a, ""
			}
		}
	}
	word, rest, _ = strings.Cut(line, " ")
	if w := strings.TrimRight(word, "?"); w != word && w != "" {
		// "RESIGN?": the word, asked about (see question.go).
		return w, strings.TrimSpace(word[len(w):] + " " + rest)
	}
	return word, trimSeparators(rest)
}

// separators may stand between a command's word and what follows it.
const separators = " 　:：,，、;；"

// firstOf returns the first of two values, for splitCommand's word.
func firstOf(a, _ string) string { return a }

// trimSeparators trims the spaces and marks between a command's word and
// what follows it.
func trimSeparators(s string) string {
	return strings.TrimLeft(s, separators)
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}

// isKeyword reports whether w is keyword kw or one of its other forms.
func isKeyword(w, kw string) bool {
	return strings.EqualFold(w, kw) || slices.Contains(keywords[kw], w)
}

// cutKeyword cuts s around keyword kw, written in any of its forms, with
// spaces around it (a Chinese form also without them).
func cutKeyword(s, kw string) (before, after string, ok bool) {
	if before, after, ok = cutFold(s, " "+kw+" "); ok {
		return before, after, ok
	}
	for _, f := range keywords[kw] {
		if before, after, ok = strings.Cut(s, f); ok {
			return strings.TrimSpace(before), strings.TrimSpace(after), true
		}
	}
	return s, "", false
}

// lookup returns the command whose word or alias word is, in any case.
func (commands commandList) lookup(word string) (*Command, bool) {
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
func (commands commandList) isCommandWord(word string) bool {
	_, ok := commands.lookup(word)
	return ok
}

// Commands returns the command table, in the order HELP gives it.
func Commands() []Command { return newCommands() }

func stop(m *Mailroom, ctx context.Context, l *letter, _ string, _ games.Cause) error {
	stops, err := m.stopList(ctx)
	if err != nil {
		return err
	}
	if !l.proven() {
		// Anyone may write a STOP "from" a player: they confirm it.
		l.askConfirm(mail.ConfirmStop, "")
		return nil
	}
	l.queued = nil // nothing more, not even an answer
	return stops.Stop(ctx, l.p.From, m.Service.Time())
}

func history(_ *Mailroom, _ context.Context, l *letter, rest string, _ games.Cause) error {
	l.answer(KindHistory, map[string]string{"from": rest})
	return nil
}

func say(m *Mailroom, ctx context.Context, l *letter, rest string, c games.Cause) error {
	if n := len(l.game.Created.Players) - 1; !m.spend(l.p.From, false, n) {
		return m.overBudget(n)
	}
	_, err := m.Service.Say(ctx, l.game.ID, l.seat, rest, c)
	return err
}

func resign(m *Mailroom, ctx context.Context, l *letter, _ string, c games.Cause) error {
	_, err := m.Service.Resign(ctx, l.game.ID, l.seat, c)
	return err
}

// setDeadline sets the host's DEADLINE, its weekdays counted as days are
// in the host's zone (TZ) when they set it.
func setDeadline(m *Mailroom, ctx context.Context, l *letter, rest string, c games.Cause) error {
	set, err := ParseDeadline(rest)
	if err == nil && len(set.Days) > 0 {
		var loc Locale
		loc, _, err = m.Service.localeAt(ctx, l.p.From, m.Service.Time())
		set.Zone = loc.ZoneName
	}
	if err == nil {
		_, err = m.Service.SetSettings(ctx, l.game.ID, l.seat, set, c)
	}
	return err
}

func vacation(m *Mailroom, ctx context.Context, l *letter, rest string, c games.Cause) error {
	loc, _, err := m.Service.localeAt(ctx, l.p.From, m.Service.Time())
	if err != nil {
		return err
	}
	from, until, err := parseVacation(rest, loc.zone())
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
			return refuseIn(games.ErrUndo, "refuse.undo.usage")
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
		return refuseIn(games.ErrUndo, "refuse.decline.nothing")
	}
	return answerUndo(false)(m, ctx, l, rest, c)
}

func replace(m *Mailroom, ctx context.Context, l *letter, rest string, c games.Cause) error {
	who, addr, ok := cutKeyword(rest, "WITH")
	n, convErr := strconv.Atoi(strings.TrimSpace(who))
	if !ok || convErr != nil {
		return refuseIn(games.ErrSetup, "refuse.replace.usage")
	}
	newcomer, err := games.ParseAddress(addr, m.Mailbox)
	if err != nil {
		return err
	}
	if !m.spend(l.p.From, false, 1) {
		return m.overBudget(1)
	}
	if err := m.unsolicited([]string{newcomer}); err != nil {
		return err
	}
	// The newcomer is asked first, as the players of a new game are.
	_, err = m.Service.Replace(ctx, l.game.ID, l.seat, n, events.Player{Address: newcomer, Invited: true}, c)
	return err
}

func expel(m *Mailroom, ctx context.Context, l *letter, rest string, c games.Cause) error {
	n, convErr := strconv.Atoi(rest)
	if convErr != nil {
		return refuseIn(games.ErrSetup, "refuse.expel.usage")
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
		addr, err := games.ParseAddress(rest, m.Mailbox)
		if err != nil && on {
			return err
		}
		if err != nil {
			addr = rest // games.Watch refuses it unless it was recorded before addresses were checked
		}
		if on && !m.spend(l.p.From, false, 1) {
			return m.overBudget(1)
		}
		if on && !asked(l.game, addr) {
			if err := m.unsolicited([]string{addr}); err != nil {
				return err
			}
		}
		_, err = m.Service.Watch(ctx, l.game.ID, l.seat, addr, on, c)
		if err == nil && !on {
			// The observer stopped keeps the public link: it changes, and
			// the observers left get the new one in their next mail.
			_, err = mail.RotatePublic(ctx, m.Service.Store, l.game.ID)
		}
		return err
	}
}

// onOff makes the handler of a seat's "WORD ON|OFF" switch: set records
// the choice, usage is the message id of the refusal of anything else.
func onOff(set func(s *games.Service, ctx context.Context, id string, seat rules.Seat, on bool, c games.Cause) (games.Played, error), usage string) func(*Mailroom, context.Context, *letter, string, games.Cause) error {
	return func(m *Mailroom, ctx context.Context, l *letter, rest string, c games.Cause) error {
		on := isKeyword(rest, "ON")
		if !on && !isKeyword(rest, "OFF") {
			return refuseIn(games.ErrSetup, usage)
		}
		_, err := set(m.Service.Service, ctx, l.game.ID, l.seat, on, c)
		return err
	}
}

var (
	auto   = onOff((*games.Service).SetAuto, "refuse.auto.usage")
	digest = onOff((*games.Service).SetDigest, "refuse.digest.usage")
)

func conditional(m *Mailroom, ctx context.Context, l *letter, rest string, c games.Cause) error {
	ifMove, thenMove, ok := cutKeyword(rest, "THEN")
	if !ok {
		return refuseIn(rules.ErrIllegal, "refuse.if.usage")
	}
	_, err := m.Service.Conditional(ctx, l.game.ID, l.seat, ifMove, thenMove, c)
	return err
}
