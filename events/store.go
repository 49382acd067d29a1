package events

import (
	"context"
	"errors"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
)

// ErrConflict is returned by Append when the game's history moved on since
// the Head the caller read: someone else appended first. Reload and retry.
var ErrConflict = errors.New("events: conflict: the game changed since it was read")

// ErrNotFound is returned when a game or a subject holds nothing.
var ErrNotFound = errors.New("events: not found")

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
	DataDir string
	// Replicas of the stream on a cluster; 0 means 1.
	Replicas int
}

// Delivery is one event handed to a subscriber, with its place in the stream.
type Delivery struct {
	Event     Event
	StreamSeq uint64
}

// Subjects.
const (
	StreamName    = "PBEM"
	GameSubject   = "pbem.game."   // + game id: the game's events
	SecretSubject = "pbem.secret." // + game id: the game's seed until it is revealed
)

// Store keeps game histories on JetStream.
type Store struct {
	nc *nats.Conn
	js jetstream.JetStream
}

// Open connects to (or starts) JetStream and makes sure the stream exists.
func Open(ctx context.Context, opt Options) (*Store, error) { panic("todo") }

// Close stops the store and, when embedded, the server.
func (s *Store) Close() error { panic("todo") }

// JetStream returns the JetStream context, for key-value read models.
func (s *Store) JetStream() jetstream.JetStream { return s.js }

// Append seals evs after head and publishes them, with extra, as one atomic
// batch that succeeds only if the game's subject still ends at
// head.StreamSeq. It returns the new head, or ErrConflict. Retrying the same
// sealed append after a lost acknowledgement succeeds without writing twice.
func (s *Store) Append(ctx context.Context, game string, head Head, evs []Event, extra ...Message) (Head, error) {
	panic("todo")
}

// Load returns a game's whole history and its head; ErrNotFound if empty.
func (s *Store) Load(ctx context.Context, game string) ([]Event, Head, error) { panic("todo") }

// Last returns the data of the last message on subject, or ErrNotFound.
func (s *Store) Last(ctx context.Context, subject string) ([]byte, error) { panic("todo") }

// Subscribe delivers every game's events, in stream order, to handle through
// the durable consumer named durable, starting after what it acknowledged
// before. An error from handle redelivers the event later. It runs until ctx
// ends.
func (s *Store) Subscribe(ctx context.Context, durable string, handle func(Delivery) error) error {
	panic("todo")
}
