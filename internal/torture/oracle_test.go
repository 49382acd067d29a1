package torture

import (
	"encoding/hex"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/pbem-games/pbem/events"
	"github.com/pbem-games/pbem/mail"
)

// TestCheck gives the oracle a small game played right, then the same
// game broken in one way each: it must name each break.
func TestCheck(t *testing.T) {
	sent := []Sent{
		{Kind: KindNew, From: "a@x", MessageID: "n1"},
		{Kind: KindMove, From: "a@x", MessageID: "m1", Game: "g", Seat: 0, Prompt: 1, Move: "E5"},
		{Kind: KindInvalid, From: "b@x", MessageID: "i1", Game: "g", Seat: 1, Prompt: 4, Move: "Z99"},
		{Kind: KindMove, From: "b@x", MessageID: "m2", Game: "g", Seat: 1, Prompt: 4, Move: "A1"},
		{Kind: KindDuplicate, From: "b@x", MessageID: "m2"},
		{Kind: KindWatch, From: "a@x", MessageID: "w1", Game: "g", Seat: 0, Prompt: 1, Watch: 2},
		{Kind: KindStranger, From: "s@x", MessageID: "s1", Expect: "help"},
		{Kind: KindStranger, From: "s@x", MessageID: "s2"},
	}
	ev := func(seq uint64, typ, source string, payload any) events.Event {
		e, err := events.New(typ, 0, time.Unix(0, 0), payload)
		if err != nil {
			t.Fatal(err)
		}
		e.Game, e.Seq, e.Source = "g", seq, source
		return e
	}
	key := func(id string) string { return mail.InboxKey(id, nil) + "#0" }
	at := func(s float64) time.Time { return time.Unix(0, 0).Add(time.Duration(s * float64(time.Second))) }
	help := "re." + mail.InboxKey("s1", nil) + ".0.help@x"
	told := "g.undelivered." + hex.EncodeToString([]byte("gone@x")) + "@x"
	good := func() Outcome {
		return Outcome{
			Games: map[string][]events.Event{"g": {
				ev(1, events.TypeGameCreated, key("n1"), events.GameCreated{Host: "a@x"}),
				ev(2, events.TypeObserverChanged, key("w1"), events.ObserverChanged{Address: "full@x", Watch: true}),
				ev(3, events.TypeObserverChanged, mail.InboxKey("w1", nil)+"#1", events.ObserverChanged{Address: "gone@x", Watch: true}),
				ev(4, events.TypeMovePlayed, key("m1"), events.MovePlayed{Seat: 0, Move: "E5"}),
				ev(5, events.TypeMovePlayed, key("m2"), events.MovePlayed{Seat: 1, Move: "A1"}),
				ev(6, events.TypeGameEnded, key("m2"), events.GameEnded{}),
			}},
			Notices: []mail.Notice{{ID: "g.5.0.game-over@x", To: "a@x"}, {ID: "re." + mail.InboxKey("i1", nil) + ".0.rejected@x", To: "b@x"},
				{ID: "g.5.o0.game-over@x", To: "full@x"}, {ID: "g.5.o1.game-over@x", To: "gone@x", Game: "g"}, {ID: help, To: "s@x"},
				{ID: told, To: "a@x", Game: "g"}},
			Boxes: map[string][]Content{
				"a@x":    {{MessageID: "g.5.0.game-over@x", Digest: "1"}, {MessageID: "g.5.0.game-over@x", Digest: "1"}, {MessageID: told, Digest: "5"}},
				"b@x":    {{MessageID: "re." + mail.InboxKey("i1", nil) + ".0.rejected@x", Digest: "2"}},
				"s@x":    {{MessageID: help, Digest: "3"}},
				"full@x": nil, "gone@x": nil,
			},
			Written: map[string]time.Time{"g.5.0.game-over@x": at(1), "re." + mail.InboxKey("i1", nil) + ".0.rejected@x": at(1), help: at(1)},
			States: map[string]string{"g.5.0.game-over@x": mail.StateSent, "re." + mail.InboxKey("i1", nil) + ".0.rejected@x": mail.StateSent,
				help: mail.StateSent, told: mail.StateSent, "g.5.o0.game-over@x": mail.StateWaiting, "g.5.o1.game-over@x": mail.StateFailed},
			FailedIDs: []string{"g.5.o1.game-over@x"},
			Inbox:     map[string]bool{mail.InboxKey("s1", nil): true, mail.InboxKey("s2", nil): true},
			Arrived: map[string]time.Time{"a@x g.5.0.game-over@x": at(2), "b@x re." + mail.InboxKey("i1", nil) + ".0.rejected@x": at(1.5),
				"s@x " + help: at(3)},
			Bad:   map[string]int{"full@x": 452, "gone@x": 550},
			Bound: 5 * time.Second,
		}
	}
	if r := Check(sent, good()); len(r.Problems) != 0 || r.Repeats != 1 || r.Applied != 2 || r.MaxLag != 2*time.Second || r.Waiting != 1 || r.Refused != 1 {
		t.Fatalf("Check(a good game) = %+v, want no problems, 2 moves, 1 repeat, a longest wait of 2s, 1 notice waiting, 1 failed", r)
	}
	tests := []struct {
		name  string
		spoil func(*Outcome)
		want  string
	}{
		{"MoveTwice", func(o *Outcome) {
			g := o.Games["g"]
			o.Games["g"] = append(g[:5:5], ev(6, events.TypeMovePlayed, key("m2"), events.MovePlayed{Seat: 1, Move: "A1"}), g[5])
		}, "applied 2 times"},
		{"MoveLost", func(o *Outcome) { o.Games["g"] = append(o.Games["g"][:4:4], o.Games["g"][5]) }, "applied 0 times"},
		{"InvalidApplied", func(o *Outcome) { o.Games["g"][4].Source = key("i1") }, "bad move"},
		{"Stuck", func(o *Outcome) { o.Games["g"] = o.Games["g"][:5] }, "stuck"},
		{"ObserverUnasked", func(o *Outcome) { o.Games["g"][2].Source = key("zz") }, "no WATCH a host sent"},
		{"MoveAfterOtherMove", func(o *Outcome) {
			o.Games["g"][1] = ev(2, events.TypeMovePlayed, key("zz"), events.MovePlayed{Seat: 1, Move: "C3"})
		}, "after event 1"},
		{"MoveAfterChange", func(o *Outcome) { o.Changed = map[string]map[int][]uint64{"g": {0: {3}}} }, "after event 1"},
		{"StrangerUnanswered", func(o *Outcome) { o.Notices = o.Notices[:4] }, "want one help"},
		{"StrangerAnswered", func(o *Outcome) {
			o.Notices = append(o.Notices, mail.Notice{ID: "re." + mail.InboxKey("s2", nil) + ".0.help@x", To: "s@x"})
		}, "want silence"},
		{"StrangerUnread", func(o *Outcome) { delete(o.Inbox, mail.InboxKey("s2", nil)) }, "never read"},
		{"HealthyWaiting", func(o *Outcome) { o.States["g.5.0.game-over@x"] = mail.StateWaiting }, "is waiting, want sent"},
		{"Dead", func(o *Outcome) { o.States["g.5.o0.game-over@x"] = mail.StateDead }, "is dead, want waiting"},
		{"FailedNotRecorded", func(o *Outcome) { o.FailedIDs = nil }, "not recorded"},
		{"HealthyFailed", func(o *Outcome) { o.FailedIDs = append(o.FailedIDs, "g.5.0.game-over@x") }, "is recorded as failed"},
		{"BadGotMail", func(o *Outcome) { o.Boxes["full@x"] = []Content{{MessageID: "g.5.o0.game-over@x"}} }, "refuses every mail, got 1"},
		{"HostNotTold", func(o *Outcome) { o.Notices = o.Notices[:5] }, "never told"},
		{"ToldOfFull", func(o *Outcome) {
			o.Notices = append(o.Notices, mail.Notice{ID: "g.undelivered." + hex.EncodeToString([]byte("full@x")) + "@x", To: "a@x", Game: "g"})
		}, "but none was"},
		{"Late", func(o *Outcome) { o.Arrived["a@x g.5.0.game-over@x"] = at(7) }, "more than 5s"},
		{"NotAnswered", func(o *Outcome) { o.Boxes["b@x"] = nil }, "never got"},
		{"TwoContents", func(o *Outcome) { o.Boxes["a@x"][1].Digest = "3" }, "two different mails"},
		{"Unknown", func(o *Outcome) { o.Boxes["a@x"][1].MessageID = "zz@x" }, "in no outbox notice"},
		{"AnsweredTwice", func(o *Outcome) {
			stale := "re." + mail.InboxKey("i1", nil) + ".0.stale@x"
			o.States[stale] = mail.StateSent
			o.Notices = append(o.Notices, mail.Notice{ID: stale, To: "b@x"})
			o.Boxes["b@x"] = append(o.Boxes["b@x"], Content{MessageID: stale, Digest: "4"})
		}, "want one refusal"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			o := good()
			tt.spoil(&o)
			r := Check(sent, o)
			if !strings.Contains(strings.Join(r.Problems, "\n"), tt.want) {
				t.Errorf("Check(%s) problems = %q, want one saying %q", tt.name, r.Problems, tt.want)
			}
		})
	}
}

