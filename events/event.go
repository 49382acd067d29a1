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
	Hash    string          `json:"hash,omitempty"`   // SHA-256 of the event encoded with Hash empty
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

func (e Event) computeHash() string {
	e.Hash = ""
	return hashBytes(e.Encode())
}

func hashBytes(b []byte) string {
	h := sha256.Sum256(b)
	return hex.EncodeToString(h[:])
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
	in := canonical[:len(canonical)-len(tail)+1]
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
	in, ok := hashInput(canonical, e.Hash)
	if !ok { // no hash at all: what the content hashes to says so
		in = canonical
	}
	if got := hashBytes(in); got != e.Hash {
		return e, fmt.Errorf("events: event %d has hash %.12s…, its content hashes to %.12s…", e.Seq, e.Hash, got)
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
