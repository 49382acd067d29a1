package mail

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/pbem-games/pbem/events"
	"golang.org/x/time/rate"
)

// OutboxDurable is the name of the outbox's durable consumer of the
// notices stored as records: answers to mail.
const OutboxDurable = "outbox"

// NoticesDurable is the name of the outbox's durable consumer of the
// games' events, from which it derives their notices.
const NoticesDurable = "notices"

// NoticeSource returns the notices that a stored game event causes, to be
// sent in the order given; none for most events (an Append's notices come
// with its last event). An error wrapping ErrUnrenderable says they can
// never be derived; any other is the store's trouble, tried again.
type NoticeSource func(ctx context.Context, r events.Record) ([]Notice, error)

// FailedSubject is the prefix of the subjects where mail that could not be
// delivered is recorded, per game.
const FailedSubject = "pbem.failed."

// DefaultMaxRetryAge is how long the outbox tries a notice that meets
// temporary failures before it counts as failed: a mailbox full over a
// long weekend still gets its mail.
const DefaultMaxRetryAge = 72 * time.Hour

// Outbox sends the notices of the games' events, as Notices derives them
// from each event stored, and every notice written to the store as a
// record of its own (answers to mail). It acknowledges an event or a
// record only after the SMTP server accepted each of its notices, refused
// it for good, or the notice was set aside: sending is at least once, and
// a notice sent twice is the same mail with the same Message-ID.
//
// No mail holds up another. A notice that meets a temporary failure (4xx,
// the server unreachable) waits in the HeldBucket and is tried again by
// its age, with a growing delay, up to MaxRetryAge; later mail to the same
// recipient waits behind it, so each recipient's mail keeps its order,
// and everybody else's goes on at once. A notice that cannot be rendered
// is a dead letter: held with its error, logged, never tried again until
// an operator says so (Retry).
type Outbox struct {
	// Holding, when set, says whether this process still runs the outbox
	// (holds its lease): a notice is taken only while it does, so a
	// process that wakes after another took the outbox over sends nothing
	// more.
	Holding func() bool
	// Store is where the notices come from (the games' events and the
	// answers recorded), where those refused for good are recorded, and
	// where the held ones wait.
	Store events.Follower
	// Notices derives the notices of the games' events; nil sends only
	// the notices stored as records.
	Notices NoticeSource
	// Followed are more histories whose events cause mail (a campaign's),
	// each read by a durable consumer of its own, and their notices sent
	// as the games' are.
	Followed []Followed
	Render   func(context.Context, Notice) (Outgoing, error)
	Send     func(context.Context, Outgoing) error
	Log      *slog.Logger // nil: discard
	// MaxDelay bounds the wait between tries of a temporary failure; 0
	// means ten minutes.
	MaxDelay time.Duration
	// MaxRetryAge is how long a notice is tried again after temporary
	// failures before it counts as failed; 0 means DefaultMaxRetryAge.
	MaxRetryAge time.Duration
	// RetryEvery is how often the waiting notices are looked at; 0 means
	// a second.
	RetryEvery time.Duration
	// Now is the clock; nil means time.Now.
	Now func() time.Time
	// OnSend, when set, hears how each try to send a notice ended: nil
	// once the server accepted it, a *DeliveryError the server's refusal
	// (Temporary: it will be tried again), a *DeadLetter a notice that
	// cannot be rendered, any other error a render that failed for now
	// (it will be tried again). A health check reports it.
	OnSend func(n Notice, err error)
	// OnFailed, when set, is told of each notice that failed for good
	// (refused with 5xx, or still refused past MaxRetryAge), once it is
	// recorded; an error makes the outbox try it again. The service tells
	// the game's host with it.
	OnFailed func(ctx context.Context, n Notice, cause error) error
	// OnStopped, when set, is told of each notice set aside because its
	// recipient had sent STOP, once it is; an error makes the outbox try
	// it again. The service tells the game's host with it when the notice
	// asked for a move.
	OnStopped func(ctx context.Context, n Notice) error
	// Workers is how many notices Run sends at once, one game's in order;
	// 0 means DefaultWorkers.
	Workers int
	// PerHour bounds the mails sent in an hour, under the SMTP provider's
	// quota: mail beyond it waits its turn (it is neither dropped nor
	// counted as refused); 0 sends as fast as the server takes them.
	PerHour int

	held    *HeldStore
	stops   *StopList
	scores  *BounceScores
	pace    *rate.Limiter // PerHour's, made at the first send
	mu      sync.Mutex
	waiting map[string]bool // recipients (lower case) with mail waiting
}

