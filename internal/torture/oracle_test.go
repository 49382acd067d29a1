package torture

import (
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
		{Kind: KindInvalid, From: "b@x", MessageID: "i1", Game: "g", Seat: 1, Prompt: 2, Move: "Z99"},
		{Kind: KindMove, From: "b@x", MessageID: "m2", Game: "g", Seat: 1, Prompt: 2, Move: "A1"},
		{Kind: KindDuplicate, From: "b@x", MessageID: "m2"},
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
	good := func() Outcome {
		return Outcome{
			Games: map[string][]events.Event{"g": {
				ev(1, events.TypeGameCreated, key("n1"), events.GameCreated{}),
				ev(2, events.TypeMovePlayed, key("m1"), events.MovePlayed{Seat: 0, Move: "E5"}),
				ev(3, events.TypeMovePlayed, key("m2"), events.MovePlayed{Seat: 1, Move: "A1"}),
				ev(4, events.TypeGameEnded, key("m2"), events.GameEnded{}),
			}},
			Notices: []mail.Notice{{ID: "g.3.0.game-over@x", To: "a@x"}, {ID: "re." + mail.InboxKey("i1", nil) + ".0.rejected@x", To: "b@x"}},
			Boxes: map[string][]Content{
				"a@x": {{MessageID: "g.3.0.game-over@x", Digest: "1"}, {MessageID: "g.3.0.game-over@x", Digest: "1"}},
				"b@x": {{MessageID: "re." + mail.InboxKey("i1", nil) + ".0.rejected@x", Digest: "2"}},
			},
		}
	}
	if r := Check(sent, good()); len(r.Problems) != 0 || r.Repeats != 1 || r.Applied != 2 {
		t.Fatalf("Check(a good game) = %+v, want no problems, 2 moves, 1 repeat", r)
	}
	tests := []struct {
		name  string
		spoil func(*Outcome)
		want  string
	}{
		{"MoveTwice", func(o *Outcome) {
			g := o.Games["g"]
			o.Games["g"] = append(g[:3:3], ev(4, events.TypeMovePlayed, key("m2"), events.MovePlayed{Seat: 1, Move: "A1"}), g[3])
		}, "applied 2 times"},
		{"MoveLost", func(o *Outcome) { o.Games["g"] = append(o.Games["g"][:2:2], o.Games["g"][3]) }, "applied 0 times"},
		{"InvalidApplied", func(o *Outcome) { o.Games["g"][2].Source = key("i1") }, "bad move"},
		{"Stuck", func(o *Outcome) { o.Games["g"] = o.Games["g"][:3] }, "stuck"},
		{"NotAnswered", func(o *Outcome) { o.Boxes["b@x"] = nil }, "never got"},
		{"TwoContents", func(o *Outcome) { o.Boxes["a@x"][1].Digest = "3" }, "two different mails"},
		{"Unknown", func(o *Outcome) { o.Boxes["a@x"][1].MessageID = "zz@x" }, "in no outbox notice"},
		{"AnsweredTwice", func(o *Outcome) {
			stale := "re." + mail.InboxKey("i1", nil) + ".0.stale@x"
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
