package web_test

import (
	"context"
	"math/rand/v2"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/pbem-games/pbem/catalog"
	"github.com/pbem-games/pbem/catalog/all"
	"github.com/pbem-games/pbem/games/letters"
	"github.com/pbem-games/pbem/games/notice"

	"github.com/pbem-games/pbem/events"
	"github.com/pbem-games/pbem/events/storetest"
	"github.com/pbem-games/pbem/games"
	"github.com/pbem-games/pbem/mail"
	"github.com/pbem-games/pbem/projections"
	"github.com/pbem-games/pbem/rules"
	"github.com/pbem-games/pbem/web"
)

// table is one game of the fixture.
type table struct {
	name     string
	rules    string
	variants []string
	seats    int
	moves    int // how many moves are played; past the end, the game is played out
}

// tables are the fixture's games: each game's hidden information, and an
// Atacama game played to its end.
var tables = []table{
	{"atacama", "atacama", []string{"enhanced"}, 2, 12},
	{"altiplano", "altiplano", []string{"missions"}, 3, 40},
	{"archipelago", "archipelago", nil, 3, 40},
	{"atacama-over", "atacama", nil, 2, 1000},
}

var playerNames = []string{"Ana", "Bea", "Cai", "Dov"}

// observer follows every game of the fixture.
const observer = "eve@example.net"

// fixture is a store of played games, their pages served over loopback.
type fixture struct {
	svc    *games.Service
	games  *catalog.Catalog // every game pbem offers
	tokens mail.Tokens
	key    events.SigningKey
	prefs  *mail.Prefs // each address's language and zone, none set but a test's
	url    string      // of the pages' server
	ids    map[string]string
}

func newFixture(t testing.TB) *fixture {
	t.Helper()
	offered, err := all.Catalog()
	if err != nil {
		t.Fatal(err)
	}
	return newFixtureOf(t, offered)
}

// newFixtureOf is newFixture with the games and languages of offered.
func newFixtureOf(t testing.TB, offered *catalog.Catalog) *fixture {
	t.Helper()
	ctx := context.Background()
	clock := time.Date(2026, 11, 30, 12, 0, 0, 0, time.UTC)
	var err error
	f := &fixture{
		games: offered,
		svc: &games.Service{Store: storetest.MustOpen(t), Catalog: offered.Rules(),
			Now:     func() time.Time { clock = clock.Add(time.Minute); return clock },
			Entropy: rand.NewChaCha8([32]byte{7})}, // the same game ids each run, and so the same screenshots
		tokens: mail.Tokens{Secret: []byte("a secret of the tests, 32 bytes.")},
		ids:    map[string]string{},
	}
	if f.key, err = events.NewSigningKey(make([]byte, 32)); err != nil {
		t.Fatal(err)
	}
	for i, tb := range tables {
		req := games.NewGame{Game: tb.rules, Variants: tb.variants, Host: "ana@example.org", Seed: ptr(rules.SeedFromInt(uint64(i + 1)))}
		for s := range tb.seats {
			req.Players = append(req.Players, events.Player{Name: playerNames[s], Address: playerNames[s] + "@example.org"})
		}
		id, err := f.svc.Create(ctx, req)
		if err != nil {
			t.Fatalf("create %s: %v", tb.name, err)
		}
		if _, err := f.svc.SetSettings(ctx, id, 0, events.Settings{PerMove: "48h"}, games.Cause{}); err != nil {
			t.Fatalf("%s: settings: %v", tb.name, err)
		}
		if _, err := f.svc.Watch(ctx, id, 0, observer, true, games.Cause{}); err != nil {
			t.Fatalf("%s: watch: %v", tb.name, err)
		}
		play(t, f.svc, id, tb.moves, uint64(i))
		f.ids[tb.name] = id
	}
	if f.prefs, err = mail.OpenPrefs(ctx, f.svc.Store); err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer((&web.Pages{Service: f.svc, Games: f.games, Tokens: f.tokens, Key: &f.key, Describe: letters.New(f.svc, f.games).DescribeEachFor,
		LeftOut: notice.LeftOut, Prefs: f.prefs}).Handler())
	t.Cleanup(srv.Close)
	f.url = srv.URL
	return f
}

func ptr[T any](v T) *T { return &v }

// play plays up to n moves of game id, each a legal move of a seat to act
// drawn from seed.
func play(t testing.TB, svc *games.Service, id string, n int, seed uint64) {
	t.Helper()
	ctx := context.Background()
	r := rand.New(rand.NewPCG(seed, 17))
	for range n {
		g, _, err := svc.Load(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		toAct := g.State.ToAct()
		if g.Ended != nil || len(toAct) == 0 {
			return
		}
		s := toAct[r.IntN(len(toAct))]
		legal := g.State.Legal(s)
		m := legal[r.IntN(len(legal))]
		if _, err := svc.Move(ctx, id, s, m.String(), games.Cause{}); err != nil {
			t.Fatalf("%s: seat %d plays %s: %v", id, s, m, err)
		}
	}
}

// game is the fixture's game name folded through its first n events (all
// when n is 0), and the number of its events.
func (f *fixture) game(t testing.TB, name string, n int) (*projections.Game, int) {
	t.Helper()
	g, evs, _, err := f.svc.LoadAt(context.Background(), f.ids[name], n)
	if err != nil {
		t.Fatal(err)
	}
	return g, len(evs)
}

// link is the address of the page of game name for seat.
func (f *fixture) link(t testing.TB, name string, seat rules.Seat) string {
	t.Helper()
	g, _ := f.game(t, name, 0)
	return f.url + web.Link("", f.tokens, g, seat, 0)
}
