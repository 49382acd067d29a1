package letters

import (
	"context"
	"testing"
	"time"

	"github.com/pbem-games/pbem/events"
	"github.com/pbem-games/pbem/events/storetest"
	"github.com/pbem-games/pbem/games"
	"github.com/pbem-games/pbem/games/notice"
	"github.com/pbem-games/pbem/mail"
	"github.com/pbem-games/pbem/rules"
)

// post is the mail side of a service on a store of its own, on a clock
// that goes a minute on at every reading, with the letterhead its mail is
// written with.
type post struct {
	t     *testing.T
	ctx   context.Context
	s     *Service
	lh    Letterhead
	clock time.Time
	last  uint64 // the stream sequence of the last event whose notices were read
}

func newPost(t *testing.T) *post {
	t.Helper()
	p := &post{t: t, ctx: context.Background(), clock: time.Date(2026, 11, 30, 12, 0, 0, 0, time.UTC)}
	cat := offered()
	svc := &games.Service{Store: storetest.MustOpen(t), Catalog: cat.Rules(), Domain: "pbem.test",
		Now: func() time.Time { p.clock = p.clock.Add(time.Minute); return p.clock }}
	p.s = New(svc, cat)
	p.lh = Letterhead{Service: "pbem games", Mailbox: "games@pbem.test", Tokens: mail.Tokens{Secret: []byte("secret")}}
	return p
}

// create starts a game of game between players (the first the host)
// and returns its id.
func (p *post) create(game string, seed int, ps ...events.Player) string {
	p.t.Helper()
	s := rules.SeedFromInt(uint64(seed))
	id, err := p.s.Create(p.ctx, games.NewGame{Game: game, Seed: &s, Host: ps[0].Address, Players: ps})
	if err != nil {
		p.t.Fatal(err)
	}
	return id
}

// createHosted starts a game of game between players, asked for by
// host, and returns its id.
func (p *post) createHosted(host, game string, seed int, ps ...events.Player) string {
	p.t.Helper()
	s := rules.SeedFromInt(uint64(seed))
	id, err := p.s.Create(p.ctx, games.NewGame{Game: game, Seed: &s, Host: host, Players: ps})
	if err != nil {
		p.t.Fatal(err)
	}
	return id
}

// notices are the notices of the events stored since they were last
// read, as the outbox derives them: Append by Append, in order. A
// Notices error fails the test at once, where the outbox would try the
// record again.
func (p *post) notices() []mail.Notice {
	p.t.Helper()
	ns, last, err := derive(p.ctx, p.s, p.last)
	if err != nil {
		p.t.Fatal(err)
	}
	p.last = last
	return ns
}

// derive is the notices s derives from the games' events stored after
// stream sequence after, and the last sequence read.
func derive(ctx context.Context, s *Service, after uint64) ([]mail.Notice, uint64, error) {
	var ns []mail.Notice
	last := after
	_, err := s.Store.ReadAll(ctx, events.GameSubject+">", func(r events.Record) error {
		if r.StreamSeq <= after {
			return nil
		}
		last = r.StreamSeq
		got, err := s.Notices(ctx, r)
		ns = append(ns, got...)
		return err
	})
	return ns, last, err
}

// render renders n with the post's letterhead.
func (p *post) render(n mail.Notice) mail.Outgoing {
	p.t.Helper()
	out, err := p.s.Render(p.ctx, p.lh, n)
	if err != nil {
		p.t.Fatalf("Render(%s) = %v", n.ID, err)
	}
	return out
}

// game is game id as it stands.
func (p *post) game(id string) *gameNow {
	p.t.Helper()
	g, _, err := p.s.Load(p.ctx, id)
	if err != nil {
		p.t.Fatal(err)
	}
	return &gameNow{p, g.ID, g.State}
}

type gameNow struct {
	p     *post
	id    string
	state rules.State
}

// play plays seat's first legal move.
func (g *gameNow) play(seat rules.Seat) {
	g.p.t.Helper()
	if _, err := g.p.s.Move(g.p.ctx, g.id, seat, g.state.Legal(seat)[0].String(), games.Cause{}); err != nil {
		g.p.t.Fatal(err)
	}
}

func anaBea() []events.Player {
	return []events.Player{{Name: "Ana", Address: "ana@example.org"}, {Name: "Bea", Address: "bea@example.net"}}
}

// find is the one notice of ns of kind to seat; it fails the test
// without one.
func find(t *testing.T, ns []mail.Notice, kind string, seat int) mail.Notice {
	t.Helper()
	var got []mail.Notice
	for _, n := range ns {
		if n.Kind == kind && n.Seat == seat {
			got = append(got, n)
		}
	}
	if len(got) != 1 {
		t.Fatalf("%d notices %s to seat %d among %v, want one", len(got), kind, seat, ns)
	}
	return got[0]
}

// answer is the notice of an answer of kind to the mail of key, about
// game id as it stands, to seat's player (rules.Observer: to addr).
func (p *post) answer(kind, id string, seat int, addr string) mail.Notice {
	p.t.Helper()
	n := mail.Notice{ID: notice.AnswerID(p.s.IDDomain(), "0a1b", 0, kind), Kind: kind, Seat: seat, To: addr, Time: p.clock}
	if id != "" {
		g, _, err := p.s.Load(p.ctx, id)
		if err != nil {
			p.t.Fatal(err)
		}
		n.Game, n.Seq = id, g.Seq
		if seat >= 0 {
			n.To, n.Name = g.Created.Players[seat].Address, g.Created.Players[seat].Name
		}
	}
	return n
}