// TestCheckStale: a move answers the prompt it replies to, whenever it
// comes. It is played if nothing changed for its seat since that prompt
// (another seat's hidden bid changes nothing), answered as stale if
// something did, and refused if only the seat's own move came since (it
// answers a turn it played); a greeting and a sign-off around a move
// cost no answer of their own. Each of these, and nothing else.
func TestCheckStale(t *testing.T) {
	sent := []Sent{
		{Kind: KindNew, From: "a@x", MessageID: "n1"},
		{Kind: KindMove, From: "a@x", MessageID: "m1", Game: "g", Seat: 0, Prompt: 1, Move: "BID 1"},
		{Kind: KindMove, From: "b@x", MessageID: "m2", Game: "g", Seat: 1, Prompt: 1, Move: "BID 2", Ignored: []string{"Hi pbem,", "Thanks!"}},
		{Kind: KindMove, From: "b@x", MessageID: "m3", Game: "g", Seat: 1, Prompt: 1, Move: "PASS", Late: true},
		{Kind: KindMove, From: "b@x", MessageID: "m5", Game: "g", Seat: 1, Prompt: 1, Move: "BID 3", Late: true},
		{Kind: KindMove, From: "a@x", MessageID: "m6", Game: "g", Seat: 0, Prompt: 3, Move: "BID 4"},
		{Kind: KindMove, From: "b@x", MessageID: "m4", Game: "g", Seat: 1, Prompt: 4, Move: "PASS"},
		{Kind: KindInvalid, From: "b@x", MessageID: "i1", Game: "g", Seat: 1, Prompt: 1, Move: "Z99"},
	}
	id := func(m, kind string) string { return "re." + mail.InboxKey(m, nil) + ".0." + kind + "@x" }
	outcome := func() Outcome {
		ev := func(seq uint64, typ, source string, payload any) events.Event {
			e, err := events.New(typ, 0, time.Unix(0, 0), payload)
			if err != nil {
				t.Fatal(err)
			}
			e.Game, e.Seq, e.Source = "g", seq, mail.InboxKey(source, nil)+"#0"
			return e
		}
		notices := []mail.Notice{
			{ID: id("m3", "stale"), To: "b@x", Seq: 4, Fields: map[string]string{"since": "1"}},
			{ID: id("m5", "rejected"), To: "b@x", Seq: 3},
			{ID: id("i1", "stale"), To: "b@x", Seq: 4, Fields: map[string]string{"since": "1"}},
		}
		o := Outcome{
			Games: map[string][]events.Event{"g": {
				ev(1, events.TypeGameCreated, "n1", events.GameCreated{Game: "archipelago"}),
				ev(2, events.TypeMovePlayed, "m1", events.MovePlayed{Seat: 0, Move: "BID 1"}),
				ev(3, events.TypeMovePlayed, "m2", events.MovePlayed{Seat: 1, Move: "BID 2"}),
				ev(4, events.TypeMovePlayed, "m6", events.MovePlayed{Seat: 0, Move: "BID 4"}),
				ev(5, events.TypeMovePlayed, "m4", events.MovePlayed{Seat: 1, Move: "PASS"}),
				ev(6, events.TypeGameEnded, "m4", events.GameEnded{}),
			}},
			Notices: notices,
			Boxes:   map[string][]Content{"b@x": nil},
			// Seat 0's bid at event 2 is hidden from seat 1; its second,
			// at 4, opens the next round.
			Changed: map[string]map[int][]uint64{"g": {0: {3}, 1: {4}}},
		}
		for i, n := range notices {
			o.Boxes["b@x"] = append(o.Boxes["b@x"], Content{MessageID: n.ID, Digest: strconv.Itoa(i)})
		}
		return o
	}
	r := Check(sent, outcome())
	if len(r.Problems) != 0 || r.Stale != 1 || r.Superseded != 1 || r.Late != 2 || r.Polite != 1 {
		t.Fatalf("Check(replies late and out of order) = %+v, want no problems, 1 stale answer, 1 refusal of a turn played, 2 late, 1 polite", r)
	}
	// With the rules' word, a refusal stands when the move is no longer
	// legal, whether or not the seat moved since.
	o := outcome()
	o.Notices[1].Seq = 2
	o.Move = func(game string, n uint64, seat int, move string) string {
		if n == 2 && seat == 1 && move == "BID 3" {
			return ""
		}
		return move
	}
	if r := Check(sent, o); len(r.Problems) != 0 || r.Superseded != 1 {
		t.Errorf("Check(a move refused as no longer legal) = %+v, want no problems, 1 refusal", r)
	}
	// A second answer to a prompt whose first answer was played is
	// refused, whatever the rules would make of it: pbem keeps the first
	// (a second bid while the others still bid).
	o = outcome()
	o.Move = func(_ string, _ uint64, _ int, move string) string { return move }
	if r := Check(sent, o); len(r.Problems) != 0 || r.Superseded != 1 {
		t.Errorf("Check(a second answer to a prompt refused) = %+v, want no problems, 1 refusal", r)
	}
	tests := []struct {
		name  string
		spoil func(*Outcome)
		want  []string
	}{
		{"BidSeen", func(o *Outcome) { o.Changed["g"][1] = []uint64{2, 4} }, []string{"seat 1 played BID 2", `"BID 3" (m5) was applied 0 times`}},
		{"NothingChanged", func(o *Outcome) { o.Changed["g"][1] = nil }, []string{`"PASS" (m3) was applied 0 times`, "(i1) was answered with", "want one refusal"}},
		{"StaleSinceWrong", func(o *Outcome) { o.Notices[0].Fields["since"] = "3" }, []string{`"PASS" (m3) was applied 0 times`}},
		{"RefusedUnplayed", func(o *Outcome) { o.Notices[1].Seq = 2 }, []string{`"BID 3" (m5) was applied 0 times`}},
		{"RefusedButLegal", func(o *Outcome) {
			o.Notices[1].Seq = 2 // before the seat's first answer to the prompt was played
			o.Move = func(_ string, _ uint64, _ int, move string) string { return move }
		}, []string{`"BID 3" (m5) was applied 0 times`}},
		{"PoliteAnsweredWithBoard", func(o *Outcome) {
			board := mail.Notice{ID: id("m2", "board"), To: "b@x", Seq: 3, Fields: map[string]string{"notice": `pbem ignored these lines of your mail: "Hi pbem,", "Thanks!".`}}
			o.Notices = append(o.Notices, board)
			o.Boxes["b@x"] = append(o.Boxes["b@x"], Content{MessageID: board.ID, Digest: "board"})
		}, []string{`"BID 2" (m2, after event 1 of game g) was answered with`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			o := outcome()
			tt.spoil(&o)
			r := Check(sent, o)
			for _, want := range tt.want {
				if !strings.Contains(strings.Join(r.Problems, "\n"), want) {
					t.Errorf("Check(%s) problems = %q, want one saying %q", tt.name, r.Problems, want)
				}
			}
		})
	}
}

