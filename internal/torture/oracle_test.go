package torture

import (
	"encoding/hex"
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
		{"MoveAfterOtherMove", func(o *Outcome) { o.Games["g"][1].Type = events.TypeMovePlayed }, "after event 1"},
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

// TestCheckAtOnce: where seats act at once, a seat's answer may be played
// after another seat's move, and an answer that move made stale may be
// answered so; in a game of turns, neither.
func TestCheckAtOnce(t *testing.T) {
	sent := []Sent{
		{Kind: KindNew, From: "a@x", MessageID: "n1"},
		{Kind: KindMove, From: "a@x", MessageID: "m1", Game: "g", Seat: 0, Prompt: 1, Move: "BID 1"},
		{Kind: KindMove, From: "b@x", MessageID: "m2", Game: "g", Seat: 1, Prompt: 1, Move: "BID 2"},
		{Kind: KindMove, From: "b@x", MessageID: "m3", Game: "g", Seat: 1, Prompt: 1, Move: "PASS"},
		{Kind: KindMove, From: "b@x", MessageID: "m4", Game: "g", Seat: 1, Prompt: 3, Move: "PASS"},
		{Kind: KindInvalid, From: "b@x", MessageID: "i1", Game: "g", Seat: 1, Prompt: 1, Move: "Z99"},
	}
	stale := "re." + mail.InboxKey("m3", nil) + ".0.stale@x"
	staleBad := "re." + mail.InboxKey("i1", nil) + ".0.stale@x"
	outcome := func(game string) Outcome {
		ev := func(seq uint64, typ, source string, payload any) events.Event {
			e, err := events.New(typ, 0, time.Unix(0, 0), payload)
			if err != nil {
				t.Fatal(err)
			}
			e.Game, e.Seq, e.Source = "g", seq, mail.InboxKey(source, nil)+"#0"
			return e
		}
		return Outcome{
			Games: map[string][]events.Event{"g": {
				ev(1, events.TypeGameCreated, "n1", events.GameCreated{Game: game}),
				ev(2, events.TypeMovePlayed, "m1", events.MovePlayed{Seat: 0, Move: "BID 1"}),
				ev(3, events.TypeMovePlayed, "m2", events.MovePlayed{Seat: 1, Move: "BID 2"}),
				ev(4, events.TypeMovePlayed, "m4", events.MovePlayed{Seat: 1, Move: "PASS"}),
				ev(5, events.TypeGameEnded, "m4", events.GameEnded{}),
			}},
			Notices: []mail.Notice{{ID: stale, To: "b@x"}, {ID: staleBad, To: "b@x"}},
			Boxes:   map[string][]Content{"b@x": {{MessageID: stale, Digest: "1"}, {MessageID: staleBad, Digest: "2"}}},
		}
	}
	if r := Check(sent, outcome("archipelago")); len(r.Problems) != 0 || r.Stale != 1 {
		t.Errorf("Check(bids at once) = %+v, want no problems and 1 stale answer", r)
	}
	r := Check(sent, outcome("atacama"))
	for _, want := range []string{"seat 1 played BID 2", "applied 0 times", "answered with", "want one refusal"} {
		if !strings.Contains(strings.Join(r.Problems, "\n"), want) {
			t.Errorf("Check(the same in a game of turns) problems = %q, want one saying %q", r.Problems, want)
		}
	}
}
