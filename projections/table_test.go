package projections

import (
	"encoding/json"
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/pbem-games/pbem/events"
	"github.com/pbem-games/pbem/rules"
)

// TestApplyRefuses: a history this service did not write stops the fold
// with an error naming the event.
func TestApplyRefuses(t *testing.T) {
	h := newHistory(t, two)
	h.move("take 1")
	g := h.game()
	next := func(typ string, payload string, seq uint64, prev string) events.Event {
		return events.Event{Type: typ, Time: t0, Actor: 0, Payload: json.RawMessage(payload)}.Seal("g1", seq, prev)
	}
	ok := func(typ, payload string) events.Event { return next(typ, payload, g.Seq+1, g.Hash) }
	for _, tt := range []struct {
		name string
		e    events.Event
		want string
	}{
		{"gap", next(events.TypeGamePaused, `{}`, g.Seq+2, g.Hash), "does not follow"},
		{"again", next(events.TypeGamePaused, `{}`, g.Seq, g.Hash), "does not follow"},
		{"another chain", next(events.TypeGamePaused, `{}`, g.Seq+1, "h2:0"), "does not follow"},
		{"illegal move", ok(events.TypeMovePlayed, `{"seat":0,"move":"take 9"}`), "event 3"},
		{"unreadable move", ok(events.TypeMovePlayed, `{"seat":"x"}`), "cannot unmarshal"},
		{"unreadable say", ok(events.TypePlayerSaid, `[]`), "cannot unmarshal"},
		{"unreadable resignation", ok(events.TypePlayerResigned, `[]`), "cannot unmarshal"},
		{"unreadable end", ok(events.TypeGameEnded, `[]`), "cannot unmarshal"},
		{"another seed", ok(events.TypeGameEnded, `{"scores":[0,0],"seed":"00"}`), ErrSeedMismatch.Error()},
		{"unknown type", ok("GameWon", `{}`), `unknown event type "GameWon"`},
		{"answer to no undo", ok(events.TypeUndoAnswered, `{"seat":1,"agree":true}`), "no undo"},
		{"unreadable answer", ok(events.TypeUndoAnswered, `[]`), "cannot unmarshal"},
		{"unreadable undo", ok(events.TypeMovesUndone, `[]`), "cannot unmarshal"},
		{"unreadable settings", ok(events.TypeSettingsChanged, `[]`), "cannot unmarshal"},
	} {
		c := g.Clone()
		err := c.Apply(tt.e)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: Apply = %v, want an error containing %q", tt.name, err, tt.want)
		}
	}
	// Nothing follows the end.
	h = newHistory(t, two)
	h.add(events.TypeGameEnded, events.SystemActor, events.GameEnded{Scores: []int{0, 0}, Seed: h.seed.String(), Reason: events.EndAgreed})
	g = h.game()
	if g.Ended == nil || g.Ended.Reason != events.EndAgreed {
		t.Fatalf("Ended = %+v, want the agreed end", g.Ended)
	}
	if err := g.Apply(ok(events.TypeGamePaused, `{}`)); err == nil || !strings.Contains(err.Error(), "after the game ended") {
		t.Errorf("Apply after GameEnded = %v, want refused", err)
	}
	if _, err := Start(nimCatalog, h.evs[1], h.seed); err == nil {
		t.Error("Start(second event) = nil, want an error")
	}
	if _, err := Start(rules.NewCatalog(), h.evs[0], h.seed); err == nil {
		t.Error("Start of a game of unknown rules = nil, want an error")
	}
}

func TestReplay(t *testing.T) {
	h := newHistory(t, two)
	h.move("take 1")
	h.move("take 2")
	for _, tt := range []struct{ n, seq int }{{0, 3}, {-1, 3}, {1, 1}, {2, 2}, {3, 3}, {4, 3}} {
		g, err := Replay(nimCatalog, h.evs, h.seed, tt.n)
		if err != nil || g.Seq != uint64(tt.seq) || len(g.Moves) != tt.seq-1 {
			t.Errorf("Replay(n=%d) = seq %d, %v; want seq %d", tt.n, g.Seq, err, tt.seq)
		}
	}
	if _, err := Replay(nimCatalog, nil, h.seed, 0); err == nil {
		t.Error("Replay(no events) = nil, want an error")
	}
	if _, err := Replay(nimCatalog, h.evs, rules.SeedFromInt(8), 0); !errors.Is(err, ErrSeedMismatch) {
		t.Errorf("Replay(another seed) = %v, want ErrSeedMismatch", err)
	}
}

