// Package rulestest is the conformance suite every game of pbem passes, in
// the spirit of OpenSpiel's basic tests: it plays many random games to the
// end and checks the contract of package rules along the way.
//
// A game's test calls Run with the setups worth playing:
//
//	func TestConformance(t *testing.T) {
//		rulestest.Run(t, nim.Game{}, rulestest.Options{
//			Setups: []rules.Setup{{Seats: 2}, {Seats: 3, Variants: []string{"misere"}}},
//		})
//	}
//
// Besides the interfaces' documented behaviour, the suite holds games to
// these conventions:
//
//   - Parse accepts a move's canonical text in lower or upper case, with
//     spaces around it.
//   - An error for an illegal move wraps rules.ErrIllegal and is one line of
//     valid UTF-8 under 300 bytes that reads like a reason, not like a Go
//     internal: quote the player's text with %q and cut it short.
//   - Legal(rules.Observer) is empty, and seats outside ToAct have no moves
//     listed; they may play only what the state calls rules.OutOfTurn.
//   - Every string of Secrets is distinct from what other seats may see; once
//     the game is over, Secrets returns only what is still hidden.
//   - Views marshal to JSON, and neither they nor their Text show the seed
//     before the game is over.
//
// The first 20 playouts of each setup (Options.Deep) are checked in depth. At every step
// every legal move is parsed back; the legal moves of the seat about to move
// are applied in several ways (all of them in the first two playouts, 16
// drawn at random in the others); illegal moves of many kinds are tried;
// the state must be unchanged by all of it; and a second copy of the game,
// played alongside, must show the same views. The other playouts get the
// cheaper checks: the move played is parsed back and a few illegal moves
// are tried. In every playout the views are checked for leaks at every step
// (in the cheaper playouts at some steps, with Options.Sparse), and at the
// end the moves' texts are replayed from Start and must end in
// the same state.
package rulestest

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/pbem-games/pbem/rules"
)

// Options tune the suite for one game.
type Options struct {
	Setups   []rules.Setup // setups to test (seeds in them are ignored; the suite varies seeds); at least one
	Playouts int           // random playouts per setup; 0 means 1000
	MaxMoves int           // a playout longer than this fails; 0 means 10000
	// Deep is how many of each setup's playouts, the first ones, are
	// checked in depth; 0 means 20, a negative number none. Games whose
	// playouts are long may check fewer in depth and play more of the
	// cheaper ones.
	Deep int
	// Full is how many of the deep playouts apply every legal move at
	// every step; the others apply a sample. 0 means 2, a negative number
	// none.
	Full int
	// Sparse, when above 1, makes the other playouts leaner still: they
	// take the views, and look in them for the seed and the secrets, at one
	// step in Sparse drawn at random and at the end rather than at every
	// step, and of the seats to act they list the legal moves of the one
	// that moves only. Views and simultaneous phases cost games with large
	// views and many players most of a playout's time. 0 means neither.
	Sparse int
}

const (
	defaultPlayouts = 1000
	shortPlayouts   = 100 // with go test -short
	defaultMaxMoves = 10000
	deepPlayouts    = 20 // playouts checked in depth
	fullPlayouts    = 2  // deep playouts that apply every legal move, not a sample
	appliedPerStep  = 16 // legal moves applied in a step of the other deep playouts
	keepFailures    = 5  // failures reported per setup and property
)

func (o Options) playouts() int {
	if o.Playouts <= 0 {
		return defaultPlayouts
	}
	return o.Playouts
}

func (o Options) deep() int {
	switch {
	case o.Deep < 0:
		return 0
	case o.Deep == 0:
		return deepPlayouts
	}
	return o.Deep
}

func (o Options) full() int {
	switch {
	case o.Full < 0:
		return 0
	case o.Full == 0:
		return fullPlayouts
	}
	return o.Full
}

func (o Options) maxMoves() int {
	if o.MaxMoves <= 0 {
		return defaultMaxMoves
	}
	return o.MaxMoves
}

// Properties of the game as a whole.
const (
	PropInfo      = "info"       // Info is well formed
	PropOptions   = "options"    // Options.Setups are playable setups of the game
	PropBadSetups = "bad_setups" // Start rejects wrong seat counts and unknown variants
)

