package projections

import (
	"testing"
	"time"

	"github.com/pbem-games/pbem/events"
	"github.com/pbem-games/pbem/rules"
	"github.com/pbem-games/pbem/rules/rulestest/nim"
)

// nimCatalog holds the small game of the conformance suite: its moves
// ("take 1" to "take 3"), taken in turns with the variant "turns", make
// histories short to write by hand.
var nimCatalog = rules.NewCatalog(nim.Game{})

// t0 is when the histories written here begin.
var t0 = time.Date(2026, 12, 7, 9, 0, 0, 0, time.UTC) // a Monday

// history writes a game's events one by one, sealed and chained, as the
// store would keep them.
type history struct {
	t    *testing.T
	seed rules.Seed
	evs  []events.Event
	now  time.Time
}

// newHistory starts a game of nim with the variant "turns" (and any
// others) between players, created at t0.
func newHistory(t *testing.T, players []events.Player, variants ...string) *history {
	t.Helper()
	h := &history{t: t, seed: rules.SeedFromInt(7), now: t0}
	gc := events.GameCreated{Game: "nim", Variants: append([]string{"turns"}, variants...), Players: players, Host: players[0].Address}
	gc.Commitment = Commitment(h.seed, "g1", gc)
	h.add(events.TypeGameCreated, events.SystemActor, gc)
	return h
}

// two are the players of most histories here.
var two = []events.Player{{Seat: 0, Name: "Ana", Address: "ana@example.org"}, {Seat: 1, Name: "Bo", Address: "bo@example.org"}}

// add appends an event of type typ with payload p at h.now.
func (h *history) add(typ string, actor int, p any) events.Event {
	h.t.Helper()
	e, err := events.New(typ, actor, h.now, p)
	if err != nil {
		h.t.Fatal(err)
	}
	prev := ""
	if n := len(h.evs); n > 0 {
		prev = h.evs[n-1].Hash
	}
	e = e.Seal("g1", uint64(len(h.evs)+1), prev)
	h.evs = append(h.evs, e)
	return e
}

// at moves h's clock to t and returns h.
func (h *history) at(t time.Time) *history { h.now = t; return h }

// move appends the move of the seat to act.
func (h *history) move(text string) events.Event {
	h.t.Helper()
	g := h.game()
	seat := g.State.ToAct()[0]
	return h.add(events.TypeMovePlayed, int(seat), events.MovePlayed{Seat: int(seat), Move: text})
}

// toAct returns the seat to move now.
func (h *history) toAct() int {
	h.t.Helper()
	return int(h.game().State.ToAct()[0])
}

// game folds the whole history.
func (h *history) game() *Game {
	h.t.Helper()
	g, err := Replay(nimCatalog, h.evs, h.seed, 0)
	if err != nil {
		h.t.Fatal(err)
	}
	return g
}
