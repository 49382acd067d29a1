package events

import (
	"bytes"
	"encoding/json"
	"regexp"
	"time"
)

// Redacted is an event left out of an export, as the line that stands in
// for it: what the chain of hashes needs (its game, number and hash, and
// the hash before it) and what tells it is there (its type, actor and
// time), but not its payload nor its source. The next event's Prev still
// names its hash, and the signature at the end signs the last hash, so
// the rest of the history verifies as before; the event's own hash,
// which a random salt in its payload makes tell nothing of it, can be
// checked once someone shows the event whole. A player's export leaves
// out the plans of the others that only they may know (a move written in
// advance, a programmed list).
type Redacted struct {
	Redacted bool      `json:"redacted"` // always true: it tells the line from an event's
	Game     string    `json:"game"`
	Seq      uint64    `json:"seq"`
	Type     string    `json:"type"`
	Time     time.Time `json:"time"`
	Actor    int       `json:"actor"`
	Prev     string    `json:"prev"`
	Hash     string    `json:"hash"`
}

// Redact returns the line that stands for e in an export that leaves it
// out.
func Redact(e Event) []byte {
	b, _ := json.Marshal(Redacted{Redacted: true, Game: e.Game, Seq: e.Seq, Type: e.Type, Time: e.Time, Actor: e.Actor, Prev: e.Prev, Hash: e.Hash})
	return b
}

var hashForm = regexp.MustCompile(`^[0-9a-f]{64}$`)

// ParseRedacted reads a line that Redact wrote; ok is false for any other
// line. The Event it returns has no payload.
func ParseRedacted(line []byte) (e Event, ok bool) {
	var r Redacted
	d := json.NewDecoder(bytes.NewReader(line))
	d.DisallowUnknownFields()
	if err := d.Decode(&r); err != nil || !r.Redacted || d.More() || !hashForm.MatchString(r.Hash) || r.Seq == 0 {
		return Event{}, false
	}
	return Event{Game: r.Game, Seq: r.Seq, Type: r.Type, Time: r.Time, Actor: r.Actor, Prev: r.Prev, Hash: r.Hash}, true
}
