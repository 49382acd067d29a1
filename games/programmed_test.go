package games_test

import (
	"context"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/pbem-games/pbem/events"
	"github.com/pbem-games/pbem/events/storetest"
	"github.com/pbem-games/pbem/games"
	"github.com/pbem-games/pbem/projections"
	"github.com/pbem-games/pbem/rules"
	"github.com/pbem-games/pbem/rules/altiplano"
	"github.com/pbem-games/pbem/rules/archipelago"
)

// TestProgrammedListEndsWithItsRound: what is left of a programmed list when
// the action phase it was written for ends is dropped, and the player told;
// a PASS left over must not be read as the DONE of the next round's plan.
func TestProgrammedListEndsWithItsRound(t *testing.T) {
	ctx := context.Background()
	svc, id := altiplanoOfTwo(t)
	phase := func(g *projections.Game) (string, int) {
		v := g.State.View(rules.Observer).(*altiplano.View).Table
		return v.Phase, v.Round
	}
	move := func(seat rules.Seat, text string) *projections.Game {
		t.Helper()
		p, err := svc.Move(ctx, id, seat, text, games.Cause{})
		if err != nil {
			t.Fatalf("seat %d plays %q: %v", seat, text, err)
		}
		return p.Game
	}
	move(0, "DONE")
	g := move(1, "DONE")
	if ph, r := phase(g); ph != "act" || r != 1 || !slices.Equal(g.State.ToAct(), []rules.Seat{0}) {
		t.Fatalf("after both plans: phase %q of round %d, %v to act", ph, r, g.State.ToAct())
	}

	// Bea, waiting, programs her round: a pass, and one line too many.
	if _, err := svc.Queue(ctx, id, 1, []string{"PASS", "PASS"}, games.Cause{}); err != nil {
		t.Fatal(err)
	}
	g = move(0, "PASS")
	if ph, r := phase(g); ph != "plan" || r != 2 {
		t.Fatalf("after both passed: phase %q of round %d, want planning in round 2", ph, r)
	}
	var beaMoves []string
	for _, m := range g.Moves {
		if m.Seat == 1 {
			beaMoves = append(beaMoves, m.Move)
		}
	}
	if want := []string{"DONE", "PASS"}; !slices.Equal(beaMoves, want) {
		t.Errorf("bea's moves are %q, want %q: her leftover PASS was played in round 2", beaMoves, want)
	}
	if !slices.Contains(g.State.ToAct(), 1) {
		t.Errorf("bea is not planning in round 2: %v to act", g.State.ToAct())
	}
	if q := g.Queues[1]; len(q) != 0 {
		t.Errorf("bea's list still holds %q in round 2", q)
	}
	evs, err := svc.History(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	var dropped string
	for _, e := range evs {
		var q events.MovesQueued
		if e.Type == events.TypeMovesQueued && e.Unmarshal(&q) == nil && q.Seat == 1 && q.Dropped != "" {
			dropped = q.Dropped
		}
	}
	if !strings.Contains(dropped, "PASS") {
		t.Errorf("bea was not told her list's leftover PASS was dropped: %q", dropped)
	}

	// A list sent once the plan is declared is for the action phase that
	// follows, in the same round: it survives the reveal. Bea starts
	// round 2.
	move(1, "DONE")
	if _, err := svc.Queue(ctx, id, 1, []string{"PASS"}, games.Cause{}); err != nil {
		t.Fatal(err)
	}
	g = move(0, "DONE")
	if ph, r := phase(g); ph != "act" || r != 2 {
		t.Fatalf("after both plans in round 2: phase %q of round %d", ph, r)
	}
	if last := g.Moves[len(g.Moves)-1]; last.Seat != 1 || last.Move != "PASS" || !last.Queued {
		t.Errorf("bea's list sent while planning was not played at the reveal: the last move is %+v", last)
	}
}

// TestProgrammedIfNeeded: a line of a programmed list written "… IF
// NEEDED" is played when its turn comes if it can be, and left out (the
// list going on, the player told why) when it cannot, where a plain line
// would stop the list.
func TestProgrammedIfNeeded(t *testing.T) {
	ctx := context.Background()
	svc := &games.Service{Store: storetest.MustOpen(t), Catalog: rules.NewCatalog(altiplano.Game)}
	players := []events.Player{{Name: "Ana", Address: "ana@example.org"}, {Name: "Bea", Address: "bea@example.net"}}
	for _, tt := range []struct {
		name    string
		list    []string
		want    []string // bea's moves in the action phase
		skipped string
	}{
		{"Playable", []string{"PASS IF NEEDED"}, []string{"PASS"}, ""},
		// A plan's PUT cannot be played in the action phase.
		{"NotNow", []string{"PUT FARM ALPACA IF NEEDED", "PASS"}, []string{"PASS"}, "PUT FARM ALPACA IF NEEDED"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			id, err := svc.Create(ctx, games.NewGame{Game: "altiplano", Players: players})
			if err != nil {
				t.Fatal(err)
			}
			for seat := range rules.Seat(2) {
				if _, err := svc.Move(ctx, id, seat, "DONE", games.Cause{}); err != nil {
					t.Fatal(err)
				}
			}
			if _, err := svc.Queue(ctx, id, 1, tt.list, games.Cause{}); err != nil {
				t.Fatal(err)
			}
			p, err := svc.Move(ctx, id, 0, "PASS", games.Cause{})
			if err != nil {
				t.Fatal(err)
			}
			var bea []string
			for _, m := range p.Game.Moves[2:] {
				if m.Seat == 1 {
					bea = append(bea, m.Move)
				}
			}
			if !slices.Equal(bea, tt.want) {
				t.Errorf("bea played %q from her list %q, want %q", bea, tt.list, tt.want)
			}
			evs, err := svc.History(ctx, id)
			if err != nil {
				t.Fatal(err)
			}
			skipped := ""
			for _, e := range evs {
				var q events.MovesQueued
				if e.Type == events.TypeMovesQueued && e.Unmarshal(&q) == nil && q.Skipped != "" {
					skipped = q.Skipped
				}
			}
			if skipped != tt.skipped {
				t.Errorf("the line left out is %q, want %q", skipped, tt.skipped)
			}
		})
	}
}

