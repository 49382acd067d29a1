package mailroom

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/pbem-games/pbem/campaigns/organiser"
	"github.com/pbem-games/pbem/events"
	"github.com/pbem-games/pbem/games"
	"github.com/pbem-games/pbem/games/commands"
	"github.com/pbem-games/pbem/games/locale"
	"github.com/pbem-games/pbem/games/notice"
	"github.com/pbem-games/pbem/mail"
	"github.com/pbem-games/pbem/rules"
)

// commands runs the letter's command lines in order, as [commands.Meant] finds
// them. A refused move ends the mail: the lines after it were written for
// a game that did not happen.
func (m *Mailroom) commands(ctx context.Context, l *letter, log *slog.Logger) error {
	if len(l.p.Commands) == 0 {
		if subj := subjectCommand(l.p.Subject); subj != "" && m.Service.Commands().IsCommand(l.game, l.seat, subj) {
			l.answer(notice.KindHelp, locale.Saying("notice", "no.command.subject", strconv.Quote(subj)))
			return nil
		}
		l.answer(notice.KindHelp, locale.Saying("notice", "no.command"))
		return nil
	}
	cmds := m.Service.Commands()
	first, end := cmds.Span(l.game, l.seat, l.p.Commands)
	run, ignored := l.p.Commands[first:end], append(slices.Clone(l.p.Commands[:first]), l.p.Commands[end:]...)
	if l.p.Truncated && end == len(l.p.Commands) {
		// Lines dropped after a sign-off would have been ignored anyway.
		l.answer(notice.KindRejected, locale.Saying("reason", "too.many.lines", strconv.Itoa(len(l.p.Commands))))
	}
	defer tellIgnored(l, ignored, log)
	if l.reading != nil {
		l.reading.Ignored = append(l.reading.Ignored, ignored...)
	}
	for i, line := range run {
		word, rest := cmds.Split(line)
		rest = strings.TrimSpace(rest)
		c := games.Cause{Source: fmt.Sprintf("%s#%d", l.rec.Key, i), ReplyTo: l.p.MessageID, More: cmds.MoreMoves(run, i)}
		if l.game != nil {
			if _, done := l.game.Applied(c.Source); done {
				// Read again (after a crash, say): the line was recorded,
				// and its mail comes from what it recorded. Run now, it
				// would be read against what it did itself: a DECLINE
				// with no undo left to answer, a move kept for later
				// turns since the seat has moved.
				continue
			}
		}
		var err error
		cmd, isCmd := cmds.Lookup(word)
		if isCmd && cmd.Verbatim && len(l.p.Written) == len(l.p.Commands) {
			_, rest = cmds.Split(l.p.Written[first+i])
			rest = strings.TrimSpace(rest)
		}
		asMove := !isCmd
		if isCmd && cmd.MayBeMove {
			if asMove, err = m.movesNotCommands(ctx, l, cmd, word, line); err != nil {
				return err
			}
		}
		if l.reading != nil {
			if l.readLine(line, cmd, asMove, rest) {
				return nil
			}
			continue
		}
		switch {
		case !asMove && cmd.Destructive && commands.NotMeant(cmd, rest) != "":
			err = locale.RefuseIn(games.ErrSetup, commands.NotMeant(cmd, rest), line, cmd.Word, cmd.Example)
		case asMove:
			err = m.needGame(l, line, func() error { return m.move(ctx, l, line, c) })
		case cmd.Game:
			err = m.needGame(l, line, func() error { return m.run(ctx, cmd, l, rest, c) })
		default:
			err = m.run(ctx, cmd, l, rest, c)
		}
		m.counted(l, cmd, asMove, err)
		var refusal *games.Error
		if errors.As(err, &refusal) {
			kind := notice.KindRejected // a move: the answer carries the prompt again
			if !asMove {
				kind = notice.KindError
			}
			fields := map[string]string{"attempt": line, "skipped": strconv.Itoa(len(run) - i - 1)}
			locale.SayRefusal(fields, "reason", refusal)
			if isCmd && cmd.OwnWords {
				fields[ownWords] = "1"
			}
			l.answer(kind, fields)
			log.Info("command refused", "line", line, "reason", refusal.Msg)
			return nil
		}
		if err != nil {
			return err
		}
	}
	return m.queue(ctx, l, log)
}