func TestApplied(t *testing.T) {
	h := newHistory(t, two)
	h.move("take 1")
	h.move("take 1")
	// Both moves caused by one mail (a move and what followed by itself).
	h.evs[1].Source, h.evs[2].Source = "inbox:1", "inbox:1"
	h.evs[1] = h.evs[1].Seal("g1", 2, h.evs[0].Hash)
	h.evs[2] = h.evs[2].Seal("g1", 3, h.evs[1].Hash)
	g := h.game()
	if seq, ok := g.Applied("inbox:1"); !ok || seq != 2 {
		t.Errorf(`Applied("inbox:1") = %d, %v; want the first event it caused, 2`, seq, ok)
	}
	if seq, ok := g.Applied(""); ok {
		t.Errorf(`Applied("") = %d, true; want nothing`, seq)
	}
	if _, ok := g.Applied("inbox:2"); ok {
		t.Error(`Applied("inbox:2") = true, want false`)
	}
}

// TestTableFolds checks what each event of a long game leaves in the
// table.
func TestTableFolds(t *testing.T) {
	h := newHistory(t, two)
	first := h.toAct()
	other := 1 - first
	h.add(events.TypeSettingsChanged, events.SystemActor, events.SettingsChanged{Settings: events.Settings{PerMove: "2d"}})
	h.add(events.TypeReminderSent, events.SystemActor, events.ReminderSent{Seat: first})
	h.add(events.TypeDeadlinePassed, events.SystemActor, events.DeadlinePassed{Seat: first})
	h.add(events.TypeVacationDeclared, other, events.VacationDeclared{Seat: other, From: t0, Until: t0.Add(time.Hour)})
	h.add(events.TypeEndProposed, other, events.EndProposed{Seat: other})
	h.add(events.TypeConditionalSet, other, events.ConditionalSet{Seat: other, If: "take 1", Then: "take 2"})
	h.add(events.TypeAutoChanged, other, events.AutoChanged{Seat: other, Off: true})
	g := h.game()
	if g.Settings.PerMove != "2d" || !g.Reminded[first] || !g.Late[first] || len(g.Vacations) != 1 || !g.EndVotes[other] ||
		len(g.Conditionals[other]) != 1 || !g.Manual[other] || !g.Since[first].Equal(t0) {
		t.Fatalf("table after settings, reminder, deadline, vacation, END, IF and AUTO OFF = %+v", g.Table)
	}
	// The move stops the mover's clock and starts the other's afresh;
	// the END proposal and the mover's IF lapse.
	h.at(t0.Add(time.Hour)).add(events.TypeMovePlayed, first, events.MovePlayed{Seat: first, Move: "take 1", Timeout: true})
	g = h.game()
	if _, ok := g.Since[first]; ok || !g.Since[other].Equal(t0.Add(time.Hour)) || len(g.EndVotes) != 0 || g.Timeouts[first] != 1 {
		t.Errorf("after a timeout move: since %v, end votes %v, timeouts %v", g.Since, g.EndVotes, g.Timeouts)
	}
	if len(g.Conditionals[other]) != 1 {
		t.Errorf("conditionals of the seat that did not move = %v, want kept", g.Conditionals)
	}
	h.at(t0.Add(2*time.Hour)).add(events.TypeMovePlayed, other, events.MovePlayed{Seat: other, Move: "take 1"})
	g = h.game()
	if g.Conditionals[other] != nil || g.Reminded[first] || g.Late[first] || g.Timeouts[other] != 0 {
		t.Errorf("after the other's move: conditionals %v, reminded %v, late %v, timeouts %v; want a fresh turn for seat %d",
			g.Conditionals, g.Reminded, g.Late, g.Timeouts, first)
	}
	// A pause does not count on the clock.
	h.at(t0.Add(3*time.Hour)).add(events.TypeGamePaused, events.SystemActor, events.GamePaused{By: "Ana"})
	if g = h.game(); g.PausedAt == nil || !g.PausedAt.Equal(t0.Add(3*time.Hour)) {
		t.Errorf("PausedAt = %v, want the pause's time", g.PausedAt)
	}
	h.at(t0.Add(5*time.Hour)).add(events.TypeGameResumed, events.SystemActor, events.GameResumed{By: "Ana"})
	if g = h.game(); g.PausedAt != nil || !g.Since[first].Equal(t0.Add(4*time.Hour)) {
		t.Errorf("after the resume: paused %v, since %v; want the clock moved by the pause's 2h", g.PausedAt, g.Since)
	}
	h.at(t0.Add(6*time.Hour)).add(events.TypeGameResumed, events.SystemActor, events.GameResumed{By: "Ana"})
	if g = h.game(); g.PausedAt != nil || !g.Since[first].Equal(t0.Add(4*time.Hour)) {
		t.Errorf("a resume without a pause moved the clock: %v", g.Since)
	}
	// Programmed moves: the list, and each queued move played takes one.
	h.add(events.TypeMovesQueued, other, events.MovesQueued{Seat: other, Moves: []string{"take 1", "take 2"}})
	g = h.game()
	if !slices.Equal(g.Queues[other], []string{"take 1", "take 2"}) || g.QueueStages[other] != "" {
		t.Errorf("Queues = %v, stages %v", g.Queues, g.QueueStages)
	}
	if _, ok := g.QueuePhrases[other]; ok {
		t.Errorf("QueuePhrases = %v, want none for a game that names no stage", g.QueuePhrases)
	}
	h.add(events.TypeMovePlayed, first, events.MovePlayed{Seat: first, Move: "take 1", Queued: true})
	if g = h.game(); len(g.Queues[first]) != 0 || len(g.Queues[other]) != 2 {
		t.Errorf("a queued move of a seat without a list changed the lists: %v", g.Queues)
	}
	h.add(events.TypeMovePlayed, other, events.MovePlayed{Seat: other, Move: "take 1", Queued: true})
	if g = h.game(); !slices.Equal(g.Queues[other], []string{"take 2"}) {
		t.Errorf("after a queued move: %v, want the list's rest", g.Queues[other])
	}
	h.add(events.TypeMovePlayed, first, events.MovePlayed{Seat: first, Move: "take 1"})
	if g = h.game(); !slices.Equal(g.Queues[other], []string{"take 2"}) {
		t.Errorf("another seat's move took from the list: %v", g.Queues[other])
	}
	// Digests and SAYs.
	h.at(t0.Add(7*time.Hour)).add(events.TypeDigestChanged, first, events.DigestChanged{Seat: first, On: true})
	g = h.game()
	if !g.Digest[first] || !g.Quiet[first] || !g.DigestSince[first].Equal(t0.Add(7*time.Hour)) || g.DigestUpTo[first] != g.Seq {
		t.Errorf("after DIGEST ON: digest %v, quiet %v, since %v, up to %v", g.Digest, g.Quiet, g.DigestSince, g.DigestUpTo)
	}
	h.at(t0.Add(8*time.Hour)).add(events.TypeDigestSent, events.SystemActor, events.DigestSent{Seat: first, UpTo: 9})
	if g = h.game(); g.DigestUpTo[first] != 9 || !g.DigestSince[first].Equal(t0.Add(8*time.Hour)) {
		t.Errorf("after a digest: up to %v, since %v", g.DigestUpTo, g.DigestSince)
	}
	h.add(events.TypeSaysGathered, events.SystemActor, events.SaysGathered{Seat: other, From: 4})
	if g = h.game(); g.Says[other] != (SayMail{At: t0.Add(8 * time.Hour), From: 4}) {
		t.Errorf("after SaysGathered: %+v", g.Says[other])
	}
	h.add(events.TypeDigestChanged, first, events.DigestChanged{Seat: first, On: false})
	if g = h.game(); g.Digest[first] || g.Quiet[first] {
		t.Errorf("after DIGEST OFF: digest %v, quiet %v", g.Digest, g.Quiet)
	}
	// Abandoned, then replaced.
	h.add(events.TypeSeatAbandoned, events.SystemActor, events.SeatAbandoned{Seat: other, Reason: "timeouts"})
	if g = h.game(); g.Abandoned[other] != "timeouts" || !slices.Equal(g.Playing(), []int{first}) {
		t.Errorf("after SeatAbandoned: %v, playing %v", g.Abandoned, g.Playing())
	}
	h.add(events.TypeMovePlayed, other, events.MovePlayed{Seat: other, Move: "take 1", Timeout: true})
	h.add(events.TypePlayerReplaced, events.SystemActor, events.PlayerReplaced{Seat: other, Name: "Cy", Address: "cy@example.org"})
	g = h.game()
	if _, gone := g.Abandoned[other]; gone || g.Timeouts[other] != 0 || g.Created.Players[other].Name != "Cy" || g.Created.Players[other].Seat != other {
		t.Errorf("after PlayerReplaced: abandoned %v, timeouts %v, players %v", g.Abandoned, g.Timeouts, g.Created.Players)
	}
	if h.evs[0].Type != events.TypeGameCreated || strings.Contains(string(h.evs[0].Payload), "Cy") {
		t.Error("the replacement changed the GameCreated the game began with")
	}
}