// TestIfNeeded reads the condition of a list's line, in English or
// Chinese, and nothing else as one.
func TestIfNeeded(t *testing.T) {
	for _, tt := range []struct {
		line, bare string
		ok         bool
	}{
		{"FEED 1 OWN IF NEEDED", "FEED 1 OWN", true},
		{"feed 1 own  if  needed", "feed 1 own", true},
		{"FEED 1 OWN 如有需要", "FEED 1 OWN", true},
		{"FEED 1 OWN如有需要", "FEED 1 OWN", true},
		{"IF NEEDED", "IF NEEDED", false},
		{"如有需要", "如有需要", false},
		{"IF E5 THEN G7", "IF E5 THEN G7", false},
		{"FEED 1 OWN", "FEED 1 OWN", false},
	} {
		if bare, ok := games.IfNeeded(tt.line); bare != tt.bare || ok != tt.ok {
			t.Errorf("IfNeeded(%q) = %q, %v; want %q, %v", tt.line, bare, ok, tt.bare, tt.ok)
		}
	}
}

// TestProgrammedPassIsTheGift: an Archipelago list sent in the bidding of
// a round with crises, "PASS, PASS, TAX", is kept as what its player
// meant: the gifts of nothing to the two crises, each left out if the
// crisis is over before the player's turn, then the tax; never a pass for
// the round that would leave the player's discs unused.
func TestProgrammedPassIsTheGift(t *testing.T) {
	ctx := context.Background()
	svc := &games.Service{Store: storetest.MustOpen(t), Catalog: rules.NewCatalog(archipelago.Game)}
	players := []events.Player{{Name: "Ana", Address: "ana@example.org"}, {Name: "Bea", Address: "bea@example.net"}}
	seed := rules.SeedFromInt(3)
	id, err := svc.Create(ctx, games.NewGame{Game: "archipelago", Players: players, Seed: &seed})
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(1, 2))
	var g *projections.Game
	for range 2000 {
		if g, _, err = svc.Load(ctx, id); err != nil {
			t.Fatal(err)
		}
		v := g.State.View(rules.Observer).(*archipelago.View)
		if v.Round >= 2 && v.Phase == "turn order" && strings.HasPrefix(g.State.Legal(g.State.ToAct()[0])[0].String(), "BID") {
			break
		}
		if _, over := g.State.Result(); over {
			t.Fatalf("the game ended before round 2: %s", v.Ending)
		}
		to := g.State.ToAct()
		seat := to[r.IntN(len(to))]
		legal := g.State.Legal(seat)
		if _, err := svc.Move(ctx, id, seat, legal[r.IntN(len(legal))].String(), games.Cause{}); err != nil {
			t.Fatal(err)
		}
	}
	// The mail "BID 0, PASS, PASS, TAX" of a seat that bids while the
	// other has still to bid: the bid is played at once, the rest kept.
	// (A seat whose only bid is 0 has it played for it.)
	to := g.State.ToAct()
	seat := rules.Seat(1) - to[0]
	if len(to) == 2 {
		if _, err := svc.Move(ctx, id, seat, "BID 0", games.Cause{}); err != nil {
			t.Fatal(err)
		}
	}
	p, err := svc.Queue(ctx, id, seat, []string{"PASS", "PASS", "TAX"}, games.Cause{})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"FEED NONE IF NEEDED", "EXPORT NONE IF NEEDED", "TAX"}
	if got := p.Game.Queues[int(seat)]; !slices.Equal(got, want) {
		t.Fatalf("the list kept is %q, want %q", got, want)
	}
	// The other player plays on until the list is spent: it never passes
	// the round for its player.
	from := len(p.Game.Moves)
	g = p.Game
	for len(g.Queues[int(seat)]) > 0 {
		to := g.State.ToAct()
		if slices.Contains(to, seat) || len(to) == 0 {
			break // the list stopped and asks its player
		}
		legal := g.State.Legal(to[0])
		if g, _, err = svc.Load(ctx, id); err != nil {
			t.Fatal(err)
		}
		if _, err := svc.Move(ctx, id, to[0], legal[r.IntN(len(legal))].String(), games.Cause{}); err != nil {
			t.Fatal(err)
		}
		if g, _, err = svc.Load(ctx, id); err != nil {
			t.Fatal(err)
		}
	}
	for _, m := range g.Moves[from:] {
		if int(m.Seat) == int(seat) && m.Move == "PASS" {
			t.Errorf("the list passed the round for its player: %+v", g.Moves[from:])
		}
	}
}

