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
type Bounces struct {
	Store   events.Follower
	Tokens  Tokens
	Mailbox string
	// Notices derives the games' notices, to find the one that bounced by
	// the Message-ID the report returns; nil finds none.
	Notices  NoticeSource
	OnFailed func(ctx context.Context, n Notice, cause error) error
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
		if !r.Failed() {
			continue // delayed, relayed, or a temporary failure
		}
		if !b.Tokens.CheckBounce(tag, r.Recipient) {
			log.Warn("delivery report for a recipient its bounce address was not made for: nothing recorded", "recipient", r.Recipient, "game", tag.Game)
			continue
		}
		if err := b.failed(ctx, key, tag, r, p.Bounce.MessageID, log); err != nil {
			return err
		}
	}
	return nil
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
		return b.OnFailed(ctx, n, cause)
	}
	return nil
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
