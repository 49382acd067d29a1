package endtoend_test

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/pbem-games/pbem/events"
	"github.com/pbem-games/pbem/games"
	"github.com/pbem-games/pbem/games/letters"
	"github.com/pbem-games/pbem/rules"
	"github.com/pbem-games/pbem/rules/archipelago"
)

// TestOfferReachesItsAddressee: in a game of four, where each player hears
// of the others' moves only in their next mail, an offer is a question to
// one player: it reaches them at once, in a mail of its own, or it lapses
// with its phase before they ever read it.
func TestOfferReachesItsAddressee(t *testing.T) {
	ctx := context.Background()
	mt := newMailTable(t, archipelago.Game)
	id := archipelagoOf(t, mt, 4, nil)
	// Play on until some seat may offer another a deal.
	for range 200 {
		g := mt.game(id)
		for _, s := range g.State.ToAct() {
			for _, m := range g.State.Legal(s) {
				if move := m.String(); strings.HasPrefix(move, "OFFER ") {
					offerTo(t, mt, id, s, move)
					return
				}
			}
		}
		s := g.State.ToAct()[0]
		if _, err := mt.svc.Move(ctx, id, s, g.State.Legal(s)[0].String(), games.Cause{}); err != nil {
			t.Fatal(err)
		}
	}
	t.Fatal("no seat could offer a deal in 200 moves")
}

// archipelagoOf creates a game of Archipelago of n players (at most four:
// Ana, Bea, Cai and Dov) on seed, or a random one when seed is nil.
func archipelagoOf(t *testing.T, mt *mailTable, n int, seed *rules.Seed) string {
	t.Helper()
	addrs := []string{"ana@example.org", "bea@example.net", "cai@example.com", "dov@example.com"}[:n]
	var players []events.Player
	for i, a := range addrs {
		players = append(players, events.Player{Name: strings.ToUpper(a[:1]) + a[1:3], Address: a, Seat: i})
	}
	id, err := mt.svc.Create(context.Background(), games.NewGame{Game: "archipelago", Host: addrs[0], Players: players, Seed: seed})
	if err != nil {
		t.Fatal(err)
	}
	return id
}

// offerTo has seat make offer in game id, and checks that its addressee,
// and nobody else, is mailed about it at once.
func offerTo(t *testing.T, mt *mailTable, id string, seat rules.Seat, offer string) {
	t.Helper()
	ctx := context.Background()
	g := mt.game(id)
	addressee := slices.Index([]string{"RED", "BLUE", "GREEN", "YELLOW", "WHITE"}, strings.Fields(offer)[1])
	if addressee < 0 || addressee >= len(g.Created.Players) {
		t.Fatalf("%q names no seat", offer)
	}
	before := len(mt.outbox())
	played, err := mt.svc.Move(ctx, id, seat, offer, games.Cause{})
	if err != nil {
		t.Fatal(err)
	}
	var to []string
	lh := letters.Letterhead{Service: "pbem", Mailbox: mt.m.Mailbox, Tokens: mt.m.Tokens}
	for _, n := range mt.outbox()[before:] {
		if n.Seq < played.Seq {
			continue
		}
		to = append(to, n.To)
		out, err := mt.svc.Render(ctx, lh, n)
		if err != nil {
			t.Fatal(err)
		}
		if n.Seat == addressee && !strings.Contains(out.Text, "ACCEPT") {
			t.Errorf("the mail to the addressee does not say how to accept:\n%s", out.Text)
		}
	}
	if !slices.Contains(to, g.Created.Players[addressee].Address) {
		t.Errorf("%s (seat %d) offered seat %d %q; mailed at once: %v; want the addressee, %s, among them",
			g.Created.Players[seat].Name, seat, addressee, offer, to, g.Created.Players[addressee].Address)
	}
}
