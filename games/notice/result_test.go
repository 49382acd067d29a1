package notice_test

import (
	"slices"
	"testing"

	"github.com/pbem-games/pbem/events"
	"github.com/pbem-games/pbem/games/locale"
	"github.com/pbem-games/pbem/games/notice"
	"github.com/pbem-games/pbem/mail"
	"github.com/pbem-games/pbem/projections"
	"github.com/pbem-games/pbem/rules"
)

// TestResult: who won, the scores, and why the game ended where it was
// not by its rules.
func TestResult(t *testing.T) {
	g, _ := played(t, events.Settings{})
	zh := locale.Of(nil, mail.Pref{Lang: "zh"})
	for _, c := range []struct {
		name     string
		ended    events.GameEnded
		resigned []int
		want     string
	}{
		{"a win", events.GameEnded{Scores: []int{3, -1}, Reason: events.EndFinished}, nil, "Ana wins: Ana +3, Bea -1."},
		{"a shared win", events.GameEnded{Scores: []int{2, 2}, Reason: events.EndAgreed}, nil, "Ana and Bea share the win: Ana +2, Bea +2."},
		{"a resignation", events.GameEnded{Scores: []int{0, 1}, Reason: events.EndResigned}, []int{0}, "Ana resigned. Bea wins: Ana +0, Bea +1."},
		{"a resignation not folded", events.GameEnded{Scores: []int{0, 1}, Reason: events.EndResigned}, nil, "Bea wins: Ana +0, Bea +1."},
		{"abandoned", events.GameEnded{Scores: []int{1, 0}, Reason: events.EndAbandoned}, nil, "Nobody played any more (pbem played every seat), so the game ended as it stood. Ana wins: Ana +1, Bea +0."},
	} {
		g.Ended, g.Resigned = &c.ended, c.resigned
		if got := notice.Result(g, locale.Locale{}); got != c.want {
			t.Errorf("%s: Result = %q, want %q", c.name, got, c.want)
		}
		if got, want := notice.Describe(g, event(t, 9, events.TypeGameEnded, events.SystemActor, c.ended), 0), "The game ended. "+c.want; got != want {
			t.Errorf("%s: the end told = %q, want %q", c.name, got, want)
		}
	}
	g.Ended = &events.GameEnded{Scores: []int{2, 2}, Reason: events.EndFinished}
	if got, want := notice.Result(g, zh), "Ana 和 Bea 并列获胜：Ana +2、Bea +2。"; got != want {
		t.Errorf("Result in Chinese = %q, want %q", got, want)
	}
}

// TestActorNames: who did an event, for a mail's subject: the player,
// or pbem and the player it played for.
func TestActorNames(t *testing.T) {
	g, _ := played(t, events.Settings{})
	for _, c := range []struct {
		name                string
		e                   events.Event
		actor, onBehalfOfme string
	}{
		{"a move", event(t, 9, events.TypeMovePlayed, 1, events.MovePlayed{Seat: 1, Move: "A1"}), "Bea", ""},
		{"a timeout", event(t, 9, events.TypeMovePlayed, events.SystemActor, events.MovePlayed{Seat: 1, Move: "A1", Timeout: true}), "pbem", "Bea"},
		{"a conditional move", event(t, 9, events.TypeMovePlayed, events.SystemActor, events.MovePlayed{Seat: 0, Move: "A1", Conditional: true}), "pbem", "Ana"},
		{"a queued move", event(t, 9, events.TypeMovePlayed, events.SystemActor, events.MovePlayed{Seat: 0, Move: "A1", Queued: true}), "pbem", "Ana"},
		{"a forced move", event(t, 9, events.TypeMovePlayed, events.SystemActor, events.MovePlayed{Seat: 0, Move: "A1", Forced: true}), "pbem", "Ana"},
		{"a SAY", event(t, 9, events.TypePlayerSaid, 0, events.PlayerSaid{Seat: 0, Text: "hi"}), "Ana", ""},
		{"the service", event(t, 9, events.TypeGamePaused, events.SystemActor, events.GamePaused{By: "the operator"}), "pbem", ""},
		{"a seat the game has not", event(t, 9, events.TypePlayerSaid, 2, events.PlayerSaid{Seat: 2, Text: "hi"}), "pbem", ""},
	} {
		actor, onBehalfOf := notice.ActorNames(g, c.e)
		if actor != c.actor || onBehalfOf != c.onBehalfOfme {
			t.Errorf("%s: ActorNames = %q, %q; want %q, %q", c.name, actor, onBehalfOf, c.actor, c.onBehalfOfme)
		}
	}
}

