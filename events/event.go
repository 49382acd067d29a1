// Package events holds pbem's event envelope, the event types, and the store
// that keeps every game's history on NATS JetStream.
//
// Each game's events live on their own subject, pbem.game.<id>, as an
// append-only chain: every event carries the hash of the one before it, so a
// history exported to a player can be verified by anyone. Events are facts
// in the past tense; the store knows nothing of game rules.
package events

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"time"
)

// Event is the envelope of one fact in a game's history.
type Event struct {
	Game    string          `json:"game"`             // game id
	Seq     uint64          `json:"seq"`              // 1 for the first event of a game, then 2, 3, …
	Type    string          `json:"type"`             // e.g. "MovePlayed"
	Version int             `json:"v"`                // schema version of the payload
	Time    time.Time       `json:"time"`             // when it was recorded, UTC, milliseconds
	Actor   int             `json:"actor"`            // seat that caused it; SystemActor for the service or host
	Payload json.RawMessage `json:"payload"`          // the type's fields, compact JSON
	Source  string          `json:"source,omitempty"` // the inbox record or command that caused it
	Prev    string          `json:"prev"`             // Hash of the previous event; "" for the first
	Hash    string          `json:"hash,omitempty"`   // "h2:" and the SHA-256 of its header (HashHeader); in events sealed before, of the event encoded with Hash empty
}

// SystemActor is the Actor of events caused by the service or the host
// rather than by a seat.
const SystemActor = -1

// New returns an unsealed event of type typ with payload p marshalled as
// JSON. Seq, Prev and Hash are set when it is appended.
func New(typ string, actor int, at time.Time, p any) (Event, error) {
	data, err := json.Marshal(p)
	if err != nil {
		return Event{}, fmt.Errorf("events: marshal %s: %w", typ, err)
	}
	return Event{Type: typ, Version: 1, Time: at, Actor: actor, Payload: data}, nil
}

// Seal sets e's position after prev (game, sequence, previous hash) and
// computes its hash. prev is the zero Event for a game's first event.
func (e Event) Seal(game string, seq uint64, prevHash string) Event {
	e.Game, e.Seq, e.Prev, e.Hash = game, seq, prevHash, ""
	e.Time = e.Time.UTC().Truncate(time.Millisecond)
	e.Hash = e.computeHash()
	return e
}

// The schemas of the hash.
//
// Schema 1, that of the events sealed before schema 2, hashed an event's
// canonical encoding without its hash: it bound the whole event, but a
// line that leaves the event out of an export (Redact) could show only
// that hash, and nothing bound the type, actor and time the line shows.
//
// Schema 2 hashes the event's header: its game, seq, type, v, time,
// actor and prev, and the hash of its body (its payload and source), so
// that a line leaving the event out shows the body's hash and everything
// the event's hash covers. Its hashes begin with "h2:", and so does every
// prev and signature naming them: a line standing for an event of schema
// 2 cannot pass for one of schema 1. docs/history-format.md describes
// both byte for byte.

// HashV2 begins every hash of schema 2.
const HashV2 = "h2:"

// HashBinds reports whether hash is of schema 2, which binds what a line
// leaving its event out shows.
func HashBinds(hash string) bool { return strings.HasPrefix(hash, HashV2) }

// computeHash returns e's hash of schema 2, or "" when e has no canonical
// form (a time json.Marshal refuses), which no hash equals.
func (e Event) computeHash() string {
	body, ok := e.bodySum()
	if !ok {
		return ""
	}
	h, _ := headerHash(e.Game, e.Seq, e.Type, e.Version, e.Time, e.Actor, body[:], "", e.Prev)
	return h
}

// BodyHash returns the hex SHA-256 of e's body: {"payload":…,"source":…}
// in the canonical form of the event's line, without source when empty.
func (e Event) BodyHash() (string, bool) {
	sum, ok := e.bodySum()
	return hex.EncodeToString(sum[:]), ok
}

// bodySum is BodyHash's SHA-256, made without allocating for the events
// pbem writes: every event read is hashed so.
func (e Event) bodySum() ([sha256.Size]byte, bool) {
	var buf [256]byte
	b := append(buf[:0], `{"payload":`...)
	if len(e.Payload) > 0 && plainJSON(e.Payload) {
		b = append(b, e.Payload...)
	} else {
		p, err := json.Marshal(e.Payload)
		if err != nil {
			return [sha256.Size]byte{}, false
		}
		b = append(b, p...)
	}
	if e.Source != "" {
		b = append(b, `,"source":`...)
		b = appendString(b, e.Source)
	}
	return sha256.Sum256(append(b, '}')), true
}

