package campaigns_test

import (
	"errors"
	"slices"
	"testing"

	"github.com/pbem-games/pbem/campaigns"
	"github.com/pbem-games/pbem/rules"
)

// TestCircleSchedule: in a round robin at tables of two every pair meets
// exactly once, nobody plays twice in a round, the odd player out rotates
// and first seats are shared out within one.
func TestCircleSchedule(t *testing.T) {
	for n := 2; n <= 15; n++ {
		sched := campaigns.CircleSchedule(n, 1)
		if want := n - 1 + n%2; len(sched) != want {
			t.Errorf("CircleSchedule(%d) has %d rounds, want %d", n, len(sched), want)
		}
		met := map[[2]int]int{}
		first, byes := make([]int, n), make([]int, n)
		for r, round := range sched {
			in := map[int]bool{}
			for _, tb := range round {
				for _, p := range tb {
					if in[p] {
						t.Errorf("CircleSchedule(%d) round %d: player %d twice", n, r+1, p)
					}
					in[p] = true
				}
				if len(tb) == 1 {
					byes[tb[0]]++
					continue
				}
				met[[2]int{min(tb[0], tb[1]), max(tb[0], tb[1])}]++
				first[tb[0]]++
			}
		}
		for a := range n {
			for b := a + 1; b < n; b++ {
				if met[[2]int{a, b}] != 1 {
					t.Errorf("CircleSchedule(%d): %d and %d meet %d times, want 1", n, a, b, met[[2]int{a, b}])
				}
			}
			if want := n % 2; byes[a] != want {
				t.Errorf("CircleSchedule(%d): player %d has %d byes, want %d", n, a, byes[a], want)
			}
		}
		if spread := slices.Max(first) - slices.Min(first); spread > 1 {
			t.Errorf("CircleSchedule(%d): first seats %v, spread %d, want at most 1", n, first, spread)
		}
	}
	// A second cycle swaps the seats of the first.
	two := campaigns.CircleSchedule(4, 2)
	if len(two) != 6 || !slices.Equal(two[3][0], []int{two[0][0][1], two[0][0][0]}) {
		t.Errorf("CircleSchedule(4, 2) = %v, want the first cycle again with seats swapped", two)
	}
}

// TestCombinationSchedule: at tables of three to five every pair meets
// equally often, every player plays as often, nobody twice in a round.
func TestCombinationSchedule(t *testing.T) {
	binom := func(n, k int) int {
		r := 1
		for i := range k {
			r = r * (n - i) / (i + 1)
		}
		return r
	}
	for _, tc := range []struct{ n, k, cycles int }{{3, 3, 3}, {4, 3, 1}, {5, 3, 1}, {6, 3, 1}, {7, 3, 1}, {5, 4, 1}, {6, 4, 1}, {8, 4, 1}, {6, 5, 1}, {10, 5, 1}} {
		sched := campaigns.CombinationSchedule(tc.n, tc.k, tc.cycles)
		met := map[[2]int]int{}
		games, first := make([]int, tc.n), make([]int, tc.n)
		for r, round := range sched {
			in := map[int]bool{}
			for _, tb := range round {
				if len(tb) != tc.k {
					t.Errorf("(%d,%d) round %d: a table of %d", tc.n, tc.k, r+1, len(tb))
				}
				first[tb[0]]++
				for i, p := range tb {
					if in[p] {
						t.Errorf("(%d,%d) round %d: player %d twice", tc.n, tc.k, r+1, p)
					}
					in[p] = true
					games[p]++
					for _, q := range tb[i+1:] {
						met[[2]int{min(p, q), max(p, q)}]++
					}
				}
			}
		}
		wantMet, wantGames := tc.cycles*binom(tc.n-2, tc.k-2), tc.cycles*binom(tc.n-1, tc.k-1)
		for a := range tc.n {
			if games[a] != wantGames {
				t.Errorf("(%d,%d): player %d plays %d games, want %d", tc.n, tc.k, a, games[a], wantGames)
			}
			for b := a + 1; b < tc.n; b++ {
				if met[[2]int{a, b}] != wantMet {
					t.Errorf("(%d,%d): %d and %d meet %d times, want %d", tc.n, tc.k, a, b, met[[2]int{a, b}], wantMet)
				}
			}
		}
		if tc.n == tc.k && tc.cycles == tc.k && slices.Max(first) != 1 {
			t.Errorf("(%d,%d)×%d: first seats %v, want each player first once", tc.n, tc.k, tc.cycles, first)
		}
	}
	if s := campaigns.CombinationSchedule(20, 5, 1); s != nil {
		t.Errorf("CombinationSchedule(20, 5) has %d rounds, want nil: more than MaxGames games", len(s))
	}
}

