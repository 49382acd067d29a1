package endtoend_test

import (
	"context"
	"flag"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/pbem-games/pbem/events"
	"github.com/pbem-games/pbem/events/storetest"
	"github.com/pbem-games/pbem/games"
	"github.com/pbem-games/pbem/games/letters"
	"github.com/pbem-games/pbem/mail/mailtest"
	"github.com/pbem-games/pbem/projections"
	"github.com/pbem-games/pbem/rules"
	"github.com/pbem-games/pbem/rules/altiplano"
	"github.com/pbem-games/pbem/rules/archipelago"
	"github.com/pbem-games/pbem/rules/atacama"
)

var mailGames = flag.Int("mailgames", 1, "TestMailsPerGame: the games played of each game and player count (1 in make test, a check; docs/commands.md's figures are of 5)")

// pace is what a game costs its players by mail: the mails each gets, and
// the days it lasts when every player answers once a day.
type pace struct {
	games int
	mails float64 // mails per player per game
	sent  float64 // mails each player writes per game
	days  float64 // days per game at one reply a day
}

// TestMailsPerGame plays whole games between random players through the
// command side and counts the mails the notice policy sends each player,
// with the policy as it stands (the default) and with every player asking
// for a mail per move (DIGEST OFF); -v prints the table that
// docs/rules/<game>.md quotes. Each day every player to move answers the
// mail that asks them, with the moves they make before another must act;
// a move that falls to a player during the day waits for the next. In
// games that take programmed lists it plays them again with players who
// write the rest of their stretch (Staged) in that mail, as lists that
// always hold: their later turns of it are played as they come, with no
// mail of theirs.
func TestMailsPerGame(t *testing.T) {
	t.Parallel() // one of the package's longest: beside the others, not after them
	n := max(*mailGames, 1)
	cases := []struct {
		game  rules.Game
		seats []int
	}{
		{atacama.Game, []int{2, 3, 4}},
		{altiplano.Game, []int{2, 3, 4, 5}},
		{archipelago.Game, []int{2, 3, 4, 5}},
	}
	var table []string
	for _, c := range cases {
		for _, seats := range c.seats {
			name := fmt.Sprintf("%s/%d", c.game.Info().Name, seats)
			t.Run(name, func(t *testing.T) {
				def, perMove := measurePace(t, c.game, seats, n, false, false), measurePace(t, c.game, seats, n, true, false)
				lists := "– | – | –"
				if c.game.Info().Programmed {
					l := measurePace(t, c.game, seats, n, false, true)
					lists = fmt.Sprintf("%.0f | %.0f | %.0f", l.mails, l.sent, l.days)
					if l.sent > def.sent || l.days > def.days {
						t.Errorf("%s for %d players: with lists each player writes %.0f mails in %.0f days, more than the %.0f in %.0f without",
							c.game.Info().Title, seats, l.sent, l.days, def.sent, def.days)
					}
				}
				table = append(table, fmt.Sprintf("| %s | %d | %.0f | %.0f | %.0f | %.0f | %.0f | %s |", c.game.Info().Title, seats,
					perMove.mails, def.mails, def.sent, perMove.days, def.days, lists))
				if c.game == archipelago.Game && seats >= 4 && def.mails > perMove.mails/2 {
					t.Errorf("%s for %d players: %.0f mails per player per game, want at most half of the %.0f of a mail per move",
						c.game.Info().Title, seats, def.mails, perMove.mails)
				}
			})
		}
	}
	t.Logf("%d games each\n| game | players | mails per player, a mail per move | mails per player, default | mails each player writes | days, a mail per move | days, default | mails per player, lists | mails each player writes, lists | days, lists |\n|---|---|---|---|---|---|---|---|---|---|\n%s",
		n, strings.Join(table, "\n"))
}

