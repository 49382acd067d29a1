package campaigns_test

import (
	"bytes"
	"crypto/sha256"
	"slices"
	"strings"
	"testing"

	"github.com/pbem-games/pbem/campaigns"
)

var tablePointsTests = []struct {
	places, placePoints []int
	want                []campaigns.Score
}{
	{[]int{1, 2}, nil, []campaigns.Score{60, 0}},
	{[]int{1, 1}, nil, []campaigns.Score{30, 30}},
	{[]int{2, 1, 3}, nil, []campaigns.Score{60, 120, 0}},
	{[]int{1, 1, 3}, nil, []campaigns.Score{90, 90, 0}},
	{[]int{1, 2, 2, 4}, nil, []campaigns.Score{180, 90, 90, 0}},
	{[]int{1, 1, 1, 1, 1}, nil, []campaigns.Score{120, 120, 120, 120, 120}},
	{[]int{1, 2, 3}, []int{3, 1, 0}, []campaigns.Score{180, 60, 0}},
	{[]int{1, 1, 3}, []int{3, 1, 0}, []campaigns.Score{120, 120, 0}},
	{[]int{4, 1, 1, 1}, []int{5, 3, 2, 0}, []campaigns.Score{0, 200, 200, 200}},
}

func TestTablePoints(t *testing.T) {
	for _, tt := range tablePointsTests {
		if got := campaigns.TablePoints(tt.places, tt.placePoints); !slices.Equal(got, tt.want) {
			t.Errorf("TablePoints(%v, %v) = %v, want %v", tt.places, tt.placePoints, got, tt.want)
		}
	}
}

func TestScoreString(t *testing.T) {
	for s, want := range map[campaigns.Score]string{0: "0", 30: "½", 60: "1", 150: "2½", 80: "1.33", -30: "-½"} {
		if got := s.String(); got != want {
			t.Errorf("Score(%d).String() = %q, want %q", int(s), got, want)
		}
	}
}

// game is a game of a hand-made history.
type game struct {
	round           int
	seats           []string
	places, scores  []int
	timeouts, aband []int
}

// tiebreakTests each make two players, A and B, equal on points and on
// nothing else but the tiebreak named, with B entered first so that only
// the tiebreak can put A above B.
var tiebreakTests = []struct {
	tiebreak string
	games    []game
}{
	{campaigns.TieBuchholz, []game{
		{round: 1, seats: []string{"A", "C"}, places: []int{1, 2}},
		{round: 1, seats: []string{"B", "D"}, places: []int{1, 2}},
		{round: 2, seats: []string{"C", "E"}, places: []int{1, 2}},
	}},
	{campaigns.TieSonnebornBerger, []game{
		{round: 1, seats: []string{"A", "X"}, places: []int{1, 2}},
		{round: 1, seats: []string{"B", "Y"}, places: []int{1, 2}},
		{round: 2, seats: []string{"Y", "A"}, places: []int{1, 2}},
		{round: 2, seats: []string{"X", "B"}, places: []int{1, 2}},
		{round: 3, seats: []string{"X", "Z"}, places: []int{1, 2}},
	}},
	{campaigns.TieHeadToHead, []game{
		{round: 1, seats: []string{"A", "B"}, places: []int{1, 2}},
		{round: 2, seats: []string{"B", "C"}, places: []int{1, 2}},
		{round: 3, seats: []string{"D", "A"}, places: []int{1, 2}},
	}},
	{campaigns.TieGameScore, []game{
		{round: 1, seats: []string{"A", "C"}, places: []int{1, 2}, scores: []int{50, 10}},
		{round: 1, seats: []string{"B", "D"}, places: []int{1, 2}, scores: []int{20, 10}},
	}},
	{campaigns.TieTimeouts, []game{
		{round: 1, seats: []string{"A", "C"}, places: []int{1, 2}, timeouts: []int{0, 0}},
		{round: 1, seats: []string{"B", "D"}, places: []int{1, 2}, timeouts: []int{3, 0}},
	}},
}

// history folds games into a Swiss of as many rounds, whose players are
// B, A and then the others in order of appearance.
func history(t *testing.T, tiebreaks []string, games []game) *league {
	t.Helper()
	entries := []string{"B", "A"}
	rounds := 0
	for _, g := range games {
		rounds = max(rounds, g.round)
		for _, p := range g.seats {
			if !slices.Contains(entries, p) {
				entries = append(entries, p)
			}
		}
	}
	l := newLeague(t, campaigns.Swiss, campaigns.Options{Rounds: rounds, Tiebreaks: tiebreaks}, entries)
	for r := 1; r <= rounds; r++ {
		var round campaigns.RoundPaired
		round.Round = r
		for _, g := range games {
			if g.round == r {
				round.Tables = append(round.Tables, g.seats)
			}
		}
		l.apply(round)
		for i, g := range games {
			if g.round != r {
				continue
			}
			n := len(g.seats)
			res := campaigns.Result{Game: string(rune('a'+i)) + "game", Seq: 9, Hash: strings.Repeat("ab", 32), Places: g.places,
				Scores: or(g.scores, n), Moves: make([]int, n), Timeouts: or(g.timeouts, n), Abandoned: make([]bool, n), Reason: "finished"}
			l.apply(campaigns.GameStarted{Game: res.Game, Round: r, Table: slices.IndexFunc(round.Tables, func(s []string) bool { return slices.Equal(s, g.seats) }) + 1, Seats: g.seats})
			l.apply(res)
		}
	}
	return l
}

