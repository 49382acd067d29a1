package events_test

import (
	"testing"
	"time"

	"github.com/pbem-games/pbem/events"
)

// BenchmarkDecode measures what every read of a history costs per event:
// parsing, the canonical form and the hash.
func BenchmarkDecode(b *testing.B) {
	e, err := events.New(events.TypeMovePlayed, 0, time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC), events.MovePlayed{Seat: 0, Move: "E5"})
	if err != nil {
		b.Fatal(err)
	}
	e.Source = "3f2a9c0d1e5b7a6c4d8e9f0a1b2c3d4e#0"
	data := e.Seal("k7m2p9", 12, "b5d1c0ffee0d15ea5e5ca1ab1efeedfacecafebabedeadbeef00112233445566").Encode()
	b.ReportAllocs()
	for b.Loop() {
		if _, err := events.Decode(data); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkEncode measures sealing's share: the canonical bytes.
func BenchmarkEncode(b *testing.B) {
	e, err := events.New(events.TypeMovePlayed, 0, time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC), events.MovePlayed{Seat: 0, Move: "E5"})
	if err != nil {
		b.Fatal(err)
	}
	e = e.Seal("k7m2p9", 12, "b5d1c0ffee0d15ea5e5ca1ab1efeedfacecafebabedeadbeef00112233445566")
	b.ReportAllocs()
	for b.Loop() {
		e.Encode()
	}
}
