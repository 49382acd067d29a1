package mail

import (
	"context"
	"encoding/hex"
	"fmt"
	"io"
	"log/slog"
	"strconv"
	"strings"
	"time"

	"github.com/pbem-games/pbem/events"
)

// Bounces reads the delivery reports that come back to the bounce
// addresses of the mailbox ([Tokens.BounceAddress]) and records each hard
// failure they report as the outbox records a mail refused for good: on
// pbem.failed.<game>, the notice held as failed (so that pbem mail list
// --failed shows it and pbem mail retry sends it again), and OnFailed told
// (the service tells the game's host, once per game and address). A
// report counts only for a recipient its bounce address was made for.
//
// With Scores, each hard bounce is also counted to its address's score
// (see [BounceScores]): at the threshold a probe goes to the outbox, and
// the probe's own bounce marks the address, which OnMarked is told of. A
// report that the mail was delivered clears the address's score and mark.
type Bounces struct {
	Store   events.Follower
	Tokens  Tokens
	Mailbox string
	// Notices derives the games' notices, to find the one that bounced by
	// the Message-ID the report returns; nil finds none.
	Notices  NoticeSource
	OnFailed func(ctx context.Context, n Notice, cause error) error
	// Scores counts the hard bounces of each address; nil counts none.
	Scores *BounceScores
	// OnMarked is told of each address as it is marked, once; an error
	// reads the report again (so it is told again: it must be idempotent).
	OnMarked func(ctx context.Context, b Bouncing) error
	Now      func() time.Time // nil: time.Now
	Log      *slog.Logger     // nil: discard
}

