package projections

import (
	"encoding/json"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/pbem-games/pbem/events"
)

// TestSeated: the players an event gives a seat, for the index of each
// player's games.
func TestSeated(t *testing.T) {
	h := newHistory(t, []events.Player{two[0], {Seat: 1, Open: true}, {Seat: 2, Name: "Cy"}})
	g := h.game()
	replaced := func(payload string) events.Event {
		return events.Event{Type: events.TypePlayerReplaced, Payload: json.RawMessage(payload)}
	}
	for _, tt := range []struct {
		name string
		e    events.Event
		want []events.Player
	}{
		{"created", h.evs[0], []events.Player{two[0], {Seat: 2, Name: "Cy"}}},
		{"replaced", replaced(`{"seat":1,"name":"Di","address":"di@example.org","invited":true}`), []events.Player{{Seat: 1, Name: "Di", Address: "di@example.org"}}},
		{"by name", replaced(`{"seat":1,"name":"Di"}`), []events.Player{{Seat: 1, Name: "Di"}}},
		{"by address", replaced(`{"seat":1,"address":"di@example.org"}`), []events.Player{{Seat: 1, Address: "di@example.org"}}},
		{"nobody", replaced(`{"seat":1}`), nil},
		{"unreadable", replaced(`[]`), nil},
		{"a move", events.Event{Type: events.TypeMovePlayed, Payload: json.RawMessage(`{}`)}, nil},
	} {
		if got := seated(tt.e, g); !cmp.Equal(got, tt.want) {
			t.Errorf("seated(%s) = %v, want %v", tt.name, got, tt.want)
		}
	}
}

// TestSummarizeDue: a summary's Due is when the clock next has something
// to do, its own time when something is due already, zero for never.
func TestSummarizeDue(t *testing.T) {
	h := newHistory(t, two)
	h.add(events.TypeSettingsChanged, events.SystemActor, events.SettingsChanged{Settings: events.Settings{PerMove: "4h"}})
	g := h.game()
	for _, tt := range []struct {
		at, want time.Time
	}{
		{t0, t0.Add(3 * time.Hour)},                    // the reminder, a quarter before the deadline
		{t0.Add(3 * time.Hour), t0.Add(3 * time.Hour)}, // due now
		{t0.Add(5 * time.Hour), t0.Add(5 * time.Hour)},
	} {
		sum, err := Summarize(g, tt.at)
		if err != nil || !sum.Due.Equal(tt.want) {
			t.Errorf("Summarize at %v: Due %v, %v; want %v", tt.at, sum.Due, err, tt.want)
		}
	}
	sum, err := Summarize(newHistory(t, two).game(), t0)
	if err != nil || !sum.Due.IsZero() || sum.Over || len(sum.ToAct) != 1 || sum.Game != "nim" || sum.Seq != 1 {
		t.Errorf("Summarize of a game without a clock = %+v, %v; want no Due", sum, err)
	}
}
