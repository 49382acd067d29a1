package letters

import (
	"maps"
	"reflect"
	"testing"
	"time"

	"github.com/pbem-games/pbem/games/locale"
	"github.com/pbem-games/pbem/mail"
	"github.com/pbem-games/pbem/projections"
	"github.com/pbem-games/pbem/templates"
)

// TestTold: a game kept after an Append is given back once, and only as
// folded through the event asked for; a full cache lets one game go for
// a new one, never for the game kept again.
func TestTold(t *testing.T) {
	var c mailCache
	a := &projections.Game{ID: "a", Seq: 3}
	c.keepTold(a, 2)
	if g := c.takeTold("a", 2); g != nil {
		t.Errorf("takeTold(a, 2) of a at 3 = %v, want nothing", g)
	}
	if g := c.takeTold("b", 3); g != nil {
		t.Errorf("takeTold(b) never kept = %v, want nothing", g)
	}
	if g := c.takeTold("a", 3); g != a {
		t.Errorf("takeTold(a, 3) = %v, want a", g)
	}
	if g := c.takeTold("a", 3); g != nil {
		t.Errorf("takeTold(a, 3) again = %v, want nothing: it was taken", g)
	}
	c.keepTold(a, 2)
	b := &projections.Game{ID: "b", Seq: 5}
	c.keepTold(b, 2)
	a4 := &projections.Game{ID: "a", Seq: 4}
	c.keepTold(a4, 2) // kept again: nothing goes
	if len(c.told) != 2 || c.told["a"] != a4 || c.told["b"] != b {
		t.Errorf("kept a again in a full cache: %v, want a at 4 and b", c.told)
	}
	c.keepTold(&projections.Game{ID: "c", Seq: 1}, 2)
	if len(c.told) != 2 || c.told["c"] == nil {
		t.Errorf("kept c in a cache of 2 full: %v, want c and one other", c.told)
	}
}

// TestSentIndex: the latest event at which one of the mails was sent,
// what was read up to when, and a bound on the games kept.
func TestSentIndex(t *testing.T) {
	var c mailCache
	if _, ok := c.sentSeq("g", []string{"x"}); ok {
		t.Error("sentSeq of an empty index found a mail")
	}
	if at := c.sentThrough("g"); !at.IsZero() {
		t.Errorf("sentThrough of a game never read = %v, want zero", at)
	}
	t1 := time.Date(2026, 12, 1, 9, 0, 0, 0, time.UTC)
	c.addSent("g", map[string]uint64{"x": 4, "y": 7}, t1)
	c.addSent("g", map[string]uint64{"z": 2}, t1.Add(-time.Hour)) // read out of order: through stays
	for _, tc := range []struct {
		ids  []string
		seq  uint64
		want bool
	}{
		{[]string{"x"}, 4, true},
		{[]string{"x", "y"}, 7, true},
		{[]string{"y", "x"}, 7, true},
		{[]string{"w", "z"}, 2, true},
		{[]string{"w"}, 0, false},
		{nil, 0, false},
	} {
		if seq, ok := c.sentSeq("g", tc.ids); seq != tc.seq || ok != tc.want {
			t.Errorf("sentSeq(g, %v) = %d, %v; want %d, %v", tc.ids, seq, ok, tc.seq, tc.want)
		}
	}
	if at := c.sentThrough("g"); !at.Equal(t1) {
		t.Errorf("sentThrough(g) = %v, want %v", at, t1)
	}
	if _, ok := c.sentSeq("h", []string{"x"}); ok {
		t.Error("sentSeq(h) found g's mail")
	}
	for i := range maxSentGames + 3 {
		c.addSent(string(rune('A'+i)), map[string]uint64{"m": uint64(i)}, t1)
	}
	if len(c.sent) != maxSentGames {
		t.Errorf("%d games in the index, want at most %d", len(c.sent), maxSentGames)
	}
	before := maps.Clone(c.sent)
	last := string(rune('A' + maxSentGames + 2))
	c.addSent(last, map[string]uint64{"n": 1}, t1) // a game kept: nothing goes
	if len(c.sent) != maxSentGames || !maps.Equal(before, c.sent) {
		t.Errorf("adding to a game kept changed the games kept")
	}
}

// TestHelpKept: the list of commands under a mail is the command
// language's, the first time and every time after, for each reader
// alike; changing one mail's list changes no other's.
func TestHelpKept(t *testing.T) {
	s := New(nil, offered())
	cat := offered()
	for _, c := range []struct {
		kind     templates.Kind
		observer bool
		lang     string
	}{{templates.Help, false, "en"}, {templates.YourTurn, false, "en"}, {templates.YourTurn, true, "en"}, {templates.YourTurn, false, "zh"}} {
		loc := locale.Of(cat.Words(), mail.Pref{Lang: c.lang})
		want := s.cmds.Help(c.kind, c.observer, loc)
		for range 2 {
			got := s.help(c.kind, c.observer, loc)
			if len(want) == 0 || !reflect.DeepEqual(got, want) {
				t.Errorf("help(%s, observer %v, %s) = %v, want %v", c.kind, c.observer, c.lang, got, want)
			}
			got[0] = templates.CommandHelp{}
		}
	}
}
