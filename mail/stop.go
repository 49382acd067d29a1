package mail

import (
	"context"
	"encoding/hex"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/pbem-games/pbem/events"
)

// StopBucket is the KV bucket of the addresses that asked pbem to stop
// mailing them (STOP): pbem sends them nothing, from anyone, until they
// write to pbem again.
const StopBucket = "pbem_stop"

// StopList is the addresses that asked pbem to stop mailing them. The
// outbox asks it before every mail, so it follows the bucket (Follow) and
// answers from memory; without Follow it reads the bucket each time.
type StopList struct {
	kv      events.KV
	stopped keySet // while followed
}

// Follow keeps the list in memory, as the bucket changes, until ctx
// ends. It returns once the list as it stands is read.
func (l *StopList) Follow(ctx context.Context) error {
	if err := l.stopped.follow(ctx, l.kv, func(e events.KVEntry) bool { return !e.Deleted }); err != nil {
		return fmt.Errorf("mail: stop list: %w", err)
	}
	return nil
}

// OpenStopList opens (creating if needed) the stop list.
func OpenStopList(ctx context.Context, store events.Buckets) (*StopList, error) {
	kv, err := store.Bucket(ctx, StopBucket)
	if err != nil {
		return nil, fmt.Errorf("mail: stop list: %w", err)
	}
	return &StopList{kv: kv}, nil
}

func stopKey(addr string) string {
	return hex.EncodeToString([]byte(strings.ToLower(strings.Trim(strings.TrimSpace(addr), "<>"))))
}

// Stop records that addr asked, at at, to get no more mail.
func (l *StopList) Stop(ctx context.Context, addr string, at time.Time) error {
	if _, err := l.kv.Put(ctx, stopKey(addr), []byte(at.UTC().Format(time.RFC3339))); err != nil {
		return fmt.Errorf("mail: stop %s: %w", addr, err)
	}
	return nil
}

// Resume takes addr off the list: it wrote to pbem again.
func (l *StopList) Resume(ctx context.Context, addr string) error {
	err := l.kv.Delete(ctx, stopKey(addr))
	if err != nil && !errors.Is(err, events.ErrNotFound) {
		return fmt.Errorf("mail: resume %s: %w", addr, err)
	}
	return nil
}

// Stopped reports whether addr asked pbem to stop mailing it.
func (l *StopList) Stopped(ctx context.Context, addr string) (bool, error) {
	if stopped, known := l.stopped.has(stopKey(addr)); known {
		return stopped, nil
	}
	_, err := l.kv.Get(ctx, stopKey(addr))
	switch {
	case errors.Is(err, events.ErrNotFound):
		return false, nil
	case err != nil:
		return false, fmt.Errorf("mail: stop list: %w", err)
	}
	return true, nil
}