// TestCheckConsole: the operator's commands succeed or fail only as the
// console allows, each pause and resume recorded is the one its command
// names and is mailed to every seat, and no game is paused unasked.
func TestCheckConsole(t *testing.T) {
	ev := func(seq uint64, typ string, actor int, payload any) events.Event {
		e, err := events.New(typ, actor, time.Unix(int64(seq), 0), payload)
		if err != nil {
			t.Fatal(err)
		}
		e.Game, e.Seq = "g", seq
		return e
	}
	at := func(s int64) time.Time { return time.Unix(s, 0) }
	tickAt := at(3 * 3600)
	clock := func(e events.Event) events.Event {
		e.Source, e.Time = fmt.Sprintf("clock:g:%d:0:x", e.Seq-1), tickAt
		return e
	}
	outcome := func() Outcome {
		o := Outcome{
			Games: map[string][]events.Event{"g": {
				ev(1, events.TypeGameCreated, 0, events.GameCreated{Game: "atacama", Players: []events.Player{{Seat: 0, Address: "a@x"}, {Seat: 1, Address: "b@x"}}}),
				ev(2, events.TypeGamePaused, events.SystemActor, events.GamePaused{By: "the operator"}),
				ev(3, events.TypeGameResumed, events.SystemActor, events.GameResumed{By: "the operator"}),
				ev(4, events.TypeGamePaused, events.SystemActor, events.GamePaused{By: "the operator"}),
				ev(5, events.TypeGameResumed, events.SystemActor, events.GameResumed{By: "the operator"}),
				ev(6, events.TypeSettingsChanged, events.SystemActor, events.SettingsChanged{}),
				clock(ev(7, events.TypeReminderSent, events.SystemActor, events.ReminderSent{Seat: 0})),
				clock(ev(8, events.TypeDeadlinePassed, events.SystemActor, events.DeadlinePassed{Seat: 0})),
				clock(ev(9, events.TypeMovePlayed, events.SystemActor, events.MovePlayed{Seat: 0, Move: "PASS", Timeout: true})),
				ev(10, events.TypeGameEnded, 0, events.GameEnded{}),
			}},
			Console: []Run{
				{Args: []string{"pause", "g"}, Game: "g", Event: 2, Start: at(1), End: at(2)},
				{Args: []string{"verify", "g"}, Game: "g", Start: at(2), End: at(3), Out: "ok: game g, 3 events, hash chain intact; the seed stays secret until the game ends\n"},
				{Args: []string{"resume", "g"}, Game: "g", Event: 3, Start: at(2), End: at(3)},
				{Args: []string{"pause", "g"}, Game: "g", Err: "exit status 1: connection closed", Disturbed: true, Start: at(3), End: at(4)},
				{Args: []string{"resume", "g"}, Game: "g", Event: 5, Start: at(4), End: at(5)},
				{Args: []string{"resume", "g"}, Game: "g", Err: "exit status 1: pbem: the game is not paused", Start: at(5), End: at(5)},
				{Args: []string{"games"}, Err: "exit status 1: nats: connection closed", Disturbed: true, Start: at(5), End: at(6)},
				{Args: []string{"deadline", "g", "1h"}, Game: "g", Event: 6, Start: at(6), End: at(6)},
				{Args: []string{"tick", "--at", tickAt.Format(time.RFC3339)}, At: tickAt, Start: at(6), End: at(7)},
				{Args: []string{"pause", "g"}, Game: "g", Err: "exit status 1: pbem: game g is over", Start: at(11), End: at(11)},
			},
		}
		for _, seq := range []uint64{2, 3, 4, 5, 6, 8} {
			for seat := range 2 {
				o.Notices = append(o.Notices, mail.Notice{ID: fmt.Sprintf("g.%d.%d.news@x", seq, seat), Game: "g", Seq: seq, Seat: seat})
			}
		}
		return o
	}
	var r Report
	checkConsole(&r, outcome())
	if len(r.Problems) != 0 || r.Commands != 10 || r.Disturbed != 2 || r.Paused != 1 || r.Deadlines != 1 || r.Clocked != 3 {
		t.Fatalf("checkConsole(a console run right) = %+v, want no problems, 10 commands, 2 cut short, 1 game paused, 1 deadline, 3 events of the clock", r)
	}
	// A seat whose player was invited and has not answered hears nothing
	// of the game: no mail of the operator's is owed to it.
	o := outcome()
	created := events.GameCreated{Game: "atacama", Players: []events.Player{{Seat: 0, Address: "a@x"}, {Seat: 1, Address: "b@x", Invited: true}}}
	o.Games["g"][0] = ev(1, events.TypeGameCreated, 0, created)
	o.Notices = slices.DeleteFunc(o.Notices, func(n mail.Notice) bool { return n.Seat == 1 })
	r = Report{}
	if checkConsole(&r, o); len(r.Problems) != 0 {
		t.Errorf("checkConsole(seat 1 invited, told nothing) problems = %q, want none", r.Problems)
	}
	tests := []struct {
		name  string
		spoil func(*Outcome)
		want  string
	}{
		{"Untold", func(o *Outcome) { o.Notices = o.Notices[1:] }, "was told to no mail of seat 0"},
		{"ReadFailed", func(o *Outcome) { o.Console[1].Err = "exit status 1: boom" }, "pbem verify g ("},
		{"VerifyFailed", func(o *Outcome) { o.Console[1].Out = "broken" }, `printed "broken"`},
		{"PauseUnasked", func(o *Outcome) { o.Console[0].Err, o.Console[0].Event = "exit status 1: boom", 0 }, "2 GamePaused events that no command"},
		{"WrongEvent", func(o *Outcome) { o.Console[0].Event = 3 }, "want a GamePaused of the operator"},
		{"NoEvent", func(o *Outcome) { o.Console[2].Event = 19 }, "names no event of game g"},
		{"NoOperator", func(o *Outcome) { o.Console = nil }, "no operator ran a command"},
		{"NotPausedUnexplained", func(o *Outcome) { o.Console[3].Disturbed = false }, "pbem pause g ("},
		{"OverTooEarly", func(o *Outcome) { o.Console[9].End = at(5) }, "game g is over"},
		{"NoTick", func(o *Outcome) { o.Console[8].At = at(3600) }, "no pbem tick the operator ran acted then"},
		{"TickFailed", func(o *Outcome) { o.Console[8].Err = "exit status 1: boom" }, "no pbem tick the operator ran acted then"},
		{"DeadlineUnasked", func(o *Outcome) { o.Console[7].Err, o.Console[7].Event = "exit status 1: boom", 0 }, "1 SettingsChanged events that no command"},
		{"DeadlineUntold", func(o *Outcome) { o.Notices = o.Notices[:len(o.Notices)-1] }, "event 8 (DeadlinePassed) was told to no mail of seat 1"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			o := outcome()
			tt.spoil(&o)
			var r Report
			checkConsole(&r, o)
			if !strings.Contains(strings.Join(r.Problems, "\n"), tt.want) {
				t.Errorf("checkConsole(%s) problems = %q, want one saying %q", tt.name, r.Problems, tt.want)
			}
		})
	}
}