func TestUndoFolds(t *testing.T) {
	h := newHistory(t, two)
	h.move("take 1")
	h.move("take 2")
	before := h.game()
	h.move("take 3")
	h.add(events.TypeUndoProposed, 0, events.UndoProposed{Seat: 0, Back: 3})
	g := h.game()
	if g.Undo == nil || g.Undo.Seat != 0 || g.Undo.Back != 3 || len(g.Undo.Answers) != 0 {
		t.Fatalf("Undo = %+v, want seat 0's request back to event 3", g.Undo)
	}
	h.add(events.TypeUndoAnswered, 1, events.UndoAnswered{Seat: 1, Agree: false})
	if g = h.game(); g.Undo != nil {
		t.Errorf("Undo after a refusal = %+v, want none", g.Undo)
	}
	h.add(events.TypeUndoProposed, 0, events.UndoProposed{Seat: 0, Back: 3})
	h.add(events.TypeUndoAnswered, 1, events.UndoAnswered{Seat: 1, Agree: true})
	if g = h.game(); g.Undo == nil || !g.Undo.Answers[1] {
		t.Errorf("Undo after an agreement = %+v, want it open with the answer", g.Undo)
	}
	h.add(events.TypeEndProposed, 1, events.EndProposed{Seat: 1})
	h.add(events.TypeMovesUndone, events.SystemActor, events.MovesUndone{Back: 3})
	g = h.game()
	if g.Undo != nil || len(g.EndVotes) != 0 || !g.Undone[4] || g.Undone[3] || g.Undone[2] || len(g.Moves) != 3 {
		t.Errorf("after MovesUndone: undo %+v, end votes %v, undone %v, moves %d", g.Undo, g.EndVotes, g.Undone, len(g.Moves))
	}
	if !cmp.Equal(g.State.View(rules.Observer), before.State.View(rules.Observer)) || !slices.Equal(g.State.ToAct(), before.State.ToAct()) {
		t.Errorf("state after the undo = %v, want it as after event 3: %v", g.State.View(rules.Observer), before.State.View(rules.Observer))
	}
	if _, ok := g.Since[int(g.State.ToAct()[0])]; !ok {
		t.Error("no clock runs after the undo")
	}
	// A move taken back is left out when the state is folded again.
	h.move("take 1")
	h.add(events.TypeMovesUndone, events.SystemActor, events.MovesUndone{Back: 3})
	g = h.game()
	if !cmp.Equal(g.State.View(rules.Observer), before.State.View(rules.Observer)) {
		t.Errorf("state after a second undo = %v, want it as after event 3", g.State.View(rules.Observer))
	}
	st, err := g.StateAt(2)
	if err != nil || len(g.Moves) != 4 {
		t.Fatal(err)
	}
	once, _ := Replay(nimCatalog, h.evs, h.seed, 2)
	if !cmp.Equal(st.View(rules.Observer), once.State.View(rules.Observer)) {
		t.Errorf("StateAt(2) = %v, want %v", st.View(rules.Observer), once.State.View(rules.Observer))
	}
}

