package organiser_test

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/pbem-games/pbem/campaigns"
	"github.com/pbem-games/pbem/campaigns/organiser"
	"github.com/pbem-games/pbem/events"
	"github.com/pbem-games/pbem/games"
	"github.com/pbem-games/pbem/games/gamestest"
	"github.com/pbem-games/pbem/rules"
)

// resignLater ends each game started: the seat whose entry comes later in
// the alphabet resigns.
func resignLater(t *testing.T, svc *games.Service, started []campaigns.GameStarted) {
	t.Helper()
	for _, g := range started {
		loser := 0
		if g.Seats[1] > g.Seats[0] {
			loser = 1
		}
		if _, err := svc.Resign(context.Background(), g.Game, rules.Seat(loser), games.Cause{}); err != nil {
			t.Fatalf("resign in %s: %v", g.Game, err)
		}
	}
}

func newOrganiser(t *testing.T) (*games.Service, *organiser.Service) {
	svc := gamestest.NewService(t)
	return svc, &organiser.Service{Games: svc}
}

// TestSwissWithWithdrawal: a Swiss of five over three rounds, one entrant
// withdrawing after round 1; nobody meets twice, the withdrawn player is
// paired no more, and the seed is revealed with the last result.
func TestSwissWithWithdrawal(t *testing.T) {
	ctx := context.Background()
	svc, org := newOrganiser(t)
	seed := rules.SeedFromInt(3)
	id, err := org.Create(ctx, organiser.NewCampaign{Kind: campaigns.Swiss, Game: "atacama", Options: campaigns.Options{Rounds: 3},
		Players: []string{"ana", "bea", "cy", "dee", "eve"}, Organiser: "org", Seed: &seed})
	if err != nil {
		t.Fatal(err)
	}
	met := map[string]bool{}
	for round := 1; round <= 3; round++ {
		started, err := org.Pair(ctx, id)
		if err != nil {
			t.Fatalf("round %d: %v", round, err)
		}
		for _, g := range started {
			k := strings.Join(slices.Sorted(slices.Values(g.Seats)), "-")
			if met[k] {
				t.Errorf("round %d pairs %s again", round, k)
			}
			met[k] = true
			if round > 1 && slices.Contains(g.Seats, "eve") {
				t.Errorf("round %d pairs eve, who withdrew", round)
			}
		}
		resignLater(t, svc, started)
		if _, err := org.RecordEnded(ctx, id); err != nil {
			t.Fatal(err)
		}
		if round == 1 {
			if err := org.Withdraw(ctx, id, "eve", "moved abroad", ""); err != nil {
				t.Fatal(err)
			}
		}
	}
	c, _, _, err := org.Load(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	if !c.Over() || c.Seed == nil {
		t.Fatalf("after three rounds: over %v, seed revealed %v", c.Over(), c.Seed != nil)
	}
	// Ana wins every game she plays, and a bye is worth a win.
	for _, st := range c.Standings() {
		if st.Points > campaigns.Points(3) {
			t.Errorf("standing %+v; want nobody above 3 points in 3 rounds", st)
		}
		if st.Player == "ana" && (st.Points != campaigns.Points(3) || st.Rank > 2) {
			t.Errorf("ana's standing %+v, want 3 points, at the top or tied there", st)
		}
	}
	if _, err := org.Pair(ctx, id); !errors.Is(err, organiser.ErrRefused) || !strings.Contains(err.Error(), "over") {
		t.Errorf("Pair after the end = %v, want a refusal saying it is over", err)
	}
}

// TestKnockoutAndLadder through the service: a knockout of four to its
// champion, and a ladder's challenge moving places.
func TestKnockoutAndLadder(t *testing.T) {
	ctx := context.Background()
	svc, org := newOrganiser(t)
	ko, err := org.Create(ctx, organiser.NewCampaign{Kind: campaigns.Knockout, Game: "atacama", Players: []string{"dee", "cy", "bea", "ana"}, Organiser: "org"})
	if err != nil {
		t.Fatal(err)
	}
	// Pair records round 1's results before it pairs round 2.
	for range 2 {
		started, err := org.Pair(ctx, ko)
		if err != nil {
			t.Fatal(err)
		}
		resignLater(t, svc, started)
	}
	if _, err := org.RecordEnded(ctx, ko); err != nil {
		t.Fatal(err)
	}
	c, _, _, _ := org.Load(ctx, ko)
	if st := c.Standings(); !c.Over() || st[0].Player != "ana" || st[0].Rank != 1 {
		t.Errorf("knockout: over %v, first %+v; want over with ana champion", c.Over(), st[0])
	}

	ld, err := org.Create(ctx, organiser.NewCampaign{Kind: campaigns.Ladder, Game: "atacama", Players: []string{"bea", "cy", "ana"}, Organiser: "org"})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := org.Pair(ctx, ld); !errors.Is(err, organiser.ErrRefused) || !strings.Contains(err.Error(), "challenge") {
		t.Errorf("Pair on a ladder = %v, want a refusal pointing to challenges", err)
	}
	started, err := org.Challenge(ctx, ld, "ana", "bea")
	if err != nil || len(started) != 1 {
		t.Fatalf("Challenge = %v, %v", started, err)
	}
	if err := org.Enter(ctx, ld, "dee", ""); err != nil {
		t.Errorf("a ladder refused an entry: %v", err)
	}
	resignLater(t, svc, started)
	if _, err := org.Record(ctx, ld, started[0].Game); err != nil {
		t.Fatal(err)
	}
	c, _, _, _ = org.Load(ctx, ld)
	if want := []string{"ana", "bea", "cy", "dee"}; !slices.Equal(c.Ladder, want) {
		t.Errorf("ladder after ana beat bea = %v, want %v", c.Ladder, want)
	}
	if err := org.Decide(ctx, ld, campaigns.Decided{Decision: campaigns.Closed, Reason: "season over"}, ""); err != nil {
		t.Fatal(err)
	}
	if c, _, _, _ = org.Load(ctx, ld); !c.Over() || c.Seed == nil {
		t.Errorf("closed ladder: over %v, seed revealed %v", c.Over(), c.Seed != nil)
	}
}

// TestPairResumesUnstartedTables: a round recorded whose games were not
// (the process stopped between the two) is started by the next Pair,
// each table once, rather than a new round paired over it.
func TestPairResumesUnstartedTables(t *testing.T) {
	ctx := context.Background()
	svc, org := newOrganiser(t)
	id, err := org.Create(ctx, organiser.NewCampaign{Kind: campaigns.RoundRobin, Game: "atacama", Players: four, Organiser: "org"})
	if err != nil {
		t.Fatal(err)
	}
	c, _, head, err := org.Load(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	seed, err := org.Seed(ctx, c)
	if err != nil {
		t.Fatal(err)
	}
	round, err := c.Pair(seed)
	if err != nil {
		t.Fatal(err)
	}
	ev, err := events.New(round.Type(), events.SystemActor, svc.Time(), round)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := svc.Store.Campaigns().Append(ctx, id, head, []events.Event{ev}); err != nil {
		t.Fatal(err)
	}
	started, err := org.Pair(ctx, id)
	if err != nil || len(started) != 2 || started[0].Round != 1 {
		t.Fatalf("Pair after an interrupted pairing = %v, %v; want round 1's two games", started, err)
	}
	again, err := org.Pair(ctx, id)
	if !errors.Is(err, organiser.ErrRefused) || len(again) != 0 {
		t.Errorf("Pair once more = %v, %v; want a refusal, nothing started", again, err)
	}
	if c, _, _, _ = org.Load(ctx, id); len(c.Rounds) != 1 || len(c.Games) != 2 {
		t.Errorf("after it: %d rounds, %d games; want 1, 2", len(c.Rounds), len(c.Games))
	}
}

// TestRecordChecksTheGame: a game of another campaign is not recorded.
func TestRecordChecksTheGame(t *testing.T) {
	ctx := context.Background()
	svc, org := newOrganiser(t)
	id, err := org.Create(ctx, organiser.NewCampaign{Kind: campaigns.RoundRobin, Game: "atacama", Players: four[:2], Organiser: "org"})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := org.Pair(ctx, id); err != nil {
		t.Fatal(err)
	}
	plain := gamestest.Create(t, svc)
	if _, err := org.Record(ctx, id, plain); !errors.Is(err, organiser.ErrRefused) {
		t.Errorf("Record of a game of no campaign = %v, want ErrRefused", err)
	}
	if _, err := org.Record(ctx, "cnothere", plain); !errors.Is(err, organiser.ErrUnknown) {
		t.Errorf("Record in an unknown campaign = %v, want ErrUnknown", err)
	}
}

// TestLeagueSeasons: a league of four in divisions of two over two
// seasons through the service: each Pair starts the season due, and the
// loser of division 1 changes places with the winner of division 2.
func TestLeagueSeasons(t *testing.T) {
	ctx := context.Background()
	svc, org := newOrganiser(t)
	id, err := org.Create(ctx, organiser.NewCampaign{Kind: campaigns.League, Game: "atacama", Players: []string{"bea", "dee", "ana", "cy"},
		Options: campaigns.Options{Division: 2, Seasons: 2}, Organiser: "org"})
	if err != nil {
		t.Fatal(err)
	}
	for season := 1; season <= 2; season++ {
		started, err := org.Pair(ctx, id)
		if err != nil || len(started) != 2 {
			t.Fatalf("season %d: Pair = %v, %v", season, started, err)
		}
		resignLater(t, svc, started)
		if _, err := org.RecordEnded(ctx, id); err != nil {
			t.Fatal(err)
		}
	}
	c, _, _, err := org.Load(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	want := [][]string{{"bea", "ana"}, {"dee", "cy"}}
	if len(c.Seasons) != 2 || !slices.EqualFunc(c.Seasons[1].Divisions, want, slices.Equal) {
		t.Errorf("seasons %+v, want season 2's divisions %v", c.Seasons, want)
	}
	if !c.Over() || c.Seed == nil {
		t.Errorf("after two seasons: over %v, seed revealed %v", c.Over(), c.Seed != nil)
	}
	b, err := org.Export(ctx, id, nil, false)
	if err != nil {
		t.Fatal(err)
	}
	if rep, err := org.Verify(ctx, bytesLines(b), nil); err != nil || !rep.Pairings || rep.Results != 4 {
		t.Errorf("Verify = %+v, %v; want the seasons and pairings checked and 4 results", rep, err)
	}
}

// TestPairPassesEmptyRounds: a round robin's round that those who
// withdrew left without a table is recorded and passed by the same Pair.
func TestPairPassesEmptyRounds(t *testing.T) {
	ctx := context.Background()
	svc, org := newOrganiser(t)
	id, err := org.Create(ctx, organiser.NewCampaign{Kind: campaigns.RoundRobin, Game: "atacama", Players: four, Organiser: "org"})
	if err != nil {
		t.Fatal(err)
	}
	r1, err := org.Pair(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	resignLater(t, svc, r1)
	if _, err := org.RecordEnded(ctx, id); err != nil {
		t.Fatal(err)
	}
	for _, g := range r1 {
		if err := org.Withdraw(ctx, id, g.Seats[0], "", ""); err != nil {
			t.Fatal(err)
		}
	}
	games := 0
	for try := 0; try < 3; try++ {
		started, err := org.Pair(ctx, id)
		if errors.Is(err, organiser.ErrRefused) {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		games += len(started)
		resignLater(t, svc, started)
		if _, err := org.RecordEnded(ctx, id); err != nil {
			t.Fatal(err)
		}
	}
	c, _, _, _ := org.Load(ctx, id)
	if games != 1 || len(c.Rounds) != 3 || !c.Over() {
		t.Errorf("after the withdrawals: %d games started, %d rounds, over %v; want 1, 3, over", games, len(c.Rounds), c.Over())
	}
}

// TestDeadline: every game of a campaign with a deadline has it as its
// time per move, set once; a deadline that is none is refused.
func TestDeadline(t *testing.T) {
	ctx := context.Background()
	svc, org := newOrganiser(t)
	if _, err := org.Create(ctx, organiser.NewCampaign{Kind: campaigns.Swiss, Game: "atacama", Players: four, Organiser: "org",
		Options: campaigns.Options{Deadline: "soon"}}); !errors.Is(err, organiser.ErrRefused) {
		t.Errorf("Create with deadline soon = %v, want ErrRefused", err)
	}
	id, err := org.Create(ctx, organiser.NewCampaign{Kind: campaigns.Swiss, Game: "atacama", Players: four, Organiser: "org",
		Options: campaigns.Options{Deadline: "72h"}})
	if err != nil {
		t.Fatal(err)
	}
	started, err := org.Pair(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	for _, gs := range started {
		g, _, err := svc.Load(ctx, gs.Game)
		if err != nil {
			t.Fatal(err)
		}
		if g.Settings.PerMove != "72h" || g.Seq != 2 {
			t.Errorf("game %s: time per move %q after %d events, want 72h set by one event after GameCreated", gs.Game, g.Settings.PerMove, g.Seq)
		}
	}
}

// TestPairAtOnce: two organisers pairing the same campaign at the same
// moment make one round, each of its tables one game.
func TestPairAtOnce(t *testing.T) {
	ctx := context.Background()
	svc, org := newOrganiser(t)
	id, err := org.Create(ctx, organiser.NewCampaign{Kind: campaigns.RoundRobin, Game: "atacama", Players: four, Organiser: "org"})
	if err != nil {
		t.Fatal(err)
	}
	other := &organiser.Service{Games: &games.Service{Store: svc.Store, Catalog: svc.Catalog, Now: svc.Now}}
	errs := make(chan error, 2)
	for _, o := range []*organiser.Service{org, other} {
		go func() {
			_, err := o.Pair(ctx, id)
			errs <- err
		}()
	}
	for range 2 {
		if err := <-errs; err != nil && !errors.Is(err, organiser.ErrRefused) {
			t.Errorf("Pair at once: %v", err)
		}
	}
	c, _, _, err := org.Load(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	if len(c.Rounds) != 1 || len(c.Games) != 2 || len(c.Unstarted()) != 0 {
		t.Errorf("after two Pairs at once: %d rounds, %d games, %d tables unstarted; want 1, 2, 0", len(c.Rounds), len(c.Games), len(c.Unstarted()))
	}
	subjects, err := svc.Store.Counts(ctx, "pbem.game.>")
	if err != nil {
		t.Fatal(err)
	}
	if len(subjects) != 2 {
		t.Errorf("%d games in the store, want 2", len(subjects))
	}
}

// TestDecideWhileRecording: the organiser's decision at the console
// (pbem campaign decide) while pbem serve's recorder records a result
// of the same campaign, again and again at the same moment: every
// decision and the result are recorded once each, none lost to the
// other's write.
func TestDecideWhileRecording(t *testing.T) {
	ctx := context.Background()
	svc, org := newOrganiser(t)
	id, err := org.Create(ctx, organiser.NewCampaign{Kind: campaigns.RoundRobin, Game: "atacama", Players: four, Organiser: "org"})
	if err != nil {
		t.Fatal(err)
	}
	round, err := org.Pair(ctx, id)
	if err != nil || len(round) != 2 {
		t.Fatalf("pair round 1 = %v, %v", round, err)
	}
	playToEnd(t, svc, round[0].Game)
	recorder := &organiser.Service{Games: &games.Service{Store: svc.Store, Catalog: svc.Catalog, Now: svc.Now}}
	const decisions = 6
	errs := make(chan error, decisions+1)
	go func() {
		for range decisions {
			if _, err := recorder.RecordEnded(ctx, id); err != nil {
				errs <- fmt.Errorf("record: %w", err)
				return
			}
		}
		errs <- nil
	}()
	for i := range decisions {
		go func() {
			d := campaigns.Decided{Decision: campaigns.Extended, Span: "1d", Reason: fmt.Sprintf("extension %d", i)}
			errs <- org.Decide(ctx, id, d, fmt.Sprintf("console %d", i))
		}()
	}
	for range decisions + 1 {
		if err := <-errs; err != nil {
			t.Error(err)
		}
	}
	c, _, _, err := org.Load(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	results := 0
	for _, g := range c.Games {
		if g.Result != nil {
			results++
		}
	}
	if len(c.Decisions) != decisions || results != 1 {
		t.Errorf("after %d decisions while the recorder ran: %d decisions, %d results recorded; want %d and 1", decisions, len(c.Decisions), results, decisions)
	}
}