// TestCheckAbandoned: a seat the clock gives up on is played by pbem for
// good after whatever made it the seat's turn, a player's mail too; only
// the clock may give up on a seat here.
func TestCheckAbandoned(t *testing.T) {
	ev, key := historyOf(t)
	sent := []Sent{
		{Kind: KindNew, From: "a@x", MessageID: "n1"},
		{Kind: KindMove, From: "a@x", MessageID: "m1", Game: "g", Seat: 0, Prompt: 3, Move: "E5"},
	}
	byKey := map[string]Sent{}
	for _, s := range sent {
		byKey[mail.InboxKey(s.MessageID, nil)] = s
	}
	history := func(abandonedBy string) []events.Event {
		return []events.Event{
			ev(1, events.TypeGameCreated, 0, key("n1"), events.GameCreated{Game: "atacama"}),
			ev(2, events.TypeMovePlayed, events.SystemActor, "clock:g:1:0:x", events.MovePlayed{Seat: 1, Move: "A1", Timeout: true}),
			ev(3, events.TypeSeatAbandoned, events.SystemActor, abandonedBy, events.SeatAbandoned{Seat: 1, Reason: "timeouts"}),
			ev(4, events.TypeMovePlayed, 0, key("m1"), events.MovePlayed{Seat: 0, Move: "E5"}),
			ev(5, events.TypeMovePlayed, events.SystemActor, key("m1"), events.MovePlayed{Seat: 1, Move: "B2", Timeout: true}),
			ev(6, events.TypeGameEnded, events.SystemActor, key("m1"), events.GameEnded{}),
		}
	}
	var r Report
	applied, _ := checkGames(&r, byKey, map[string][]events.Event{"g": history("clock:g:2:0:x")}, nil, nil)
	if len(r.Problems) != 0 || r.Abandoned != 1 || r.ForGood != 1 || applied[mail.InboxKey("m1", nil)] != 1 {
		t.Fatalf("checkGames(a seat given up by the clock) = %+v, m1 applied %d times; want no problems, 1 seat, 1 move for it, m1 once", r, applied[mail.InboxKey("m1", nil)])
	}
	r = Report{}
	checkGames(&r, byKey, map[string][]events.Event{"g": history(key("m1"))}, nil, nil)
	if !strings.Contains(strings.Join(r.Problems, "\n"), "neither the clock nor an EXPEL") {
		t.Errorf("checkGames(a seat given up by a player's mail) problems = %q, want one naming it", r.Problems)
	}
}

