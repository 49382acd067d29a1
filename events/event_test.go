package events_test

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/pbem-games/pbem/events"
)

var at = time.Date(2024, 5, 1, 12, 0, 0, 123456789, time.FixedZone("CEST", 2*3600))

func mustNew(t *testing.T, typ string, actor int, p any) events.Event {
	t.Helper()
	e, err := events.New(typ, actor, at, p)
	if err != nil {
		t.Fatalf("New(%s) = %v, want nil", typ, err)
	}
	return e
}

// sealed returns a short chain of sealed events of one game.
func sealed(t *testing.T) []events.Event {
	t.Helper()
	created := mustNew(t, events.TypeGameCreated, events.SystemActor, events.GameCreated{
		Game: "atacama", Variants: []string{}, Host: "host",
		Players:    []events.Player{{Seat: 0, Name: "Ann", Address: "ann@example.org"}, {Seat: 1, Name: "Bo"}},
		Commitment: strings.Repeat("ab", 32),
	})
	move := mustNew(t, events.TypeMovePlayed, 1, events.MovePlayed{Seat: 1, Move: "d4 \"x\" é"})
	ended := mustNew(t, events.TypeGameEnded, events.SystemActor, events.GameEnded{Scores: []int{3, 1}, Seed: "00ff", Reason: "finished"})
	var out []events.Event
	prev := ""
	for i, e := range []events.Event{created, move, ended} {
		e = e.Seal("g1", uint64(i+1), prev)
		prev = e.Hash
		out = append(out, e)
	}
	return out
}

func TestSealEncodeDecode(t *testing.T) {
	for _, e := range sealed(t) {
		data := e.Encode()
		got, err := events.Decode(data)
		if err != nil {
			t.Fatalf("Decode(%s) = %v, want nil", data, err)
		}
		if g := got.Encode(); !bytes.Equal(g, data) {
			t.Errorf("Decode(%s).Encode() = %s, want the same", data, g)
		}
		if h, ok := strings.CutPrefix(e.Hash, events.HashV2); !ok || len(h) != 64 {
			t.Errorf("Seal(%s).Hash = %q, want h2: and 64 hex digits", e.Type, e.Hash)
		}
		if want := at.UTC().Truncate(time.Millisecond); !got.Time.Equal(want) || got.Time.Location() != time.UTC {
			t.Errorf("Decode(%s).Time = %v, want %v", data, got.Time, want)
		}
		if again := e.Seal(e.Game, e.Seq, e.Prev); again.Hash != e.Hash {
			t.Errorf("Seal(%s) twice = %s, want %s", e.Type, again.Hash, e.Hash)
		}
		if _, err := events.Decode(append(data, '\n')); err != nil {
			t.Errorf("Decode(%s + newline) = %v, want nil", data, err)
		}
	}
}

func TestSealChains(t *testing.T) {
	evs := sealed(t)
	for i, e := range evs {
		want := ""
		if i > 0 {
			want = evs[i-1].Hash
		}
		if e.Prev != want || e.Seq != uint64(i+1) || e.Game != "g1" {
			t.Errorf("Seal(g1, %d) = game %s seq %d prev %.12s, want g1 %d %.12s", i+1, e.Game, e.Seq, e.Prev, i+1, want)
		}
	}
	a := evs[1].Seal("g1", 2, evs[0].Hash)
	b := evs[1].Seal("g1", 2, strings.Repeat("0", 64))
	if a.Hash == b.Hash {
		t.Errorf("Seal with another prev = %s, want a different hash", b.Hash)
	}
}

func TestUnmarshal(t *testing.T) {
	var m events.MovePlayed
	if err := sealed(t)[1].Unmarshal(&m); err != nil || m.Move != "d4 \"x\" é" || m.Seat != 1 {
		t.Errorf("Unmarshal(MovePlayed) = %+v, %v, want seat 1 move %q", m, err, "d4 \"x\" é")
	}
	var n int
	if err := sealed(t)[1].Unmarshal(&n); err == nil {
		t.Errorf("Unmarshal(MovePlayed into int) = nil, want an error")
	}
}

func TestDecodeRejects(t *testing.T) {
	e := sealed(t)[1]
	data := string(e.Encode())
	var fields map[string]any
	if err := json.Unmarshal([]byte(data), &fields); err != nil {
		t.Fatal(err)
	}
	reordered, err := json.Marshal(fields) // keys sorted: not the field order
	if err != nil {
		t.Fatal(err)
	}
	forged := e
	forged.Payload = json.RawMessage(`{"seat":1,"move":"e4"}`) // content changed, hash kept

	tests := []struct {
		name string
		data string
		want string // in the error
	}{
		{"empty", "", "not an event"},
		{"not JSON", "hello", "not an event"},
		{"unknown field", strings.Replace(data, `{"game"`, `{"extra":1,"game"`, 1), "not an event"},
		{"spaces", strings.Replace(data, `"seq":2`, `"seq": 2`, 1), "canonical"},
		{"reordered fields", string(reordered), "canonical"},
		{"key in other case", strings.Replace(data, `"type"`, `"Type"`, 1), "canonical"},
		{"trailing data", data + " {}", "canonical"},
		{"hash mismatch", string(forged.Encode()), "hashes to"},
		{"no hash", strings.Replace(data, `,"hash":"`+e.Hash+`"`, "", 1), "hashes to"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := events.Decode([]byte(tt.data))
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("Decode(%s) = %v, want an error with %q", tt.data, err, tt.want)
			}
		})
	}
}

// TestDecodeEveryByte changes each byte of encoded events in turn, to
// several other values: Decode must reject every one.
func TestDecodeEveryByte(t *testing.T) {
	for _, e := range sealed(t) {
		data := e.Encode()
		for i, orig := range data {
			for _, c := range []byte{orig ^ 0x01, orig ^ 0x20, ' ', '0', 'a', '"', ',', '}', 0xff} {
				if c == orig {
					continue
				}
				changed := bytes.Clone(data)
				changed[i] = c
				if _, err := events.Decode(changed); err == nil {
					t.Errorf("Decode(%s) with byte %d changed from %q to %q = nil, want an error", e.Type, i, orig, c)
				}
			}
		}
	}
}
