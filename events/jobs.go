package events

import (
	"context"
	"time"
)

// The store's users each need a part of it: the command side the games'
// histories, the read models and the outbox a feed of what is stored, the
// mail side records written once, the read models and the mail lists KV
// buckets, the health report how the store fares. Each part is an
// interface below, which *Store satisfies; a user takes the smallest it
// needs, so what it may do to the store is in its signature, and none
// reaches for the NATS connection. Only the wiring that opens and closes
// the store holds a *Store.
//
// Every method may also return ErrClosed once the store is closed, and
// an error of the server's or the network's that is none of the named
// ones: a later try may succeed.

// Log is the games' histories: one chain of sealed events per game on
// pbem.game.<id>, appended to with optimistic concurrency.
type Log interface {
	// Append seals evs after head and stores them, with extra, as one
	// atomic batch, and returns the new head. Errors: ErrConflict when
	// the game moved on since head (reload and retry), ErrInvalid for a
	// malformed request.
	Append(ctx context.Context, game string, head Head, evs []Event, extra ...Message) (Head, error)
	// AppendNoted is Append with note set as headers on the last event.
	// Errors: as Append.
	AppendNoted(ctx context.Context, game string, head Head, evs []Event, note map[string]string, extra ...Message) (Head, error)
	// Load returns the game's whole history and its head. Errors:
	// ErrNotFound for a game without events, ErrInvalid for a game id
	// that is not one subject token.
	Load(ctx context.Context, game string) ([]Event, Head, error)
	// LastSeq returns the stream sequence of the game's last event.
	// Errors: as Load.
	LastSeq(ctx context.Context, game string) (uint64, error)
}

// Feed hands what is stored to durable consumers, in stream order, at
// least once, and says where each stands.
type Feed interface {
	// Subscribe hands every game's events to handle until ctx ends, then
	// returns nil. Errors: one wrapping ErrPoison for an event that
	// cannot be decoded.
	Subscribe(ctx context.Context, durable string, handle func(Delivery) error) error
	// CatchUp is Subscribe that returns once everything stored so far
	// is handled. Errors: as Subscribe, and one wrapping ctx's error
	// when ctx ends first.
	CatchUp(ctx context.Context, durable string, handle func(Delivery) error) error
	// SubscribeRecords is Subscribe for the messages on the subjects
	// filter matches, undecoded. Errors: one wrapping ErrPoison when
	// handle returns one.
	SubscribeRecords(ctx context.Context, durable, filter string, handle func(Record) error) error
	// CatchUpRecords is CatchUp for SubscribeRecords. Errors: as
	// SubscribeRecords and CatchUp.
	CatchUpRecords(ctx context.Context, durable, filter string, handle func(Record) error) error
	// SubscribeKeyed is SubscribeRecords with up to workers messages
	// handled at once, one key at a time. Errors: as SubscribeRecords.
	SubscribeKeyed(ctx context.Context, durable, filter string, workers int, key func(Record) string, handle func(Record) error) error
	// Handled records that durable has handled everything on filter up
	// to stream sequence seq, creating it if need be. Errors: only the
	// server's.
	Handled(ctx context.Context, durable, filter string, seq uint64) error
	// Consumer returns where durable stands. Errors: ErrNotFound when it
	// was never started.
	Consumer(ctx context.Context, durable string) (ConsumerState, error)
	// DeleteConsumer deletes durable, so that it starts again from the
	// first message; one that is not there is no error. Errors: only
	// the server's.
	DeleteConsumer(ctx context.Context, durable string) error
}

