package endtoend_test

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/pbem-games/pbem/games"
	"github.com/pbem-games/pbem/games/letters"
	"github.com/pbem-games/pbem/rules"
	"github.com/pbem-games/pbem/rules/archipelago"
)

// TestOfferLapseTold: in a game of four, where each player hears of the
// others' moves only in their next mail, an offer nobody answered lapses
// when its phase ends; its maker is told so at once, in a mail of its
// own, not in their next prompt, which may be days away.
func TestOfferLapseTold(t *testing.T) {
	ctx := context.Background()
	mt := newMailTable(t, archipelago.Game)
	seed := rules.SeedFromInt(1) // a game in which an offer lapses while its maker waits
	id := archipelagoOf(t, mt, 4, &seed)
	offerer := -1
	for range 400 {
		g := mt.game(id)
		if offerer < 0 {
		offer:
			for _, s := range g.State.ToAct() {
				for _, m := range g.State.Legal(s) {
					if move := m.String(); strings.HasPrefix(move, "OFFER ") {
						if _, err := mt.svc.Move(ctx, id, s, move, games.Cause{}); err != nil {
							t.Fatal(err)
						}
						offerer = int(s)
						break offer
					}
				}
			}
			if offerer >= 0 {
				continue
			}
		}
		if _, over := g.State.Result(); over {
			break
		}
		s := g.State.ToAct()[0]
		move := ""
		for _, m := range g.State.Legal(s) {
			if w := strings.Fields(m.String())[0]; w != "OFFER" && w != "ACCEPT" && w != "DECLINE" && w != "WITHDRAW" {
				move = m.String()
				break
			}
		}
		before := len(mt.outbox())
		_, err := mt.svc.Move(ctx, id, s, move, games.Cause{})
		if err != nil {
			t.Fatal(err)
		}
		if offerer < 0 || !strings.Contains(mt.game(id).State.View(0).Text(), "lapsed") {
			continue
		}
		if slices.Contains(mt.game(id).State.ToAct(), rules.Seat(offerer)) {
			offerer = -1 // the offerer's prompt tells them anyway: try another offer
			continue
		}
		lh := letters.Letterhead{Service: "pbem", Mailbox: mt.m.Mailbox, Tokens: mt.m.Tokens}
		var told []string
		for _, n := range mt.outbox()[before:] {
			if n.To != mt.game(id).Created.Players[offerer].Address {
				continue
			}
			o, err := mt.svc.Render(ctx, lh, n)
			if err != nil {
				t.Fatal(err)
			}
			told = append(told, o.Text)
		}
		players := mt.game(id).Created.Players
		if len(told) == 0 || !strings.Contains(strings.Join(told, "\n"), "lapsed") {
			t.Errorf("%s's offer lapsed at %s's %s; %s was mailed at once:\n%s", players[offerer].Name, players[s].Name, move, players[offerer].Name, strings.Join(told, "\n----\n"))
		}
		return
	}
	t.Fatal("no offer lapsed while its maker waited, in the whole game")
}
