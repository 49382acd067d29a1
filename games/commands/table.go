// Package commands is the mail command language: every command's word,
// its aliases in each language, its syntax, who may send it and where,
// whether it is destructive, the questions that are not commands, how a
// line splits into its word and the rest, and the help each mail lists.
// It runs nothing: the mailroom keys its handlers by the words declared
// here.
package commands

import (
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/pbem-games/pbem/lang"
	"github.com/pbem-games/pbem/lang/all"
	"github.com/pbem-games/pbem/templates/words"
)

// The mail command language, in one table: every command's word, how to
// write it, what it does, who may send it and where. The mailroom keys
// its handlers by its words (TestEveryCommandHasAHandler), HELP and the
// short list under every mail are made from it, and docs/commands.md's
// table of commands is generated from it (TestCommandsDoc fails when they
// differ).

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
	Word string // its first word, in capitals
	// Aliases are its other first words, in every language: each
	// language's pack gives its own (lang.Pack.Commands).
	Aliases []string
	// Keywords are the words inside it (NEW … WITH, IF … THEN, AUTO ON),
	// in English; Forms are their other forms in every language, each
	// pack's (lang.Pack.Keywords).
	Keywords []string
	Forms    map[string][]string
	Syntax   string // how to write it
	Example  string // a line as a player writes it
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
	// game instead (the mailroom asks the game).
	MayBeMove bool
	// OwnWords says its refusals are in pbem's words alone, with nothing
	// of what the sender wrote, so that a stranger gets them (without the
	// line they wrote) rather than the fixed text (the mailroom's budgets).
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
}

// List is the table, in the order HELP gives it.
type List []Command

// New builds the table in the languages pbem speaks (lang/all): a value
// each user builds once and keeps, not a variable of the package.
func New() List {
	langs, err := all.Registry()
	if err != nil {
		panic(err) // the program's own packs, which every test builds
	}
	return In(langs)
}

// In builds the table with the command words of the languages of langs.
func In(langs *lang.Registry) List {
	list := table()
	for i := range list {
		c := &list[i]
		c.Aliases = langs.Aliases(c.Word)
		c.Forms = map[string][]string{}
		for _, kw := range c.Keywords {
			c.Forms[kw] = langs.Keywords(kw)
		}
	}
	return list
}

