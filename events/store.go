package events

import (
	"context"
	"errors"
	"fmt"
	"sync/atomic"
	"time"

	"github.com/nats-io/nats-server/v2/server"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
)

// Head is where one game's history stands.
type Head struct {
	Seq       uint64 // Seq of the last event; 0 before the first
	Hash      string // Hash of the last event; "" before the first
	StreamSeq uint64 // JetStream sequence of the last event on the game's subject; 0 before the first
}

// Message is a message appended in the same atomic batch as a game's events,
// such as the game's secret or a mail to send.
type Message struct {
	Subject string
	MsgID   string // deterministic id for JetStream's deduplication
	Data    []byte
}

// Options say which JetStream the store uses.
type Options struct {
	// URL of an external NATS server or cluster. Empty means an embedded
	// nats-server with file storage in DataDir.
	URL string
	// DataDir holds the embedded server's storage. Required when URL is empty.
	// One process at a time owns it (see LockFile): Open waits while another
	// owns it, or connects to it as a client when it serves.
	DataDir string
	// Replicas of the stream on a cluster; 0 means 1.
	Replicas int
	// Serve makes the owner of DataDir let the other processes on this
	// machine in, through a loopback port named in ServingFile, for as long
	// as the store is open. Open then fails with ErrServed if another
	// process serves DataDir already, rather than becoming its client.
	Serve bool
	// OnWait, when set, is called once if Open has waited a second for
	// another process to give DataDir up.
	OnWait func()
}

// Delivery is one event handed to a subscriber, with its place in the stream.
type Delivery struct {
	Event     Event
	StreamSeq uint64
}

// Subjects.
const (
	StreamName  = "PBEM"
	GameSubject = "pbem.game." // + game id: the game's events
	// CampaignSubject + campaign id: the campaign's events (Campaigns).
	CampaignSubject = "pbem.campaign."
	SecretSubject   = "pbem.secret." // + game id: the game's seed until it is revealed
)

// DuplicateWindow is how long JetStream remembers a message id, so how long
// after a lost acknowledgement a retried message is recognised as one
// already stored.
const DuplicateWindow = 2 * time.Minute

// Store keeps game histories on JetStream.
type Store struct {
	nc       *nats.Conn
	js       jetstream.JetStream
	stream   jetstream.Stream
	ns       *server.Server // the embedded server; nil when connected by URL
	owner    *owner         // the hold on the data directory; nil unless this process owns it
	replicas int
	commits  *committer // publishes Appends, together when they come at once
	stats    appendCounts
	closed   atomic.Bool // set by Close, before the connection goes
	conn     connWatch   // how the connection stands, and who is told
	// resubscribed is told of each failure after which a subscription
	// starts again (OnResubscribe); nil for none.
	resubscribed atomic.Pointer[func(durable string, err error, wait time.Duration)]
}

// Open connects to (or starts) JetStream and makes sure the stream exists.
func Open(ctx context.Context, opt Options) (*Store, error) {
	s, err := connect(ctx, opt)
	if err != nil {
		return nil, err
	}
	if s.stream, err = s.js.CreateOrUpdateStream(ctx, streamConfig(s.replicas)); err != nil {
		s.shutdown()
		return nil, fmt.Errorf("events: stream %s: %w", StreamName, err)
	}
	// Servers before 2.12 ignore the setting and would reject every batch.
	if !s.stream.CachedInfo().Config.AllowAtomicPublish {
		s.shutdown()
		return nil, fmt.Errorf("events: stream %s: the server does not support atomic batch publish (needs nats-server 2.12 or later)", StreamName)
	}
	s.startCommitter()
	return s, nil
}

// connect connects to (or starts) JetStream, touching no stream.
func connect(ctx context.Context, opt Options) (*Store, error) {
	s := &Store{replicas: max(opt.Replicas, 1)}
	var err error
	if opt.URL == "" {
		if err := s.openDir(ctx, opt); err != nil {
			s.shutdown()
			return nil, err
		}
	} else {
		// A server restarted or a cluster node gone is waited for, for
		// ever: the parts retry what failed meanwhile.
		s.nc, err = nats.Connect(opt.URL, nats.Name("pbem"), nats.MaxReconnects(-1), nats.ReconnectWait(500*time.Millisecond))
	}
	if err != nil {
		s.shutdown()
		return nil, fmt.Errorf("events: connect: %w", err)
	}
	if s.js, err = jetstream.New(s.nc); err != nil {
		s.shutdown()
		return nil, fmt.Errorf("events: jetstream: %w", err)
	}
	s.watchConnection()
	return s, nil
}

