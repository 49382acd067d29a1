package events

import (
	"context"
	"errors"
	"fmt"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
)

// The errors the store's methods name in their documentation. Each is
// wrapped with what was asked ("events: load game g1: …"), so callers
// match them with errors.Is; any other error is the server's or the
// network's, and a later try may succeed.
var (
	// ErrConflict is returned by Append when the game's history moved on
	// since the Head the caller read: someone else appended first.
	// Reload and retry. Replace returns it for a message that is not the
	// subject's last nor replaced.
	ErrConflict = errors.New("events: conflict: the game changed since it was read")

	// ErrNotFound is returned when a game, a subject or a durable
	// consumer holds nothing or is not there.
	ErrNotFound = errors.New("events: not found")

	// ErrExists is returned by PutOnce and PutOnceWith when the subject
	// already holds a message: the record was written before.
	ErrExists = errors.New("events: already recorded")

	// ErrClosed is returned by every method once the store is closed.
	ErrClosed = errors.New("events: the store is closed")

	// ErrInvalid is returned for a request that no server could take,
	// and that no retry will mend: a game id that is not one subject
	// token, an Append without events, more messages than fit in a
	// batch, an extra message on the game's own subject, a note that
	// is not a header of its own.
	ErrInvalid = errors.New("events: invalid request")
)

// checkOpen returns ErrClosed, wrapped with what, once the store is
// closed: the connection is gone, and the appends' committer with it.
func (s *Store) checkOpen(what string) error {
	if s.closed.Load() || s.nc == nil || s.nc.IsClosed() {
		return fmt.Errorf("events: %s: %w", what, ErrClosed)
	}
	return nil
}

// Unavailable reports whether err says the store could not be reached in
// time (a NATS server or a cluster's leader away, a request unanswered):
// trying again later may succeed, unlike a refusal or a wrong setting.
func Unavailable(err error) bool {
	return errors.Is(err, context.DeadlineExceeded) || errors.Is(err, nats.ErrTimeout) || errors.Is(err, nats.ErrNoResponders) ||
		errors.Is(err, jetstream.ErrNoStreamResponse) || errors.Is(err, nats.ErrNoServers) || errors.Is(err, nats.ErrConnectionClosed) ||
		errors.Is(err, nats.ErrConnectionReconnecting)
}