// TestCheckExpelled: a seat its host expels by mail is played by pbem for
// good, and whatever its player writes to the game from then on is
// refused once, saying so; a refusal of that kind before the expulsion,
// or an expulsion of another seat than the mail names, is a problem.
func TestCheckExpelled(t *testing.T) {
	ev, key := historyOf(t)
	refusal := func(id string, seq uint64) mail.Notice {
		return mail.Notice{ID: "re." + mail.InboxKey(id, nil) + ".0.rejected@x", To: "b@x", Seq: seq,
			Fields: map[string]string{"reason": "the game's host expelled you: pbem plays your seat for good"}}
	}
	sent := []Sent{
		{Kind: KindNew, From: "a@x", MessageID: "n1"},
		{Kind: KindExpel, From: "a@x", MessageID: "x1", Game: "g", Seat: 0, Prompt: 1, Move: "EXPEL 1"},
		{Kind: KindMove, From: "a@x", MessageID: "m1", Game: "g", Seat: 0, Prompt: 1, Move: "E5"},
		{Kind: KindMove, From: "b@x", MessageID: "m2", Game: "g", Seat: 1, Prompt: 1, Move: "A1"},
		{Kind: KindSay, From: "b@x", MessageID: "y1", Game: "g", Seat: 1, Prompt: 1},
	}
	outcome := func(expelled int, refusedAt uint64) Outcome {
		return Outcome{
			Games: map[string][]events.Event{"g": {
				ev(1, events.TypeGameCreated, 0, key("n1"), events.GameCreated{Game: "atacama"}),
				ev(2, events.TypeSeatAbandoned, 0, key("x1"), events.SeatAbandoned{Seat: expelled, Reason: "expelled"}),
				ev(3, events.TypeMovePlayed, 0, key("m1"), events.MovePlayed{Seat: 0, Move: "E5"}),
				ev(4, events.TypeMovePlayed, events.SystemActor, key("m1"), events.MovePlayed{Seat: 1, Move: "B2", Timeout: true}),
				ev(5, events.TypeGameEnded, events.SystemActor, key("m1"), events.GameEnded{}),
			}},
			Notices: []mail.Notice{refusal("m2", refusedAt), refusal("y1", refusedAt)},
			Boxes:   map[string][]Content{},
		}
	}
	r := Check(sent, outcome(1, 3))
	if len(r.Problems) != 0 || r.Expels != 1 || r.Expelled != 1 || r.ExpelledRefused != 2 || r.ForGood != 1 {
		t.Fatalf("Check(a seat expelled, its player's move and SAY refused) = %+v; want no problems, 1 expel, 2 refusals, 1 move for good", r)
	}
	for _, tt := range []struct {
		name string
		out  Outcome
		want string
	}{
		{"refused before the expulsion", outcome(1, 1), "applied 0 times"},
		{"another seat expelled", outcome(2, 3), "neither the clock nor an EXPEL"},
	} {
		r := Check(sent, tt.out)
		if !strings.Contains(strings.Join(r.Problems, "\n"), tt.want) {
			t.Errorf("Check(%s) problems = %q, want one saying %q", tt.name, r.Problems, tt.want)
		}
	}
}

