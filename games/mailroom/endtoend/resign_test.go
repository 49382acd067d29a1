package endtoend_test

import (
	"bytes"
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/pbem-games/pbem/games"
	"github.com/pbem-games/pbem/games/letters"
	"github.com/pbem-games/pbem/games/notice"
	"github.com/pbem-games/pbem/projections"
	"github.com/pbem-games/pbem/rules"
	"github.com/pbem-games/pbem/rules/atacama"
)

// leading plays a three-player Atacama game until exactly one seat leads
// on score, and returns the game and that seat.
func leading(t *testing.T, mt *mailTable) (string, rules.Seat) {
	t.Helper()
	ctx := context.Background()
	id := mt.create("atacama", 3)
	g := mt.game(id)
	for step := 0; step < 60; step++ {
		scores, _ := g.State.Result()
		best, ties := rules.Seat(0), 0
		for s, sc := range scores {
			switch {
			case sc > scores[best]:
				best, ties = rules.Seat(s), 0
			case sc == scores[best] && rules.Seat(s) != best:
				ties++
			}
		}
		if ties == 0 && scores[best] > 0 {
			return id, best
		}
		seat := g.State.ToAct()[0]
		legal := g.State.Legal(seat)
		p, err := mt.svc.Move(ctx, id, seat, legal[(step*37)%len(legal)].String(), games.Cause{})
		if err != nil {
			t.Fatal(err)
		}
		g = p.Game
	}
	t.Fatal("no seat leads after 60 moves")
	return "", 0
}

// TestResignLoses: a player who resigns while leading ranks last, in the
// game-over mail of every player, in pbem show's places and in what the
// export folds to; the export verifies.
func TestResignLoses(t *testing.T) {
	ctx := context.Background()
	mt := newMailTable(t, atacama.Game)
	id, resigner := leading(t, mt)
	name := mt.game(id).Created.Players[resigner].Name
	before := len(mt.outbox())
	if _, err := mt.svc.Resign(ctx, id, resigner, games.Cause{}); err != nil {
		t.Fatal(err)
	}
	g := mt.game(id)
	places := g.Places()
	for s, p := range places {
		if rules.Seat(s) != resigner && p >= places[resigner] {
			t.Errorf("places %v: seat %d (%s) resigned with the best score and does not rank last", places, resigner, name)
		}
	}
	lh := letters.Letterhead{Service: "pbem", Mailbox: mt.m.Mailbox, Tokens: mt.m.Tokens}
	overs := 0
	for _, n := range mt.outbox()[before:] {
		if n.Kind != notice.KindGameOver {
			continue
		}
		overs++
		out, err := mt.svc.Render(ctx, lh, n)
		if err != nil {
			t.Fatal(err)
		}
		flat := strings.Join(strings.Fields(out.Text), " ")
		if strings.Contains(flat, name+" wins") || strings.Contains(flat, name+" and") || strings.Contains(flat, "and "+name+" share") {
			t.Errorf("the game-over mail to %s says the resigner %s won: %s", n.To, name, flat)
		}
		if !strings.Contains(flat, name+" resigned") {
			t.Errorf("the game-over mail to %s does not say that %s resigned: %s", n.To, name, flat)
		}
		if strings.Contains(out.Text, "to move") {
			t.Errorf("the game-over mail to %s marks a player to move in a game that is over:\n%s", n.To, out.Text)
		}
	}
	if overs != 3 {
		t.Errorf("%d game-over mails, want 3", overs)
	}
	evs, err := mt.svc.History(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	seed := g.Setup.Seed
	if _, err := projections.Verify(rules.NewCatalog(atacama.Game), bytes.Split(bytes.TrimSpace(games.Export(evs)), []byte("\n")), &seed); err != nil {
		t.Errorf("the export does not verify: %v", err)
	}
	folded, err := projections.Replay(rules.NewCatalog(atacama.Game), evs, seed, 0)
	if err != nil {
		t.Fatal(err)
	}
	if got := folded.Places(); !slices.Equal(got, places) {
		t.Errorf("the export folds to places %v, the service says %v", got, places)
	}
}

// TestEndAgreedVerifies: a game all players agreed to END ends with the
// scores as they stand, ranked by score, and its export verifies.
func TestEndAgreedVerifies(t *testing.T) {
	ctx := context.Background()
	mt := newMailTable(t, atacama.Game)
	id, best := leading(t, mt)
	for _, s := range []int{0, 1, 2} {
		mt.mail(id, s, []string{"ana@example.org", "bea@example.net", "cai@example.com"}[s], "", "END\r\n\r\nThanks all!\r\n")
	}
	g := mt.game(id)
	if g.Ended == nil {
		t.Fatalf("the game did not end after three ENDs")
	}
	if p := g.Places(); p[best] != 1 {
		t.Errorf("places %v: seat %d leads and is not first", p, best)
	}
	evs, err := mt.svc.History(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	seed := g.Setup.Seed
	if _, err := projections.Verify(rules.NewCatalog(atacama.Game), bytes.Split(bytes.TrimSpace(games.Export(evs)), []byte("\n")), &seed); err != nil {
		t.Errorf("the export of a game ended by agreement does not verify: %v", err)
	}
}