// Properties checked for each setup.
const (
	PropStart           = "start"            // Start succeeds and is deterministic
	PropPlayout         = "playout"          // ToAct, Legal and Apply agree; playouts end within MaxMoves
	PropLegalSorted     = "legal_sorted"     // Legal is sorted by String and unique
	PropRoundTrip       = "round_trip"       // Parse of a legal move's String gives the same move
	PropCaseInsensitive = "case_insensitive" // Parse ignores case and surrounding spaces
	PropImmutable       = "immutable"        // Apply and Parse never change a state
	PropDeterminism     = "determinism"      // the same seed and moves give the same views
	PropIllegal         = "illegal"          // illegal moves are rejected with a readable reason
	PropViews           = "views"            // views exist and marshal to JSON
	PropNoLeaks         = "no_leaks"         // views show neither the seed nor other seats' secrets
	PropResult          = "result"           // Result has a score per seat and is stable once over
)

var (
	gameProperties  = []string{PropInfo, PropOptions, PropBadSetups}
	setupProperties = []string{PropStart, PropPlayout, PropLegalSorted, PropRoundTrip, PropCaseInsensitive,
		PropImmutable, PropDeterminism, PropIllegal, PropViews, PropNoLeaks, PropResult}
)

// Failure is one way a game breaks the contract.
type Failure struct {
	Setup    string // the setup's name, e.g. "3_seats+misere"; empty for the game as a whole
	Property string // one of the Prop constants
	Message  string // what went wrong, with the playout and moves that show it
}

func (f Failure) Error() string {
	if f.Setup == "" {
		return f.Property + ": " + f.Message
	}
	return f.Setup + "/" + f.Property + ": " + f.Message
}

// Run checks game g, reporting each setup and property as a subtest: first
// the game-wide properties, then one subtest per setup named by its seats
// and variants (e.g. "3_seats+misere") with one subtest per property.
// With -short, each setup gets at most 100 playouts.
func Run(t *testing.T, g rules.Game, opt Options) {
	t.Helper()
	if testing.Short() && opt.playouts() > shortPlayouts {
		opt.Playouts = shortPlayouts
	}
	report(t, gameProperties, checkGame(g, opt))
	for _, ns := range namedSetups(opt.Setups) {
		t.Run(ns.name, func(t *testing.T) {
			report(t, setupProperties, checkSetup(g, ns.setup, ns.name, opt))
		})
	}
}

func report(t *testing.T, props []string, fails []Failure) {
	t.Helper()
	for _, p := range props {
		t.Run(p, func(t *testing.T) {
			t.Helper()
			for _, f := range fails {
				if f.Property == p {
					t.Error(f.Message)
				}
			}
		})
	}
	for _, f := range fails {
		if !slices.Contains(props, f.Property) {
			t.Error(f.Error())
		}
	}
}

// Check runs the whole suite without a testing.T and returns the failures,
// game-wide ones first, then setup by setup in the order of opt.Setups.
func Check(g rules.Game, opt Options) []Failure {
	fails := checkGame(g, opt)
	for _, ns := range namedSetups(opt.Setups) {
		fails = append(fails, checkSetup(g, ns.setup, ns.name, opt)...)
	}
	return fails
}

type namedSetup struct {
	name  string
	setup rules.Setup
}

// namedSetups names each setup by its seats and sorted variants, adding
// "#1", "#2" to repeated names as package testing does.
func namedSetups(setups []rules.Setup) []namedSetup {
	seen := map[string]int{}
	var out []namedSetup
	for _, s := range setups {
		vs := slices.Clone(s.Variants)
		slices.Sort(vs)
		name := fmt.Sprintf("%d_seats", s.Seats)
		for _, v := range vs {
			name += "+" + v
		}
		if n := seen[name]; n > 0 {
			seen[name]++
			name = fmt.Sprintf("%s#%02d", name, n)
		} else {
			seen[name] = 1
		}
		out = append(out, namedSetup{name: name, setup: s})
	}
	return out
}

