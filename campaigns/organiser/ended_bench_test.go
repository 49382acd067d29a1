package organiser_test

import (
	"context"
	"testing"

	"github.com/pbem-games/pbem/campaigns"
	"github.com/pbem-games/pbem/campaigns/organiser"
	"github.com/pbem-games/pbem/games"
	"github.com/pbem-games/pbem/games/gamestest"
)

// BenchmarkEnded is what pbem serve's campaigns part does at each
// GameEnded of a campaign's game: load the game, load the campaign,
// record the result, and (auto-pair) pair and start the next round. Each
// iteration is a Swiss of 16 at one of its round 1's games: Record, the
// first to end; RecordAndPair, the last, the other seven recorded before.
func BenchmarkEnded(b *testing.B) {
	b.Run("Record", func(b *testing.B) { benchmarkEnded(b, false) })
	b.Run("RecordAndPair", func(b *testing.B) { benchmarkEnded(b, true) })
}

func benchmarkEnded(b *testing.B, last bool) {
	ctx := context.Background()
	svc := gamestest.NewService(b)
	org := &organiser.Service{Games: svc}
	players := []string{"a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k", "l", "m", "n", "o", "p"}
	for b.Loop() {
		b.StopTimer()
		id, err := org.Create(ctx, organiser.NewCampaign{Kind: campaigns.Swiss, Game: "atacama", Players: players, Organiser: "org",
			Options: campaigns.Options{AutoPair: true}})
		if err != nil {
			b.Fatal(err)
		}
		started, err := org.Pair(ctx, id)
		if err != nil {
			b.Fatal(err)
		}
		for i, g := range started {
			if _, err := svc.Resign(ctx, g.Game, 1, games.Cause{}); err != nil {
				b.Fatal(err)
			}
			if last && i < len(started)-1 {
				if _, err := org.Record(ctx, id, g.Game); err != nil {
					b.Fatal(err)
				}
			}
		}
		game, want := started[0].Game, 0
		if last {
			game, want = started[len(started)-1].Game, 8
		}
		b.StartTimer()
		out, err := org.Ended(ctx, game)
		if err != nil || len(out.Started) != want || out.Result.Game != game {
			b.Fatalf("Ended = %+v, %v; want its result, %d games of round 2 started", out, err, want)
		}
	}
}