// TestCheckReplaced: a seat its host gives a newcomer by mail waits for
// the newcomer's JOIN, who then plays it; what the seat's old player
// writes to the game after the REPLACE, in the order pbem reads the
// game's mail, gets silence. An answer to it, or silence for a mail
// pbem read before the REPLACE, is a problem.
func TestCheckReplaced(t *testing.T) {
	ev, key := historyOf(t)
	sent := []Sent{
		{Kind: KindNew, From: "a@x", MessageID: "n1"},
		{Kind: KindReplace, From: "a@x", MessageID: "x1", Game: "g", Seat: 0, Prompt: 1, Move: "REPLACE 1 WITH r@x"},
		{Kind: KindJoin, From: "r@x", MessageID: "j1", Game: "g", Seat: 1, Prompt: 2, Move: "JOIN"},
		{Kind: KindMove, From: "a@x", MessageID: "m1", Game: "g", Seat: 0, Prompt: 3, Move: "E5"},
		{Kind: KindMove, From: "b@x", MessageID: "m3", Game: "g", Seat: 1, Prompt: 1, Move: "C3"},
		{Kind: KindMove, From: "r@x", MessageID: "m2", Game: "g", Seat: 1, Prompt: 4, Move: "A1"},
	}
	outcome := func(m3 uint64, notices ...mail.Notice) Outcome {
		return Outcome{
			Games: map[string][]events.Event{"g": {
				ev(1, events.TypeGameCreated, 0, key("n1"), events.GameCreated{Game: "atacama", Players: []events.Player{{Seat: 0, Address: "a@x"}, {Seat: 1, Address: "b@x"}}}),
				ev(2, events.TypePlayerReplaced, 0, key("x1"), events.PlayerReplaced{Seat: 1, Address: "r@x", Invited: true}),
				ev(3, events.TypeInvitationAnswered, 1, key("j1"), events.InvitationAnswered{Seat: 1, Accepted: true}),
				ev(4, events.TypeMovePlayed, 0, key("m1"), events.MovePlayed{Seat: 0, Move: "E5"}),
				ev(5, events.TypeMovePlayed, 1, key("m2"), events.MovePlayed{Seat: 1, Move: "A1"}),
				ev(6, events.TypeGameEnded, events.SystemActor, key("m2"), events.GameEnded{}),
			}},
			Notices:  notices,
			Boxes:    map[string][]Content{},
			InboxSeq: map[string]uint64{mail.InboxKey("n1", nil): 1, mail.InboxKey("x1", nil): 2, mail.InboxKey("j1", nil): 3, mail.InboxKey("m1", nil): 4, mail.InboxKey("m2", nil): 5, mail.InboxKey("m3", nil): m3},
		}
	}
	r := Check(sent, outcome(6))
	if len(r.Problems) != 0 || r.Replaces != 1 || r.ReplacedSeats != 1 || r.Unheard != 1 || r.Joins != 1 {
		t.Fatalf("Check(a seat given a newcomer, its old player's later move let be) = %+v; want no problems, 1 REPLACE, 1 seat, 1 mail let be", r)
	}
	refused := mail.Notice{ID: "re." + mail.InboxKey("m3", nil) + ".0.rejected@x", To: "b@x", Seq: 5}
	for _, tt := range []struct {
		name string
		out  Outcome
		want string
	}{
		{"the old player answered", outcome(6, refused), "want silence"},
		{"read before the REPLACE and let be", outcome(1), "applied 0 times"},
	} {
		r := Check(sent, tt.out)
		if !strings.Contains(strings.Join(r.Problems, "\n"), tt.want) {
			t.Errorf("Check(%s) problems = %q, want one saying %q", tt.name, r.Problems, tt.want)
		}
	}
}

