package mailroom

import (
	"context"
	"strconv"
	"strings"

	"github.com/pbem-games/pbem/events"
	"github.com/pbem-games/pbem/games"
	"github.com/pbem-games/pbem/games/commands"
	"github.com/pbem-games/pbem/games/locale"
	"github.com/pbem-games/pbem/games/notice"
	"github.com/pbem-games/pbem/mail"
	"github.com/pbem-games/pbem/rules"
)

// A handler runs one command of the mail language (package commands)
// for the letter: rest is the line after the command's word.
type handler func(m *Mailroom, ctx context.Context, l *letter, rest string, c games.Cause) error

// newHandlers builds the handlers, keyed by the word of the command each
// runs (commands.Command.Word); TestEveryCommandHasAHandler fails when a
// command of the table has none, or a handler no command.
func newHandlers() map[string]handler {
	answer := func(kind string) handler {
		return func(_ *Mailroom, _ context.Context, l *letter, _ string, _ games.Cause) error {
			l.answer(kind, nil)
			return nil
		}
	}
	return map[string]handler{
		"HELP":     answer(notice.KindHelp),
		"NEW":      (*Mailroom).newGame,
		"JOIN":     (*Mailroom).join,
		"STOP":     stop,
		"LANG":     setLang,
		"TZ":       setZone,
		"GAMES":    answer(notice.KindGames),
		"BOARD":    answer(notice.KindBoard),
		"LEGAL":    answer(notice.KindLegal),
		"HISTORY":  history,
		"SAY":      say,
		"RESIGN":   resign,
		"UNDO":     undo,
		"AGREE":    answerUndo(true),
		"DECLINE":  decline,
		"END":      endGame,
		"VACATION": vacation,
		"AUTO":     onOff((*games.Service).SetAuto, "refuse.auto.usage"),
		"DIGEST":   onOff((*games.Service).SetDigest, "refuse.digest.usage"),
		"IF":       conditional,
		"DEADLINE": setDeadline,
		"PAUSE":    pause(true),
		"RESUME":   pause(false),
		"REPLACE":  replace,
		"EXPEL":    expel,
		"WATCH":    watch(true),
		"UNWATCH":  watch(false),
		// Campaigns (campaigns.go).
		"CAMPAIGN":  (*Mailroom).newCampaign,
		"ENTER":     enterCampaign,
		"WITHDRAW":  withdrawCampaign,
		"STANDINGS": standings,
	}
}

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
	l.answer(notice.KindHistory, map[string]string{"from": rest})
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
	set, err := locale.ParseDeadlineIn(m.Service.Langs(), rest)
	if err == nil && len(set.Days) > 0 {
		var loc locale.Locale
		loc, _, err = m.Service.LocaleAt(ctx, l.p.From, m.Service.Time())
		set.Zone = loc.ZoneName
	}
	if err == nil {
		_, err = m.Service.SetSettings(ctx, l.game.ID, l.seat, set, c)
	}
	return err
}

func vacation(m *Mailroom, ctx context.Context, l *letter, rest string, c games.Cause) error {
	loc, _, err := m.Service.LocaleAt(ctx, l.p.From, m.Service.Time())
	if err != nil {
		return err
	}
	from, until, err := locale.ParseVacation(rest, loc.Location())
	if err == nil {
		_, err = m.Service.Vacation(ctx, l.game.ID, l.seat, from, until, c)
	}
	return err
}

func pause(on bool) handler {
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
			return locale.RefuseIn(games.ErrUndo, "refuse.undo.usage")
		}
	}
	_, err := m.Service.Undo(ctx, l.game.ID, l.seat, n, c)
	return err
}

func answerUndo(agree bool) handler {
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
		return locale.RefuseIn(games.ErrUndo, "refuse.decline.nothing")
	}
	return answerUndo(false)(m, ctx, l, rest, c)
}

func replace(m *Mailroom, ctx context.Context, l *letter, rest string, c games.Cause) error {
	who, addr, ok := m.Service.Commands().CutKeyword(rest, "WITH")
	n, convErr := strconv.Atoi(strings.TrimSpace(who))
	if !ok || convErr != nil {
		return locale.RefuseIn(games.ErrSetup, "refuse.replace.usage")
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
		return locale.RefuseIn(games.ErrSetup, "refuse.expel.usage")
	}
	_, err := m.Service.Expel(ctx, l.game.ID, l.seat, n, c)
	return err
}

func endGame(m *Mailroom, ctx context.Context, l *letter, _ string, c games.Cause) error {
	_, err := m.Service.ProposeEnd(ctx, l.game.ID, l.seat, c)
	return err
}

func watch(on bool) handler {
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
func onOff(set func(s *games.Service, ctx context.Context, id string, seat rules.Seat, on bool, c games.Cause) (games.Played, error), usage string) handler {
	return func(m *Mailroom, ctx context.Context, l *letter, rest string, c games.Cause) error {
		on := m.Service.Commands().IsKeyword(rest, "ON")
		if !on && !m.Service.Commands().IsKeyword(rest, "OFF") {
			return locale.RefuseIn(games.ErrSetup, usage)
		}
		_, err := set(m.Service.Service, ctx, l.game.ID, l.seat, on, c)
		return err
	}
}

func conditional(m *Mailroom, ctx context.Context, l *letter, rest string, c games.Cause) error {
	ifMove, thenMove, ok := m.Service.Commands().CutKeyword(rest, "THEN")
	if !ok {
		return locale.RefuseIn(rules.ErrIllegal, "refuse.if.usage")
	}
	_, err := m.Service.Conditional(ctx, l.game.ID, l.seat, ifMove, thenMove, c)
	return err
}

// run runs cmd for the letter by its handler. A command without one is
// refused, never a crash; TestEveryCommandHasAHandler keeps it from
// happening.
func (m *Mailroom) run(ctx context.Context, cmd *commands.Command, l *letter, rest string, c games.Cause) error {
	m.handlersOnce.Do(func() { m.handlers = newHandlers() })
	h, ok := m.handlers[cmd.Word]
	if !ok {
		return locale.Refuse(games.ErrSetup, "%s is not offered here", cmd.Word)
	}
	return h(m, ctx, l, rest, c)
}
