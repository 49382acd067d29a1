// Package projections folds game histories into state: the replay that
// gives every game's current position, and the read models kept in
// JetStream key-value buckets (the game index and the player index).
//
// Replay is the projection: the same events always fold to the same state,
// and every read model can be rebuilt from the stream.
package projections

import (
	"errors"
	"fmt"
	"strconv"

	"github.com/pbem-games/pbem/events"
	"github.com/pbem-games/pbem/rules"
)

// Game is one game folded from its history: the aggregate that every
// command decides on (package games loads it, asks its rules and appends
// what follows), and the state the read models, the notice policy and
// the mail's wording read. It is the same fold everywhere, so that what a
// command decided is what a replay of the history shows.
type Game struct {
	ID       string
	Created  events.GameCreated
	Rules    rules.Game
	Setup    rules.Setup
	State    rules.State
	Seq      uint64            // Seq of the last event folded
	Hash     string            // Hash of the last event folded
	Ended    *events.GameEnded // nil while the game runs
	Moves    []Moved           // in the order played
	Said     []Said            // table talk, in order
	Resigned []int             // seats that resigned
	Table                      // the clock, the host's decisions and what is pending
	sources  map[string]uint64 // event Source → Seq, so a source is applied once
}

// Moved is a move as recorded, with the Seq of its event.
type Moved struct {
	Seq uint64
	events.MovePlayed
}

// Said is table talk as recorded, with the Seq of its event.
type Said struct {
	Seq uint64
	events.PlayerSaid
}

// ErrSeedMismatch is returned when a seed does not match the commitment
// made when the game was created.
var ErrSeedMismatch = errors.New("projections: seed does not match the game's commitment")

// Commitment returns the commitment of a new game's seed: bound to the
// game's id, rules, variants and players (rules.Seed.CommitmentTo), so
// that a commitment, and the history that reveals its seed, cannot be
// passed off as another game's or another table's.
func Commitment(seed rules.Seed, game string, gc events.GameCreated) string {
	return seed.CommitmentTo(CommitmentBinds(game, gc)...)
}

// CommitmentBinds lists what a "v2:" commitment binds the seed to: the
// game's id, its rules and variants, and each seat's number, name, address
// and whether it was open, as GameCreated records them.
func CommitmentBinds(game string, gc events.GameCreated) []string {
	bound := []string{game, gc.Game, strconv.Itoa(len(gc.Variants))}
	bound = append(bound, gc.Variants...)
	for _, p := range gc.Players {
		bound = append(bound, strconv.Itoa(p.Seat), p.Name, p.Address, strconv.FormatBool(p.Open))
	}
	return bound
}

// Start folds a game's first event, GameCreated, with the game's seed.
func Start(c rules.Catalog, e events.Event, seed rules.Seed) (*Game, error) {
	if e.Type != events.TypeGameCreated || e.Seq != 1 {
		return nil, fmt.Errorf("projections: event %d is %s, want GameCreated first", e.Seq, e.Type)
	}
	var gc events.GameCreated
	if err := e.Unmarshal(&gc); err != nil {
		return nil, err
	}
	if !seed.Commits(gc.Commitment, CommitmentBinds(e.Game, gc)...) {
		return nil, fmt.Errorf("game %s: %w", e.Game, ErrSeedMismatch)
	}
	rg, err := c.Lookup(gc.Game)
	if err != nil {
		return nil, fmt.Errorf("game %s: %w", e.Game, err)
	}
	setup := rules.Setup{Seats: len(gc.Players), Variants: gc.Variants, Seed: seed}
	st, err := rg.Start(setup)
	if err != nil {
		return nil, fmt.Errorf("game %s: start %s: %w", e.Game, gc.Game, err)
	}
	g := &Game{ID: e.Game, Created: gc, Rules: rg, Setup: setup, State: st, sources: map[string]uint64{}, Table: newTable()}
	g.quietAtStart(len(gc.Players))
	g.note(e)
	return g, nil
}

