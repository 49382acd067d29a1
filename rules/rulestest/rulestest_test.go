package rulestest_test

import (
	"encoding/binary"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"unicode/utf8"

	"github.com/pbem-games/pbem/rules"
	"github.com/pbem-games/pbem/rules/rulestest"
	"github.com/pbem-games/pbem/rules/rulestest/nim"
)

var nimSetups = []rules.Setup{
	{Seats: 2},
	{Seats: 3},
	{Seats: 4, Variants: []string{"misere"}},
	{Seats: 2, Variants: []string{"turns"}},
	{Seats: 3, Variants: []string{"turns", "misere"}},
	{Seats: 2, Variants: []string{"big", "turns"}},
}

// TestNim shows that a sound game passes the whole suite.
func TestNim(t *testing.T) {
	rulestest.Run(t, nim.Game{}, rulestest.Options{Setups: nimSetups})
}

func TestCheckSoundGame(t *testing.T) {
	fails := rulestest.Check(nim.Game{}, rulestest.Options{Setups: nimSetups[:2], Playouts: 30})
	for _, f := range fails {
		t.Errorf("Check(nim) failed: %v", f)
	}
}

// buggy is nim with one bug, to show that the suite finds it.
type buggy struct{ bug string }

func (b buggy) Info() rules.Info {
	info := nim.Game{}.Info()
	if b.bug == "unsorted variants" {
		info.Variants = slices.Clone(info.Variants)
		slices.Reverse(info.Variants)
	}
	return info
}

var counter atomic.Int64

func (b buggy) Start(setup rules.Setup) (rules.State, error) {
	switch b.bug {
	case "any seats":
		setup.Seats = min(max(setup.Seats, 2), 4)
	case "any variant":
		setup.Variants = slices.DeleteFunc(slices.Clone(setup.Variants), func(v string) bool { return v == "no-such-variant" })
	case "start panics":
		if setup.Seats > 4 {
			var seats []int
			seats[setup.Seats] = 1
		}
	}
	st, err := nim.Game{}.Start(setup)
	if err != nil {
		return nil, err
	}
	w := &wrapped{State: st, bug: b.bug, seed: setup.Seed, shared: new(int), hist: make([]string, 0, 1000)}
	if b.bug == "nondeterministic start" {
		w.n = int(counter.Add(1))
	}
	return w, nil
}

type wrapped struct {
	rules.State
	bug    string
	seed   rules.Seed
	n      int      // shown in views by some bugs
	shared *int     // shared by all states of a game
	hist   []string // moves played, sharing its array between states
}

// shout is a move whose text differs from the one parsed.
type shout struct{ rules.Move }

func (s shout) String() string { return strings.ToUpper(s.Move.String()) }

func (w *wrapped) next(st rules.State) *wrapped {
	c := *w
	c.State = st
	return &c
}

func (w *wrapped) ToAct() []rules.Seat {
	seats := w.State.ToAct()
	switch w.bug {
	case "nobody to act":
		return nil
	case "to act descending":
		slices.Reverse(seats)
	}
	return seats
}

func (w *wrapped) Legal(s rules.Seat) []rules.Move {
	moves := w.State.Legal(s)
	switch w.bug {
	case "unsorted legal":
		slices.Reverse(moves)
	case "duplicate legal":
		if len(moves) > 0 {
			moves = append(moves, moves[len(moves)-1])
		}
	case "legal for all":
		if len(moves) == 0 {
			moves = []rules.Move{nim.Move{N: 1}}
		}
	case "no legal":
		return nil
	}
	return moves
}