// TestCheckOpenSeat: a newcomer takes a game's open seat with the JOIN
// line its host passed on; taking another seat than the JOIN was for is
// a problem.
func TestCheckOpenSeat(t *testing.T) {
	ev, key := historyOf(t)
	sent := []Sent{
		{Kind: KindNew, From: "a@x", MessageID: "n1"},
		{Kind: KindJoin, From: "r@x", MessageID: "j1", Game: "g", Seat: 2, Move: "JOIN g c0de"},
	}
	outcome := func(seat int) Outcome {
		return Outcome{
			Games: map[string][]events.Event{"g": {
				ev(1, events.TypeGameCreated, 0, key("n1"), events.GameCreated{Game: "atacama", Players: []events.Player{{Seat: 0, Address: "a@x"}, {Seat: 1, Address: "b@x"}, {Seat: 2, Open: true}}}),
				ev(2, events.TypePlayerReplaced, events.SystemActor, key("j1"), events.PlayerReplaced{Seat: seat, Address: "r@x"}),
				ev(3, events.TypeGameEnded, events.SystemActor, key("j1"), events.GameEnded{}),
			}},
			Boxes: map[string][]Content{},
		}
	}
	if r := Check(sent, outcome(2)); len(r.Problems) != 0 || r.SeatsTaken != 1 || r.Joins != 1 {
		t.Fatalf("Check(a newcomer took the open seat) = %+v; want no problems, 1 seat taken", r)
	}
	if r := Check(sent, outcome(1)); !strings.Contains(strings.Join(r.Problems, "\n"), "no REPLACE of it") {
		t.Errorf("Check(a newcomer's JOIN took another seat) problems = %q, want one naming it", r.Problems)
	}
}

// TestCheckIf: pbem plays a seat's conditional move right after the move
// it names, once, counting the mail that caused it once; a conditional
// move played after another move than it names is a problem.
func TestCheckIf(t *testing.T) {
	ev, key := historyOf(t)
	outcome := func(named string) ([]Sent, Outcome) {
		sent := []Sent{
			{Kind: KindNew, From: "a@x", MessageID: "n1"},
			{Kind: KindIf, From: "a@x", MessageID: "f1", Game: "g", Seat: 0, Prompt: 1, Move: "IF " + named + " THEN G7"},
			{Kind: KindMove, From: "b@x", MessageID: "m1", Game: "g", Seat: 1, Prompt: 1, Move: "E5"},
		}
		return sent, Outcome{
			Games: map[string][]events.Event{"g": {
				ev(1, events.TypeGameCreated, 0, key("n1"), events.GameCreated{Game: "atacama"}),
				ev(2, events.TypeConditionalSet, 0, key("f1"), events.ConditionalSet{Seat: 0, If: named, Then: "G7"}),
				ev(3, events.TypeMovePlayed, 1, key("m1"), events.MovePlayed{Seat: 1, Move: "E5"}),
				ev(4, events.TypeMovePlayed, 0, key("m1"), events.MovePlayed{Seat: 0, Move: "G7", Conditional: true}),
				ev(5, events.TypeGameEnded, events.SystemActor, key("m1"), events.GameEnded{}),
			}},
			Boxes: map[string][]Content{},
		}
	}
	if r := Check(outcome("E5")); len(r.Problems) != 0 || r.Ifs != 1 || r.FromIfs != 1 || r.Applied != 2 {
		t.Fatalf("Check(a conditional move played after the move it names) = %+v; want no problems, 1 IF, 1 move from it", r)
	}
	if r := Check(outcome("E6")); !strings.Contains(strings.Join(r.Problems, "\n"), "as a conditional move after") {
		t.Errorf("Check(a conditional move played after another move) problems = %q, want one naming it", r.Problems)
	}
}

