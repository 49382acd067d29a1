package endtoend_test

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/pbem-games/pbem/games"
	"github.com/pbem-games/pbem/games/letters"
	"github.com/pbem-games/pbem/games/notice"
	"github.com/pbem-games/pbem/rules"
	"github.com/pbem-games/pbem/rules/archipelago"
)

// TestWithdrawOfferByMail: in Archipelago, WITHDRAW is the game's move
// that takes one's offer back; mailed in reply to the game, it is played
// as that move, not read as leaving a campaign (which wants the
// campaign's id, or a reply to the campaign's mail).
func TestWithdrawOfferByMail(t *testing.T) {
	ctx := context.Background()
	mt := newMailTable(t, archipelago.Game)
	id := archipelagoOf(t, mt, 3, nil)
	for range 300 {
		g := mt.game(id)
		for _, s := range g.State.ToAct() {
			if slices.ContainsFunc(g.State.Legal(s), func(m rules.Move) bool { return m.String() == "WITHDRAW" }) {
				before := len(g.Moves)
				if r := refusals(mt.fresh(id, int(s), "WITHDRAW\r\n")); len(r) > 0 {
					t.Fatalf("seat %d's WITHDRAW refused: %v", s, r)
				}
				after := mt.game(id)
				if len(after.Moves) <= before || after.Moves[len(after.Moves)-1].Move != "WITHDRAW" {
					t.Fatalf("seat %d's WITHDRAW by mail was not played as the game's move", s)
				}
				// With a campaign's id it is leaving that campaign, here one
				// that does not exist: the campaign's answer, no move.
				out := mt.fresh(id, int(s), "WITHDRAW c2zz9zk\r\n")
				if r := refusals(out); len(r) != 1 || out[0].Headers[letters.HeaderKind] != notice.KindError || !strings.Contains(r[0], "campaign") {
					t.Errorf("WITHDRAW c2zz9zk in reply to the game was answered %q, want the campaign's refusal (an error, not the game's rejected move)", r)
				}
				if moves := len(mt.game(id).Moves); moves != len(after.Moves) {
					t.Errorf("WITHDRAW c2zz9zk played a move of the game")
				}
				return
			}
		}
		s := g.State.ToAct()[0]
		move := g.State.Legal(s)[0].String()
		for _, m := range g.State.Legal(s) {
			if strings.HasPrefix(m.String(), "OFFER ") {
				move = m.String() // an offer, so that its maker may take it back
				break
			}
		}
		if _, err := mt.svc.Move(ctx, id, s, move, games.Cause{}); err != nil {
			t.Fatal(err)
		}
	}
	t.Fatal("no seat could withdraw an offer in 300 moves")
}
