package events

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"testing"
	"time"
)

// canonicalCases are events the fast canonical form must write exactly as
// encoding/json does, and read back as it does.
var canonicalCases = []struct {
	name    string
	event   Event
	payload any
}{
	{"move", Event{Game: "k7m2p9", Seq: 12, Type: TypeMovePlayed, Version: 1, Actor: 1, Source: "3f2a#0"}, MovePlayed{Seat: 1, Move: "E5"}},
	{"system actor, no source", Event{Game: "g", Seq: 1, Type: TypeGameCreated, Version: 1, Actor: SystemActor}, GameCreated{Game: "atacama", Variants: []string{}}},
	{"html in payload", Event{Game: "g", Seq: 3, Type: TypePlayerSaid, Version: 1}, PlayerSaid{Text: "<b>hi</b> & bye"}},
	{"escapes in payload", Event{Game: "g", Seq: 4, Type: TypePlayerSaid, Version: 1}, PlayerSaid{Text: "say \"hi\"\n\\ é \u2028 ✓"}},
	{"odd strings", Event{Game: "g<&>", Seq: 5, Type: "T\"x", Version: 1, Source: "é\u2029"}, MovePlayed{Move: "x"}},
	{"zone and nanoseconds", Event{Game: "g", Seq: 6, Type: TypeMovePlayed, Version: 1,
		Time: time.Date(2024, 5, 1, 12, 0, 0, 123456789, time.FixedZone("CEST", 2*3600))}, MovePlayed{Move: "y"}},
	{"year 10000", Event{Game: "g", Seq: 7, Type: TypeMovePlayed, Version: 1, Time: time.Date(10000, 1, 1, 0, 0, 0, 0, time.UTC)}, MovePlayed{Move: "z"}},
}

func TestCanonicalMatchesJSON(t *testing.T) {
	for _, tt := range canonicalCases {
		t.Run(tt.name, func(t *testing.T) {
			e := tt.event
			if e.Time.IsZero() {
				e.Time = time.Date(2025, 1, 2, 3, 4, 5, 6_000_000, time.UTC)
			}
			p, err := json.Marshal(tt.payload)
			if err != nil {
				t.Fatal(err)
			}
			e.Payload = p
			for _, sealed := range []bool{false, true} {
				if sealed && e.Time.Year() < 10000 {
					e = e.Seal(e.Game, e.Seq, "ab")
				}
				want, err := json.Marshal(e)
				if err != nil {
					if _, ok := e.appendCanonical(nil); ok {
						t.Errorf("appendCanonical(%s) wrote what json.Marshal refuses: %v", tt.name, err)
					}
					continue
				}
				if got := e.Encode(); !bytes.Equal(got, want) {
					t.Errorf("Encode() = %s, want %s", got, want)
				}
				checkDecode(t, want)
				checkDecode(t, append(bytes.Clone(want), '\n'))
			}
		})
	}
}

// checkDecode checks that whatever decodeCanonical accepts, decodeJSON
// accepts as the same event.
func checkDecode(t *testing.T, data []byte) {
	t.Helper()
	fast, ok := decodeCanonical(data)
	if !ok {
		return
	}
	slow, err := decodeJSON(data)
	if err != nil {
		t.Errorf("decodeCanonical(%s) = ok, decodeJSON = %v", data, err)
		return
	}
	if !bytes.Equal(fast.Encode(), slow.Encode()) || !fast.Time.Equal(slow.Time) || fast.Time.Location().String() != slow.Time.Location().String() {
		t.Errorf("decodeCanonical(%s) = %+v, decodeJSON = %+v", data, fast, slow)
	}
}

// TestDecodeCanonicalMutations changes the bytes of stored events one at a
// time: the fast reader may give up, but never accept what encoding/json
// would not, nor read it otherwise.
func TestDecodeCanonicalMutations(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for _, tt := range canonicalCases[:4] {
		p, _ := json.Marshal(tt.payload)
		e := tt.event
		e.Payload, e.Time = p, time.Date(2025, 1, 2, 3, 4, 5, 0, time.UTC)
		data := e.Seal(e.Game, e.Seq, "").Encode()
		for range 2000 {
			m := bytes.Clone(data)
			const bytesToTry = "{}[]\",:\\0aZ-+ .<"
			m[r.IntN(len(m))] = bytesToTry[r.IntN(len(bytesToTry))]
			checkDecode(t, m)
		}
	}
}

func FuzzDecodeCanonical(f *testing.F) {
	for _, tt := range canonicalCases {
		p, _ := json.Marshal(tt.payload)
		e := tt.event
		e.Payload = p
		if e.Time.Year() >= 10000 {
			continue // json.Marshal refuses it
		}
		f.Add(e.Seal(e.Game, e.Seq, "").Encode())
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		checkDecode(t, data)
	})
}