// HashHeader returns the hash of schema 2 of an event with these header
// fields and body hash (hex): "h2:" and the hex SHA-256 of
// {"game":…,"seq":…,"type":…,"v":…,"time":…,"actor":…,"body":…,"prev":…}
// written as the event's line writes them. ok is false for a time
// json.Marshal refuses.
func HashHeader(game string, seq uint64, typ string, v int, at time.Time, actor int, body, prev string) (string, bool) {
	return headerHash(game, seq, typ, v, at, actor, nil, body, prev)
}

// headerHash is HashHeader with the body's hash given as its bytes
// (sum), or, when sum is nil, as its hex digits (hexBody).
func headerHash(game string, seq uint64, typ string, v int, at time.Time, actor int, sum []byte, hexBody, prev string) (string, bool) {
	var buf [512]byte
	b := append(buf[:0], `{"game":`...)
	b = appendString(b, game)
	b = append(b, `,"seq":`...)
	b = strconv.AppendUint(b, seq, 10)
	b = append(b, `,"type":`...)
	b = appendString(b, typ)
	b = append(b, `,"v":`...)
	b = strconv.AppendInt(b, int64(v), 10)
	b = append(b, `,"time":"`...)
	b, err := at.AppendText(b) // as MarshalJSON writes it, which refuses the same times
	if err != nil {
		return "", false
	}
	b = append(b, `","actor":`...)
	b = strconv.AppendInt(b, int64(actor), 10)
	b = append(b, `,"body":`...)
	if sum == nil {
		b = appendString(b, hexBody)
	} else {
		b = append(hex.AppendEncode(append(b, '"'), sum), '"')
	}
	b = append(b, `,"prev":`...)
	b = appendString(b, prev)
	h := sha256.Sum256(append(b, '}'))
	var out [len(HashV2) + 2*sha256.Size]byte
	copy(out[:], HashV2)
	hex.Encode(out[len(HashV2):], h[:])
	return string(out[:]), true
}

func hashBytes(b []byte) string {
	h := sha256.Sum256(b)
	return hex.EncodeToString(h[:])
}

// hashOf returns what e's hash should be, given its canonical encoding:
// of schema 2 when e.Hash says so, else of schema 1.
func (e Event) hashOf(canonical []byte) string {
	if HashBinds(e.Hash) {
		return e.computeHash()
	}
	in, ok := hashInput(canonical, e.Hash)
	if !ok { // no hash at all: what the content hashes to says so
		return hashBytes(canonical)
	}
	return hashBytes(in)
}

// hashInput returns the encoding of an event with its Hash left out, taken
// from its canonical encoding: Hash is the last field, so it is the
// canonical bytes without the trailing `,"hash":"…"`. It reports false when
// canonical does not end so.
func hashInput(canonical []byte, hash string) ([]byte, bool) {
	tail := `,"hash":"` + hash + `"}`
	if hash == "" || !bytes.HasSuffix(canonical, []byte(tail)) {
		return nil, false
	}
	in := bytes.Clone(canonical[:len(canonical)-len(tail)+1])
	in[len(in)-1] = '}'
	return in, true
}

// Encode returns the canonical bytes of a sealed event: compact JSON in the
// field order of Event. These are the bytes stored and exported.
func (e Event) Encode() []byte {
	if b, ok := e.appendCanonical(make([]byte, 0, 256+len(e.Payload))); ok {
		return b
	}
	b, err := json.Marshal(e)
	if err != nil {
		panic(fmt.Sprintf("events: encode %s: %v", e.Type, err))
	}
	return b
}

// Decode reads one stored or exported event and checks that it is exactly
// the canonical encoding of itself and that its hash is right; a changed
// byte anywhere fails one of these.
func Decode(data []byte) (Event, error) {
	if e, ok := decodeCanonical(data); ok {
		return e, nil
	}
	return decodeJSON(data)
}

// decodeJSON is Decode by encoding/json, which says what is wrong.
func decodeJSON(data []byte) (Event, error) {
	var e Event
	d := json.NewDecoder(bytes.NewReader(data))
	d.DisallowUnknownFields()
	if err := d.Decode(&e); err != nil {
		return Event{}, fmt.Errorf("events: not an event: %w", err)
	}
	canonical := e.Encode()
	if !bytes.Equal(canonical, bytes.TrimRight(data, "\r\n")) {
		return e, fmt.Errorf("events: event %d is not in canonical form (altered?)", e.Seq)
	}
	if got := e.hashOf(canonical); got != e.Hash {
		return e, fmt.Errorf("events: event %d has hash %.15s…, its content hashes to %.15s…", e.Seq, e.Hash, got)
	}
	return e, nil
}

// Unmarshal decodes e's payload into p.
func (e Event) Unmarshal(p any) error {
	if err := json.Unmarshal(e.Payload, p); err != nil {
		return fmt.Errorf("events: %s payload of event %d: %w", e.Type, e.Seq, err)
	}
	return nil
}