// counted tells OnCommand of a command run (cmd, nil for none): its
// word, or MOVE for a move.
func (m *Mailroom) counted(l *letter, cmd *commands.Command, asMove bool, err error) {
	if m.OnCommand == nil {
		return
	}
	word := "MOVE"
	if cmd != nil && !asMove {
		word = cmd.Word
	}
	game := ""
	if l.game != nil {
		game = l.game.Created.Game
	}
	m.OnCommand(game, word, err)
}

// tellIgnored says in the answer to the mail which of its lines pbem
// ignored, in the last answer it has. A mail whose lines all ran has no
// answer of its own: its move's or command's mail says what it did, and
// a second mail with the board only to say that "Thanks!" was no move
// would cost the reader more than it tells them, so then nothing is said.
func tellIgnored(l *letter, ignored []string, log *slog.Logger) {
	if len(ignored) == 0 {
		return
	}
	log.Info("lines ignored as neither commands nor moves", "lines", len(ignored))
	const shown, width = 3, 40
	var quoted []string
	for _, line := range ignored[:min(len(ignored), shown)] {
		if r := []rune(line); len(r) > width {
			line = string(r[:width]) + "…"
		}
		quoted = append(quoted, strconv.Quote(line))
	}
	id := "ignored"
	if l.game != nil {
		id = "ignored.in.game"
	}
	if more := len(ignored) - shown; more > 0 {
		id += ".more"
	}
	args := []string{strings.Join(quoted, ", "), strconv.Itoa(len(ignored) - shown)}
	if len(l.queued) == 0 {
		return
	}
	n := &l.queued[len(l.queued)-1]
	if n.Fields == nil {
		n.Fields = map[string]string{}
	}
	locale.SayIn(n.Fields, "notice", id, args...)
}

// queue records the mail's move lines for the seat's later turns, if any,
// as its programmed list.
func (m *Mailroom) queue(ctx context.Context, l *letter, log *slog.Logger) error {
	if len(l.later) == 0 {
		return nil
	}
	c := games.Cause{Source: l.rec.Key + "#later", ReplyTo: l.p.MessageID}
	_, err := m.Service.Queue(ctx, l.game.ID, l.seat, l.later, c)
	var refusal *games.Error
	if errors.As(err, &refusal) {
		fields := map[string]string{"attempt": l.later[0]}
		locale.SayRefusal(fields, "reason", refusal)
		l.answer(notice.KindRejected, fields)
		log.Info("programmed list refused", "reason", refusal.Msg)
		return nil
	}
	return err
}

// join reads "JOIN <game> <code>": the code is the game's invitation
// code, which only its host was mailed; or "JOIN <game>" from an
// observer the host asked. Either is answered with a confirmation (see
// consent.go), and the reply to it does it. JOIN alone, in a reply to an
// invitation, says the invited player plays.
func (m *Mailroom) join(ctx context.Context, l *letter, rest string, c games.Cause) error {
	if l.game != nil && l.seat != rules.Observer && strings.TrimSpace(rest) == "" {
		_, err := m.Service.AnswerInvitation(ctx, l.game.ID, l.seat, true, c)
		return err
	}
	if l.confirm.Confirm == mail.ConfirmCampaign {
		return enterCampaign(m, ctx, l, rest, c) // JOIN for ENTER, in reply to a campaign's invitation
	}
	if l.confirm.Game != "" {
		return m.joinConfirmed(ctx, l, c)
	}
	words := strings.Fields(strings.ToLower(rest))
	switch len(words) {
	case 1:
		return m.joinAsked(ctx, l, words[0], "")
	case 2:
		return m.joinAsked(ctx, l, words[0], words[1])
	}
	return locale.RefuseIn(games.ErrSetup, "refuse.join.usage")
}

