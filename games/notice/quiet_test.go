package notice_test

import (
	"fmt"
	"slices"
	"testing"

	"github.com/pbem-games/pbem/events"
	"github.com/pbem-games/pbem/games"
	"github.com/pbem-games/pbem/games/notice"
	"github.com/pbem-games/pbem/mail"
	"github.com/pbem-games/pbem/projections"
	"github.com/pbem-games/pbem/rules"
	"github.com/pbem-games/pbem/rules/rulestest/nim"
)

// nimGame is a game of nim, whose seats choose at once and in secret, of
// Ana, Bea and Cai, with Olga watching, and its history.
func nimGame(t *testing.T, variants ...string) (*projections.Game, []events.Event) {
	t.Helper()
	created := event(t, 1, events.TypeGameCreated, events.SystemActor, events.GameCreated{
		Game: "nim", Variants: append([]string{}, variants...), Commitment: seed.Commitment(), Host: "ana@example.org",
		Players: []events.Player{{Seat: 0, Name: "Ana", Address: "ana@example.org"}, {Seat: 1, Name: "Bea", Address: "bea@example.net"}, {Seat: 2, Name: "Cai", Address: "cai@example.com"}},
	})
	g, err := projections.Start(rules.NewCatalog(nim.Game{}), created, seed)
	if err != nil {
		t.Fatal(err)
	}
	g.Observers = []string{"olga@example.com"}
	return g, []events.Event{created}
}

// quieted folds the moves of a mail (or of pbem) into g and returns the
// notices Quiet leaves of those Caused gives, "seat:kind" each.
func quieted(t *testing.T, g *projections.Game, hist []events.Event, more bool, moves ...events.Event) []string {
	t.Helper()
	n := len(hist)
	var before []rules.State
	for _, e := range moves {
		before = append(before, g.State)
		hist = history(t, g, hist, e)
	}
	sealed := hist[n:]
	ns := notice.Caused(g, hist, sealed, before, games.Note{Domain: "pbem.test"})
	var out []string
	for _, m := range notice.Quiet(g, sealed, before, more, ns) {
		out = append(out, fmt.Sprintf("%d:%s", m.Seat, m.Kind))
	}
	return out
}

// TestQuiet: in a simultaneous round nobody hears of another's secret
// choice until the round ends, nor of a seat finishing its part; the
// mover hears once, after the mail's last move; observers hear every
// move, and everyone the moves pbem played at a timeout.
func TestQuiet(t *testing.T) {
	move := func(actor, seat int, text string) events.Event {
		return event(t, 0, events.TypeMovePlayed, actor, events.MovePlayed{Seat: seat, Move: text, Timeout: actor != seat})
	}
	for _, c := range []struct {
		name  string
		more  bool
		moves []events.Event
		want  []string
	}{
		{"Ana's secret choice", false, []events.Event{move(0, 0, "take 1")}, []string{"0:accepted", "-1:moved"}},
		{"Ana's secret choice, more to come", true, []events.Event{move(0, 0, "take 1")}, []string{"-1:moved"}},
		{"Ana's choice at a timeout", false, []events.Event{move(-1, 0, "take 1")}, []string{"0:news", "1:your-turn", "2:your-turn", "-1:moved"}},
		{"the round's choices", false, []events.Event{move(0, 0, "take 1"), move(1, 1, "take 2"), move(2, 2, "take 3")}, []string{"0:accepted", "-1:moved", "1:accepted", "-1:moved", "0:your-turn", "1:your-turn", "2:your-turn", "-1:moved"}},
		{"a deadline set, a move to follow", true, []events.Event{event(t, 0, events.TypeSettingsChanged, 0, events.SettingsChanged{Settings: events.Settings{PerMove: "48h"}})}, []string{"1:your-turn", "2:your-turn"}},
		{"a deadline set", false, []events.Event{event(t, 0, events.TypeSettingsChanged, 0, events.SettingsChanged{Settings: events.Settings{PerMove: "48h"}})}, []string{"0:your-turn", "1:your-turn", "2:your-turn"}},
	} {
		g, hist := nimGame(t)
		if got := quieted(t, g, hist, c.more, c.moves...); fmt.Sprint(got) != fmt.Sprint(c.want) {
			t.Errorf("%s: notices %q, want %q", c.name, got, c.want)
		}
	}
	// Taking turns, every move is seen: the pile is smaller by it.
	g, hist := nimGame(t, "turns")
	first := int(g.State.ToAct()[0])
	if first != 2 {
		t.Fatalf("Cai moves first in the test's game, not seat %d", first)
	}
	if got, want := quieted(t, g, hist, false, move(2, 2, "take 2")), []string{"0:your-turn", "1:moved", "2:accepted", "-1:moved"}; fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("a move taking turns: notices %q, want %q", got, want)
	}
}