func (w *wrapped) Parse(s rules.Seat, text string) (rules.Move, error) {
	_, err := w.State.Parse(s, text)
	switch w.bug {
	case "parse panics":
		if strings.TrimSpace(text) == "" {
			var m map[string]int
			m[text] = 1
		}
	case "plain error":
		if err != nil {
			return nil, errors.New("no such move")
		}
	case "multi-line error":
		if err != nil {
			return nil, rules.Illegal("not a move:\n%s", err)
		}
	case "long error":
		if err != nil {
			return nil, rules.Illegal("%q is not a move", text)
		}
	case "format error":
		if err != nil {
			format := text + " is not a move of seat %d"
			return nil, rules.Illegal(format, s)
		}
	case "raw bytes error":
		if !utf8.ValidString(text) {
			return nil, rules.Illegal("%s is not a move", text[:min(len(text), 20)])
		}
	case "case sensitive":
		if strings.ToLower(text) != text {
			return nil, rules.Illegal("write moves in lower case")
		}
	case "no trim":
		if strings.TrimSpace(text) != text {
			return nil, rules.Illegal("no spaces around moves, please")
		}
	case "shout":
		if m, err := w.State.Parse(s, text); err == nil {
			return shout{m}, nil
		}
	}
	return w.State.Parse(s, text)
}

func (w *wrapped) Apply(s rules.Seat, m rules.Move) (rules.State, error) {
	if sh, ok := m.(shout); ok {
		m = sh.Move
	}
	switch w.bug {
	case "accepts anyone":
		if !slices.Contains(w.State.ToAct(), s) {
			return w, nil
		}
	case "stuck":
		if _, err := w.State.Apply(s, m); err != nil {
			return nil, err
		}
		return w, nil
	case "mutates":
		w.n++
	case "shared counter":
		*w.shared++
	}
	st, err := w.State.Apply(s, m)
	if err != nil {
		return nil, err
	}
	next := w.next(st)
	switch w.bug {
	case "aliased":
		next.hist = append(w.hist, m.String())
	case "nondeterministic apply":
		next.n = int(counter.Add(1))
	}
	return next, nil
}

func (w *wrapped) Secrets(s rules.Seat) []string {
	secrets := w.State.(rules.Secrets).Secrets(s)
	if w.bug == "empty secret" {
		secrets = append(secrets, "")
	}
	return secrets
}

func (w *wrapped) Result() ([]int, bool) {
	scores, over := w.State.Result()
	switch w.bug {
	case "short scores":
		scores = scores[1:]
	case "unstable result":
		if over {
			*w.shared++
			scores[0] += *w.shared
		}
	}
	return scores, over
}

// extraView is a nim view that shows some extra text.
type extraView struct {
	View  rules.View `json:"view"`
	Extra string     `json:"extra"`
	Bad   any        `json:"bad,omitempty"`
}

func (v extraView) Text() string { return v.View.Text() + v.Extra }

func (w *wrapped) View(s rules.Seat) rules.View {
	v := extraView{View: w.State.View(s)}
	switch w.bug {
	case "mutates", "nondeterministic start", "nondeterministic apply":
		v.Extra = fmt.Sprint(w.n)
	case "shared counter":
		v.Extra = fmt.Sprint(*w.shared)
	case "aliased":
		if len(w.hist) > 0 {
			v.Extra = w.hist[len(w.hist)-1]
		}
	case "leaks choices":
		for o := range 4 {
			if rules.Seat(o) != s {
				v.Extra += strings.Join(w.Secrets(rules.Seat(o)), ";")
			}
		}
	case "leaks reserve":
		v.Extra = strings.Join(w.Secrets(rules.Observer), ";")
	case "leaks seed":
		v.Extra = w.seed.String()
	case "leaks seed word":
		v.Extra = fmt.Sprint(binary.BigEndian.Uint64(w.seed[8:16]))
	case "bad json":
		v.Bad = make(chan int)
	case "nil view":
		if s == rules.Observer {
			return nil
		}
	case "view panics":
		if s == rules.Observer {
			panic("no observers here")
		}
	}
	return v
}