// measurePace plays n games of game between seats random players, each
// asking for a mail per move when perMove says so and writing lists when
// lists does, and returns the mean.
func measurePace(t *testing.T, game rules.Game, seats, n int, perMove, lists bool) pace {
	t.Helper()
	ctx := context.Background()
	now := time.Date(2026, 12, 1, 9, 0, 0, 0, time.UTC)
	svc := letters.New(&games.Service{Store: storetest.MustOpen(t), Catalog: rules.NewCatalog(game),
		Now: func() time.Time { now = now.Add(time.Second); return now }}, offered())
	var sum pace
	for i := range n {
		seed := rules.SeedFromInt(uint64(1000*seats + i))
		var players []events.Player
		for s := range seats {
			name := string(rune('a' + s))
			players = append(players, events.Player{Name: name, Address: name + "@example.org"})
		}
		id, err := svc.Create(ctx, games.NewGame{Game: game.Info().Name, Host: "a@example.org", Seed: &seed, Players: players})
		if err != nil {
			t.Fatal(err)
		}
		if perMove {
			for s := range seats {
				if _, err := svc.SetDigest(ctx, id, rules.Seat(s), false, games.Cause{}); err != nil {
					t.Fatal(err)
				}
			}
		}
		days, sent := playByDays(t, svc, id, rand.New(rand.NewPCG(uint64(seats), uint64(i))), lists)
		ns, err := mailtest.CatchUpNotices(ctx, svc.Store, "count"+id, svc.Notices)
		if err != nil {
			t.Fatal(err)
		}
		mails := 0
		for _, nt := range ns {
			if nt.Game == id && nt.Seat >= 0 {
				mails++
			}
		}
		if perMove {
			mails -= seats // the confirmations of DIGEST OFF
		}
		sum.games++
		sum.mails += float64(mails) / float64(seats)
		sum.sent += float64(sent) / float64(seats)
		sum.days += float64(days)
	}
	sum.mails /= float64(sum.games)
	sum.sent /= float64(sum.games)
	sum.days /= float64(sum.games)
	return sum
}

// playByDays plays game id to its end: each day, every seat to move at the
// start of the day that still is when its turn comes writes one mail, with
// random legal moves for as long as it stays to move (at most
// maxMailLines). With lists, a seat that has mailed in the stretch of
// play under way (rules.Staged) plays its later turns of it as they come,
// as its list would. It returns the days and the mails written.
func playByDays(t *testing.T, svc *letters.Service, id string, rnd *rand.Rand, lists bool) (days, sent int) {
	t.Helper()
	ctx := context.Background()
	load := func() *projections.Game {
		g, _, err := svc.Load(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		return g
	}
	// mail plays seat's moves for as long as it stays to move, as one
	// mail of at most maxMailLines moves or, from a list, as pbem plays it.
	mail := func(seat rules.Seat) {
		g := load()
		for line := 1; g.Ended == nil && games.IsToAct(g.State, int(seat)); line++ {
			legal := g.State.Legal(seat)
			mv := legal[rnd.IntN(len(legal))]
			next, err := g.State.Apply(seat, mv)
			more := err == nil && line < maxMailLines && games.IsToAct(next, int(seat))
			p, err := svc.Move(ctx, id, seat, mv.String(), games.Cause{More: more})
			if err != nil {
				t.Fatalf("day %d: seat %d plays %s: %v", days, seat, mv, err)
			}
			if g = p.Game; !more {
				break
			}
		}
	}
	mailed := map[rules.Seat]string{} // the stretch each seat's last mail wrote its list for
	for days = 0; days < 5000; days++ {
		g := load()
		if g.Ended != nil {
			return days, sent
		}
		for _, seat := range g.State.ToAct() {
			if g = load(); g.Ended != nil || !games.IsToAct(g.State, int(seat)) {
				continue
			}
			sent++
			mailed[seat] = stageOf(g.State)
			mail(seat)
			for lists {
				// The later turns that the lists mailed so far hold, as they
				// come while the others answer their mails of the day.
				g = load()
				i := slices.IndexFunc(g.State.ToAct(), func(s rules.Seat) bool {
					stage, ok := mailed[s]
					return ok && stage == stageOf(g.State)
				})
				if g.Ended != nil || i < 0 {
					break
				}
				mail(g.State.ToAct()[i])
			}
		}
	}
	t.Fatalf("game %s has not ended after %d days", id, days)
	return days, sent
}

// stageOf names the stretch of play a list written in st is for.
func stageOf(st rules.State) string {
	if s, ok := st.(rules.Staged); ok {
		return s.Stage()
	}
	return ""
}

// maxMailLines is the most moves a player of TestMailsPerGame writes in one mail.
const maxMailLines = 40
