package endtoend_test

import (
	"slices"
	"testing"

	"github.com/pbem-games/pbem/games/letters"
	"github.com/pbem-games/pbem/games/notice"
	"github.com/pbem-games/pbem/rules"
	"github.com/pbem-games/pbem/rules/altiplano"
)

// TestListsAnsweredAtOnce: in Altiplano's action phase three players
// answer the same mail at once: the first to act moves, and the two
// others mail their programmed lists for their later turns. The move
// changes no line of either list, so both are kept, the list of the
// player whose turn the move brings as much as the other's; their lines
// are judged as their turns come.
func TestListsAnsweredAtOnce(t *testing.T) {
	mt := newMailTable(t, altiplano.Game)
	id := mt.create("altiplano", 3)
	phase := func() string { return mt.game(id).State.View(rules.Observer).(*altiplano.View).Table.Phase }
	for i := 0; phase() != "act"; i++ {
		if i > 200 {
			t.Fatal("no action phase after 200 moves")
		}
		seat := int(mt.game(id).State.ToAct()[0])
		move := mt.game(id).State.(rules.Defaulter).Default(rules.Seat(seat)).String()
		if r := refusals(mt.fresh(id, seat, move+"\r\n")); len(r) > 0 {
			t.Fatalf("seat %d's default move %s refused: %v", seat, move, r)
		}
	}
	g := mt.game(id)
	toAct := g.State.ToAct()
	if len(toAct) != 1 {
		t.Fatalf("the action phase begins with %v to act, want one seat", toAct)
	}
	first := int(toAct[0])
	// The mail each of the others answers: their last, as the phase began.
	answers := map[int]string{}
	for _, n := range mt.outbox() {
		if n.Game == id && n.Seat >= 0 && n.Seat != first {
			answers[n.Seat] = n.ID
		}
	}
	move := g.State.(rules.Defaulter).Default(rules.Seat(first)).String()
	if r := refusals(mt.fresh(id, first, move+"\r\n")); len(r) > 0 {
		t.Fatalf("seat %d's %s refused: %v", first, move, r)
	}
	for seat := range 3 {
		if seat == first {
			continue
		}
		header := "In-Reply-To: <" + answers[seat] + ">\r\n"
		out := mt.send(tableAddrs[seat], mt.m.Tokens.ReplyTo(mt.m.Mailbox, id, seat), header, "GO MINE\r\nMINE SILVER\r\nPASS\r\n")
		var kinds []string
		for _, o := range out {
			kinds = append(kinds, o.Headers[letters.HeaderKind])
		}
		if slices.Contains(kinds, notice.KindStale) {
			t.Errorf("seat %d's list, answering %s as seat %d moved, was answered as stale (%v); seat %d to act next: %v",
				seat, answers[seat], first, kinds, seat, mt.game(id).State.ToAct())
		}
	}
}
