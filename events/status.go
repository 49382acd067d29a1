package events

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sync"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
)

// What the store's users ask of it beside histories and records: where a
// durable consumer stands, how many messages subjects hold, a KV bucket,
// and whether the connection is up. They ask the store, so that none of
// them reaches for the NATS connection itself.

// ConsumerState is where a durable consumer of the store stands.
type ConsumerState struct {
	Pending  uint64 // messages on its subjects not yet acknowledged, those handed out included
	AckFloor uint64 // the stream sequence up to which it acknowledged everything
	Filter   string // the subjects it follows
}

// Consumer returns where the durable consumer stands: ErrNotFound when it
// was never started, any other error when the server cannot say.
func (s *Store) Consumer(ctx context.Context, durable string) (ConsumerState, error) {
	if err := s.checkOpen("consumer " + durable); err != nil {
		return ConsumerState{}, err
	}
	c, err := s.stream.Consumer(ctx, durable)
	if errors.Is(err, jetstream.ErrConsumerNotFound) {
		return ConsumerState{}, fmt.Errorf("events: consumer %s: %w", durable, ErrNotFound)
	}
	if err != nil {
		return ConsumerState{}, fmt.Errorf("events: consumer %s: %w", durable, err)
	}
	info, err := c.Info(ctx)
	if err != nil {
		return ConsumerState{}, fmt.Errorf("events: consumer %s: %w", durable, err)
	}
	return ConsumerState{Pending: info.NumPending + uint64(info.NumAckPending), AckFloor: info.AckFloor.Stream, Filter: info.Config.FilterSubject}, nil
}

// StoredAt returns when the first message on filter at or after stream
// sequence seq was stored: ErrNotFound when there is none.
func (s *Store) StoredAt(ctx context.Context, seq uint64, filter string) (time.Time, error) {
	if err := s.checkOpen(filter); err != nil {
		return time.Time{}, err
	}
	m, err := s.stream.GetMsg(ctx, seq, jetstream.WithGetMsgSubject(filter))
	if errors.Is(err, jetstream.ErrMsgNotFound) {
		return time.Time{}, fmt.Errorf("events: %s from %d: %w", filter, seq, ErrNotFound)
	}
	if err != nil {
		return time.Time{}, fmt.Errorf("events: %s from %d: %w", filter, seq, err)
	}
	return m.Time, nil
}

// Counts returns how many messages each subject that filter matches
// holds.
func (s *Store) Counts(ctx context.Context, filter string) (map[string]uint64, error) {
	if err := s.checkOpen("subjects " + filter); err != nil {
		return nil, err
	}
	info, err := s.stream.Info(ctx, jetstream.WithSubjectFilter(filter))
	if err != nil {
		return nil, fmt.Errorf("events: subjects %s: %w", filter, err)
	}
	return info.State.Subjects, nil
}

// Bucket opens the KV bucket name, creating it (file storage, the store's
// replicas) when there is none. An existing bucket is opened as it is:
// updating its configuration writes to the disk, and a service restarted
// on a full disk must still start.
func (s *Store) Bucket(ctx context.Context, name string) (KV, error) {
	b, err := s.bucket(ctx, name)
	if err != nil {
		return nil, err
	}
	return kv{s, b}, nil
}

// bucket opens or creates the JetStream bucket name, as Bucket says.
func (s *Store) bucket(ctx context.Context, name string) (jetstream.KeyValue, error) {
	if err := s.checkOpen("bucket " + name); err != nil {
		return nil, err
	}
	kv, err := s.js.KeyValue(ctx, name)
	if errors.Is(err, jetstream.ErrBucketNotFound) {
		kv, err = s.js.CreateKeyValue(ctx, jetstream.KeyValueConfig{Bucket: name, Storage: jetstream.FileStorage, Replicas: s.replicas})
		if errors.Is(err, jetstream.ErrBucketExists) { // another process was first
			kv, err = s.js.KeyValue(ctx, name)
		}
	}
	if err != nil {
		return nil, fmt.Errorf("events: bucket %s: %w", name, err)
	}
	if s.replicas > 1 {
		return s.leaderReads(ctx, name, kv)
	}
	return kv, nil
}

// leaderReads makes a replicated bucket read from its leader. A bucket is
// made to serve reads from any of its copies (direct get), and a copy that
// is behind (a node back from a failure) answers with what was there
// before: a read model a moment old, which the projector took for damage.
// Reads from the leader see every write that was acknowledged.
func (s *Store) leaderReads(ctx context.Context, name string, kv jetstream.KeyValue) (jetstream.KeyValue, error) {
	st, err := s.js.Stream(ctx, "KV_"+name)
	if err != nil {
		return nil, fmt.Errorf("events: bucket %s: %w", name, err)
	}
	cfg := st.CachedInfo().Config
	if !cfg.AllowDirect {
		return kv, nil
	}
	cfg.AllowDirect = false
	if _, err := s.js.UpdateStream(ctx, cfg); err != nil {
		return nil, fmt.Errorf("events: bucket %s: reads from the leader: %w", name, err)
	}
	kv, err = s.js.KeyValue(ctx, name) // bound again: it reads as its stream now says
	if err != nil {
		return nil, fmt.Errorf("events: bucket %s: %w", name, err)
	}
	return kv, nil
}