// movesNotCommands says whether a line that starts with a table command's
// word is a move of the game: a DECLINE with the words of a move, such as
// a game's answer to a deal (DECLINE RED), whether or not an undo
// waits for an answer, which only the bare word gives; or an END such as
// a game's word for DONE when no vote to end the game waits (END GAME
// still asks to end it), which the game must read as a legal move of the
// seat now. The bare DECLINE in reply to the mail that asked about an undo
// answers that undo, settled since or not.
func (m *Mailroom) movesNotCommands(ctx context.Context, l *letter, cmd *commands.Command, word, line string) (bool, error) {
	if l.game == nil || l.seat == rules.Observer {
		return false, nil
	}
	switch cmd.Word { // the command, in whichever language it is written: 拒绝 红色 is DECLINE RED
	case "DECLINE":
		if l.game.Created.Players[l.seat].Invited {
			return false, nil
		}
		if strings.EqualFold(strings.TrimSpace(line), word) {
			if l.game.Undo != nil {
				return false, nil // the bare word answers a waiting undo
			}
			asked, err := m.answersUndo(ctx, l)
			return !asked && parses(l, line), err
		}
		// With words after it (a deal's DECLINE RED), it is the
		// game's move, to be played, kept for later or refused with the
		// game's reason, never the answer to an undo.
		if n, ok := l.game.State.(rules.Notation); ok {
			return n.LooksLikeMove(l.seat, line), nil
		}
	case "WITHDRAW":
		// In a reply to a game whose notation has the word (a trading
		// game's WITHDRAW of an offer) it is the game's move, played or refused
		// with the game's reason; leaving a campaign is WITHDRAW with the
		// campaign's id, or in reply to the campaign's own mail.
		if _, rest := m.Service.Commands().Split(line); organiser.IsID(strings.ToLower(strings.TrimSpace(rest))) {
			return false, nil
		}
		if n, ok := l.game.State.(rules.Notation); ok {
			return n.LooksLikeMove(l.seat, line), nil
		}
	case "END":
		if len(l.game.EndVotes) > 0 {
			return false, nil
		}
	default:
		return false, nil
	}
	return parses(l, line), nil
}

// answersUndo says whether the letter replies to a mail pbem sent about
// an undo another seat asked for.
func (m *Mailroom) answersUndo(ctx context.Context, l *letter) (bool, error) {
	at, err := m.answered(ctx, l)
	if err != nil || at == 0 {
		return false, err
	}
	_, evs, _, err := m.Service.LoadAt(ctx, l.game.ID, int(at))
	if err != nil || uint64(len(evs)) < at {
		return false, err
	}
	var p events.UndoProposed
	e := evs[at-1]
	return e.Type == events.TypeUndoProposed && e.Unmarshal(&p) == nil && p.Seat != int(l.seat), nil
}

// outOfTurn says whether line is a move the game waits for nobody to make
// (rules.OutOfTurn: deals): it is played, or refused with
// its reason, when the mail is read, whether or not it is the seat's turn,
// and never kept for the seat's turn (an answer to an offer gone by then
// is refused, not played in some later phase).
func outOfTurn(l *letter, line string) bool {
	ot, ok := l.game.State.(rules.OutOfTurn)
	if !ok {
		return false
	}
	m, err := l.game.State.Parse(l.seat, line)
	return err == nil && ot.OutOfTurn(m)
}

// parses says whether the rules read line as a legal move of the seat now.
func parses(l *letter, line string) bool {
	_, err := l.game.State.Parse(l.seat, line)
	return err == nil
}

// needGame runs do when the mail came to a game's reply address.
func (m *Mailroom) needGame(l *letter, line string, do func() error) error {
	if l.game == nil || l.seat == rules.Observer {
		return locale.RefuseIn(games.ErrUnknownGame, "refuse.needs.game", line)
	}
	return do()
}

// move plays one move, unless the mail answers a prompt that is no longer
// current.
func (m *Mailroom) move(ctx context.Context, l *letter, line string, c games.Cause) error {
	if l.stale {
		return nil // written for a game that has moved on, as its answer says
	}
	if err := m.replace(ctx, l, line, c); err != nil {
		return err
	}
	if (len(l.later) > 0 || !games.IsToAct(l.game.State, int(l.seat)) && l.game.Rules.Info().Programmed) && !outOfTurn(l, line) {
		if n, ok := l.game.State.(rules.Notation); ok && !n.LooksLikeMove(l.seat, line) {
			// Kept, it would fail when the turn comes, or never: say why now.
			_, err := l.game.State.Parse(l.seat, line)
			if err == nil {
				return locale.RefuseIn(rules.ErrIllegal, "refuse.not.a.move", line)
			}
			return locale.Refuse(rules.ErrIllegal, "%v", err)
		}
		if len(l.later) == 0 {
			// A list written in answer to a mail the game has moved on
			// from is not kept: the turns it was written for changed.
			since, stale, err := m.stale(ctx, l)
			if err != nil {
				return err
			}
			if stale {
				l.answerStale(line, since)
				return nil
			}
		}
		l.later = append(l.later, line) // for the seat's later turns
		return nil
	}
	answers, err := m.answered(ctx, l)
	if err != nil {
		return err
	}
	c.Answers = answers
	p, err := m.Service.Move(ctx, l.game.ID, l.seat, line, c)
	if stale := (*games.StaleError)(nil); errors.As(err, &stale) {
		l.answerStale(line, stale.Since)
		return nil
	}
	if err != nil {
		return err
	}
	l.game = p.Game
	return nil
}