// TestHostName: the host is named as their player, or as the operator or
// the service in the reader's words.
func TestHostName(t *testing.T) {
	g, _ := played(t, events.Settings{})
	zh := locale.Of(nil, mail.Pref{Lang: "zh"})
	for _, c := range []struct {
		host   string
		name   string
		player bool
		told   string // the game's creation told to Bea
	}{
		{"ana@example.org", "Ana", true, "Ana set up"},
		{"operator", "the operator", false, "The operator set up"},
		{"", "the service", false, "The service set up"},
	} {
		g.Created.Host = c.host
		name, player := notice.HostName(g, locale.Locale{})
		if name != c.name || player != c.player {
			t.Errorf("HostName of host %q = %q, %v; want %q, %v", c.host, name, player, c.name, c.player)
		}
		e := event(t, 1, events.TypeGameCreated, events.SystemActor, g.Created)
		if got := notice.Describe(g, e, 1); len(got) < len(c.told) || got[:len(c.told)] != c.told {
			t.Errorf("creation by host %q told as %q, want it to start %q", c.host, got, c.told)
		}
	}
	g.Created.Host = "operator"
	if name, _ := notice.HostName(g, zh); name == "the operator" || name == "" {
		t.Errorf("HostName in Chinese = %q, want the catalog's", name)
	}
}

// TestPly: moves are counted up to an event, those taken back left out.
func TestPly(t *testing.T) {
	g, evs := played(t, events.Settings{PerMove: "48h"})
	// evs: 1 created, 2 settings, 3 and 4 moves.
	for seq, want := range []int{0, 0, 0, 1, 2, 2} {
		if got := notice.Ply(g, uint64(seq)); got != want {
			t.Errorf("Ply(%d) = %d, want %d", seq, got, want)
		}
	}
	g.Undone[evs[2].Seq] = true
	if got := notice.Ply(g, 4); got != 1 {
		t.Errorf("Ply(4) with the first move taken back = %d, want 1", got)
	}
	if got := notice.FirstLine("good luck\nBea\n"); got != "good luck" {
		t.Errorf("FirstLine = %q", got)
	}
	if got := notice.FirstLine("good luck"); got != "good luck" {
		t.Errorf("FirstLine of one line = %q", got)
	}
}

// TestSaysFor: a mail of SAYs gives the others' SAYs since its first,
// the reader's own left out; a SAY not gathered has a mail of its own.
func TestSaysFor(t *testing.T) {
	g, evs := played(t, events.Settings{})
	evs = history(t, g, evs, event(t, 0, events.TypePlayerSaid, 1, events.PlayerSaid{Seat: 1, Text: "one", Gather: true}))
	evs = history(t, g, evs, event(t, 0, events.TypePlayerSaid, 0, events.PlayerSaid{Seat: 0, Text: "two", Gather: true}))
	evs = history(t, g, evs, event(t, 0, events.TypePlayerSaid, 1, events.PlayerSaid{Seat: 1, Text: "three", Gather: true}))
	evs = history(t, g, evs, event(t, 0, events.TypePlayerSaid, 1, events.PlayerSaid{Seat: 1, Text: "four"}))
	texts := func(ss []projections.Said) []string {
		var out []string
		for _, s := range ss {
			out = append(out, s.Text)
		}
		return out
	}
	for _, c := range []struct {
		e    events.Event
		seat int
		from uint64
		want []string
	}{
		{evs[5], 0, 0, []string{"one", "three"}},
		{evs[5], 0, 6, []string{"three"}},
		{evs[5], 0, 7, nil},
		{evs[5], 1, 0, []string{"two"}},
		{evs[6], 0, 0, []string{"four"}},
		{evs[5], int(rules.Observer), 4, []string{"one", "two", "three"}},
	} {
		g.Says[c.seat] = projections.SayMail{From: c.from}
		if got := texts(notice.SaysFor(g, c.e, c.seat)); !slices.Equal(got, c.want) {
			t.Errorf("SaysFor(event %d, seat %d, from %d) = %q, want %q", c.e.Seq, c.seat, c.from, got, c.want)
		}
	}
	if got := texts(notice.SaidSince(g, 4, 6, 0)); !slices.Equal(got, []string{"one", "three"}) {
		t.Errorf("SaidSince(4, 6) = %q, want one and three", got)
	}
	if got := texts(notice.SaidSince(g, 5, 7, 0)); !slices.Equal(got, []string{"three", "four"}) {
		t.Errorf("SaidSince(5, 7) = %q, want three and four", got)
	}
}
