package projections

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/pbem-games/pbem/events"
)

func testKey(t *testing.T, b byte) events.PublicKey {
	t.Helper()
	k, err := events.NewSigningKey(bytes.Repeat([]byte{b}, 32))
	if err != nil {
		t.Fatal(err)
	}
	return k.Public()
}

// TestVerdict: each clause the verdict line promises (docs/history-format.md),
// and "ok" only for a checked origin with no line left out the old way.
func TestVerdict(t *testing.T) {
	seed := "00ff"
	for _, tt := range []struct {
		name    string
		rep     Report
		checked bool
		origin  string
		want    string
	}{
		{"Over", Report{Game: "k7q2mx", Events: 9, Over: true, Seed: seed, Scores: []int{3, 1}}, true, "",
			"ok: game k7q2mx, 9 events, hash chain intact; seed " + seed + " matches the commitment; every move replayed; final scores 3, 1"},
		{"Running", Report{Game: "k7q2mx", Events: 4, Replayed: true}, true, "",
			"ok: game k7q2mx, 4 events, hash chain intact; the service's seed matches the commitment; every move replayed (the game is still running)"},
		{"Unchecked", Report{Game: "k7q2mx", Events: 4}, false, "signed by nobody",
			"chain intact; origin not checked: game k7q2mx, 4 events; the seed stays secret until the game ends, so the moves can be replayed only then; signed by nobody"},
		{"LeftOutOld", Report{Game: "k7q2mx", Events: 5, RedactedOld: 2, OldHashes: 3}, true, "",
			"chain intact; lines left out the old way not checked: game k7q2mx, 5 events; events 1 to 3 carry hashes of schema 1, which do not bind what a line leaving one out shows; 2 events left out the old way, bound by no hash to the type, actor and time shown: each could stand for any event; the seed stays secret until the game ends, so the moves can be replayed only then"},
		{"LeftOut", Report{Game: "k7q2mx", Events: 5, Redacted: 1}, true, "",
			"ok: game k7q2mx, 5 events, hash chain intact; 1 events left out, each bound by its hash to its type, actor, time and payload; the seed stays secret until the game ends, so the moves can be replayed only then"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if got := Verdict(tt.rep, tt.checked, tt.origin); got != tt.want {
				t.Errorf("Verdict = %q\nwant      %q", got, tt.want)
			}
		})
	}
}

// TestCheckOrigin: a history is checked only when signed by the key
// trusted; one signed by another is refused, one unsigned refused only
// when a key was asked for.
func TestCheckOrigin(t *testing.T) {
	ours, theirs := testKey(t, 1), testKey(t, 2)
	for _, tt := range []struct {
		name        string
		signer      events.PublicKey
		trusted     events.PublicKey
		asked       bool
		wantChecked bool
		wantErr     bool
		wantNote    string
	}{
		{"Ours", ours, ours, false, true, false, "signed by this key " + ours.String()},
		{"Foreign", theirs, ours, true, false, true, ""},
		{"UnsignedAsked", nil, ours, true, false, true, ""},
		{"Unsigned", nil, ours, false, false, false, "the history carries no signature"},
		{"NoKeyTrusted", ours, nil, false, false, false, "no trusted key to check it against"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			checked, note, err := CheckOrigin(Report{Signer: tt.signer, SignatureLine: 7}, tt.trusted, "this key", tt.asked)
			if checked != tt.wantChecked || (err != nil) != tt.wantErr || !strings.Contains(note, tt.wantNote) {
				t.Errorf("CheckOrigin = %v, %q, %v; want %v, %q…, an error %v", checked, note, err, tt.wantChecked, tt.wantNote, tt.wantErr)
			}
			if tt.signer != nil && tt.wantErr && !errors.Is(err, ErrForeign) {
				t.Errorf("CheckOrigin of a foreign signature = %v, want ErrForeign", err)
			}
		})
	}
}

// TestSplitLines: empty lines at the end are dropped, one inside is kept
// (it breaks the chain).
func TestSplitLines(t *testing.T) {
	for _, tt := range []struct {
		in   string
		want int
	}{{"", 0}, {"\n", 0}, {"a\nb\n", 2}, {"a\r\nb\r\n\r\n", 2}, {"a\n\nb", 3}} {
		if got := SplitLines([]byte(tt.in)); len(got) != tt.want {
			t.Errorf("SplitLines(%q) = %d lines, want %d", tt.in, len(got), tt.want)
		}
	}
}