func TestSeats(t *testing.T) {
	ana, bo := two[0], two[1]
	cy := events.Player{Seat: 2, Name: "Cy", Address: "cy@example.org", Invited: true}
	open := events.Player{Seat: 3, Open: true}
	h := newHistory(t, []events.Player{ana, bo, cy, open})
	g := h.game()
	if !slices.Equal(g.Open(), []int{3}) || !slices.Equal(g.Invited(), []int{2}) || !g.Waiting() {
		t.Errorf("open %v, invited %v, waiting %v; want [3], [2], true", g.Open(), g.Invited(), g.Waiting())
	}
	if len(g.Since) != 0 {
		t.Errorf("clocks run while the game waits for its players: %v", g.Since)
	}
	for s := range 4 {
		if !g.Quiet[s] {
			t.Errorf("seat %d of four is not quiet", s)
		}
	}
	h.add(events.TypeInvitationAnswered, 2, events.InvitationAnswered{Seat: 2, Accepted: true})
	h.add(events.TypePlayerReplaced, events.SystemActor, events.PlayerReplaced{Seat: 3, Name: "Di", Address: "di@example.org", Invited: true})
	g = h.game()
	if len(g.Open()) != 0 || !slices.Equal(g.Invited(), []int{3}) || !g.Waiting() {
		t.Errorf("open %v, invited %v, waiting %v; want [], [3], true", g.Open(), g.Invited(), g.Waiting())
	}
	h.add(events.TypeInvitationAnswered, 3, events.InvitationAnswered{Seat: 3, Accepted: false})
	g = h.game()
	if !slices.Equal(g.Open(), []int{3}) || g.Created.Players[3] != (events.Player{Seat: 3, Open: true}) {
		t.Errorf("a refused invitation leaves %+v, want the seat open", g.Created.Players[3])
	}
	h.add(events.TypePlayerReplaced, events.SystemActor, events.PlayerReplaced{Seat: 3, Name: "Ed", Address: "ed@example.org"})
	g = h.game()
	if g.Waiting() || len(g.Open()) != 0 || len(g.Invited()) != 0 || len(g.Since) == 0 {
		t.Errorf("everyone in: waiting %v, open %v, invited %v, clocks %v", g.Waiting(), g.Open(), g.Invited(), g.Since)
	}
	h.add(events.TypePlayerResigned, 1, events.PlayerResigned{Seat: 1})
	h.add(events.TypeSeatAbandoned, events.SystemActor, events.SeatAbandoned{Seat: 2, Reason: "expelled"})
	if g = h.game(); !slices.Equal(g.Playing(), []int{0, 3}) || !slices.Equal(g.Resigned, []int{1}) {
		t.Errorf("Playing = %v, resigned %v; want [0 3], [1]", g.Playing(), g.Resigned)
	}
	three := newHistory(t, []events.Player{ana, bo, {Seat: 2, Name: "Cy"}}).game()
	for s := range 3 {
		if three.Quiet[s] {
			t.Errorf("seat %d of three is quiet", s)
		}
	}
}