// table is the table in English.
func table() List {
	return List{
		{Word: "HELP", Syntax: "HELP", Example: "HELP", Who: Anyone, Brief: true},
		{Word: "NEW", Keywords: []string{"WITH", "OPEN"}, Syntax: "NEW <game> [variant…] WITH <address>, …", Example: "NEW <game> WITH bea@example.net", Who: Anyone, Brief: true,
			Detail:  "Write it to the game mailbox. You play seat 0 unless you list yourself elsewhere; `OPEN` in place of an address leaves a seat for whoever joins.",
			Console: "pbem new"},
		{Word: "JOIN", Destructive: true, Syntax: "JOIN [<game> <code>]", Example: "JOIN k7q2mx 3fz9x0mw", Who: Anyone,
			Detail:   "An invited player gets the invitation and nothing else until they answer it with `JOIN` (or `DECLINE`); the game starts when every invited player has joined and every seat is taken. Only the host is mailed the whole line for an open seat, so knowing a game's id is not enough to sit down in it; and the line seats nobody by itself: pbem mails its sender a confirmation, and their `JOIN` in reply to that mail takes the seat, so that nobody (the host included) seats someone else by writing their address as the sender.",
			OwnWords: true},
		{Word: "STOP", Destructive: true, Syntax: "STOP", Example: "STOP", Who: Anyone,
			Detail: "Every mail pbem sends says so in its List-Unsubscribe header too, with an address only you were mailed; your games go on without your mail, and pbem plays for you when your time runs out. A `STOP` to the plain game mailbox could come from anyone who writes your address as the sender, so pbem asks you first: reply `STOP` to its mail (or press the button of the link in it) and the mail stops. For the same reason, what takes you off again is a reply to one of pbem's mails, not a mail to the plain game mailbox."},
		{Word: "LANG", Syntax: "LANG en|zh", Example: "LANG zh", Who: Anyone,
			Detail: "Until you set it, pbem writes in the language of your first mail (its Content-Language header, else Chinese for a mail mostly in Chinese characters, else English), and says so in its answer. `语言 中文` is `LANG zh`."},
		{Word: "TZ", Syntax: "TZ <zone>", Example: "TZ Asia/Shanghai", Who: Anyone,
			Detail: "Until you set it, pbem uses the offset of your first mail's Date header, else UTC. The days you write in `VACATION` are in your zone too; the weekdays of a host's `DEADLINE` are counted in the host's zone."},
		{Word: "GAMES", Syntax: "GAMES", Example: "GAMES", Who: Anyone, Brief: true,
			Console: "pbem games"},
		{Word: "BOARD", Syntax: "BOARD", Example: "BOARD", Who: AnyPlayer, Game: true, Brief: true,
			Console: "pbem show"},
		{Word: "LEGAL", Syntax: "LEGAL", Example: "LEGAL", Who: AnyPlayer, Game: true,
			Console: "pbem legal"},
		{Word: "HISTORY", Syntax: "HISTORY", Example: "HISTORY", Who: AnyPlayer, Game: true, Brief: true,
			Console: "pbem log"},
		{Word: "SAY", Syntax: "SAY <text>", Example: "SAY good luck!", Who: AnyPlayer, Game: true, Brief: true, Verbatim: true,
			Detail: "It is part of the game's history."},
		{Word: "RESIGN", Destructive: true, Syntax: "RESIGN", Example: "RESIGN", Who: AnyPlayer, Game: true, Brief: true},
		{Word: "UNDO", Destructive: true, Syntax: "UNDO [n]", Example: "UNDO 2", Who: PlayerOrHost, Game: true,
			Detail:  "The host's undo happens at once; a player's waits for every other player's `AGREE` (or one `DECLINE`). Refused once a hidden fact or a random draw has come out since.",
			Console: "pbem undo"},
		{Word: "AGREE", Destructive: true, Syntax: "AGREE", Example: "AGREE", Who: AnyPlayer, Game: true},
		{Word: "DECLINE", Destructive: true, Syntax: "DECLINE", Example: "DECLINE", Who: AnyPlayer, Game: true, MayBeMove: true,
			Detail: "In a reply to an invitation, your seat is open again and pbem mails you nothing more of the game. Where the game's own moves use the word (an answer to a deal, `DECLINE RED`, `拒绝 红色`), `DECLINE` with the move's words is that move, in either language; the bare word answers an undo that waits, and, in a reply to the mail that asked about an undo, that undo even once the others settled it (pbem then says no undo waits), never a move."},
		{Word: "END", Keywords: []string{"GAME"}, Destructive: true, Syntax: "END [GAME]", Example: "END GAME", Who: AnyPlayer, Game: true, MayBeMove: true,
			Detail:  "The game is then ranked by the scores as they stand. In a game whose own moves use the word (`END` for `DONE` or `PASS`), `END` (or `结束`) alone is that move unless a vote to end is under way, and `END GAME` asks to end the game.",
			Console: "pbem end"},
		{Word: "VACATION", Syntax: "VACATION <first day> <last day>", Example: "VACATION 2026-12-20 2026-12-27", Who: AnyPlayer, Game: true,
			Detail: "Days are written YYYY-MM-DD, in your time zone (`TZ`; UTC until you set one); the deadline moves by as long as the vacation, by at most the host's `VACATION` limit."},
		{Word: "AUTO", Keywords: []string{"ON", "OFF"}, Syntax: "AUTO ON|OFF", Example: "AUTO OFF", Who: AnyPlayer, Game: true,
			Detail: "A forced move (`FEED NONE` when you have nothing to give, a `PASS` with nothing else to do) is marked forced in the history."},
		{Word: "DIGEST", Keywords: []string{"ON", "OFF"}, Syntax: "DIGEST ON|OFF", Example: "DIGEST ON", Who: AnyPlayer, Game: true,
			Detail: "Prompts, reminders, offers made to you and the result still come at once. In a game of four or more players you start with the others' moves told in the mail that next asks you to move, not a mail each; the answers to your own moves, `SAY` and the table's news still come at once. `DIGEST OFF` asks for a mail per move."},
		{Word: "IF", Keywords: []string{"THEN"}, Syntax: "IF <their move> THEN <your move>", Example: "IF E5 THEN G7", Who: AnyPlayer, Game: true,
			Detail: "For a player whose turn it is not. Nobody else learns of it unless it is played."},
		{Word: "DEADLINE", Syntax: "DEADLINE <time> [mon-fri] [REMINDER <time>] [GRACE <time>] [TIMEOUTS <n>] [VACATION <days>] | DEADLINE OFF",
			Example: "DEADLINE 48h mon-fri REMINDER 12h GRACE 6h", Who: HostOnly, Game: true,
			Detail:  "Time is counted only on the days given, as they are in your time zone (`TZ`) when you set it; each player reads the deadline in their own. Its words may be written in Chinese too (`截止 48h 周一-周五 提醒 12h 宽限 6h`). The reminder comes a quarter of the time before by default; after the grace pbem plays the game's default move, marked as a timeout; after `TIMEOUTS` timeouts (3 by default) pbem plays the seat for good; vacations may push a deadline by at most `VACATION` days (14 by default).",
			Console: "pbem deadline"},
		{Word: "PAUSE", Destructive: true, Syntax: "PAUSE", Example: "PAUSE", Who: HostOnly, Game: true,
			Console: "pbem pause"},
		{Word: "RESUME", Syntax: "RESUME", Example: "RESUME", Who: HostOnly, Game: true,
			Console: "pbem resume"},
		{Word: "REPLACE", Keywords: []string{"WITH"}, Destructive: true, Syntax: "REPLACE <seat> WITH <address>", Example: "REPLACE 1 WITH cai@example.com", Who: HostOnly, Game: true,
			Console: "pbem replace"},
		{Word: "EXPEL", Destructive: true, Syntax: "EXPEL <seat>", Example: "EXPEL 1", Who: HostOnly, Game: true,
			Console: "pbem expel"},
		{Word: "WATCH", Syntax: "WATCH <address>", Example: "WATCH olga@example.com", Who: HostOnly, Game: true,
			Detail:  "The observer is asked first: one mail, and nothing more until they reply `JOIN` to it (a `JOIN` and the game's id sent to the game mailbox gets them a mail to confirm by reply).",
			Console: "pbem watch"},
		{Word: "UNWATCH", Destructive: true, Syntax: "UNWATCH <address>", Example: "UNWATCH olga@example.com", Who: HostOnly, Game: true,
			Console: "pbem watch --stop"},
		{Word: "CAMPAIGN", Keywords: []string{"WITH"}, Syntax: "CAMPAIGN <kind> <game> [variant…] [<option> <value>…] [WITH <address>, …] | CAMPAIGN <campaign> <decision>",
			Example: "CAMPAIGN swiss <game> ROUNDS 3 WITH bea@example.net, cai@example.com", Who: Anyone, OwnWords: true,
			Detail:  "Write it to the game mailbox. The kinds are `roundrobin`, `swiss`, `knockout`, `ladder` and `league` (`循环赛`, `瑞士制`, `淘汰赛`, `天梯`, `联赛`); the options `ROUNDS`, `TABLE`, `DEADLINE`, `POINTS`, `TIEBREAKS`, `REACH`, `DIVISION`, `PROMOTE`, `SEASONS`, each with its value (see [campaigns.md](campaigns.md)). Each player named is asked first and entered once they reply `ENTER`; round 1 is paired when the last has, and each round after once the last game of the one before has its result. Without `WITH`, players enter with `ENTER <campaign>` and the organiser pairs round 1 with `CAMPAIGN <campaign> START`. In reply to the campaign's mail, the organiser decides, each decision recorded with its reason: `START`, `ADJUDICATE <game> <places> <reason>`, `DISQUALIFY <address> <reason>`, `PAUSE <reason>`, `RESUME <reason>`, `EXTEND <time> <reason>`, `REPLACE <address> WITH <address> <reason>`, `CLOSE <reason>` (a ladder); the same line to the game mailbox is answered with a mail to reply to.",
			Console: "pbem campaign new"},
		{Word: "ENTER", Destructive: true, Syntax: "ENTER [<campaign>]", Example: "ENTER c7k2mxq", Who: Anyone, OwnWords: true,
			Detail:  "In reply to the campaign's invitation or any of its mail, `ENTER` alone enters you; `ENTER <campaign>` to the game mailbox gets you a mail to confirm by reply, as `JOIN` does.",
			Console: "pbem campaign enter"},
		{Word: "WITHDRAW", Destructive: true, MayBeMove: true, Syntax: "WITHDRAW [<campaign>]", Example: "WITHDRAW c7k2mxq", Who: Anyone, OwnWords: true,
			Detail:  "In reply to the campaign's mail it takes you out; to the game mailbox it gets you a mail to confirm by reply.",
			Console: "pbem campaign withdraw"},
		{Word: "STANDINGS", Syntax: "STANDINGS [<campaign>]", Example: "STANDINGS c7k2mxq", Who: Anyone, OwnWords: true,
			Console: "pbem campaign standings"},
	}
}

