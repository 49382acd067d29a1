package projections

import (
	"bytes"
	"strings"
	"testing"

	"github.com/pbem-games/pbem/events"
)

// lines encodes a history as an export writes it.
func lines(evs []events.Event) [][]byte {
	var out [][]byte
	for _, e := range evs {
		out = append(out, e.Encode())
	}
	return out
}

// TestVerifyLines: what Verify says of each line of an export that is not
// a history this service wrote, and what it counts of one that is.
func TestVerifyLines(t *testing.T) {
	h := newHistory(t, two)
	h.move("take 1")
	h.add(events.TypeConditionalSet, 1, events.ConditionalSet{Seat: 1, If: "take 1", Then: "take 2"})
	h.add(events.TypePlayerSaid, 0, events.PlayerSaid{Seat: 0, Text: "hi"})
	running := lines(h.evs)
	ended := newHistory(t, two)
	ended.move("take 1")
	ended.add(events.TypeGameEnded, events.SystemActor, events.GameEnded{Scores: []int{0, 0}, Seed: ended.seed.String(), Reason: events.EndAgreed})
	key, err := events.NewSigningKey(bytes.Repeat([]byte{1}, 32))
	if err != nil {
		t.Fatal(err)
	}
	signed := append(lines(ended.evs), key.Sign("g1", ended.evs[2].Hash).Encode())
	other := append(lines(ended.evs), key.Sign("g2", ended.evs[2].Hash).Encode())
	redacted := [][]byte{running[0], running[1], events.Redact(h.evs[2]), running[3]}
	said := [][]byte{running[0], running[1], running[2], events.Redact(h.evs[3])}
	with := func(ls [][]byte, i int, line []byte) [][]byte {
		c := append([][]byte(nil), ls...)
		c[i] = line
		return c
	}
	bad := newHistory(t, two)
	bad.add(events.TypeMovePlayed, bad.toAct(), events.MovePlayed{Seat: bad.toAct(), Move: "take 7"})
	seed := h.seed
	for _, tt := range []struct {
		name  string
		lines [][]byte
		seed  bool // give Verify the service's seed
		want  string
	}{
		{"running, seed secret", running, false, ""},
		{"running, seed known", running, true, ""},
		{"ended", lines(ended.evs), false, ""},
		{"signed", signed, false, ""},
		{"carriage returns", [][]byte{append(running[0], '\r'), append(running[1], '\r')}, true, ""},
		{"left out", redacted, true, ""},
		{"empty", nil, false, "line 1: the history is empty"},
		{"not utf-8", with(running, 1, []byte{0xff, 0xfe}), false, "line 2: not UTF-8"},
		{"not an event", with(running, 1, []byte("hello")), false, "line 2:"},
		{"no beginning", running[1:], false, "line 1: the history begins with a MovePlayed"},
		{"a gap", [][]byte{running[0], running[2]}, false, "line 2:"},
		{"after the end", append(lines(ended.evs), running[1]), false, "line 4: event 2 (MovePlayed) after the game ended"},
		{"signed by another game", other, false, "line 4:"},
		{"line after the signature", append(signed, running[1]), false, "line 5: a line after the history's signature"},
		{"altered signature", append(lines(ended.evs), []byte(string(key.Sign("g1", ended.evs[2].Hash).Encode())+" ")), false, "line 4: not a signature line"},
		{"a SAY left out", said, true, "line 4: a PlayerSaid cannot be left out"},
		{"a move refused", lines(bad.evs), true, "line 2:"},
		{"a move refused, seed secret", lines(bad.evs), false, ""},
	} {
		var s = &seed
		if !tt.seed {
			s = nil
		}
		rep, err := Verify(nimCatalog, tt.lines, s)
		if tt.want == "" {
			if err != nil {
				t.Errorf("%s: Verify = %v, want no error", tt.name, err)
			}
			continue
		}
		if err == nil || !strings.HasPrefix(err.Error(), tt.want) {
			t.Errorf("%s: Verify = %+v, %v; want an error beginning %q", tt.name, rep, err, tt.want)
		}
	}
	for _, tt := range []struct {
		name         string
		lines        [][]byte
		seed         bool
		want         Report
		signed, over bool
	}{
		{"running", running, false, Report{Game: "g1", Events: 4}, false, false},
		{"running, seed known", running, true, Report{Game: "g1", Events: 4, Replayed: true, Seed: seed.String()}, false, false},
		{"left out", redacted, true, Report{Game: "g1", Events: 4, Replayed: true, Seed: seed.String(), Redacted: 1}, false, false},
		{"signed", signed, false, Report{Game: "g1", Events: 3, Over: true, Replayed: true, Seed: seed.String(), Scores: []int{0, 0}, SignatureLine: 4}, true, true},
	} {
		var s = &seed
		if !tt.seed {
			s = nil
		}
		rep, err := Verify(nimCatalog, tt.lines, s)
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		if (rep.Signer != nil) != tt.signed || tt.signed && !bytes.Equal(rep.Signer, key.Public()) {
			t.Errorf("%s: Signer = %x, want %v", tt.name, rep.Signer, tt.signed)
		}
		rep.Signer = nil
		if rep.Game != tt.want.Game || rep.Events != tt.want.Events || rep.Over != tt.want.Over || rep.Replayed != tt.want.Replayed ||
			rep.Seed != tt.want.Seed || rep.Redacted != tt.want.Redacted || rep.RedactedOld != 0 || rep.OldHashes != 0 ||
			rep.SignatureLine != tt.want.SignatureLine || len(rep.Scores) != len(tt.want.Scores) {
			t.Errorf("%s: Verify = %+v, want %+v", tt.name, rep, tt.want)
		}
	}
}

func TestRedactable(t *testing.T) {
	for typ, want := range map[string]bool{
		events.TypeConditionalSet: true, events.TypeMovesQueued: true, events.TypeDigestChanged: true,
		events.TypeReminderSent: true, events.TypeDigestSent: true, events.TypeSaysGathered: true,
		events.TypeMovePlayed: false, events.TypePlayerSaid: false, events.TypeGameCreated: false, events.TypeGameEnded: false,
	} {
		if got := Redactable(typ); got != want {
			t.Errorf("Redactable(%s) = %v, want %v", typ, got, want)
		}
	}
}

func TestWinners(t *testing.T) {
	for _, tt := range []struct {
		ended    *events.GameEnded
		resigned []int
		want     []int
	}{
		{nil, nil, nil},
		{&events.GameEnded{Scores: []int{3, 5, 5}}, nil, []int{1, 2}},
		{&events.GameEnded{Scores: []int{3, 5, 4}}, []int{1}, []int{2}},
		{&events.GameEnded{Scores: []int{0, 0}}, []int{1, 0}, []int{0}},
	} {
		g := &Game{Ended: tt.ended, Resigned: tt.resigned}
		if got := g.Winners(); !equalInts(got, tt.want) {
			t.Errorf("Winners(%+v, resigned %v) = %v, want %v", tt.ended, tt.resigned, got, tt.want)
		}
	}
}

func equalInts(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