func TestObservers(t *testing.T) {
	h := newHistory(t, two)
	watch := func(addr string, on, invited bool) *Game {
		h.add(events.TypeObserverChanged, events.SystemActor, events.ObserverChanged{Address: addr, Watch: on, Invited: invited})
		return h.game()
	}
	g := watch("Eve@example.org", true, true)
	if !slices.Equal(g.Observers, []string{"Eve@example.org"}) || !g.Asked["eve@example.org"] {
		t.Errorf("asked observer: %v, asked %v", g.Observers, g.Asked)
	}
	if g = watch("eve@EXAMPLE.org", true, true); len(g.Observers) != 1 || !g.Asked["eve@example.org"] {
		t.Errorf("asked again: %v, asked %v; want nothing changed", g.Observers, g.Asked)
	}
	if g = watch("eve@example.org", true, false); len(g.Observers) != 1 || g.Asked["eve@example.org"] {
		t.Errorf("accepted: %v, asked %v", g.Observers, g.Asked)
	}
	if g = watch("fay@example.org", true, false); !slices.Equal(g.Observers, []string{"Eve@example.org", "fay@example.org"}) || g.Asked["fay@example.org"] {
		t.Errorf("operator's observer: %v, asked %v", g.Observers, g.Asked)
	}
	if g = watch("EVE@example.org", false, false); !slices.Equal(g.Observers, []string{"fay@example.org"}) {
		t.Errorf("stopped watching: %v", g.Observers)
	}
	watch("gus@example.org", true, true)
	if g = watch("GUS@example.org", false, false); len(g.Asked) != 0 || len(g.Observers) != 1 {
		t.Errorf("an asked observer who stopped: %v, asked %v", g.Observers, g.Asked)
	}
}