// DefaultWorkers is how many notices an Outbox sends at once by default:
// each waits on the SMTP server most of its time.
const DefaultWorkers = 8

// ErrUnrenderable marks a Render error that trying again cannot mend: a
// template that cannot be filled, a game that is not there. Any other
// render error (the store out of reach, say) is tried again like a
// temporary refusal.
var ErrUnrenderable = errors.New("mail: the notice cannot be rendered")

// errStopped is why a notice to an address on the stop list is not sent.
var errStopped = errors.New("the recipient asked pbem to stop mailing them (STOP)")

// errMarked is why game mail to a marked address is not sent.
var errMarked = errors.New("the recipient's mail bounced again and again, and so did a probe: pbem sends it no game mail until it writes again")

// DeadLetter is the error of a notice that can never be sent as it
// stands: pbem cannot render it. It is a fault of pbem's, not of the
// recipient's.
type DeadLetter struct{ Err error }

func (e *DeadLetter) Error() string { return "dead letter: " + e.Err.Error() }
func (e *DeadLetter) Unwrap() error { return e.Err }

// Run sends notices, and tries the waiting ones again, until ctx ends.
func (o *Outbox) Run(ctx context.Context) error {
	if err := o.open(ctx); err != nil {
		return err
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	retried := make(chan struct{})
	go func() {
		defer close(retried)
		o.retryLoop(ctx)
	}()
	// The subject names the game, so each game's mail goes in order.
	bySubject := func(r events.Record) string { return r.Subject }
	var wg sync.WaitGroup
	errs := make(chan error, 2+len(o.Followed))
	run := func(durable, filter string, handle func(events.Record) error) {
		wg.Go(func() {
			err := o.Store.SubscribeKeyed(ctx, durable, filter, o.workers(), bySubject, handle)
			cancel() // one stopped: stop the other
			errs <- err
		})
	}
	run(OutboxDurable, OutboxSubject+">", o.handle(ctx))
	if o.Notices != nil {
		run(NoticesDurable, events.GameSubject+">", o.handleEvent(ctx, o.Notices))
	}
	for _, f := range o.Followed {
		run(f.Durable, f.Filter, o.handleEvent(ctx, f.Notices))
	}
	wg.Wait()
	<-retried
	close(errs)
	var all []error
	for err := range errs {
		all = append(all, err)
	}
	return errors.Join(all...)
}

func (o *Outbox) open(ctx context.Context) error {
	h, err := OpenHeld(ctx, o.Store)
	if err != nil {
		return err
	}
	o.held = h
	if o.stops, err = OpenStopList(ctx, o.Store); err != nil {
		return err
	}
	if err := o.stops.Follow(ctx); err != nil {
		return err
	}
	if o.scores, err = OpenBounceScores(ctx, o.Store); err != nil {
		return err
	}
	if err := o.scores.Follow(ctx); err != nil {
		return err
	}
	return o.refreshWaiting(ctx)
}

func (o *Outbox) workers() int {
	if o.Workers == 0 {
		return DefaultWorkers
	}
	return o.Workers
}

func (o *Outbox) handle(ctx context.Context) func(events.Record) error {
	return func(r events.Record) error {
		if o.Holding != nil && !o.Holding() {
			return errStandingBy
		}
		n, err := DecodeNotice(r.Data)
		if err != nil {
			o.log().Error("outbox: unreadable notice skipped", "seq", r.StreamSeq, "err", err)
			return nil // a notice no one can read can never be sent
		}
		return o.deliver(ctx, n, r.StreamSeq, false)
	}
}

// errStandingBy refuses a notice to a process that no longer runs the
// outbox; it goes back to the one that does.
var errStandingBy = errors.New("mail: another process runs the outbox now")

// Followed is a history whose events cause mail, beside the games'.
type Followed struct {
	Durable string       // the name of its durable consumer
	Filter  string       // the subjects it reads, e.g. "pbem.campaign.>"
	Notices NoticeSource // the mail each event causes
}

// handleEvent sends the notices of an event, as notices derives them.
func (o *Outbox) handleEvent(ctx context.Context, notices NoticeSource) func(events.Record) error {
	return func(r events.Record) error {
		if o.Holding != nil && !o.Holding() {
			return errStandingBy
		}
		ns, err := notices(ctx, r)
		if errors.Is(err, ErrUnrenderable) {
			return o.undeliverable(ctx, r, err)
		}
		if err != nil {
			return err // the store's trouble: the event comes again
		}
		for _, n := range ns {
			if err := o.deliver(ctx, n, r.StreamSeq, true); err != nil {
				return err
			}
		}
		return nil
	}
}

// deliver sends n, which the outbox took from stream sequence seq, or
// sets it aside behind the mail waiting for its recipient; gameMail says
// n derives from a history's event.
func (o *Outbox) deliver(ctx context.Context, n Notice, seq uint64, gameMail bool) error {
	if gameMail {
		if aside, err := o.asideMarked(ctx, n, seq, nil); aside || err != nil {
			return err
		}
	}
	if o.isWaiting(n.To) {
		return o.waitBehind(ctx, n, seq, gameMail)
	}
	_, err := o.try(ctx, n, seq, nil, gameMail)
	return err
}

// asideMarked sets game mail n aside as marked if its recipient's address
// is marked, and says whether it did; prev is how n was held, nil if it
// was not. Answers to the address's own mail, and the probe, still go.
func (o *Outbox) asideMarked(ctx context.Context, n Notice, seq uint64, prev *Held) (bool, error) {
	marked, err := o.scores.Marked(ctx, n.To)
	if err != nil || !marked {
		return false, err
	}
	o.log().Info("game mail not sent: the recipient's address is marked as bouncing", "id", n.ID, "to", n.To, "kind", n.Kind)
	return true, o.hold(ctx, n, seq, prev, true, StateMarked, errMarked)
}

// undeliverable holds as a dead letter the mail of event r, which cannot
// be derived: nobody knows who it is for, so it stands for all of it.
func (o *Outbox) undeliverable(ctx context.Context, r events.Record, cause error) error {
	game := r.Subject[strings.LastIndex(r.Subject, ".")+1:] // pbem.game.<id>, pbem.campaign.<id>
	n := Notice{ID: fmt.Sprintf("%s.notices.%d", game, r.StreamSeq), Kind: "notices", Game: game, Seat: -1, To: "every recipient of the event at stream sequence " + strconv.FormatUint(r.StreamSeq, 10)}
	err := &DeadLetter{Err: cause}
	o.heard(n, err)
	o.log().Error("dead letter: the mail of an event cannot be derived; it is set aside", "game", game, "seq", r.StreamSeq, "err", cause)
	return o.hold(ctx, n, r.StreamSeq, nil, true, StateDead, err)
}

// waitBehind sets n aside behind the mail already waiting for its
// recipient, unless an earlier delivery of it did so already.
func (o *Outbox) waitBehind(ctx context.Context, n Notice, seq uint64, gameMail bool) error {
	if _, ok, err := o.held.Get(ctx, StateWaiting, n.ID); err != nil || ok {
		return err
	}
	o.log().Info("mail waits behind earlier mail to the same recipient", "id", n.ID, "to", n.To, "kind", n.Kind)
	return o.held.Put(ctx, Held{Notice: n, Seq: seq, State: StateWaiting, Since: o.now(), Error: "waiting behind earlier mail to " + n.To, GameMail: gameMail}, "")
}

// try renders and sends n once; prev is how it was held, nil at its first
// try; gameMail says n derives from a history's event. It says whether the
// recipient's later mail may go now (n was sent, failed for good, is dead
// or set aside), and returns an error only when the store failed, so that
// the try is made again.
func (o *Outbox) try(ctx context.Context, n Notice, seq uint64, prev *Held, gameMail bool) (bool, error) {
	if prev != nil && gameMail {
		// The address may have been marked while n waited.
		if aside, err := o.asideMarked(ctx, n, seq, prev); aside || err != nil {
			return aside, err
		}
	}
	if stopped, err := o.stops.Stopped(ctx, n.To); err != nil || stopped {
		if stopped {
			o.log().Info("mail not sent: the recipient asked pbem to stop mailing them", "id", n.ID, "to", n.To, "kind", n.Kind)
			if o.OnStopped != nil {
				if err := o.OnStopped(ctx, n); err != nil {
					return false, err
				}
			}
			return true, o.hold(ctx, n, seq, prev, gameMail, StateStopped, errStopped)
		}
		return false, err
	}
	out, err := o.Render(ctx, n)
	if errors.Is(err, ErrUnrenderable) {
		err = &DeadLetter{Err: fmt.Errorf("render %s: %w", n.ID, err)}
		o.heard(n, err)
		o.log().Error("dead letter: the notice cannot be rendered; it is set aside", "game", n.Game, "id", n.ID, "to", n.To, "kind", n.Kind, "err", err)
		return true, o.hold(ctx, n, seq, prev, gameMail, StateDead, err)
	}
	if err == nil {
		if err = o.wait(ctx); err == nil {
			err = o.Send(ctx, out)
		}
	} else {
		err = fmt.Errorf("render %s: %w", n.ID, err)
	}
	o.heard(n, err)
	var de *DeliveryError
	switch {
	case err == nil:
		o.log().Info("mail sent", "id", n.ID, "to", n.To, "kind", n.Kind)
		if prev != nil {
			return true, o.held.Remove(ctx, prev.State, n.ID)
		}
		return true, nil
	case errors.As(err, &de) && !de.Temporary:
		o.log().Warn("mail refused for good", "id", n.ID, "to", n.To, "code", de.Code, "err", err)
		if err := o.recordFailure(ctx, n, err); err != nil {
			return false, err
		}
		return true, o.hold(ctx, n, seq, prev, gameMail, StateFailed, err)
	}
	if prev != nil && o.now().Sub(prev.Since) >= o.maxRetryAge() {
		err = fmt.Errorf("still refused after %v: %w", o.maxRetryAge(), err)
		o.log().Warn("mail given up", "id", n.ID, "to", n.To, "err", err)
		if err := o.recordFailure(ctx, n, err); err != nil {
			return false, err
		}
		return true, o.hold(ctx, n, seq, prev, gameMail, StateFailed, err)
	}
	o.setWaiting(n.To)
	if err := o.hold(ctx, n, seq, prev, gameMail, StateWaiting, err); err != nil {
		return false, err
	}
	o.log().Warn("mail not sent; will retry", "id", n.ID, "to", n.To, "err", err)
	return false, nil
}

// hold records n in state, after a try that ended with err; gameMail
// says n derives from a history's event.
func (o *Outbox) hold(ctx context.Context, n Notice, seq uint64, prev *Held, gameMail bool, state string, cause error) error {
	now := o.now()
	h := Held{Notice: n, Seq: seq, State: state, Since: now, GameMail: gameMail}
	from := ""
	if prev != nil {
		h.Since, h.Tries, from = prev.Since, prev.Tries, prev.State
	}
	var de *DeliveryError
	if errors.As(cause, &de) {
		h.Tries++
		h.Code = de.Code
	}
	h.Error = cause.Error()
	if state == StateWaiting {
		h.Next = now.Add(o.delay(uint64(max(h.Tries, 1))))
	}
	return o.held.Put(ctx, h, from)
}

// retryLoop tries the waiting notices that are due, every RetryEvery,
// until ctx ends.
func (o *Outbox) retryLoop(ctx context.Context) {
	every := o.RetryEvery
	if every <= 0 {
		every = time.Second
	}
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
		if err := o.retryDue(ctx); err != nil && ctx.Err() == nil {
			o.log().Error("outbox: waiting mail not tried", "err", err)
		}
	}
}

