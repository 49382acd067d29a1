package letters

import (
	"context"
	"encoding/json"
	"errors"
	"strconv"
	"strings"

	"github.com/pbem-games/pbem/events"
	"github.com/pbem-games/pbem/games/locale"
	"github.com/pbem-games/pbem/games/notice"
	"github.com/pbem-games/pbem/mail"
)

// Marked tells the host and the players of each game whose mail to b's
// address bounced that the address is marked (mail.BounceScores): pbem
// sends it no more game mail. Each game is told once per mark, whatever
// crashes or repeats: its record on pbem.answered is written once, with
// its mails, in one batch.
func (s *Service) Marked(ctx context.Context, b mail.Bouncing) error {
	for _, id := range b.Games {
		if err := s.tellMarked(ctx, id, b); err != nil {
			return err
		}
	}
	return nil
}

func (s *Service) tellMarked(ctx context.Context, id string, b mail.Bouncing) error {
	g, _, err := s.Load(ctx, id)
	if errors.Is(err, events.ErrNotFound) {
		return nil
	}
	if err != nil {
		return err
	}
	who, seat := b.Address, -1
	for _, p := range g.Created.Players {
		if strings.EqualFold(p.Address, b.Address) {
			who, seat = p.Name+" ("+b.Address+")", p.Seat
		}
	}
	// The host, then every other player: the game waits on the address.
	type reader struct {
		to, name string
		seat     int
	}
	readers := []reader{{to: g.Created.Host, name: g.Created.Host, seat: -1}}
	for _, p := range g.Created.Players {
		if strings.EqualFold(p.Address, g.Created.Host) {
			readers[0] = reader{p.Address, p.Name, p.Seat}
		} else {
			readers = append(readers, reader{p.Address, p.Name, p.Seat})
		}
	}
	addr, at := notice.AddressKey(b.Address), strconv.FormatInt(b.Marked.Unix(), 10)
	var msgs []events.Message
	var ids []string
	for _, r := range readers {
		if r.to == "" || strings.EqualFold(r.to, b.Address) {
			continue
		}
		tok := "h"
		if r.seat >= 0 {
			tok = strconv.Itoa(r.seat)
		}
		n := mail.Notice{ID: notice.MarkedID(s.IDDomain(), g.ID, at, addr, tok), Kind: notice.KindUndelivered, Game: g.ID, Seq: g.Seq,
			Seat: r.seat, To: r.to, Name: r.name, Fields: map[string]string{}}
		locale.SayIn(n.Fields, "reason", "marked.reason", who, b.Status)
		if seat >= 0 && g.Settings.PerMove == "" {
			locale.SayIn(n.Fields, "notice", "marked.notice.stalled", who, strconv.Itoa(seat))
		} else {
			locale.SayIn(n.Fields, "notice", "marked.notice", who)
		}
		if r.seat >= 0 {
			n.InReplyTo = notice.ThreadRoot(s.IDDomain(), g.ID, r.seat)
			n.References = []string{n.InReplyTo}
		}
		msgs = append(msgs, events.Message{Subject: n.Subject(), MsgID: n.ID, Data: n.Encode()})
		ids = append(ids, n.ID)
	}
	if len(msgs) == 0 {
		return nil
	}
	data, err := json.Marshal(Answered{To: g.Created.Host, IDs: ids})
	if err != nil {
		return err
	}
	once := events.Message{Subject: AnsweredSubject + "marked-" + g.ID + "-" + addr + "-" + at, Data: data}
	err = s.Store.PutOnceWith(ctx, once, msgs)
	if errors.Is(err, events.ErrExists) {
		return nil
	}
	return err
}