// TestRoundRobin plays a round robin of four at tables of two to its end:
// six games, the standings by the results, and no round after the last.
func TestRoundRobin(t *testing.T) {
	l := newLeague(t, campaigns.RoundRobin, campaigns.Options{}, players(4))
	for range 3 {
		l.round(byName)
	}
	if !l.c.Over() || len(l.c.Games) != 6 {
		t.Fatalf("after 3 rounds: over %v, %d games; want over, 6 games", l.c.Over(), len(l.c.Games))
	}
	if _, err := l.c.Pair(l.seed); !errors.Is(err, campaigns.ErrNoRound) {
		t.Errorf("Pair after the last round = %v, want ErrNoRound", err)
	}
	for i, st := range l.c.Standings() {
		if want := players(4)[i]; st.Player != want || st.Points != campaigns.Points(3-i) || st.Rank != i+1 {
			t.Errorf("standing %d = %s %v rank %d, want %s %d rank %d", i+1, st.Player, st.Points, st.Rank, want, 3-i, i+1)
		}
	}
}

// TestRoundRobinWithdrawal: a player who withdraws is not paired again;
// the opponents they would have met sit out.
func TestRoundRobinWithdrawal(t *testing.T) {
	l := newLeague(t, campaigns.RoundRobin, campaigns.Options{}, players(4))
	l.round(byName)
	l.apply(campaigns.Withdrew{Player: "p02", Reason: "moving house"})
	for range 2 {
		r := l.round(byName)
		if len(r.Tables) != 1 || len(r.Byes) != 1 || slices.ContainsFunc(r.Tables, func(t []string) bool { return slices.Contains(t, "p02") }) {
			t.Errorf("round %d after p02 withdrew = %v byes %v, want one table without p02 and one bye", r.Round, r.Tables, r.Byes)
		}
	}
	if !l.c.Over() {
		t.Error("the round robin is not over after its three rounds")
	}
}

// TestSwissProperties plays Swiss tournaments of 4 to 13 players with
// drawn results: no pair meets twice while another pairing exists (here:
// for as many rounds as half the players), nobody has a second bye while
// another player has none, and no player's first seats outnumber their
// second seats (or the reverse) by more than two.
func TestSwissProperties(t *testing.T) {
	for n := 4; n <= 13; n++ {
		rounds := n / 2
		l := newLeague(t, campaigns.Swiss, campaigns.Options{Rounds: rounds}, players(n))
		r := rules.NewRand(rules.SeedFromInt(uint64(n)), "results")
		results := func(seats []string) []int {
			return [][]int{{1, 2}, {2, 1}, {1, 1}}[r.IntN(3)]
		}
		met := map[[2]string]bool{}
		byes, balance := map[string]int{}, map[string]int{}
		for range rounds {
			round := l.round(results)
			for _, tb := range round.Tables {
				k := [2]string{min(tb[0], tb[1]), max(tb[0], tb[1])}
				if met[k] {
					t.Errorf("Swiss of %d, round %d: %s and %s meet again", n, round.Round, tb[0], tb[1])
				}
				met[k] = true
				balance[tb[0]]++
				balance[tb[1]]--
			}
			if len(round.Byes) != n%2 {
				t.Errorf("Swiss of %d, round %d: byes %v, want %d", n, round.Round, round.Byes, n%2)
			}
			for _, b := range round.Byes {
				byes[b]++
			}
		}
		if len(byes) > 0 && slices.Max(mapValues(byes)) > 1 {
			t.Errorf("Swiss of %d: byes %v, want nobody twice in %d rounds", n, byes, rounds)
		}
		for p, b := range balance {
			if b > 2 || b < -2 {
				t.Errorf("Swiss of %d: %s sat first %+d times more than second", n, p, b)
			}
		}
		if !l.c.Over() {
			t.Errorf("Swiss of %d is not over after %d rounds", n, rounds)
		}
	}
}

func mapValues(m map[string]int) []int {
	var out []int
	for _, v := range m {
		out = append(out, v)
	}
	return out
}