func TestCheckFindsBugs(t *testing.T) {
	two := []rules.Setup{{Seats: 2}}
	turns := []rules.Setup{{Seats: 2, Variants: []string{"turns"}}}
	tests := []struct {
		bug    string
		setups []rules.Setup // default two
		games  int           // playouts, default 24
		prop   string
		want   string // in the failure's message
	}{
		{bug: "unsorted variants", prop: rulestest.PropInfo, want: `Variants are not sorted`},
		{bug: "any seats", prop: rulestest.PropBadSetups, want: "Start(5 seats) succeeded, want an error"},
		{bug: "any variant", prop: rulestest.PropBadSetups, want: `variants ["no-such-variant"]) succeeded`},
		{bug: "start panics", prop: rulestest.PropBadSetups, want: "Start(5 seats) panicked, want an error: runtime error: index out of range"},
		{bug: "nondeterministic start", prop: rulestest.PropStart, want: "two calls of Start(2 seats) with the same seed differ"},
		{bug: "nondeterministic apply", prop: rulestest.PropDeterminism, want: "a second playout with the same seed and moves differs"},
		{bug: "nobody to act", prop: rulestest.PropPlayout, want: "ToAct() is empty, but Result() says the game is not over"},
		{bug: "to act descending", prop: rulestest.PropPlayout, want: "ToAct() = [1 0], want seats ascending and unique"},
		{bug: "unsorted legal", prop: rulestest.PropLegalSorted, want: `Legal(seat 0) is not sorted by String: "take 3" comes before "take 2"`},
		{bug: "duplicate legal", prop: rulestest.PropLegalSorted, want: `Legal(seat 0) holds "take 3" twice`},
		{bug: "legal for all", setups: turns, prop: rulestest.PropPlayout, want: `is not in ToAct() = [`},
		{bug: "no legal", prop: rulestest.PropPlayout, want: "seat 0 is in ToAct() = [0 1], but Legal(seat 0) is empty"},
		{bug: "parse panics", prop: rulestest.PropIllegal, want: `Parse(seat 0, "") panicked: assignment to entry in nil map`},
		{bug: "plain error", prop: rulestest.PropIllegal, want: `Parse(seat 0, "") = error "no such move": want an error wrapping rules.ErrIllegal`},
		{bug: "multi-line error", prop: rulestest.PropIllegal, want: "want one line"},
		{bug: "long error", prop: rulestest.PropIllegal, want: "bytes long, want under 300: cut the player's text short"},
		{bug: "format error", prop: rulestest.PropIllegal, want: `it looks like a Go internal ("%!")`},
		{bug: "raw bytes error", prop: rulestest.PropIllegal, want: "it is not valid UTF-8"},
		{bug: "case sensitive", prop: rulestest.PropCaseInsensitive, want: `Parse(seat 0, "TAKE 1") = error "write moves in lower case", want move take 1`},
		{bug: "no trim", prop: rulestest.PropCaseInsensitive, want: `Parse(seat 0, " take 1 ") = error`},
		{bug: "shout", prop: rulestest.PropRoundTrip, want: `Parse(seat 0, "take 1") = move "TAKE 1", want take 1`},
		{bug: "accepts anyone", setups: turns, prop: rulestest.PropIllegal, want: "succeeded, want an error"},
		{bug: "stuck", games: 2, prop: rulestest.PropPlayout, want: "the game is not over after 60 moves (Options.MaxMoves)"},
		{bug: "mutates", prop: rulestest.PropImmutable, want: "Parse and Apply of the legal moves changed their receiver"},
		{bug: "mutates", setups: turns, prop: rulestest.PropImmutable, want: "(first after Apply(seat "},
		{bug: "shared counter", prop: rulestest.PropImmutable, want: "changed their receiver: the JSON of seat 0's view is"},
		{bug: "nondeterministic apply", prop: rulestest.PropImmutable, want: "twice on the same state gives different states"},
		{bug: "aliased", setups: turns, prop: rulestest.PropImmutable, want: "changed when other moves were applied to its parent"},
		{bug: "empty secret", prop: rulestest.PropNoLeaks, want: "Secrets(seat 0) holds an empty string"},
		{bug: "leaks choices", prop: rulestest.PropNoLeaks, want: `the Text of seat 1's view shows seat 0's secret "seat 0: take`},
		{bug: "leaks reserve", prop: rulestest.PropNoLeaks, want: `shows a secret nobody may see yet "reserve: `},
		{bug: "leaks seed", prop: rulestest.PropNoLeaks, want: "the Text of seat 0's view shows the seed (as \"0000000000"},
		{bug: "leaks seed word", prop: rulestest.PropNoLeaks, want: "shows the seed (as "},
		{bug: "short scores", prop: rulestest.PropResult, want: "Result() has 1 scores, want one for each of the 2 seats"},
		{bug: "unstable result", prop: rulestest.PropResult, want: "once over, then"},
		{bug: "bad json", prop: rulestest.PropViews, want: "json.Marshal(View(seat 0)) = error"},
		{bug: "nil view", prop: rulestest.PropViews, want: "View(Observer) = nil"},
		{bug: "view panics", prop: rulestest.PropViews, want: "View(Observer) panicked: no observers here"},
	}
	for _, tt := range tests {
		setups := tt.setups
		if setups == nil {
			setups = two
		}
		games := tt.games
		if games == 0 {
			games = 24
		}
		name := strings.ReplaceAll(tt.bug, " ", "_")
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			fails := rulestest.Check(buggy{tt.bug}, rulestest.Options{Setups: setups, Playouts: games, MaxMoves: 60})
			for _, f := range fails {
				if f.Property == tt.prop && strings.Contains(f.Message, tt.want) {
					return
				}
			}
			t.Errorf("Check(nim with bug %q) found no %s failure with %q; it found %d:", tt.bug, tt.prop, tt.want, len(fails))
			for _, f := range fails {
				t.Log(f)
			}
		})
	}
}

