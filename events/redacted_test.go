package events_test

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"testing"

	"github.com/pbem-games/pbem/events"
)

// sealV1 seals e as events were sealed before hash schema 2: the hash of
// its canonical encoding without the hash.
func sealV1(e events.Event, game string, seq uint64, prev string) events.Event {
	e = e.Seal(game, seq, prev)
	e.Hash = ""
	h := sha256.Sum256(e.Encode())
	e.Hash = hex.EncodeToString(h[:])
	return e
}

// TestSchema1Decodes: an event sealed the old way still decodes, and its
// hash is checked the old way.
func TestSchema1Decodes(t *testing.T) {
	e := sealV1(sealed(t)[1], "g1", 2, "ab")
	got, err := events.Decode(e.Encode())
	if err != nil || got.Hash != e.Hash || events.HashBinds(got.Hash) {
		t.Fatalf("Decode(an event of schema 1) = %+v, %v; want it back", got, err)
	}
	changed := e
	changed.Actor = 0
	if _, err := events.Decode(changed.Encode()); err == nil {
		t.Errorf("Decode(an event of schema 1 with its actor changed) = nil, want an error")
	}
}

// TestRedactBinds: a line leaving out an event of schema 2 reads back as
// that event's header, and changing anything it shows breaks its hash;
// the line for an event of schema 1 is of the old form and unbound.
func TestRedactBinds(t *testing.T) {
	e := sealed(t)[1]
	line := events.Redact(e)
	got, bound, err := events.ParseRedacted(line)
	if err != nil || !bound || got.Hash != e.Hash || got.Type != e.Type || got.Actor != e.Actor || !got.Time.Equal(e.Time) || got.Version != e.Version {
		t.Fatalf("ParseRedacted(Redact(e)) = %+v, %v, %v; want e's header, bound", got, bound, err)
	}
	if !events.IsRedacted(line) || events.IsRedacted(e.Encode()) {
		t.Errorf("IsRedacted tells a redacted line from an event wrongly")
	}
	for _, edit := range []struct{ from, to string }{
		{`"type":"MovePlayed"`, `"type":"ReminderSent"`},
		{`"actor":1`, `"actor":0`},
		{`"seq":2`, `"seq":3`},
		{`"v":1`, `"v":2`},
		{`"time":"2024-05-01T10:00:00.123Z"`, `"time":"2024-05-01T10:00:00.124Z"`},
		{`"body":"`, `"body":"0`},
		{`"redacted":true`, `"redacted":false`},
		{`"redacted":true`, `"redacted": true`},
	} {
		forged := bytes.Replace(line, []byte(edit.from), []byte(edit.to), 1)
		if bytes.Equal(forged, line) {
			t.Fatalf("%s is not in %s", edit.from, line)
		}
		if _, _, err := events.ParseRedacted(forged); !errors.Is(err, events.ErrRedacted) {
			t.Errorf("ParseRedacted(%s) = %v, want ErrRedacted", forged, err)
		}
	}
	old := sealV1(e, "g1", 2, "ab")
	oldLine := events.Redact(old)
	if bytes.Contains(oldLine, []byte(`"body"`)) {
		t.Errorf("Redact(an event of schema 1) = %s, want the old form", oldLine)
	}
	if got, bound, err := events.ParseRedacted(oldLine); err != nil || bound || got.Hash != old.Hash {
		t.Errorf("ParseRedacted(%s) = %+v, %v, %v; want the event, unbound", oldLine, got, bound, err)
	}
	// The old form cannot carry a hash of schema 2.
	downgraded := bytes.Replace(oldLine, []byte(old.Hash), []byte(e.Hash), 1)
	if _, _, err := events.ParseRedacted(downgraded); err == nil {
		t.Errorf("ParseRedacted(%s) = nil, want an error: the old form with a hash of schema 2", downgraded)
	}
}
