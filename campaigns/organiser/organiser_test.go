package organiser_test

import (
	"bytes"
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/pbem-games/pbem/campaigns"
	"github.com/pbem-games/pbem/campaigns/organiser"
	"github.com/pbem-games/pbem/events"
	"github.com/pbem-games/pbem/games"
	"github.com/pbem-games/pbem/games/gamestest"
	"github.com/pbem-games/pbem/rules"
)

var four = []string{"ana@example.org", "bea@example.net", "cy@example.com", "dee@example.org"}

// playToEnd plays the first legal move of whoever acts until game ends.
func playToEnd(t *testing.T, svc *games.Service, id string) {
	t.Helper()
	ctx := context.Background()
	for n := 0; ; n++ {
		g, _, err := svc.Load(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		if g.Ended != nil {
			return
		}
		if n > 500 {
			t.Fatalf("game %s did not end after 500 moves", id)
		}
		seat := g.State.ToAct()[0]
		legal := g.State.Legal(seat)
		if _, err := svc.Move(ctx, id, seat, legal[n%len(legal)].String(), games.Cause{}); err != nil {
			t.Fatalf("move in %s: %v", id, err)
		}
	}
}

func TestRoundRobinThroughTheService(t *testing.T) {
	ctx := context.Background()
	svc := gamestest.NewService(t)
	org := &organiser.Service{Games: svc}
	seed := rules.SeedFromInt(5)
	id, err := org.Create(ctx, organiser.NewCampaign{Kind: campaigns.RoundRobin, Game: "atacama", Players: four, Organiser: "org@example.org", Seed: &seed})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(id, organiser.IDPrefix) || len(id) != 7 {
		t.Errorf("campaign id %q, want c and six letters", id)
	}
	points := map[string]campaigns.Score{}
	for round := 1; round <= 3; round++ {
		started, err := org.Pair(ctx, id)
		if err != nil {
			t.Fatalf("Pair round %d: %v", round, err)
		}
		if len(started) != 2 {
			t.Fatalf("round %d started %d games, want 2", round, len(started))
		}
		if _, err := org.Pair(ctx, id); !errors.Is(err, organiser.ErrRefused) || !strings.Contains(err.Error(), "still being played") {
			t.Errorf("Pair while round %d runs = %v, want a refusal saying the games are still being played", round, err)
		}
		if _, err := org.Record(ctx, id, started[0].Game); !errors.Is(err, organiser.ErrRefused) {
			t.Errorf("Record of a running game = %v, want ErrRefused", err)
		}
		for _, gs := range started {
			g, _, err := svc.Load(ctx, gs.Game)
			if err != nil {
				t.Fatal(err)
			}
			if gc := g.Created; gc.Campaign != id || gc.Round != round || gc.Table != gs.Table {
				t.Errorf("game %s's GameCreated names campaign %q round %d table %d, want %s %d %d", gs.Game, gc.Campaign, gc.Round, gc.Table, id, round, gs.Table)
			}
			playToEnd(t, svc, gs.Game)
			g, _, _ = svc.Load(ctx, gs.Game)
			for s, v := range campaigns.TablePoints(g.Places(), nil) {
				points[gs.Seats[s]] += v
			}
		}
		recorded, err := org.RecordEnded(ctx, id)
		if err != nil || len(recorded) != 2 {
			t.Fatalf("RecordEnded = %d results, %v; want 2", len(recorded), err)
		}
		_, _, head, _ := org.Load(ctx, id)
		again, err := org.Record(ctx, id, started[1].Game)
		_, _, head2, _ := org.Load(ctx, id)
		if err != nil || head2 != head || again.Game != started[1].Game {
			t.Errorf("Record again = %v, %v; head %v then %v; want the same result and nothing appended", again, err, head, head2)
		}
	}
	c, _, _, err := org.Load(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	if !c.Over() || c.Seed == nil || *c.Seed != seed || len(c.Games) != 6 {
		t.Fatalf("after three rounds: over %v, seed revealed %v, %d games; want over, revealed, 6", c.Over(), c.Seed != nil, len(c.Games))
	}
	// Revealed, the secret has served and is erased; the seed is read from
	// the history since.
	if _, err := svc.Store.Last(ctx, events.SecretSubject+id); !errors.Is(err, events.ErrNotFound) {
		t.Errorf("the campaign's secret after its end = %v, want erased", err)
	}
	if got, err := org.Seed(ctx, c); err != nil || got != seed {
		t.Errorf("Seed after the end = %v, %v; want the revealed %v", got, err, seed)
	}
	for _, st := range c.Standings() {
		if st.Points != points[st.Player] {
			t.Errorf("%s has %v points, the games' places give %v", st.Player, st.Points, points[st.Player])
		}
	}

	key, err := events.NewSigningKey(bytes.Repeat([]byte{7}, 32))
	if err != nil {
		t.Fatal(err)
	}
	export, err := org.Export(ctx, id, &key, false)
	if err != nil {
		t.Fatal(err)
	}
	lines := bytes.Split(bytes.TrimRight(export, "\n"), []byte("\n"))
	rep, err := org.Verify(ctx, lines, nil)
	if err != nil || !rep.Pairings || rep.Results != 6 || !rep.Signer.Equal(key.Public()) {
		t.Fatalf("Verify = %+v, %v; want pairings checked, 6 results, signed by the key", rep, err)
	}

	// With every game's history, the export is checked by a service that
	// has none of the games in its store.
	bundle, err := org.Export(ctx, id, &key, true)
	if err != nil {
		t.Fatal(err)
	}
	elsewhere := &organiser.Service{Games: gamestest.NewService(t)}
	if rep, err := elsewhere.Verify(ctx, bytesLines(bundle), nil); err != nil || rep.Results != 6 || rep.FromFile != 6 {
		t.Errorf("Verify of the export with its games elsewhere = %+v, %v; want 6 results from the file", rep, err)
	}
	if _, err := elsewhere.Verify(ctx, lines, nil); !errors.Is(err, organiser.ErrForged) {
		t.Errorf("Verify elsewhere of the export without its games = %v, want ErrForged (the games are nowhere)", err)
	}
	// A game's history in the file with its final scores changed fails.
	changed := bytesLines(bundle)
	for i := len(changed) - 1; i >= 0; i-- {
		if bytes.Contains(changed[i], []byte(`"type":"GameEnded"`)) {
			changed[i] = bytes.Replace(changed[i], []byte(`"scores":[`), []byte(`"scores":[9`), 1)
			break
		}
	}
	if _, err := elsewhere.Verify(ctx, changed, nil); err == nil {
		t.Error("Verify of an export whose last game's scores were changed succeeded")
	}

	// A result's places edited in place: its hash no longer holds.
	edited := forge(t, lines)
	if _, err := org.Verify(ctx, edited, nil); err == nil {
		t.Error("Verify of an export with a result's places edited succeeded")
	}
	// The same forgery sealed again into a chain of its own, unsigned:
	// the chain holds, the game's own history does not agree.
	resealed := reseal(t, edited[:len(edited)-1])
	if _, err := org.Verify(ctx, resealed, nil); !errors.Is(err, organiser.ErrForged) || !strings.Contains(err.Error(), "its own history says") {
		t.Errorf("Verify of a re-sealed forged result = %v, want ErrForged naming the game's own history", err)
	}
	// Signed with the old signature, it fails the signature.
	if _, err := org.Verify(ctx, append(resealed, lines[len(lines)-1]), nil); !errors.Is(err, events.ErrSignature) {
		t.Errorf("Verify of a re-sealed history under the old signature = %v, want ErrSignature", err)
	}
}

// forge swaps the places of the first recorded result in lines.
func forge(t *testing.T, lines [][]byte) [][]byte {
	t.Helper()
	out := make([][]byte, len(lines))
	done := false
	for i, l := range lines {
		out[i] = l
		if !done && bytes.Contains(l, []byte(`"type":"GameResultRecorded"`)) {
			for _, swap := range [][2]string{{`"places":[1,2]`, `"places":[2,1]`}, {`"places":[2,1]`, `"places":[1,2]`}, {`"places":[1,1]`, `"places":[1,2]`}} {
				if bytes.Contains(l, []byte(swap[0])) {
					out[i] = bytes.Replace(l, []byte(swap[0]), []byte(swap[1]), 1)
					done = true
					break
				}
			}
		}
	}
	if !done {
		t.Fatal("no result to forge")
	}
	return out
}

// reseal decodes lines without checking their hashes and seals them
// again into a chain.
func reseal(t *testing.T, lines [][]byte) [][]byte {
	t.Helper()
	var out [][]byte
	var prev string
	for i, l := range lines {
		var e events.Event
		if err := jsonUnmarshal(l, &e); err != nil {
			t.Fatal(err)
		}
		e = e.Seal(e.Game, uint64(i+1), prev)
		prev = e.Hash
		out = append(out, e.Encode())
	}
	return out
}

// TestRecordGames: one game named is recorded alone, refused while it
// runs; no game named records every game ended with no result yet, and
// again records none.
func TestRecordGames(t *testing.T) {
	ctx := context.Background()
	svc := gamestest.NewService(t)
	org := &organiser.Service{Games: svc}
	seed := rules.SeedFromInt(6)
	id, err := org.Create(ctx, organiser.NewCampaign{Kind: campaigns.RoundRobin, Game: "atacama", Players: four, Organiser: "org@example.org", Seed: &seed})
	if err != nil {
		t.Fatal(err)
	}
	started, err := org.Pair(ctx, id)
	if err != nil || len(started) != 2 {
		t.Fatalf("Pair = %d games, %v; want 2", len(started), err)
	}
	if got, err := org.RecordGames(ctx, id, started[0].Game); !errors.Is(err, organiser.ErrRefused) || got != nil {
		t.Errorf("RecordGames of a running game = %v, %v; want ErrRefused", got, err)
	}
	playToEnd(t, svc, started[0].Game)
	playToEnd(t, svc, started[1].Game)
	if got, err := org.RecordGames(ctx, id, started[1].Game); err != nil || len(got) != 1 || got[0].Game != started[1].Game {
		t.Fatalf("RecordGames(%s) = %+v, %v; want its result alone", started[1].Game, got, err)
	}
	if got, err := org.RecordGames(ctx, id, ""); err != nil || len(got) != 1 || got[0].Game != started[0].Game {
		t.Errorf("RecordGames of the ended = %+v, %v; want the other game's result alone", got, err)
	}
	if got, err := org.RecordGames(ctx, id, ""); err != nil || len(got) != 0 {
		t.Errorf("RecordGames of the ended again = %+v, %v; want none", got, err)
	}
}