// retryDue tries each recipient's waiting mail in order, as far as it
// is due and goes; recipients side by side, so that one slow server holds
// up no other.
func (o *Outbox) retryDue(ctx context.Context) error {
	list, err := o.held.List(ctx, StateWaiting)
	if err != nil {
		return err
	}
	by := map[string][]Held{}
	var order []string
	for _, h := range list {
		k := strings.ToLower(h.Notice.To)
		if by[k] == nil {
			order = append(order, k)
		}
		by[k] = append(by[k], h)
	}
	o.mu.Lock()
	o.waiting = map[string]bool{}
	for _, k := range order {
		o.waiting[k] = true
	}
	o.mu.Unlock()

	now := o.now()
	sem := make(chan struct{}, o.workers())
	var wg sync.WaitGroup
	var mu sync.Mutex
	var errs []error
	for _, k := range order {
		hs := by[k]
		if hs[0].Next.After(now) {
			continue
		}
		sem <- struct{}{}
		wg.Go(func() {
			defer func() { <-sem }()
			for _, h := range hs {
				if h.Next.After(now) || ctx.Err() != nil {
					return
				}
				goes, err := o.try(ctx, h.Notice, h.Seq, &h, h.GameMail)
				if err != nil {
					mu.Lock()
					errs = append(errs, err)
					mu.Unlock()
					return
				}
				if !goes {
					return
				}
			}
		})
	}
	wg.Wait()
	return errors.Join(errs...)
}