// BatchBucket is Bucket for a bucket that is also written in atomic
// batches of its subjects ($KV.<name>.<key>), as a rebuild of read
// models writes: its stream is made to allow them. Creating or updating
// a bucket's configuration turns that off, so it is checked at every
// opening.
func (s *Store) BatchBucket(ctx context.Context, name string) (KV, error) {
	b, err := s.bucket(ctx, name)
	if err != nil {
		return nil, err
	}
	st, err := s.js.Stream(ctx, "KV_"+name)
	if err != nil {
		return nil, fmt.Errorf("events: bucket %s: %w", name, err)
	}
	if cfg := st.CachedInfo().Config; !cfg.AllowAtomicPublish {
		cfg.AllowAtomicPublish = true
		if _, err := s.js.UpdateStream(ctx, cfg); err != nil {
			return nil, fmt.Errorf("events: bucket %s: allow batches: %w", name, err)
		}
	}
	return kv{s, b}, nil
}

// DeleteBucket deletes the KV bucket name and all it holds; a bucket
// that is not there is no error.
func (s *Store) DeleteBucket(ctx context.Context, name string) error {
	if err := s.checkOpen("delete bucket " + name); err != nil {
		return err
	}
	if err := s.js.DeleteKeyValue(ctx, name); err != nil && !errors.Is(err, jetstream.ErrBucketNotFound) {
		return fmt.Errorf("events: delete bucket %s: %w", name, err)
	}
	return nil
}

// Status is how the store's connection to its server stands.
type Status struct {
	Connected bool      // the connection is up
	Closed    bool      // the store was closed, or the connection closed for good
	Since     time.Time // when it last went up or down; when the store opened at first
	// LastError is why the connection went down last, however long
	// ago, and LastErrorAt when; nil and zero if it never did.
	LastError   error
	LastErrorAt time.Time
}

// Status returns how the connection to the server stands now.
func (s *Store) Status() Status { return s.conn.status() }

// OnConnection has f told whenever the connection to the server is lost
// (up false, with why), back (up true), or closed for good (up false)
// while the store is open; a store closed on purpose tells nothing. Each
// f given is told, in the order given, after Status has changed.
func (s *Store) OnConnection(f func(up bool, err error)) { s.conn.watch(f) }

// connWatch follows the connection's handlers into a Status and passes
// each change on to the watchers.
type connWatch struct {
	mu       sync.Mutex
	now      Status
	watchers []func(up bool, err error)
}

// watchConnection sets the connection's handlers, once it is made.
func (s *Store) watchConnection() {
	s.conn.mu.Lock()
	s.conn.now = Status{Connected: s.nc.IsConnected(), Since: time.Now()}
	s.conn.mu.Unlock()
	s.nc.SetDisconnectErrHandler(func(c *nats.Conn, err error) {
		if c.IsClosed() || s.closed.Load() {
			return // the store is being closed
		}
		if err == nil {
			err = errors.New("disconnected")
		}
		s.conn.changed(false, false, err)
	})
	s.nc.SetReconnectHandler(func(*nats.Conn) { s.conn.changed(true, false, nil) })
	s.nc.SetClosedHandler(func(*nats.Conn) {
		if s.closed.Load() {
			return
		}
		s.conn.changed(false, true, errors.New("connection closed"))
	})
}

func (w *connWatch) status() Status {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.now
}

func (w *connWatch) watch(f func(up bool, err error)) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.watchers = append(w.watchers, f)
}

// changed records the connection up or down (closed for good, with
// closed) and tells the watchers, outside the lock.
func (w *connWatch) changed(up, closed bool, err error) {
	w.mu.Lock()
	at := time.Now()
	if w.now.Connected != up || w.now.Closed != closed {
		w.now.Since = at
	}
	w.now.Connected, w.now.Closed = up, closed
	if err != nil {
		w.now.LastError, w.now.LastErrorAt = err, at
	}
	watchers := slices.Clone(w.watchers)
	w.mu.Unlock()
	for _, f := range watchers {
		f(up, err)
	}
}

// close records the store closed on purpose; no watcher is told.
func (w *connWatch) close() {
	w.mu.Lock()
	defer w.mu.Unlock()
	if !w.now.Closed {
		w.now.Connected, w.now.Closed, w.now.Since = false, true, time.Now()
	}
}