// TestSaysGather: the first SAY of a burst goes at once, the others
// within SayEvery wait; each player counts from their own last mail, and
// the speaker, an invited player and one on digests hear nothing now.
func TestSaysGather(t *testing.T) {
	players := []events.Player{two[0], two[1], {Seat: 2, Name: "Cy", Address: "cy@example.org"}, {Seat: 3, Name: "Di"}}
	h := newHistory(t, players)
	say := func(seat int, at time.Duration, gather bool) *Game {
		h.at(t0.Add(at)).add(events.TypePlayerSaid, seat, events.PlayerSaid{Seat: seat, Text: "hi", Gather: gather})
		return h.game()
	}
	g := say(0, 0, false) // recorded before SAYs were gathered: its own mail
	if len(g.Says) != 0 || len(g.Said) != 1 || g.Said[0].Seq != 2 || g.Said[0].Text != "hi" {
		t.Errorf("an ungathered SAY: says %v, said %v", g.Says, g.Said)
	}
	g = say(0, SayEvery, true)
	want := map[int]SayMail{1: {At: t0.Add(SayEvery), From: 3}, 2: {At: t0.Add(SayEvery), From: 3}}
	if !cmp.Equal(g.Says, want) {
		t.Errorf("first SAY: %v, want %v", g.Says, want)
	}
	g = say(1, SayEvery+time.Minute, true)
	want = map[int]SayMail{0: {At: t0.Add(SayEvery + time.Minute), From: 4}, 1: want[1], 2: {At: t0.Add(SayEvery), From: 3, Held: 4}}
	if !cmp.Equal(g.Says, want) {
		t.Errorf("second SAY, a minute later: %v, want %v", g.Says, want)
	}
	g = say(1, SayEvery+2*time.Minute, true)
	want[2] = SayMail{At: t0.Add(SayEvery), From: 3, Held: 4}
	want[0] = SayMail{At: t0.Add(SayEvery + time.Minute), From: 4, Held: 5}
	if !cmp.Equal(g.Says, want) {
		t.Errorf("third SAY: %v, want %v", g.Says, want)
	}
	g = say(0, 2*SayEvery, true) // SayEvery after seat 2's last mail: it goes, with what was held
	want[1] = SayMail{At: t0.Add(2 * SayEvery), From: 6}
	want[2] = SayMail{At: t0.Add(2 * SayEvery), From: 4}
	if !cmp.Equal(g.Says, want) {
		t.Errorf("a SAY SayEvery later: %v, want %v", g.Says, want)
	}
	h.add(events.TypeDigestChanged, 2, events.DigestChanged{Seat: 2, On: true})
	h.add(events.TypeInvitationAnswered, 1, events.InvitationAnswered{Seat: 1, Accepted: true})
	g = say(0, 5*SayEvery, true)
	if g.Says[2] != want[2] {
		t.Errorf("a seat on digests: %v, want unchanged %v", g.Says[2], want[2])
	}
}