// refreshWaiting reads which recipients have mail waiting.
func (o *Outbox) refreshWaiting(ctx context.Context) error {
	list, err := o.held.List(ctx, StateWaiting)
	if err != nil {
		return err
	}
	o.mu.Lock()
	defer o.mu.Unlock()
	o.waiting = map[string]bool{}
	for _, h := range list {
		o.waiting[strings.ToLower(h.Notice.To)] = true
	}
	return nil
}

func (o *Outbox) isWaiting(to string) bool {
	o.mu.Lock()
	defer o.mu.Unlock()
	return o.waiting[strings.ToLower(to)]
}

func (o *Outbox) setWaiting(to string) {
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.waiting == nil {
		o.waiting = map[string]bool{}
	}
	o.waiting[strings.ToLower(to)] = true
}

func (o *Outbox) heard(n Notice, err error) {
	if o.OnSend != nil {
		o.OnSend(n, err)
	}
}

// delay grows with the number of tries: 1s, 2s, 4s… up to MaxDelay.
func (o *Outbox) delay(tries uint64) time.Duration {
	max := o.MaxDelay
	if max <= 0 {
		max = 10 * time.Minute
	}
	d := time.Second << min(tries, 20)
	return min(d, max)
}

func (o *Outbox) maxRetryAge() time.Duration {
	if o.MaxRetryAge > 0 {
		return o.MaxRetryAge
	}
	return DefaultMaxRetryAge
}

