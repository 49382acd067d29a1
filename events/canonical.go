package events

import (
	"bytes"
	"encoding/json"
	"strconv"
	"time"
)

// The canonical form without reflection.
//
// Every event read is decoded, encoded again to check that it is exactly
// its canonical form, and hashed; every event appended is encoded twice
// when it is sealed. encoding/json does each by reflection, which made
// Decode cost some 18µs an event. The functions here write and read the
// canonical form directly for the events pbem writes, and give up (ok
// false) on anything unusual, such as an escaped character, so that
// encoding/json decides: they never accept what it would not.

// appendCanonical appends the canonical encoding of e to b, exactly as
// json.Marshal writes it, or reports false.
func (e Event) appendCanonical(b []byte) ([]byte, bool) {
	if len(e.Payload) == 0 || !plainJSON(e.Payload) {
		return b, false
	}
	t, err := e.Time.MarshalJSON()
	if err != nil {
		return b, false
	}
	b = append(b, `{"game":`...)
	b = appendString(b, e.Game)
	b = append(b, `,"seq":`...)
	b = strconv.AppendUint(b, e.Seq, 10)
	b = append(b, `,"type":`...)
	b = appendString(b, e.Type)
	b = append(b, `,"v":`...)
	b = strconv.AppendInt(b, int64(e.Version), 10)
	b = append(b, `,"time":`...)
	b = append(b, t...)
	b = append(b, `,"actor":`...)
	b = strconv.AppendInt(b, int64(e.Actor), 10)
	b = append(b, `,"payload":`...)
	b = append(b, e.Payload...)
	if e.Source != "" {
		b = append(b, `,"source":`...)
		b = appendString(b, e.Source)
	}
	b = append(b, `,"prev":`...)
	b = appendString(b, e.Prev)
	if e.Hash != "" {
		b = append(b, `,"hash":`...)
		b = appendString(b, e.Hash)
	}
	return append(b, '}'), true
}

// appendString appends s as json.Marshal writes a string.
func appendString(b []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c > 0x7e || c == '"' || c == '\\' || c == '<' || c == '>' || c == '&' {
			q, _ := json.Marshal(s) // a string always marshals
			return append(b, q...)
		}
	}
	b = append(b, '"')
	b = append(b, s...)
	return append(b, '"')
}

// plainJSON reports whether raw is valid JSON that json.Marshal writes
// unchanged: compact, and with no character it would escape.
func plainJSON(raw []byte) bool {
	in := false
	for i := 0; i < len(raw); i++ {
		c := raw[i]
		switch {
		case in && c == '\\':
			i++
		case c == '"':
			in = !in
		case !in && (c == ' ' || c == '\t' || c == '\n' || c == '\r'):
			return false
		case c == '<' || c == '>' || c == '&' || c == 0xe2: // 0xe2: U+2028 and U+2029 start so
			return false
		}
	}
	return json.Valid(raw)
}

// decodeCanonical reads an event in its canonical form with the right
// hash, or reports false, and then Decode reads it with encoding/json.
func decodeCanonical(data []byte) (Event, bool) {
	data = bytes.TrimRight(data, "\r\n")
	r := reader{b: data}
	var e Event
	var ts string
	ok := r.lit(`{"game":`) && r.str(&e.Game) &&
		r.lit(`,"seq":`) && r.uint(&e.Seq) &&
		r.lit(`,"type":`) && r.str(&e.Type) &&
		r.lit(`,"v":`) && r.int(&e.Version) &&
		r.lit(`,"time":`) && r.str(&ts) &&
		r.lit(`,"actor":`) && r.int(&e.Actor) &&
		r.lit(`,"payload":`) && r.value(&e.Payload) &&
		(!r.lit(`,"source":`) || r.str(&e.Source)) &&
		r.lit(`,"prev":`) && r.str(&e.Prev) &&
		r.lit(`,"hash":`) && r.str(&e.Hash) &&
		r.lit(`}`) && r.i == len(data)
	if !ok {
		return Event{}, false
	}
	t, err := time.Parse(time.RFC3339Nano, ts)
	if err != nil {
		return Event{}, false
	}
	e.Time = t
	canonical, ok := e.appendCanonical(make([]byte, 0, len(data)))
	if !ok || !bytes.Equal(canonical, data) {
		return Event{}, false
	}
	if e.hashOf(canonical) != e.Hash {
		return Event{}, false
	}
	return e, true
}

// reader reads the canonical form from the start.
type reader struct {
	b []byte
	i int
}

func (r *reader) lit(s string) bool {
	if !bytes.HasPrefix(r.b[r.i:], []byte(s)) {
		return false
	}
	r.i += len(s)
	return true
}

// str reads a string without escapes.
func (r *reader) str(s *string) bool {
	if r.i >= len(r.b) || r.b[r.i] != '"' {
		return false
	}
	end := bytes.IndexByte(r.b[r.i+1:], '"')
	if end < 0 {
		return false
	}
	v := r.b[r.i+1 : r.i+1+end]
	if bytes.IndexByte(v, '\\') >= 0 {
		return false
	}
	*s = string(v)
	r.i += end + 2
	return true
}

// digits returns the number at r, with an optional minus sign.
func (r *reader) digits(signed bool) (string, bool) {
	start := r.i
	if signed && r.i < len(r.b) && r.b[r.i] == '-' {
		r.i++
	}
	for r.i < len(r.b) && r.b[r.i] >= '0' && r.b[r.i] <= '9' {
		r.i++
	}
	return string(r.b[start:r.i]), r.i > start
}

func (r *reader) uint(n *uint64) bool {
	s, ok := r.digits(false)
	if !ok {
		return false
	}
	v, err := strconv.ParseUint(s, 10, 64)
	*n = v
	return err == nil
}

func (r *reader) int(n *int) bool {
	s, ok := r.digits(true)
	if !ok {
		return false
	}
	v, err := strconv.Atoi(s)
	*n = v
	return err == nil
}

// value reads a JSON object, the payload, up to its closing brace; its
// validity is checked when it is encoded again.
func (r *reader) value(raw *json.RawMessage) bool {
	if r.i >= len(r.b) || r.b[r.i] != '{' {
		return false
	}
	depth, in := 0, false
	for j := r.i; j < len(r.b); j++ {
		c := r.b[j]
		switch {
		case in && c == '\\':
			j++
		case c == '"':
			in = !in
		case in:
		case c == '{' || c == '[':
			depth++
		case c == '}' || c == ']':
			if depth--; depth == 0 {
				*raw = bytes.Clone(r.b[r.i : j+1])
				r.i = j + 1
				return true
			}
		}
	}
	return false
}