// TestQuietKeeps: Quiet drops only notices of the events sealed, and
// never the end of the game.
func TestQuietKeeps(t *testing.T) {
	g, hist := nimGame(t)
	before := []rules.State{g.State}
	hist = history(t, g, hist, event(t, 0, events.TypeMovePlayed, 0, events.MovePlayed{Seat: 0, Move: "take 1"}))
	sealed := hist[1:]
	ns := []mail.Notice{
		{Seq: 1, Seat: 1, Kind: notice.KindYourTurn},
		{Seq: 2, Seat: 1, Kind: notice.KindYourTurn},
		{Seq: 2, Seat: 2, Kind: notice.KindGameOver},
		{Seq: 3, Seat: 1, Kind: notice.KindYourTurn},
	}
	got := notice.Quiet(g, sealed, before, true, slices.Clone(ns))
	if want := []mail.Notice{ns[0], ns[2], ns[3]}; fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("Quiet = %+v, want %+v", got, want)
	}
	if got := notice.Quiet(g, nil, nil, true, slices.Clone(ns)); len(got) != len(ns) {
		t.Errorf("Quiet of no events sealed = %+v, want every notice", got)
	}
}

// TestVisibleSeq: a reader counts the events it may know of, so a
// player's secret plan leaves no gap in the others' numbers; EventOf
// reads a number back to the event, and the export to a player leaves
// out another's plan.
func TestVisibleSeq(t *testing.T) {
	g, hist := played(t, events.Settings{})
	hist = history(t, g, hist, event(t, 0, events.TypeConditionalSet, 1, events.ConditionalSet{Seat: 1, If: "A5", Then: "A7"}))
	hist = history(t, g, hist, event(t, 0, events.TypePlayerSaid, 0, events.PlayerSaid{Seat: 0, Text: "hi"}))
	hist = history(t, g, hist, event(t, 0, events.TypeMovesQueued, 0, events.MovesQueued{Seat: 0, Moves: []string{"A5"}}))
	// 1 created, 2 and 3 moves, 4 Bea's plan, 5 a SAY, 6 Ana's plan.
	for _, c := range []struct {
		seat int
		want []uint64 // VisibleSeq of 1 to 6, and of 7 past the end
	}{
		{0, []uint64{1, 2, 3, 3, 4, 5, 5}},
		{1, []uint64{1, 2, 3, 4, 5, 5, 5}},
		{int(rules.Observer), []uint64{1, 2, 3, 3, 4, 4, 4}},
	} {
		for i, want := range c.want {
			if got := notice.VisibleSeq(hist, uint64(i+1), c.seat); got != want {
				t.Errorf("VisibleSeq(%d) to seat %d = %d, want %d", i+1, c.seat, got, want)
			}
		}
		for v := uint64(1); v <= 6; v++ {
			want := uint64(0)
			for i, n := range c.want[:6] {
				if n == v && (i == 0 || c.want[i-1] != v) {
					want = uint64(i + 1)
				}
			}
			if got := notice.EventOf(hist, v, c.seat); got != want {
				t.Errorf("EventOf(%d) to seat %d = %d, want %d", v, c.seat, got, want)
			}
		}
	}
	for _, c := range []struct {
		i    int
		seat int
		want bool
	}{
		{3, 0, true}, {3, 1, false}, {3, int(rules.Observer), true}, {4, 1, false}, {5, 1, true}, {5, 0, false},
	} {
		if got := notice.LeftOut(hist[c.i], c.seat); got != c.want {
			t.Errorf("LeftOut(%s of seat %d) to seat %d = %v, want %v", hist[c.i].Type, hist[c.i].Actor, c.seat, got, c.want)
		}
	}
	broken := hist[3]
	broken.Payload = []byte(`{"seat":"one"}`)
	if !notice.LeftOut(broken, 1) {
		t.Errorf("a plan whose seat cannot be read is not left out")
	}
}