// Apply folds the next event into g. Events must come in order; an event
// that the rules refuse means the history is not one this service wrote.
func (g *Game) Apply(e events.Event) error {
	if e.Seq != g.Seq+1 || e.Prev != g.Hash {
		return fmt.Errorf("projections: game %s: event %d does not follow event %d", g.ID, e.Seq, g.Seq)
	}
	if g.Ended != nil {
		return fmt.Errorf("projections: game %s: event %d (%s) after the game ended", g.ID, e.Seq, e.Type)
	}
	switch e.Type {
	case events.TypeMovePlayed:
		var mp events.MovePlayed
		if err := e.Unmarshal(&mp); err != nil {
			return err
		}
		st, err := Play(g.State, rules.Seat(mp.Seat), mp.Move)
		if err != nil {
			return fmt.Errorf("projections: game %s event %d: %w", g.ID, e.Seq, err)
		}
		g.State = st
		g.Moves = append(g.Moves, Moved{Seq: e.Seq, MovePlayed: mp})
		g.moved(mp)
	case events.TypePlayerSaid:
		var ps events.PlayerSaid
		if err := e.Unmarshal(&ps); err != nil {
			return err
		}
		g.Said = append(g.Said, Said{Seq: e.Seq, PlayerSaid: ps})
		g.said(e, ps)
	case events.TypePlayerResigned:
		var pr events.PlayerResigned
		if err := e.Unmarshal(&pr); err != nil {
			return err
		}
		g.Resigned = append(g.Resigned, pr.Seat)
	case events.TypeGameEnded:
		var ge events.GameEnded
		if err := e.Unmarshal(&ge); err != nil {
			return err
		}
		if ge.Seed != g.Setup.Seed.String() {
			return fmt.Errorf("projections: game %s event %d: %w", g.ID, e.Seq, ErrSeedMismatch)
		}
		g.Ended = &ge
	default:
		if err := g.applyTable(e); err != nil {
			return fmt.Errorf("projections: game %s event %d: %w", g.ID, e.Seq, err)
		}
	}
	g.note(e)
	return nil
}

// pass moves g past e, an event an export left out (events.Redact), of a
// type that changes no state (Redactable), without its payload.
func (g *Game) pass(e events.Event) error {
	if e.Seq != g.Seq+1 || e.Prev != g.Hash {
		return fmt.Errorf("projections: game %s: event %d does not follow event %d", g.ID, e.Seq, g.Seq)
	}
	g.note(e)
	return nil
}

func (g *Game) note(e events.Event) {
	g.Seq, g.Hash = e.Seq, e.Hash
	g.clock(e.Time)
	if _, seen := g.sources[e.Source]; e.Source != "" && !seen {
		g.sources[e.Source] = e.Seq
	}
}

// Applied returns the Seq of the event that source caused, if any.
func (g *Game) Applied(source string) (uint64, bool) {
	seq, ok := g.sources[source]
	return seq, ok
}

// Play parses a move's text for seat s and applies it.
func Play(st rules.State, s rules.Seat, text string) (rules.State, error) {
	m, err := st.Parse(s, text)
	if err != nil {
		return nil, fmt.Errorf("move %q of seat %d: %w", text, s, err)
	}
	next, err := st.Apply(s, m)
	if err != nil {
		return nil, fmt.Errorf("move %q of seat %d: %w", text, s, err)
	}
	return next, nil
}

// Replay folds a whole history, or its first n events when 0 < n < len(evs).
func Replay(c rules.Catalog, evs []events.Event, seed rules.Seed, n int) (*Game, error) {
	if len(evs) == 0 {
		return nil, fmt.Errorf("projections: empty history")
	}
	if n <= 0 || n > len(evs) {
		n = len(evs)
	}
	g, err := Start(c, evs[0], seed)
	if err != nil {
		return nil, err
	}
	for _, e := range evs[1:n] {
		if err := g.Apply(e); err != nil {
			return nil, err
		}
	}
	return g, nil
}
