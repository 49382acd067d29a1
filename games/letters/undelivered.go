package letters

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/pbem-games/pbem/events"
	"github.com/pbem-games/pbem/games/locale"
	"github.com/pbem-games/pbem/games/notice"
	"github.com/pbem-games/pbem/mail"
	"github.com/pbem-games/pbem/projections"
)

// Undelivered tells the host of n's game that n could not be delivered
// for good (cause says why), so that a player who gets no mail does not
// simply seem to have gone: the host can tell them, or replace the
// address. Nothing is said of mail to the host themselves, of mail about
// no game, or of such a mail itself. It is said once per game and
// address whatever crashes or repeats: its record on pbem.answered is
// written once.
func (s *Service) Undelivered(ctx context.Context, n mail.Notice, cause error) error {
	return s.tellHost(ctx, n, func(fields map[string]string, who string, _ *projections.Game) {
		locale.SayIn(fields, "reason", "undelivered.reason", who, strings.Join(strings.Fields(cause.Error()), " "))
		locale.SayIn(fields, "notice", "undelivered.notice", cmp.Or(n.Name, n.To))
	})
}

// Stopped tells the host of n's game that n, which asked its recipient to
// move, was not sent because they had sent STOP: their turns now pass
// unseen, at each deadline played by pbem, and without one the game waits
// for ever. It is said once per game and address, as Undelivered is, and
// shares its record: a player who gets no mail is news once.
func (s *Service) Stopped(ctx context.Context, n mail.Notice) error {
	if n.Kind != notice.KindYourTurn && n.Kind != notice.KindInvitation && n.Kind != notice.KindReminder {
		return nil
	}
	return s.tellHost(ctx, n, func(fields map[string]string, who string, g *projections.Game) {
		locale.SayIn(fields, "reason", "stopped.reason", who)
		id := "stopped.notice"
		if g.Settings.PerMove == "" {
			id = "stopped.notice.stalled"
		}
		locale.SayIn(fields, "notice", id, cmp.Or(n.Name, n.To), strconv.Itoa(n.Seat))
	})
}

// tellHost mails the host of n's game, once per game and n's address,
// what say writes into the mail's fields about who (n's recipient):
// nothing for mail to the host themselves, mail about no game or a game
// gone, or such a mail itself. Its record on pbem.answered is written
// once whatever crashes or repeats.
func (s *Service) tellHost(ctx context.Context, n mail.Notice, say func(fields map[string]string, who string, g *projections.Game)) error {
	if n.Game == "" || n.Kind == notice.KindUndelivered {
		return nil
	}
	g, _, err := s.Load(ctx, n.Game)
	if errors.Is(err, events.ErrNotFound) {
		return nil
	}
	if err != nil {
		return err
	}
	host := g.Created.Host
	if host == "" || strings.EqualFold(host, n.To) {
		return nil
	}
	seat, name := -1, host
	for _, p := range g.Created.Players {
		if strings.EqualFold(p.Address, host) {
			seat, name = p.Seat, p.Name
		}
	}
	who := n.To
	if n.Name != "" && n.Name != n.To {
		who = fmt.Sprintf("%s (%s)", n.Name, n.To)
	}
	// Once per game and address: a recipient whose every mail bounces is
	// news once, not at every move.
	addr := notice.AddressKey(n.To)
	u := mail.Notice{
		ID: notice.UndeliveredID(s.IDDomain(), g.ID, addr), Kind: notice.KindUndelivered, Game: g.ID, Seq: g.Seq,
		Seat: seat, To: host, Name: name,
		Fields: map[string]string{},
	}
	say(u.Fields, who, g)
	if seat >= 0 {
		u.InReplyTo = notice.ThreadRoot(s.IDDomain(), g.ID, seat)
		u.References = []string{u.InReplyTo}
	}
	data, err := json.Marshal(Answered{To: host, IDs: []string{u.ID}})
	if err != nil {
		return err
	}
	once := events.Message{Subject: AnsweredSubject + "undelivered-" + g.ID + "-" + addr, Data: data}
	err = s.Store.PutOnceWith(ctx, once, []events.Message{{Subject: u.Subject(), MsgID: u.ID, Data: u.Encode()}})
	if errors.Is(err, events.ErrExists) {
		return nil
	}
	return err
}