// Records is the messages beside the histories: records written once
// (an inbox mail, the answers to it) and pruned later, messages stored
// with an id (a notice refused for good), and reading them back.
type Records interface {
	// PutOnce stores data on subject only if the subject holds nothing
	// yet, and returns its stream sequence. Errors: ErrExists when it
	// holds a message already.
	PutOnce(ctx context.Context, subject string, data []byte) (uint64, error)
	// PutOnceWith stores first and extra as one atomic batch, only if
	// first's subject holds nothing yet. Errors: ErrExists when it holds
	// a message already, ErrInvalid for more than MaxBatch messages.
	PutOnceWith(ctx context.Context, first Message, extra []Message) error
	// Put stores data on subject with message id msgID, once within
	// DuplicateWindow, and returns its stream sequence. Errors: only the
	// server's.
	Put(ctx context.Context, subject, msgID string, data []byte) (uint64, error)
	// Replace stores data on subject in place of its last message, at
	// stream sequence seq, and erases that one (a record pruned once it
	// served: the subject still holds a message). Errors: ErrNotFound
	// when the subject holds nothing, ErrConflict when its last message
	// comes before seq.
	Replace(ctx context.Context, subject string, seq uint64, data []byte) (uint64, error)
	// PutAll stores msgs as one atomic batch. Errors: ErrInvalid for
	// more than MaxBatch messages.
	PutAll(ctx context.Context, msgs []Message) error
	// Erase removes every message on subject (a game's secret once its
	// end revealed it); a subject holding nothing is no error. Errors:
	// only the server's.
	Erase(ctx context.Context, subject string) error
	// Last returns the data of the last message on subject. Errors:
	// ErrNotFound when the subject holds nothing.
	Last(ctx context.Context, subject string) ([]byte, error)
	// ReadAll hands handle every message stored now on filter, in stream
	// order, and returns the stream sequence it read up to (0 for none).
	// Errors: handle's own error, as it returned it.
	ReadAll(ctx context.Context, filter string, handle func(Record) error) (uint64, error)
	// ReadSince is ReadAll of the messages stored at or after since.
	// Errors: as ReadAll.
	ReadSince(ctx context.Context, filter string, since time.Time, handle func(Record) error) (uint64, error)
	// StoredAt returns when the first message on filter at or after
	// stream sequence seq was stored. Errors: ErrNotFound when there is
	// none.
	StoredAt(ctx context.Context, seq uint64, filter string) (time.Time, error)
	// Counts returns how many messages each subject filter matches
	// holds; a subject holding nothing is not in it. Errors: only the
	// server's.
	Counts(ctx context.Context, filter string) (map[string]uint64, error)
}

// Buckets is the KV buckets kept in the same JetStream as the histories:
// read models, the intake's cursor, the mail lists.
type Buckets interface {
	// Bucket opens the bucket name, creating it when there is none.
	// Errors: only the server's.
	Bucket(ctx context.Context, name string) (KV, error)
	// BatchBucket is Bucket for a bucket also written with PutAll.
	// Errors: only the server's.
	BatchBucket(ctx context.Context, name string) (KV, error)
	// DeleteBucket deletes the bucket name and all it holds; one that is
	// not there is no error. Errors: only the server's.
	DeleteBucket(ctx context.Context, name string) error
}

// Monitor is how the store fares, for a health report and metrics.
type Monitor interface {
	// Status returns how the connection to the server stands now. It
	// never fails: a closed store says so in Status.Closed.
	Status() Status
	// OnConnection has f told whenever the connection is lost, back, or
	// closed for good while the store is open.
	OnConnection(f func(up bool, err error))
	// AppendStats returns how the appends went since the store opened.
	AppendStats() AppendStats
	// OnResubscribe has f told of each failure after which a
	// subscription starts again, and how long it waits first; f
	// replaces the one told before.
	OnResubscribe(f func(durable string, err error, wait time.Duration))
}

// Follower is what a part that follows what is stored and keeps state of
// its own beside it uses: the feed, the records and the buckets, as the
// projector, the outbox and the lists of mail do.
type Follower interface {
	Feed
	Records
	Buckets
}

// Campaigns is the campaigns' histories: one chain of sealed events per
// campaign on pbem.campaign.<id>, kept as the games' are.
type Campaigns interface {
	// Campaigns returns the Log of the campaigns: its game ids are
	// campaign ids. It never fails; its methods fail as Log's do.
	Campaigns() Log
}

// Backups is taking a copy of what the store holds, for the command
// that backs a service up.
type Backups interface {
	// Backup writes a snapshot of every stream of the store, and the
	// files opt names, into dir. Errors: one saying why dir is unfit
	// (not empty), the server's.
	Backup(ctx context.Context, dir string, opt BackupOptions) (Manifest, error)
}

// Jobs is every job of the store together: what the command service
// (games.Service) holds, for its commands (Log, Records, Campaigns) and
// for the parts built on it, the mail side, the pages and the post
// office, which each take from it the interface they need. It is the
// store without what opens, closes, backs it up or reaches past it to
// NATS: only the wiring that opens the store holds a *Store.
type Jobs interface {
	Log
	Follower
	Monitor
	Campaigns
}

// The store does every job.
var (
	_ Log       = (*Store)(nil)
	_ Feed      = (*Store)(nil)
	_ Records   = (*Store)(nil)
	_ Buckets   = (*Store)(nil)
	_ Monitor   = (*Store)(nil)
	_ Follower  = (*Store)(nil)
	_ Campaigns = (*Store)(nil)
	_ Backups   = (*Store)(nil)
	_ Jobs      = (*Store)(nil)
)
