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

// What Prune takes from an inbox record once its mail was handled. The
// record stays on its subject, so the mail delivered again is recognised
// by its key and recorded no second time, and the answers recorded on
// pbem.answered stay: a mail read again is never answered a second way.
const (
	// PrunedBody keeps the mail's header, at most MaxKeptHeader bytes of
	// it: a stranger's mail, of which nothing was read but the header
	// and a command or two.
	PrunedBody = "body"
	// PrunedMail keeps nothing of the mail but that it was seen, when
	// and how long it was: a mail past the retention age.
	PrunedMail = "mail"
)

// MaxKeptHeader is the most of a header a record pruned to its header
// keeps: enough for the Received lines and signatures of any provider.
const MaxKeptHeader = 16 << 10

// DefaultRetention is how long the whole of a handled mail is kept.
const DefaultRetention = 30 * 24 * time.Hour

// Prune stores in place of the inbox record rec, stored at stream
// sequence seq, what is kept of it once what (PrunedBody, PrunedMail) is
// taken: the old record's bytes are erased. It reports whether it changed
// anything: a record that keeps as much already stays as it is. Errors:
// the store's (see events.Records.Replace).
func Prune(ctx context.Context, store events.Records, seq uint64, rec InboxRecord, what string) (bool, error) {
	kept := rec
	switch what {
	case PrunedBody:
		if rec.Pruned != "" {
			return false, nil
		}
		kept.Raw = HeaderOnly(rec.Raw)
		if len(kept.Raw) > MaxKeptHeader {
			kept.Raw = cutHeader(kept.Raw, MaxKeptHeader)
		}
		if len(kept.Raw) == len(rec.Raw) {
			return false, nil // nothing to take
		}
	case PrunedMail:
		if rec.Pruned == PrunedMail {
			return false, nil
		}
		kept.Raw = nil
	default:
		return false, fmt.Errorf("mail: prune %s: nothing called %q to take", rec.Key, what)
	}
	kept.Pruned = what
	data, err := json.Marshal(kept)
	if err != nil {
		return false, fmt.Errorf("mail: prune %s: %w", rec.Key, err)
	}
	if _, err := store.Replace(ctx, InboxSubject+rec.Key, seq, data); err != nil {
		return false, fmt.Errorf("mail: prune %s: %w", rec.Key, err)
	}
	return true, nil
}

// cutHeader returns the header lines of raw that fit in n bytes, with
// the empty line that ends a header.
func cutHeader(raw []byte, n int) []byte {
	cut := raw[:n-2]
	for i := len(cut) - 1; i >= 0; i-- {
		if cut[i] == '\n' {
			return append(append([]byte{}, cut[:i+1]...), "\r\n"...)
		}
	}
	return []byte("\r\n")
}

// Retention prunes the inbox records of handled mail once they are
// older than Age: the mail itself goes, the record that it was seen
// stays (PrunedMail). Records the durable consumer Durable has not
// acknowledged stay whole, whatever their age.
type Retention struct {
	Store interface {
		events.Records
		Consumer(ctx context.Context, durable string) (events.ConsumerState, error)
	}
	Durable string        // the consumer that handles the inbox
	Age     time.Duration // 0 means DefaultRetention
	Every   time.Duration // how often Run sweeps; 0 means 30 seconds
	Now     func() time.Time
	Log     *slog.Logger // nil: discard

	from time.Time // the sweeps before read up to here
}

// errSwept stops a sweep's reading at the first record not yet due.
var errSwept = errors.New("mail: swept")

// Sweep prunes every record due now and returns how many it pruned.
// Errors: the store's.
func (r *Retention) Sweep(ctx context.Context) (int, error) {
	cutoff := r.now().Add(-r.age())
	state, err := r.Store.Consumer(ctx, r.Durable)
	if errors.Is(err, events.ErrNotFound) {
		return 0, nil // no mail handled yet
	}
	if err != nil {
		return 0, fmt.Errorf("mail: retention: %w", err)
	}
	next, pruned := cutoff, 0
	_, err = r.Store.ReadSince(ctx, InboxSubject+">", r.from, func(rec events.Record) error {
		if rec.Time.After(cutoff) {
			return errSwept
		}
		if rec.StreamSeq > state.AckFloor {
			next = rec.Time // not handled yet: look again next time
			return errSwept
		}
		var ir InboxRecord
		if err := json.Unmarshal(rec.Data, &ir); err != nil {
			r.log().Error("unreadable inbox record not pruned", "seq", rec.StreamSeq, "err", err)
			return nil
		}
		did, err := Prune(ctx, r.Store, rec.StreamSeq, ir, PrunedMail)
		if did {
			pruned++
		}
		return err
	})
	if err != nil && !errors.Is(err, errSwept) {
		return pruned, fmt.Errorf("mail: retention: %w", err)
	}
	r.from = next
	return pruned, nil
}

// Run sweeps every Every until ctx ends; a sweep that fails is logged
// and tried again at the next.
func (r *Retention) Run(ctx context.Context) error {
	every := r.Every
	if every <= 0 {
		every = 30 * time.Second
	}
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		if n, err := r.Sweep(ctx); err != nil {
			r.log().Warn("inbox mail past its retention not pruned yet", "err", err)
		} else if n > 0 {
			r.log().Info("inbox mail past its retention pruned", "mails", n, "age", r.age())
		}
		select {
		case <-ctx.Done():
			return nil
		case <-t.C:
		}
	}
}

func (r *Retention) age() time.Duration {
	if r.Age <= 0 {
		return DefaultRetention
	}
	return r.Age
}

func (r *Retention) now() time.Time {
	if r.Now != nil {
		return r.Now()
	}
	return time.Now()
}

func (r *Retention) log() *slog.Logger {
	if r.Log != nil {
		return r.Log
	}
	return slog.New(slog.NewTextHandler(io.Discard, nil))
}