func or(v []int, n int) []int {
	if v == nil {
		return make([]int, n)
	}
	return v
}

func line(st []campaigns.Standing, p string) campaigns.Standing {
	return st[slices.IndexFunc(st, func(s campaigns.Standing) bool { return s.Player == p })]
}

// TestTiebreaks: each tiebreak alone puts A above B where the history
// makes them equal on everything else; without it they share a rank.
func TestTiebreaks(t *testing.T) {
	for _, tt := range tiebreakTests {
		t.Run(tt.tiebreak, func(t *testing.T) {
			st := history(t, []string{tt.tiebreak}, tt.games).c.Standings()
			a, b := line(st, "A"), line(st, "B")
			if a.Points != b.Points {
				t.Fatalf("A has %v points, B %v: the case is not a tie", a.Points, b.Points)
			}
			if a.Rank >= b.Rank {
				t.Errorf("by %s alone A ranks %d, B %d; want A above B", tt.tiebreak, a.Rank, b.Rank)
			}
			st = history(t, []string{campaigns.TieDraw}, tt.games).c.Standings()
			if a, b := line(st, "A"), line(st, "B"); a.Rank != b.Rank {
				t.Errorf("by the draw alone, seed unrevealed, A ranks %d and B %d, want them tied", a.Rank, b.Rank)
			}
		})
	}
}

// TestTiebreakValues checks the figures of Buchholz and Sonneborn-Berger.
func TestTiebreakValues(t *testing.T) {
	st := history(t, nil, tiebreakTests[1].games).c.Standings()
	for _, tc := range []struct {
		p      string
		bh, sb campaigns.Score
	}{{"A", 180, 120}, {"B", 180, 60}, {"X", 120, 60}} {
		if l := line(st, tc.p); l.Buchholz != tc.bh || l.SonnebornBerger != tc.sb {
			t.Errorf("%s: Buchholz %v, Sonneborn-Berger %v; want %v, %v", tc.p, l.Buchholz, l.SonnebornBerger, tc.bh, tc.sb)
		}
	}
}

// TestTiebreakDraw: once the seed is revealed, the draw orders players
// tied on all the rest, lower SHA-256 of seed and name first.
func TestTiebreakDraw(t *testing.T) {
	l := history(t, []string{campaigns.TieDraw}, tiebreakTests[4].games)
	l.apply(campaigns.SeedRevealed{Seed: l.seed.String()})
	st := l.c.Standings()
	key := func(p string) []byte {
		h := sha256.Sum256(append(l.seed[:], "campaign draw\x00"+p...))
		return h[:8]
	}
	a, b := line(st, "A"), line(st, "B")
	if a.Rank == b.Rank {
		t.Fatalf("A and B share rank %d after the seed was revealed", a.Rank)
	}
	if (bytes.Compare(key("A"), key("B")) < 0) != (a.Rank < b.Rank) {
		t.Errorf("A ranks %d, B %d; the draw's keys say otherwise", a.Rank, b.Rank)
	}
}

// TestFoldRefuses: facts a campaign cannot have are refused with why.
func TestFoldRefuses(t *testing.T) {
	for _, tc := range []struct {
		name string
		fact func(l *league) campaigns.Fact
		want string
	}{
		{"second creation", func(*league) campaigns.Fact { return campaigns.Created{Kind: campaigns.Swiss} }, "begins with"},
		{"double entry", func(*league) campaigns.Fact { return campaigns.Entered{Player: "p01"} }, "entered already"},
		{"stranger paired", func(*league) campaigns.Fact {
			return campaigns.RoundPaired{Round: 1, Tables: [][]string{{"p01", "zed"}}}
		}, "not in the campaign"},
		{"round skipped", func(*league) campaigns.Fact { return campaigns.RoundPaired{Round: 2} }, "where round 1 comes"},
		{"unknown game's result", func(*league) campaigns.Fact { return campaigns.Result{Game: "nope", Hash: "x"} }, "not the campaign's"},
		{"wrong places", func(l *league) campaigns.Fact {
			r, _ := l.c.Pair(l.seed)
			l.apply(r)
			l.apply(campaigns.GameStarted{Game: "g1", Round: 1, Table: 1, Seats: r.Tables[0]})
			return campaigns.Result{Game: "g1", Hash: "x", Places: []int{1, 3}, Scores: []int{0, 0}, Moves: []int{0, 0}, Timeouts: []int{0, 0}, Abandoned: []bool{false, false}}
		}, "has place 3"},
		{"seed revealed early", func(l *league) campaigns.Fact { return campaigns.SeedRevealed{Seed: l.seed.String()} }, "only once the campaign is over"},
		{"decision without reason", func(*league) campaigns.Fact {
			return campaigns.Decided{Decision: campaigns.Disqualified, Player: "p01"}
		}, "without its reason"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			l := newLeague(t, campaigns.Swiss, campaigns.Options{}, players(4))
			err := l.c.Apply(tc.fact(l))
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("Apply = %v, want an error saying %q", err, tc.want)
			}
		})
	}
}

