package mailroom

import (
	"context"
	"errors"
	"log/slog"
	"strings"

	"github.com/pbem-games/pbem/games"
	"github.com/pbem-games/pbem/games/locale"
	"github.com/pbem-games/pbem/games/notice"
	"github.com/pbem-games/pbem/mail"
	"github.com/pbem-games/pbem/rules"
)

// Consent that only its addressee can give. Without DKIM or a trusted
// authentication server a mail's From is anyone's to write, so nothing
// that acts for an address is done on a mail to the plain mailbox:
// taking an open seat (the host knows the invitation code), following a
// game the host asked someone to follow, stopping all mail. pbem answers
// such a mail with a confirmation, mailed to the address the mail claims
// to come from, whose Reply-To is a confirmation address made for that
// address alone (mail.Tokens.ConfirmTo); a reply to it from that address
// does what was asked. A reply to a seat's own reply address, with the
// seat's token, needs no confirmation: only the seat's player was mailed
// that address.

// confirmed admits a mail to a confirmation address when its token was
// made for the mail's sender; anyone else's mail to it is ignored.
func (m *Mailroom) confirmed(l *letter, tag mail.Tag, log *slog.Logger) bool {
	if !m.Tokens.CheckConfirm(tag, l.p.From) {
		log.Warn("mail to a confirmation address not made for its sender ignored", "purpose", tag.Confirm, "game", tag.Game)
		return false
	}
	if !m.authenticated(l.rec, l.p, log) {
		return false
	}
	l.confirm = tag
	return true
}

// proven reports whether the letter came to an address pbem mailed to its
// sender alone: a seat's reply address with its token, or a confirmation
// address made for them.
func (l *letter) proven() bool {
	return l.confirm.Confirm != "" || l.game != nil && l.seat != rules.Observer
}

// askConfirm answers the letter with a confirmation of purpose in game
// ("" for none): a reply to it does what the letter asked.
func (l *letter) askConfirm(purpose, game string) {
	f := locale.Saying("notice", "confirm."+purpose, game)
	f["confirm"], f["confirm.game"], f[ownWords] = purpose, game, "1"
	l.answer(notice.KindHelp, f)
}

// joinConfirmed does what a reply to a confirmation address of a game
// asks: follow the game, as its host asked, or take an open seat.
func (m *Mailroom) joinConfirmed(ctx context.Context, l *letter, c games.Cause) error {
	if l.confirm.Confirm == mail.ConfirmWatch {
		_, err := m.Service.AcceptWatch(ctx, l.confirm.Game, l.p.From, c)
		return err
	}
	_, err := m.Service.Join(ctx, l.confirm.Game, l.p.From, c)
	return err
}

// joinAsked answers "JOIN <game> [code]" to the plain mailbox: with a
// confirmation when the sender was asked to follow the game, or the code
// is the game's and it has a seat open; with the reason otherwise.
func (m *Mailroom) joinAsked(ctx context.Context, l *letter, id, code string) error {
	g, _, err := m.Service.Load(ctx, id)
	if errors.Is(err, games.ErrUnknownGame) && code == "" {
		return locale.RefuseIn(games.ErrSetup, "refuse.join.usage")
	}
	if errors.Is(err, games.ErrUnknownGame) {
		return locale.RefuseIn(games.ErrSetup, "refuse.join.code")
	}
	if err != nil {
		return err
	}
	switch {
	case code == "" && g.Asked[strings.ToLower(l.p.From)]:
		l.askConfirm(mail.ConfirmWatch, g.ID)
		return nil
	case code == "":
		return locale.RefuseIn(games.ErrSetup, "refuse.join.usage")
	case !m.Tokens.CheckInvitation(g.ID, code):
		return locale.RefuseIn(games.ErrSetup, "refuse.join.code")
	case games.SeatOf(g, l.p.From) != rules.Observer:
		return locale.RefuseIn(games.ErrSetup, "refuse.join.seated", g.ID)
	case len(g.Open()) == 0:
		return locale.RefuseIn(games.ErrSetup, "refuse.join.full", g.ID)
	}
	l.askConfirm(mail.ConfirmJoin, g.ID)
	return nil
}
