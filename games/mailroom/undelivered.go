package mailroom

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/pbem-games/pbem/events"
	"github.com/pbem-games/pbem/mail"
)

// Undelivered tells the host of n's game that n could not be delivered
// for good (cause says why), so that a player who gets no mail does not
// simply seem to have gone: the host can tell them, or replace the
// address. Nothing is said of mail to the host themselves, of mail about
// no game, or of such a mail itself. It is said once per game and
// address whatever crashes or repeats: its record on pbem.answered is
// written once.
func (s *Service) Undelivered(ctx context.Context, n mail.Notice, cause error) error {
	if n.Game == "" || n.Kind == KindUndelivered {
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
	addr := addressKey(n.To)
	u := mail.Notice{
		ID: undeliveredID(s.IDDomain(), g.ID, addr), Kind: KindUndelivered, Game: g.ID, Seq: g.Seq,
		Seat: seat, To: host, Name: name,
		Fields: map[string]string{},
	}
	sayIn(u.Fields, "reason", "undelivered.reason", who, strings.Join(strings.Fields(cause.Error()), " "))
	sayIn(u.Fields, "notice", "undelivered.notice", cmp.Or(n.Name, n.To))
	if seat >= 0 {
		u.InReplyTo = threadRoot(s.IDDomain(), g.ID, seat)
		u.References = []string{u.InReplyTo}
	}
	data, err := json.Marshal(answered{To: host, IDs: []string{u.ID}})
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