// TestFactsRoundTrip: every fact decodes from its JSON as it was.
func TestFactsRoundTrip(t *testing.T) {
	l := newLeague(t, campaigns.Swiss, campaigns.Options{Rounds: 1}, players(3))
	l.round(byName)
	l.apply(campaigns.SeedRevealed{Seed: l.seed.String()})
	for _, f := range l.facts {
		data, err := jsonMarshal(f)
		if err != nil {
			t.Fatal(err)
		}
		back, err := campaigns.Decode(f.Type(), data)
		if err != nil {
			t.Fatalf("Decode(%s): %v", f.Type(), err)
		}
		again, _ := jsonMarshal(back)
		if !bytes.Equal(data, again) {
			t.Errorf("%s: %s decodes to %s", f.Type(), data, again)
		}
	}
	if _, err := campaigns.Decode("GameCreated", []byte(`{}`)); err == nil {
		t.Error("Decode of a game's fact succeeded")
	}
}

// TestReliability: on-time share, timeouts and abandoned seats from the
// results; an adjudicated game counts for none of them.
func TestReliability(t *testing.T) {
	l := newLeague(t, campaigns.Swiss, campaigns.Options{Rounds: 2}, []string{"A", "B", "C", "D"})
	l.apply(campaigns.RoundPaired{Round: 1, Tables: [][]string{{"A", "B"}, {"C", "D"}}})
	l.apply(campaigns.GameStarted{Game: "g1", Round: 1, Table: 1, Seats: []string{"A", "B"}})
	l.apply(campaigns.GameStarted{Game: "g2", Round: 1, Table: 2, Seats: []string{"C", "D"}})
	l.apply(campaigns.Result{Game: "g1", Hash: "h", Places: []int{1, 2}, Scores: []int{9, 3}, Moves: []int{12, 9},
		Timeouts: []int{0, 3}, Abandoned: []bool{false, true}, Reason: "abandoned"})
	l.apply(campaigns.Decided{Decision: campaigns.Adjudicated, Game: "g2", Places: []int{2, 1}, Reason: "stalled for a month"})
	want := map[string]campaigns.Reliability{
		"A": {Player: "A", Games: 1, Moves: 12, OnTime: 1},
		"B": {Player: "B", Games: 1, Moves: 9, Timeouts: 3, Abandoned: 1, OnTime: 0.75},
		"C": {Player: "C", OnTime: 1},
	}
	for _, r := range l.c.Reliability() {
		if w, ok := want[r.Player]; ok && r != w {
			t.Errorf("Reliability of %s = %+v, want %+v", r.Player, r, w)
		}
	}
	// The adjudicated game scores but rates nothing.
	if st := line(l.c.Standings(), "D"); st.Points != campaigns.Point {
		t.Errorf("D has %v points after the adjudication, want 1", st.Points)
	}
	for _, r := range l.c.Ratings() {
		switch r.Player {
		case "A":
			if r.Elo != 1516 || r.Glicko == nil || r.Glicko.R <= 1500 {
				t.Errorf("A's rating %+v, want Elo 1516 and Glicko-2 above 1500", r)
			}
		case "D":
			if r.Elo != 1500 || r.Games != 0 {
				t.Errorf("D's rating %+v, want 1500 from no rated game", r)
			}
		}
	}
}

// TestNotOverBeforeItBegins: a campaign of any kind opened without
// entries takes them one by one; none is over before its first round.
func TestNotOverBeforeItBegins(t *testing.T) {
	for _, kind := range campaigns.Kinds {
		l := newLeague(t, kind, campaigns.Options{}, nil)
		for _, p := range players(3) {
			l.apply(campaigns.Entered{Player: p})
			if l.c.Over() {
				t.Errorf("a %s with %s entered is over before its first round", kind, p)
			}
		}
	}
}