// streamConfig is the configuration of the PBEM stream. Direct gets stay
// off so that reads go to the stream leader and see every acknowledged
// append, which the optimistic concurrency of Append relies on.
func streamConfig(replicas int) jetstream.StreamConfig {
	return jetstream.StreamConfig{
		Name:               StreamName,
		Subjects:           []string{"pbem.>"},
		Storage:            jetstream.FileStorage,
		Replicas:           replicas,
		Duplicates:         DuplicateWindow,
		AllowAtomicPublish: true,
	}
}

// Close stops the store and, when embedded, the server. Every method
// returns ErrClosed afterwards.
func (s *Store) Close() error {
	s.closed.Store(true)
	s.conn.close()
	s.owner.stopServing()
	s.stopCommitter()
	err := s.drain()
	s.shutdown()
	if err != nil {
		return fmt.Errorf("events: close: %w", err)
	}
	return nil
}

// drain lets pending publishes and acknowledgements reach the server and
// waits until the connection is closed.
func (s *Store) drain() error {
	if s.nc == nil || s.nc.IsClosed() {
		return nil
	}
	closed := make(chan struct{})
	s.nc.SetClosedHandler(func(*nats.Conn) { close(closed) })
	if err := s.nc.Drain(); err != nil {
		s.nc.Close()
		return err
	}
	select {
	case <-closed:
	case <-time.After(10 * time.Second):
		s.nc.Close()
	}
	return nil
}

// shutdown closes the connection and stops the embedded server, waiting
// until its storage is released.
func (s *Store) shutdown() {
	s.owner.stopServing()
	if s.nc != nil {
		s.nc.Close()
	}
	if s.ns != nil {
		s.ns.Shutdown()
		s.ns.WaitForShutdown()
	}
	s.owner.release()
}

// JetStream, Conn, Replicas and Server reach past the store to what it
// is built on. They are for the store's own tests and for the benchmark,
// which measures raw JetStream beside the store; everything else asks
// the store through its interfaces (jobs.go), and internal/layers fails
// when other code calls them.

// JetStream returns the JetStream context.
func (s *Store) JetStream() jetstream.JetStream { return s.js }

// Conn returns the NATS connection.
func (s *Store) Conn() *nats.Conn { return s.nc }

// Replicas is the number of replicas of the stream, at least 1; streams
// kept in the same JetStream should use as many (Bucket does).
func (s *Store) Replicas() int { return s.replicas }

// Server returns the embedded server, or nil when the store connected to
// Options.URL.
func (s *Store) Server() *server.Server { return s.ns }

// Last returns the data of the last message on subject, or ErrNotFound.
func (s *Store) Last(ctx context.Context, subject string) ([]byte, error) {
	if err := s.checkOpen("last on " + subject); err != nil {
		return nil, err
	}
	m, err := s.last(ctx, subject)
	if err != nil {
		return nil, err
	}
	return m.Data, nil
}

// LastSeq returns the stream sequence of game's last event, or an error
// wrapping ErrNotFound: one read that tells whether a Head read before is
// still where the game stands, without reading its history.
func (s *Store) LastSeq(ctx context.Context, game string) (uint64, error) {
	return s.lastSeq(ctx, GameSubject, game)
}

func (s *Store) lastSeq(ctx context.Context, prefix, game string) (uint64, error) {
	if err := s.checkOpen("last of game " + game); err != nil {
		return 0, err
	}
	subject, err := chainSubject(prefix, game)
	if err != nil {
		return 0, fmt.Errorf("events: last of game: %w", err)
	}
	m, err := s.last(ctx, subject)
	if err != nil {
		return 0, err
	}
	return m.Sequence, nil
}

// last returns the last message on subject, or an error wrapping
// ErrNotFound.
func (s *Store) last(ctx context.Context, subject string) (*jetstream.RawStreamMsg, error) {
	m, err := s.stream.GetLastMsgForSubject(ctx, subject)
	if errors.Is(err, jetstream.ErrMsgNotFound) {
		return nil, fmt.Errorf("events: last on %s: %w", subject, ErrNotFound)
	}
	if err != nil {
		return nil, fmt.Errorf("events: last on %s: %w", subject, err)
	}
	return m, nil
}
