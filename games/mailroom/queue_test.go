package mailroom_test

import (
	"strings"
	"testing"

	"github.com/pbem-games/pbem/games/mailroom"
	"github.com/pbem-games/pbem/rules"
	"github.com/pbem-games/pbem/rules/altiplano"
)

// TestQueueOnlyMoves mails lines to Altiplano once bea has declared her
// plan, so that what she writes is kept for her later turns: a move is
// kept, but a line that is no move of the game (a typo, a greeting alone)
// is refused with the reason now, not kept to fail when her turn comes.
// (A move with one word mistyped looks like a move: it is kept, and when
// its turn comes the list stops there and pbem tells her why.)
func TestQueueOnlyMoves(t *testing.T) {
	mt := newMailTable(t, altiplano.Game)
	id := mt.create("altiplano", 2)
	first := mt.game(id).State.(rules.Defaulter).Default(1).String()
	for _, line := range []string{first, "DONE"} {
		if r := refusals(mt.mail(id, 1, "bea@example.net", "", line+"\r\n")); len(r) > 0 {
			t.Fatalf("bea's %s refused: %v", line, r)
		}
	}
	for _, c := range []struct {
		line   string
		queued bool
	}{
		{"Z99", false},
		{"hello", false},
		{"MINE SILVER", true},
	} {
		out := mt.mail(id, 1, "bea@example.net", "", c.line+"\r\n")
		queue := mt.game(id).Queues[1]
		kept := len(queue) > 0 && queue[len(queue)-1] == c.line
		var kinds []string
		for _, o := range out {
			kinds = append(kinds, o.Headers[mailroom.HeaderKind])
		}
		switch {
		case kept != c.queued:
			t.Errorf("%q kept for bea's later turns: %v, want %v (queue %q; answered %v)", c.line, kept, c.queued, queue, kinds)
		case !c.queued && (len(out) != 1 || kinds[0] != mailroom.KindRejected || !strings.Contains(out[0].Text, c.line)):
			t.Errorf("%q was answered %v, want one refusal naming it", c.line, kinds)
		}
	}
}