// newGame reads "NEW <game> [variant…] WITH <address>[, <address>…]": the
// sender hosts the game and plays in it, first unless listed elsewhere.
// OPEN in place of an address leaves a seat for anyone who sends JOIN and
// the game's id.
func (m *Mailroom) newGame(ctx context.Context, l *letter, rest string, c games.Cause) error {
	spec, with, ok := m.Service.Commands().CutKeyword(rest, "WITH")
	if !ok {
		return locale.RefuseIn(games.ErrSetup, "refuse.new.usage")
	}
	words := strings.Fields(spec)
	if len(words) == 0 {
		return locale.RefuseIn(games.ErrSetup, "refuse.new.game", strings.Join(m.Service.Catalog.Names(), ", "))
	}
	var players []events.Player
	addrs := strings.FieldsFunc(with, func(r rune) bool { return strings.ContainsRune(",;， ；、　", r) })
	if !commands.ContainsFold(addrs, l.p.From) {
		addrs = append([]string{l.p.From}, addrs...)
	}
	for _, a := range addrs {
		a = strings.Trim(a, "<>")
		if m.Service.Commands().IsKeyword(a, "OPEN") {
			players = append(players, events.Player{Name: "open seat", Open: true})
			continue
		}
		addr, err := games.ParseAddress(a, m.Mailbox)
		if err != nil {
			return err
		}
		name, _, _ := strings.Cut(addr, "@")
		// Everyone but the host is asked first: pbem mails nobody a
		// game they did not say they want to play.
		players = append(players, events.Player{Name: name, Address: addr, Invited: !strings.EqualFold(addr, l.p.From)})
	}
	if n, err := m.hosting(ctx, l.p.From); err != nil {
		return err
	} else if max := cmp.Or(m.MaxHosted, DefaultMaxHosted); n >= max {
		return locale.RefuseIn(games.ErrSetup, "refuse.hosting", strconv.Itoa(n), strconv.Itoa(max))
	}
	invited := 0
	for _, p := range players {
		if !p.Open && !strings.EqualFold(p.Address, l.p.From) {
			invited++
		}
	}
	stranger, err := m.stranger(ctx, l.p.From)
	if err != nil {
		return err
	}
	if !m.spend(l.p.From, stranger, invited) {
		return m.overBudget(invited)
	}
	asked, err := m.invitees(ctx, players, l.p.From)
	if err != nil {
		return err
	}
	if err := m.unsolicited(asked); err != nil {
		return err
	}
	id, err := m.Service.Create(ctx, games.NewGame{Game: words[0], Variants: words[1:], Players: players,
		Host: l.p.From, Source: c.Source, ReplyTo: c.ReplyTo})
	if err != nil {
		return err
	}
	m.log().Info("game created by mail", "game", id, "host", l.p.From)
	return nil
}

// answerStale answers the mail as one the game has moved on from since
// the event it answers, naming the line that was not played; the rest of
// its moves are not read.
func (l *letter) answerStale(line string, since uint64) {
	l.answer(notice.KindStale, map[string]string{"attempt": line, "since": strconv.FormatUint(since, 10)})
	l.stale = true
}

// replyMarks are what mail clients put before a subject they answer or
// forward, in the languages pbem writes, and the tag pbem puts in its own.
var replyMarks = regexp.MustCompile(`^\s*(?i:(?:re|aw|fwd?|回复|答复|回覆|转发)\s*[:：]|\[pbem [^\]]*\])\s*`)

// subjectCommand is what a subject says once the marks of replies and
// pbem's tag are taken off: a move a player wrote there instead of in the
// mail, perhaps.
func subjectCommand(subject string) string {
	for {
		s := replyMarks.ReplaceAllString(subject, "")
		if s == subject {
			return strings.TrimSpace(s)
		}
		subject = s
	}
}
