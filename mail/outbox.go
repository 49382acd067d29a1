package mail

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"time"

	"github.com/pbem-games/pbem/events"
)

// OutboxDurable is the name of the outbox's durable consumer.
const OutboxDurable = "outbox"

// FailedSubject is the prefix of the subjects where mail that could not be
// delivered is recorded, per game.
const FailedSubject = "pbem.failed."

// Outbox sends every notice written to the store, in order, acknowledging
// each only after the SMTP server accepted it (or refused it for good):
// sending is at least once, and a notice sent twice is the same mail with
// the same Message-ID.
type Outbox struct {
	Store  *events.Store
	Render func(context.Context, Notice) (Outgoing, error)
	Send   func(context.Context, Outgoing) error
	Log    *slog.Logger // nil: discard
	// MaxDelay bounds the wait between tries of a temporary failure; 0
	// means ten minutes.
	MaxDelay time.Duration
	// OnSend, when set, hears how each try to send a notice ended: nil
	// once the server accepted it, a *DeliveryError the server's refusal
	// (Temporary: it will be tried again), any other error a failure to
	// render it, which is tried again too. A health check reports it.
	OnSend func(n Notice, err error)
	// Workers is how many notices Run sends at once, one game's in order;
	// 0 means DefaultWorkers.
	Workers int
}

// DefaultWorkers is how many notices an Outbox sends at once by default:
// each waits on the SMTP server most of its time.
const DefaultWorkers = 8

// Run sends notices until ctx ends.
func (o *Outbox) Run(ctx context.Context) error {
	workers := o.Workers
	if workers == 0 {
		workers = DefaultWorkers
	}
	// The subject names the game, so each game's mail goes in order.
	return o.Store.SubscribeKeyed(ctx, OutboxDurable, OutboxSubject+">", workers, func(r events.Record) string { return r.Subject }, o.handle(ctx))
}

// CatchUp sends every notice written so far, then returns.
func (o *Outbox) CatchUp(ctx context.Context) error {
	return o.Store.CatchUpRecords(ctx, OutboxDurable, OutboxSubject+">", o.handle(ctx))
}

func (o *Outbox) handle(ctx context.Context) func(events.Record) error {
	return func(r events.Record) error {
		n, err := DecodeNotice(r.Data)
		if err != nil {
			o.log().Error("outbox: unreadable notice skipped", "seq", r.StreamSeq, "err", err)
			return nil // a notice no one can read can never be sent
		}
		out, err := o.Render(ctx, n)
		if err != nil {
			err = fmt.Errorf("render %s: %w", n.ID, err)
			o.heard(n, err)
			return &events.RetryError{Delay: o.delay(r.Delivered), Err: err}
		}
		err = o.Send(ctx, out)
		o.heard(n, err)
		var de *DeliveryError
		switch {
		case err == nil:
			o.log().Info("mail sent", "id", out.MessageID, "to", n.To, "kind", n.Kind)
			return nil
		case errors.As(err, &de) && !de.Temporary:
			o.log().Warn("mail refused for good", "id", out.MessageID, "to", n.To, "code", de.Code, "err", err)
			return o.recordFailure(ctx, n, err)
		default:
			d := o.delay(r.Delivered)
			o.log().Warn("mail not sent; will retry", "id", out.MessageID, "to", n.To, "in", d, "err", err)
			return &events.RetryError{Delay: d, Err: err}
		}
	}
}

func (o *Outbox) heard(n Notice, err error) {
	if o.OnSend != nil {
		o.OnSend(n, err)
	}
}

// delay grows with the number of tries: 1s, 2s, 4s… up to MaxDelay.
func (o *Outbox) delay(delivered uint64) time.Duration {
	max := o.MaxDelay
	if max <= 0 {
		max = 10 * time.Minute
	}
	d := time.Second << min(delivered, 20)
	return min(d, max)
}

func (o *Outbox) recordFailure(ctx context.Context, n Notice, cause error) error {
	game := n.Game
	if game == "" {
		game = ServiceMail
	}
	data, _ := json.Marshal(map[string]string{"id": n.ID, "to": n.To, "error": cause.Error()})
	_, err := o.Store.Put(ctx, FailedSubject+game, "failed."+n.ID, data)
	return err
}

func (o *Outbox) log() *slog.Logger {
	if o.Log != nil {
		return o.Log
	}
	return slog.New(slog.NewTextHandler(io.Discard, nil))
}