func TestCheckOptions(t *testing.T) {
	tests := []struct {
		name string
		opt  rulestest.Options
		want string
	}{
		{"no setups", rulestest.Options{}, "Options.Setups is empty"},
		{"too many seats", rulestest.Options{Setups: []rules.Setup{{Seats: 9}}}, "Options.Setups has 9 seats, but the game takes 2 to 4"},
		{"unknown variant", rulestest.Options{Setups: []rules.Setup{{Seats: 2, Variants: []string{"fast"}}}}, `uses variant "fast", which Info().Variants lacks`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tt.opt.Playouts = 1
			var msgs []string
			for _, f := range rulestest.Check(nim.Game{}, tt.opt) {
				if f.Property == rulestest.PropOptions {
					msgs = append(msgs, f.Message)
				}
			}
			if !slices.ContainsFunc(msgs, func(m string) bool { return strings.Contains(m, tt.want) }) {
				t.Errorf("Check(nim, %+v) options failures = %q, want one with %q", tt.opt, msgs, tt.want)
			}
		})
	}
}

// The suite keeps a few failures of each property and counts the rest.
func TestCheckCapsFailures(t *testing.T) {
	fails := rulestest.Check(buggy{"unsorted legal"}, rulestest.Options{Setups: []rules.Setup{{Seats: 2}}, Playouts: 50})
	var msgs []string
	for _, f := range fails {
		if f.Property == rulestest.PropLegalSorted {
			msgs = append(msgs, f.Message)
		}
	}
	if len(msgs) != 6 || !strings.HasPrefix(msgs[5], "… and ") {
		t.Errorf("legal_sorted failures = %d, want 5 and a count of the rest:\n%s", len(msgs), strings.Join(msgs, "\n"))
	}
	if got, want := fails[0].Error(), "2_seats/"+rulestest.PropLegalSorted+": "+fails[0].Message; fails[0].Property == rulestest.PropLegalSorted && got != want {
		t.Errorf("Failure.Error() = %q, want %q", got, want)
	}
}

// BenchmarkCheck plays 1000 playouts of six setups of a game with about 30
// moves a playout and 80 legal moves a step.
func BenchmarkCheck(b *testing.B) {
	big := []rules.Setup{
		{Seats: 2, Variants: []string{"big"}},
		{Seats: 3, Variants: []string{"big"}},
		{Seats: 4, Variants: []string{"big"}},
		{Seats: 2, Variants: []string{"big", "turns"}},
		{Seats: 3, Variants: []string{"big", "turns"}},
		{Seats: 4, Variants: []string{"big", "misere", "turns"}},
	}
	for b.Loop() {
		if fails := rulestest.Check(nim.Game{}, rulestest.Options{Setups: big}); len(fails) > 0 {
			b.Fatal(fails[0])
		}
	}
}