// TestSwissScoreGroups: after round 1 the winners meet the winners.
func TestSwissScoreGroups(t *testing.T) {
	l := newLeague(t, campaigns.Swiss, campaigns.Options{Rounds: 3}, players(8))
	l.round(byName)
	pts := map[string]campaigns.Score{}
	for _, st := range l.c.Standings() {
		pts[st.Player] = st.Points
	}
	r := l.round(byName)
	for _, tb := range r.Tables {
		if pts[tb[0]] != pts[tb[1]] {
			t.Errorf("round 2 pairs %s (%v) with %s (%v), want equal scores", tb[0], pts[tb[0]], tb[1], pts[tb[1]])
		}
	}
}

// TestKnockout plays a knockout of five: the top three seeds of the draw
// sit out round 1, one champion stays after three rounds, and a drawn
// game sends on the player who sat second.
func TestKnockout(t *testing.T) {
	l := newLeague(t, campaigns.Knockout, campaigns.Options{}, players(5))
	r1 := l.round(drawn)
	if len(r1.Tables) != 1 || len(r1.Byes) != 3 {
		t.Fatalf("round 1 of five = %v byes %v, want one table and three byes", r1.Tables, r1.Byes)
	}
	through := r1.Tables[0][1] // drawn: the second seat goes on
	r2 := l.round(byName)
	if len(r2.Tables) != 2 || !slices.ContainsFunc(r2.Tables, func(tb []string) bool { return slices.Contains(tb, through) }) {
		t.Fatalf("round 2 = %v, want two tables, one with %s who went through on the draw", r2.Tables, through)
	}
	r3 := l.round(byName)
	if len(r3.Tables) != 1 || !l.c.Over() {
		t.Fatalf("round 3 = %v over %v, want the final and the end", r3.Tables, l.c.Over())
	}
	champion := r3.Tables[0][campaigns.Winner(byName(r3.Tables[0]))]
	st := l.c.Standings()
	if st[0].Player != champion || st[0].Rank != 1 || st[0].Out != 0 || st[1].Out != 3 {
		t.Errorf("standings %+v, want %s first, not out, and the finalist out in round 3", st[:2], champion)
	}
}

// TestLadder: a challenger who wins takes the defender's place, everyone
// between goes down one; a challenge beyond the reach is refused; a
// defender who holds keeps the place.
func TestLadder(t *testing.T) {
	l := newLeague(t, campaigns.Ladder, campaigns.Options{Reach: 3}, players(5))
	if _, err := l.c.Pair(l.seed); !errors.Is(err, campaigns.ErrNoRound) {
		t.Errorf("Pair on a ladder = %v, want ErrNoRound", err)
	}
	if _, err := l.c.Challenge("p05", "p01"); err == nil {
		t.Error("p05 challenged p01, four places up with a reach of 3")
	}
	r, err := l.c.Challenge("p05", "p02")
	if err != nil {
		t.Fatal(err)
	}
	l.apply(r)
	if _, err := l.c.Challenge("p03", "p02"); err == nil {
		t.Error("p03 challenged p02 while p02 plays a challenge")
	}
	l.play(r.Round, 1, r.Tables[0], []int{1, 2})
	if want := []string{"p01", "p05", "p02", "p03", "p04"}; !slices.Equal(l.c.Ladder, want) {
		t.Errorf("ladder after p05 beat p02 = %v, want %v", l.c.Ladder, want)
	}
	r, _ = l.c.Challenge("p04", "p02")
	l.apply(r)
	l.play(r.Round, 1, r.Tables[0], []int{1, 1})
	if want := []string{"p01", "p05", "p02", "p03", "p04"}; !slices.Equal(l.c.Ladder, want) {
		t.Errorf("ladder after p04 drew with p02 = %v, want %v (the defender holds)", l.c.Ladder, want)
	}
	l.apply(campaigns.Decided{Decision: campaigns.Closed, Reason: "end of season"})
	st := l.c.Standings()
	if st[1].Player != "p05" || st[1].Rank != 2 || st[1].Ladder != 2 {
		t.Errorf("second standing %+v, want p05 on place 2", st[1])
	}
	if !l.c.Over() {
		t.Error("a closed ladder is not over")
	}
}

