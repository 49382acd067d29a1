package events

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"time"
)

// Redacted is an event left out of an export, as the line that stands in
// for it: its header (game, number, type, schema version, time, actor and
// the hash before it), the hash of its body (payload and source), and
// its hash, which is the hash of schema 2 of exactly these: the line can
// stand only for the event it replaces, and the next event's Prev and the
// signature at the end still name it. The body's hash tells nothing of
// the payload, which a random salt makes unguessable. A player's export
// leaves out the plans of the others that only they may know (a move
// written in advance, a programmed list).
type Redacted struct {
	Redacted bool      `json:"redacted"` // always true: it tells the line from an event's
	Game     string    `json:"game"`
	Seq      uint64    `json:"seq"`
	Type     string    `json:"type"`
	Version  int       `json:"v"`
	Time     time.Time `json:"time"`
	Actor    int       `json:"actor"`
	Body     string    `json:"body"` // Event.BodyHash
	Prev     string    `json:"prev"`
	Hash     string    `json:"hash"`
}

// redactedV1 is the line that leaves out an event of hash schema 1, the
// only one such an event can have: its hash is of the whole event, so
// nothing binds the type, actor and time the line shows.
type redactedV1 struct {
	Redacted bool      `json:"redacted"`
	Game     string    `json:"game"`
	Seq      uint64    `json:"seq"`
	Type     string    `json:"type"`
	Time     time.Time `json:"time"`
	Actor    int       `json:"actor"`
	Prev     string    `json:"prev"`
	Hash     string    `json:"hash"`
}

// redactedPrefix begins every line that leaves an event out, and no other
// line of an export.
var redactedPrefix = []byte(`{"redacted":`)

// IsRedacted reports whether line is one that leaves an event out (or
// claims to be: ParseRedacted checks it).
func IsRedacted(line []byte) bool { return bytes.HasPrefix(line, redactedPrefix) }

// Redact returns the line that stands for e in an export that leaves it
// out: of schema 2 when e's hash is, else the line of schema 1.
func Redact(e Event) []byte {
	var v any = redactedV1{Redacted: true, Game: e.Game, Seq: e.Seq, Type: e.Type, Time: e.Time, Actor: e.Actor, Prev: e.Prev, Hash: e.Hash}
	if HashBinds(e.Hash) {
		body, _ := e.BodyHash() // a sealed event has its body
		v = Redacted{Redacted: true, Game: e.Game, Seq: e.Seq, Type: e.Type, Version: e.Version, Time: e.Time, Actor: e.Actor, Body: body, Prev: e.Prev, Hash: e.Hash}
	}
	b, _ := json.Marshal(v) // strings, numbers and a time of the past
	return b
}

var (
	hashForm   = regexp.MustCompile(`^[0-9a-f]{64}$`)
	hashV2Form = regexp.MustCompile(`^h2:[0-9a-f]{64}$`)
)

// ErrRedacted is the error of a line that leaves an event out but is not
// one Redact wrote for an event with the hash it shows.
var ErrRedacted = errors.New("events: a line leaving an event out")

// ParseRedacted reads a line that Redact wrote and checks it: exactly in
// its canonical form, and, of schema 2, hashing to its hash. bound is
// false for a line of schema 1, whose type, actor and time no hash
// covers. The Event it returns has no payload.
func ParseRedacted(line []byte) (e Event, bound bool, err error) {
	line = bytes.TrimRight(line, "\r\n")
	var r Redacted
	d := json.NewDecoder(bytes.NewReader(line))
	d.DisallowUnknownFields()
	if err := d.Decode(&r); err != nil || d.More() {
		return Event{}, false, fmt.Errorf("%w: not one: %v", ErrRedacted, err)
	}
	e = Event{Game: r.Game, Seq: r.Seq, Type: r.Type, Version: r.Version, Time: r.Time, Actor: r.Actor, Prev: r.Prev, Hash: r.Hash}
	bound = HashBinds(r.Hash)
	var canonical []byte
	switch {
	case !r.Redacted:
		return e, bound, fmt.Errorf("%w: its redacted is false", ErrRedacted)
	case bound && (!hashV2Form.MatchString(r.Hash) || !hashForm.MatchString(r.Body)):
		return e, bound, fmt.Errorf("%w: its hash or body hash is not a hash", ErrRedacted)
	case bound:
		canonical, err = json.Marshal(r)
	case !hashForm.MatchString(r.Hash):
		return e, bound, fmt.Errorf("%w: its hash is not a hash", ErrRedacted)
	default:
		canonical, err = json.Marshal(redactedV1{Redacted: true, Game: r.Game, Seq: r.Seq, Type: r.Type, Time: r.Time, Actor: r.Actor, Prev: r.Prev, Hash: r.Hash})
	}
	if err != nil || !bytes.Equal(canonical, line) {
		return e, bound, fmt.Errorf("%w: event %d's line is not in canonical form (altered?)", ErrRedacted, r.Seq)
	}
	if !bound {
		return e, false, nil
	}
	if got, _ := HashHeader(r.Game, r.Seq, r.Type, r.Version, r.Time, r.Actor, r.Body, r.Prev); got != r.Hash {
		return e, true, fmt.Errorf("%w: event %d, a %s, has hash %.15s…, what the line shows hashes to %.15s…; it does not stand for the event it replaces", ErrRedacted, r.Seq, r.Type, r.Hash, got)
	}
	return e, true, nil
}