// HelpIn is what the command does, in one sentence in lang, as pbem's
// own catalog says it (docs/commands.md); a mail's help is in its
// reader's book (List.Help).
func (c Command) HelpIn(lang string) string { return words.For(lang).S(words.ID("cmd." + c.Word)) }

// forms returns the other forms of keyword kw, in every language.
func (commands List) forms(kw string) []string {
	for _, c := range commands {
		if f, ok := c.Forms[kw]; ok {
			return f
		}
	}
	return nil
}

// Split splits a command line into its first word and the rest. A
// colon, comma or space after the word, full-width or not, only
// separates it. A Chinese command word needs no space before a move or a
// number ("悔棋2", "说：你好"), but one followed by more Chinese is a
// sentence, not the command ("继续加油", "同意你的看法").
func (commands List) Split(line string) (word, rest string) {
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

// FirstOf returns the first of two values, for Split's word.
func FirstOf(a, _ string) string { return a }

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

// IsKeyword reports whether w is keyword kw or one of its other forms.
func (commands List) IsKeyword(w, kw string) bool {
	return strings.EqualFold(w, kw) || slices.Contains(commands.forms(kw), w)
}

// CutKeyword cuts s around keyword kw, written in any of its forms, with
// spaces around it (a Chinese form also without them).
func (commands List) CutKeyword(s, kw string) (before, after string, ok bool) {
	if before, after, ok = CutFold(s, " "+kw+" "); ok {
		return before, after, ok
	}
	for _, f := range commands.forms(kw) {
		if before, after, ok = strings.Cut(s, f); ok {
			return strings.TrimSpace(before), strings.TrimSpace(after), true
		}
	}
	return s, "", false
}

// Lookup returns the command whose word or alias word is, in any case.
func (commands List) Lookup(word string) (*Command, bool) {
	word = strings.ToUpper(word)
	for i := range commands {
		c := &commands[i]
		if c.Word == word || ContainsFold(c.Aliases, word) {
			return c, true
		}
	}
	return nil, false
}

// IsCommandWord reports whether word starts a command rather than a move.
func (commands List) IsCommandWord(word string) bool {
	_, ok := commands.Lookup(word)
	return ok
}