// TestCheckDeal: a player's answer to an offer their board showed is
// played once whenever pbem reads it, whatever came since the mail it
// answers, or refused once (the offer gone by then); played twice, or as
// another move than the player wrote, it is a problem.
func TestCheckDeal(t *testing.T) {
	ev, key := historyOf(t)
	sent := []Sent{
		{Kind: KindNew, From: "a@x", MessageID: "n1"},
		{Kind: KindMove, From: "a@x", MessageID: "m1", Game: "g", Seat: 0, Prompt: 1, Move: "OFFER BLUE 1 FLORIN FOR NOTHING"},
		{Kind: KindMove, From: "a@x", MessageID: "m2", Game: "g", Seat: 0, Prompt: 2, Move: "TAX"},
		{Kind: KindDeal, From: "b@x", MessageID: "d1", Game: "g", Seat: 1, Prompt: 2, Move: "ACCEPT RED"},
	}
	outcome := func(deal ...events.Event) Outcome {
		evs := []events.Event{
			ev(1, events.TypeGameCreated, 0, key("n1"), events.GameCreated{Game: "archipelago"}),
			ev(2, events.TypeMovePlayed, 0, key("m1"), events.MovePlayed{Seat: 0, Move: "OFFER BLUE 1 FLORIN FOR NOTHING"}),
			ev(3, events.TypeMovePlayed, 0, key("m2"), events.MovePlayed{Seat: 0, Move: "TAX"}),
		}
		for i, e := range deal {
			e.Seq = uint64(4 + i)
			evs = append(evs, e)
		}
		evs = append(evs, ev(uint64(len(evs)+1), events.TypeGameEnded, events.SystemActor, key("m2"), events.GameEnded{}))
		return Outcome{Games: map[string][]events.Event{"g": evs}, Boxes: map[string][]Content{}}
	}
	accept := ev(4, events.TypeMovePlayed, 1, key("d1"), events.MovePlayed{Seat: 1, Move: "ACCEPT RED"})
	if r := Check(sent, outcome(accept)); len(r.Problems) != 0 || r.Deals != 1 || r.Accepts != 1 || r.DealRefused != 0 {
		t.Fatalf("Check(an offer accepted out of turn after the offerer acted) = %+v; want no problems, 1 deal accepted", r)
	}
	refused := outcome()
	refused.Notices = []mail.Notice{{ID: "re." + mail.InboxKey("d1", nil) + ".0.rejected@x", To: "b@x", Seq: 3,
		Fields: map[string]string{"reason": "nobody has offered you a deal"}}}
	if r := Check(sent, refused); len(r.Problems) != 0 || r.DealRefused != 1 {
		t.Errorf("Check(an answer to an offer gone, refused once) = %+v; want no problems, 1 refused", r)
	}
	for _, tt := range []struct {
		name string
		out  Outcome
		want string
	}{
		{"played twice", outcome(accept, accept), "recorded 2 times"},
		{"played as another move", outcome(ev(4, events.TypeMovePlayed, 1, key("d1"), events.MovePlayed{Seat: 1, Move: "DECLINE RED"})), "answer ACCEPT RED to an offer"},
		{"neither played nor answered", outcome(), "recorded 0 times"},
	} {
		r := Check(sent, tt.out)
		if !strings.Contains(strings.Join(r.Problems, "\n"), tt.want) {
			t.Errorf("Check(%s) problems = %q, want one saying %q", tt.name, r.Problems, tt.want)
		}
	}
}

// historyOf makes events of game "g" for a test: ev(seq, type, actor,
// source, payload) is one, dated seq seconds after the epoch; key(id) is
// the source of the first line of the mail with Message-ID id.
func historyOf(t *testing.T) (ev func(seq uint64, typ string, actor int, source string, payload any) events.Event, key func(id string) string) {
	ev = func(seq uint64, typ string, actor int, source string, payload any) events.Event {
		e, err := events.New(typ, actor, time.Unix(int64(seq), 0), payload)
		if err != nil {
			t.Fatal(err)
		}
		e.Game, e.Seq, e.Source = "g", seq, source
		return e
	}
	return ev, func(id string) string { return mail.InboxKey(id, nil) + "#0" }
}
