package letters

import (
	"reflect"
	"testing"
	"time"

	"github.com/pbem-games/pbem/events"
	"github.com/pbem-games/pbem/games/locale"
	"github.com/pbem-games/pbem/mail"
	"github.com/pbem-games/pbem/projections"
	"github.com/pbem-games/pbem/templates"
)

func at(t *testing.T, e events.Event, seq uint64, hour int) events.Event {
	t.Helper()
	e.Seq, e.Time = seq, time.Date(2026, 12, 1, hour, 0, 0, 0, time.UTC)
	return e
}

// TestJoined: a first player's part begins with the game, a newcomer's
// with the event that seated them or made them an observer, whatever the
// case of their address; an address the history never names, with the
// game.
func TestJoined(t *testing.T) {
	evs := []events.Event{
		at(t, created(t, "Ana", "Bea"), 1, 9),
		at(t, event(t, events.TypeObserverChanged, 0, events.ObserverChanged{Address: "dan@example.org", Watch: false}), 2, 10),
		at(t, event(t, events.TypePlayerReplaced, events.SystemActor, events.PlayerReplaced{Seat: 1, Name: "Cai", Address: "cai@example.org"}), 3, 11),
		at(t, event(t, events.TypeObserverChanged, 0, events.ObserverChanged{Address: "dan@example.org", Watch: true}), 4, 12),
		at(t, event(t, events.TypeMovePlayed, 0, events.MovePlayed{Seat: 0, Move: "E5"}), 5, 13),
	}
	for _, c := range []struct {
		addr string
		hour int
	}{{"ana@example.org", 9}, {"BEA@example.org", 9}, {"Cai@Example.org", 11}, {"dan@example.org", 12}, {"eve@example.org", 9}} {
		if got := joined(evs, c.addr); got.Hour() != c.hour {
			t.Errorf("joined(%s) = %v, want %d:00", c.addr, got, c.hour)
		}
	}
}

// TestReplaced: the moves a mail took back before it played its own,
// in the order they were played, for the seat whose mail it was.
func TestReplaced(t *testing.T) {
	move := func(seq uint64, seat int, mv, source string) events.Event {
		e := at(t, event(t, events.TypeMovePlayed, seat, events.MovePlayed{Seat: seat, Move: mv}), seq, 10)
		e.Source = source
		return e
	}
	said := at(t, event(t, events.TypePlayerSaid, 0, events.PlayerSaid{Seat: 0, Text: "hi"}), 6, 10)
	said.Source = "m2#3"
	evs := []events.Event{
		at(t, created(t, "Ana", "Bea"), 1, 9),
		move(2, 0, "A1", "m1#1"),
		move(3, 0, "B2", "m2#1.take1"),
		move(4, 0, "C3", "m2#1.take2"),
		move(5, 0, "D4", "m2#2"),
		said,
		move(7, 1, "E5", "cmd"),
	}
	for _, c := range []struct {
		seq  uint64
		seat int
		want []string
	}{
		{5, 0, []string{"B2", "C3"}},
		{5, 1, nil},
		{5, -1, nil},
		{4, 0, []string{"B2", "C3"}},
		{2, 0, nil},
		{6, 0, nil}, // the mail's last event is no move
		{7, 1, nil}, // no mail's move
		{0, 0, nil},
	} {
		g := &projections.Game{Seq: c.seq}
		if got := replaced(g, evs, c.seat); !reflect.DeepEqual(got, c.want) {
			t.Errorf("replaced(after %d, seat %d) = %q, want %q", c.seq, c.seat, got, c.want)
		}
	}
}

// TestThreadSubject: a reader who reads the game in the language it began
// in for them gets the mail's own subject; one who changed it keeps the
// subject in the first language.
func TestThreadSubject(t *testing.T) {
	cat := offered()
	en, zh := locale.Of(cat.Words(), mail.Pref{Lang: "en"}), locale.Of(cat.Words(), mail.Pref{Lang: "zh"})
	evs := []events.Event{at(t, created(t, "Ana", "Bea"), 1, 9)}
	m := templates.Mail{Kind: templates.Moved, Lang: "zh", Service: "pbem games", Game: templates.Game{ID: "k7q2mx", Title: zh.Text("Atacama"), Names: names(evs[0], zh), Seq: 2}}
	if got, err := threadSubject(m, evs, zh, zh, "Atacama"); got != "" || err != nil {
		t.Errorf("threadSubject(zh, zh) = %q, %v; want none", got, err)
	}
	got, err := threadSubject(m, evs, en, zh, "Atacama")
	want, _ := templates.Subject(templates.Mail{Kind: templates.Moved, Lang: "en", Service: "pbem games", Game: templates.Game{ID: "k7q2mx", Title: "Atacama", Names: "Ana vs Bea", Seq: 2}})
	if err != nil || got != want || want == "" {
		t.Errorf("threadSubject(began en, now zh) = %q, %v; want %q", got, err, want)
	}
}

// TestNoticeEvent: the event a notice's Message-ID names, numbered as its
// reader counts events (another seat's plan hidden) or by the event's own
// number; nothing for another game, an answer, or an event the history
// has not.
func TestNoticeEvent(t *testing.T) {
	evs := []events.Event{
		at(t, created(t, "Ana", "Bea"), 1, 9),
		at(t, event(t, events.TypeConditionalSet, 0, events.ConditionalSet{Seat: 0, If: "A1", Then: "B2"}), 2, 10),
		at(t, event(t, events.TypeMovePlayed, 1, events.MovePlayed{Seat: 1, Move: "A1"}), 3, 11),
	}
	for _, c := range []struct {
		id   string
		seq  uint64
		want bool
	}{
		{"k7q2mx.v3.0.moved@pbem.test", 3, true},
		{"k7q2mx.v2.1.moved@pbem.test", 3, true},
		{"k7q2mx.v3.1.moved@pbem.test", 0, false},
		{"k7q2mx.v2.o0.moved@elsewhere.example", 3, true},
		{"k7q2mx.v3.o0.moved@pbem.test", 0, false},
		{"k7q2mx.3.1.moved@pbem.test", 3, true},
		{"k7q2mx.4.1.moved@pbem.test", 4, false},
		{"other.2.1.moved@pbem.test", 0, false},
		{"re.0a1b.0.error@pbem.test", 0, false},
		{"k7q2mx.undelivered.626561@pbem.test", 0, false},
		{"1700000000.bea@example.net", 0, false},
	} {
		seq, ok := noticeEvent(c.id, "k7q2mx", evs)
		if ok != c.want || ok && seq != c.seq {
			t.Errorf("noticeEvent(%s) = %d, %v; want %d, %v", c.id, seq, ok, c.seq, c.want)
		}
	}
}