// TestReplayChecksPairings: a history whose round was paired otherwise
// than the seed pairs it fails Replay once the seed is known.
func TestReplayChecksPairings(t *testing.T) {
	l := newLeague(t, campaigns.Swiss, campaigns.Options{Rounds: 2}, players(4))
	l.round(byName)
	l.round(byName)
	l.apply(campaigns.SeedRevealed{Seed: l.seed.String()})
	if _, checked, err := campaigns.Replay(l.c.ID, l.facts, nil); err != nil || !checked {
		t.Fatalf("Replay of the genuine history = %v, checked %v", err, checked)
	}
	forged := slices.Clone(l.facts)
	for i, f := range forged {
		if r, ok := f.(campaigns.RoundPaired); ok && r.Round == 2 {
			r.Tables = [][]string{{r.Tables[0][0], r.Tables[1][0]}, {r.Tables[0][1], r.Tables[1][1]}}
			forged[i] = r
		}
	}
	if _, _, err := campaigns.Replay(l.c.ID, forged, nil); err == nil {
		t.Error("Replay of a history with round 2 paired by hand succeeded")
	}
	other := rules.SeedFromInt(99)
	if _, _, err := campaigns.Replay(l.c.ID, l.facts[:len(l.facts)-1], &other); err == nil {
		t.Error("Replay with another seed succeeded")
	}
}

// TestKnockoutWithdrawal: a winner who withdraws before the final hands
// the title to the other finalist, and ranks above those beaten before.
func TestKnockoutWithdrawal(t *testing.T) {
	l := newLeague(t, campaigns.Knockout, campaigns.Options{}, players(4))
	r1 := l.round(byName)
	w1, w2 := r1.Tables[0][campaigns.Winner(byName(r1.Tables[0]))], r1.Tables[1][campaigns.Winner(byName(r1.Tables[1]))]
	l.apply(campaigns.Withdrew{Player: w1, Reason: "ill"})
	if !l.c.Over() {
		t.Fatal("the knockout is not over with one player left in it")
	}
	st := l.c.Standings()
	if st[0].Player != w2 || st[1].Player != w1 || st[1].Out != 2 || st[2].Out != 1 {
		t.Errorf("standings %+v, want %s first, %s second (out in round 2), the beaten after", st, w2, w1)
	}
}

// TestRoundRobinEmptyRound: with two of four gone, a round whose tables
// all held one of them is still a round of the schedule, paired with
// nobody at a table, and the round robin still ends.
func TestRoundRobinEmptyRound(t *testing.T) {
	l := newLeague(t, campaigns.RoundRobin, campaigns.Options{}, players(4))
	r1 := l.round(byName)
	// One player of each table of round 1 leaves: of the two rounds
	// left, the one that paired the leavers with the stayers is empty.
	l.apply(campaigns.Withdrew{Player: r1.Tables[0][0]})
	l.apply(campaigns.Withdrew{Player: r1.Tables[1][0]})
	empty := 0
	for !l.c.Over() {
		r := l.round(byName)
		if len(r.Tables) == 0 {
			empty++
			if len(r.Byes) != 2 {
				t.Errorf("empty round %d has byes %v, want the two left", r.Round, r.Byes)
			}
		}
	}
	if len(l.c.Rounds) != 3 || empty != 1 {
		t.Errorf("%d rounds, %d empty; want 3 and 1", len(l.c.Rounds), empty)
	}
}

// TestOverRefusesAll: once a ladder is closed and its seed revealed,
// whatever an organiser or a player still asks (a late mail answered,
// a command at the console) is refused as "the campaign is over", a
// refusal the reader gets in their own language, and nothing else.
func TestOverRefusesAll(t *testing.T) {
	l := newLeague(t, campaigns.Ladder, campaigns.Options{Reach: 3}, players(4))
	over := func(what string, err error) {
		t.Helper()
		var r *campaigns.Refusal
		if !errors.As(err, &r) || r.Phrase().Format != "the campaign is over" {
			t.Errorf("%s after the campaign is over: %v; want the refusal \"the campaign is over\"", what, err)
		}
	}
	r, err := l.c.Challenge("p04", "p03")
	if err != nil {
		t.Fatal(err)
	}
	l.apply(r)
	l.apply(campaigns.Decided{Decision: campaigns.Closed, Reason: "end of season"})
	_, err = l.c.Challenge("p02", "p01")
	over("a challenge while the last one is played", err)
	l.play(r.Round, 1, r.Tables[0], []int{1, 2})
	l.apply(campaigns.SeedRevealed{Seed: l.seed.String()})
	for _, f := range []campaigns.Fact{
		campaigns.Entered{Player: "p09"},
		campaigns.Withdrew{Player: "p01", Reason: "late"},
		campaigns.Decided{Decision: campaigns.Paused, Reason: "holidays"},
		campaigns.Decided{Decision: campaigns.Extended, Span: "2d", Reason: "late"},
		campaigns.Decided{Decision: campaigns.Closed, Reason: "again"},
	} {
		over(f.Type(), l.c.Apply(f))
	}
	_, err = l.c.Challenge("p02", "p01")
	over("a challenge", err)
}