func (o *Outbox) now() time.Time {
	if o.Now != nil {
		return o.Now()
	}
	return time.Now()
}

// recordFailure records n as failed for good on pbem.failed.<game> and
// tells OnFailed.
func (o *Outbox) recordFailure(ctx context.Context, n Notice, cause error) error {
	if err := recordFailed(ctx, o.Store, n, "failed."+n.ID, cause); err != nil {
		return err
	}
	if o.OnFailed != nil {
		return o.OnFailed(ctx, n, cause)
	}
	return nil
}

// recordFailed records n as failed for good on pbem.failed.<game>, once
// per msgID.
func recordFailed(ctx context.Context, store events.Follower, n Notice, msgID string, cause error) error {
	game := n.Game
	if game == "" {
		game = ServiceMail
	}
	data, _ := json.Marshal(map[string]string{"id": n.ID, "to": n.To, "error": cause.Error()})
	_, err := store.Put(ctx, FailedSubject+game, msgID, data)
	return err
}

func (o *Outbox) log() *slog.Logger {
	if o.Log != nil {
		return o.Log
	}
	return slog.New(slog.NewTextHandler(io.Discard, nil))
}

// wait holds a send until PerHour allows it: one every hour/PerHour, and
// a second's worth (at least one) at once after a quiet while.
func (o *Outbox) wait(ctx context.Context) error {
	if o.PerHour <= 0 {
		return nil
	}
	o.mu.Lock()
	if o.pace == nil {
		o.pace = rate.NewLimiter(rate.Every(time.Hour/time.Duration(o.PerHour)), max(o.PerHour/3600, 1))
	}
	pace := o.pace
	o.mu.Unlock()
	return pace.Wait(ctx)
}