// Handle records the hard failures the delivery report p reports, p
// having come in the mail recorded under key. Mail that is no report,
// or a report to no bounce address, is left alone. It returns an error
// only when the store failed, so that the report is read again.
func (b *Bounces) Handle(ctx context.Context, key string, p *Parsed) error {
	if p.Bounce == nil {
		return nil
	}
	log := b.log().With("mail", key)
	tag, ok := p.BounceTag(b.Mailbox)
	if !ok {
		log.Info("delivery report not to a bounce address: nothing recorded")
		return nil
	}
	for _, r := range p.Bounce.Recipients {
		if !r.Failed() && r.Action != "delivered" {
			continue // delayed, relayed, or a temporary failure
		}
		if !b.Tokens.CheckBounce(tag, r.Recipient) {
			log.Warn("delivery report for a recipient its bounce address was not made for: nothing recorded", "recipient", r.Recipient, "game", tag.Game)
			continue
		}
		var err error
		switch {
		case r.Action == "delivered":
			err = b.delivered(ctx, r.Recipient, log)
		case tag.Probe:
			err = b.probeBounced(ctx, r, log)
		default:
			err = b.failed(ctx, key, tag, r, p.Bounce.MessageID, log)
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// Count counts a hard bounce of n (status, such as 5.1.1) to its
// recipient's score, and sends the probe when the score reaches the
// threshold. The outbox's refusals for good count as the reports do.
// mailID names the mail that bounced, whose bounce counts once however
// often it is reported: n's Message-ID, or the report's when it returns
// none ("" counts each time).
func (b *Bounces) Count(ctx context.Context, n Notice, status, mailID string) error {
	if b.Scores == nil || n.Kind == KindProbe {
		return nil // the probe's own refusal is told by its report
	}
	now := b.now()
	s, probe, err := b.Scores.Count(ctx, n.To, n.Game, status, mailID, now)
	if err != nil || !probe {
		return err
	}
	_, domain, _ := splitAddr(b.Mailbox)
	p := ProbeNotice(domain, n.To, s.Probe)
	p.Name = n.Name // as the mail that bounced greeted them
	b.log().Warn("mail to an address bounced again and again: a probe goes to it", "to", n.To, "score", s.Score, "id", p.ID)
	return sendProbe(ctx, b.Store, p)
}

// probeBounced marks r's address: its probe bounced.
func (b *Bounces) probeBounced(ctx context.Context, r BounceRecipient, log *slog.Logger) error {
	if b.Scores == nil {
		return nil
	}
	s, marked, err := b.Scores.ProbeBounced(ctx, r.Recipient, r.Status, b.now())
	if err != nil || !marked {
		if err == nil {
			log.Info("a probe bounced, but none is out for its address: nothing marked", "to", r.Recipient)
		}
		return err
	}
	log.Warn("the probe bounced: the address is marked, and gets no more game mail", "to", r.Recipient, "status", r.Status, "games", s.Games)
	if b.OnMarked != nil {
		return b.OnMarked(ctx, s)
	}
	return nil
}

// delivered clears the bounces of addr: a report says mail reached it.
func (b *Bounces) delivered(ctx context.Context, addr string, log *slog.Logger) error {
	if b.Scores == nil {
		return nil
	}
	cleared, err := b.Scores.Clear(ctx, addr)
	if cleared {
		log.Info("a report says mail reached the address: its bounces are forgotten", "to", addr)
	}
	return err
}

// failed records that mail of tag's game to r bounced; id is the
// Message-ID of the mail that did, as the report returns it.
func (b *Bounces) failed(ctx context.Context, key string, tag BounceTag, r BounceRecipient, id string, log *slog.Logger) error {
	cause := fmt.Errorf("bounced with %s", r.Status)
	if r.Diagnostic != "" {
		cause = fmt.Errorf("bounced with %s: %s", r.Status, r.Diagnostic)
	}
	n, seq, found := b.find(ctx, tag, r.Recipient, id, log)
	if !found {
		n = Notice{Game: tag.Game, To: r.Recipient, Seat: -1}
	}
	msgID := "failed.bounce." + key + "." + hex.EncodeToString([]byte(r.Recipient))
	if err := recordFailed(ctx, b.Store, n, msgID, cause); err != nil {
		return err
	}
	if found {
		held, err := OpenHeld(ctx, b.Store)
		if err != nil {
			return err
		}
		h := Held{Notice: n, Seq: seq, State: StateFailed, Since: b.now(), Code: diagnosticCode(r.Diagnostic), Error: cause.Error()}
		if err := held.Put(ctx, h, ""); err != nil {
			return err
		}
	}
	log.Warn("mail bounced", "id", n.ID, "to", r.Recipient, "game", tag.Game, "status", r.Status, "diagnostic", r.Diagnostic)
	if b.OnFailed != nil {
		if err := b.OnFailed(ctx, n, cause); err != nil {
			return err
		}
	}
	// A report delivered again, or another report of the same mail,
	// counts once by the mail it returns; one that returns none is read
	// once by its own Message-ID (or its bytes), as the inbox reads mail.
	return b.Count(ctx, n, r.Status, strings.Trim(id, "<>"))
}

// find returns the notice of Message-ID id if it is the game's mail to
// recipient.
func (b *Bounces) find(ctx context.Context, tag BounceTag, recipient, id string, log *slog.Logger) (Notice, uint64, bool) {
	if id == "" || b.Notices == nil {
		return Notice{}, 0, false
	}
	s, err := FindNotice(ctx, b.Store, b.Notices, id)
	if err != nil {
		log.Info("the mail a delivery report returns is none of pbem's notices", "messageId", id, "err", err)
		return Notice{}, 0, false
	}
	if !strings.EqualFold(s.Notice.To, recipient) || s.Notice.Game != tag.Game {
		log.Warn("the mail a delivery report returns went to another recipient or game", "messageId", id, "to", s.Notice.To, "recipient", recipient)
		return Notice{}, 0, false
	}
	return s.Notice, s.Seq, true
}

// diagnosticCode is the SMTP reply code of a Diagnostic-Code such as
// "smtp; 550 5.1.1 user unknown", 0 when it names none.
func diagnosticCode(d string) int {
	_, rest, ok := strings.Cut(d, ";")
	if !ok {
		rest = d
	}
	f := strings.Fields(rest)
	if len(f) == 0 {
		return 0
	}
	n, err := strconv.Atoi(f[0])
	if err != nil || n < 200 || n > 599 {
		return 0
	}
	return n
}

func (b *Bounces) now() time.Time {
	if b.Now != nil {
		return b.Now()
	}
	return time.Now()
}

func (b *Bounces) log() *slog.Logger {
	if b.Log != nil {
		return b.Log
	}
	return slog.New(slog.NewTextHandler(io.Discard, nil))
}