// TestProgrammedListUsedUp: a list played to its last line is no list
// left over when its round ends: nothing is dropped, nobody is told.
func TestProgrammedListUsedUp(t *testing.T) {
	ctx := context.Background()
	svc, id := altiplanoOfTwo(t)
	for _, m := range []struct {
		seat rules.Seat
		text string
	}{{0, "DONE"}, {1, "DONE"}} {
		if _, err := svc.Move(ctx, id, m.seat, m.text, games.Cause{}); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := svc.Queue(ctx, id, 1, []string{"PASS"}, games.Cause{}); err != nil {
		t.Fatal(err)
	}
	p, err := svc.Move(ctx, id, 0, "PASS", games.Cause{})
	if err != nil {
		t.Fatal(err)
	}
	if v := p.Game.State.View(rules.Observer).(*altiplano.View).Table; v.Phase != "plan" || v.Round != 2 {
		t.Fatalf("after both passed: phase %q of round %d, want planning in round 2", v.Phase, v.Round)
	}
	evs, err := svc.History(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	var queued []string
	for _, e := range evs {
		if e.Type == events.TypeMovesQueued {
			queued = append(queued, string(e.Payload))
		}
	}
	if len(queued) != 1 {
		t.Errorf("lists recorded %q, want Bea's alone: a list used up was dropped again", queued)
	}
}

// altiplanoOfTwo is a service whose clock moves a minute a reading, and
// an Altiplano of Ana and Bea made on it.
func altiplanoOfTwo(t *testing.T) (*games.Service, string) {
	t.Helper()
	clock := time.Date(2026, 11, 30, 12, 0, 0, 0, time.UTC)
	svc := &games.Service{
		Store:   storetest.MustOpen(t),
		Catalog: rules.NewCatalog(altiplano.Game),
		Now:     func() time.Time { clock = clock.Add(time.Minute); return clock },
	}
	id, err := svc.Create(context.Background(), games.NewGame{Game: "altiplano", Host: "ana@example.org",
		Players: []events.Player{{Name: "Ana", Address: "ana@example.org"}, {Name: "Bea", Address: "bea@example.net"}}})
	if err != nil {
		t.Fatal(err)
	}
	return svc, id
}