// checkGame checks Info, the options and that Start rejects bad setups.
func checkGame(g rules.Game, opt Options) []Failure {
	var fails []Failure
	fail := func(prop, format string, args ...any) {
		fails = append(fails, Failure{Property: prop, Message: fmt.Sprintf(format, args...)})
	}
	var info rules.Info
	if msg := catch(func() { info = g.Info() }); msg != "" {
		fail(PropInfo, "Info() panicked: %s", msg)
		return fails
	}
	if info.Name == "" || strings.Trim(info.Name, "abcdefghijklmnopqrstuvwxyz0123456789-") != "" {
		fail(PropInfo, "Info().Name = %q, want a short lower-case name", info.Name)
	}
	if strings.TrimSpace(info.Title) == "" {
		fail(PropInfo, "Info().Title is empty")
	}
	if info.MinSeats < 1 || info.MaxSeats < info.MinSeats {
		fail(PropInfo, "Info() has MinSeats %d and MaxSeats %d, want 1 <= MinSeats <= MaxSeats", info.MinSeats, info.MaxSeats)
	}
	known := map[string]bool{}
	for i, v := range info.Variants {
		if v.Name == "" || strings.ToLower(v.Name) != v.Name || strings.ContainsAny(v.Name, " \t\n") {
			fail(PropInfo, "Info().Variants[%d].Name = %q, want a lower-case word", i, v.Name)
		}
		if strings.TrimSpace(v.Help) == "" {
			fail(PropInfo, "variant %q has no Help", v.Name)
		}
		if i > 0 && info.Variants[i-1].Name >= v.Name {
			fail(PropInfo, "Info().Variants are not sorted by Name and unique: %q before %q", info.Variants[i-1].Name, v.Name)
		}
		known[v.Name] = true
	}

	if len(opt.Setups) == 0 {
		fail(PropOptions, "Options.Setups is empty: give at least one setup to play")
	}
	for _, s := range opt.Setups {
		if s.Seats < info.MinSeats || s.Seats > info.MaxSeats {
			fail(PropOptions, "Options.Setups has %d seats, but the game takes %d to %d", s.Seats, info.MinSeats, info.MaxSeats)
		}
		for _, v := range s.Variants {
			if !known[v] {
				fail(PropOptions, "Options.Setups uses variant %q, which Info().Variants lacks", v)
			}
		}
	}

	var bad []rules.Setup
	for _, n := range []int{-1, 0, info.MinSeats - 1, info.MaxSeats + 1, info.MaxSeats + 10} {
		if (n < info.MinSeats || n > info.MaxSeats) && !slices.ContainsFunc(bad, func(s rules.Setup) bool { return s.Seats == n }) {
			bad = append(bad, rules.Setup{Seats: n, Seed: rules.SeedFromInt(1)})
		}
	}
	bases := opt.Setups
	if len(bases) == 0 {
		bases = []rules.Setup{{Seats: info.MinSeats}}
	}
	for _, s := range bases {
		s.Variants = append(slices.Clone(s.Variants), "no-such-variant")
		s.Seed = rules.SeedFromInt(1)
		bad = append(bad, s)
	}
	for _, s := range bad {
		var err error
		if msg := catch(func() { _, err = g.Start(s) }); msg != "" {
			fail(PropBadSetups, "Start(%s) panicked, want an error: %s", describeSetup(s), msg)
			continue
		}
		switch {
		case err == nil:
			fail(PropBadSetups, "Start(%s) succeeded, want an error", describeSetup(s))
		case err.Error() == "" || strings.ContainsAny(err.Error(), "\r\n"):
			fail(PropBadSetups, "Start(%s) = error %q, want one line for the host", describeSetup(s), err.Error())
		}
	}
	return fails
}

func describeSetup(s rules.Setup) string {
	if len(s.Variants) == 0 {
		return fmt.Sprintf("%d seats", s.Seats)
	}
	return fmt.Sprintf("%d seats, variants %q", s.Seats, s.Variants)
}

// checkSetup checks that Start works for one setup and plays its playouts.
func checkSetup(g rules.Game, setup rules.Setup, name string, opt Options) []Failure {
	c := &checker{g: g, setup: setup, name: name, playouts: opt.playouts(), deep: opt.deep(), full: opt.full(), sparse: opt.Sparse, maxMoves: opt.maxMoves()}
	if fails := c.checkStart(); len(fails) > 0 {
		return fails
	}
	return c.run()
}
