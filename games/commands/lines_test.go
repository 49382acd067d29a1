package commands_test

import (
	"slices"
	"testing"

	"github.com/pbem-games/pbem/games/commands"
	"github.com/pbem-games/pbem/projections"
	"github.com/pbem-games/pbem/rules"
	"github.com/pbem-games/pbem/rules/rulestest/nim"
)

// parseOnly is a state of nim without its Notation: only the lines its
// Parse reads are its moves.
type parseOnly struct{ rules.State }

func nimGame(t *testing.T) rules.State {
	t.Helper()
	st, err := nim.Game{}.Start(rules.Setup{Seats: 2, Seed: rules.SeedFromInt(1)})
	if err != nil {
		t.Fatal(err)
	}
	return st
}

// TestMeant: the commands of a mail run from its first command or move of
// the game to the line before the first that is neither; greetings before
// and sign-offs after are ignored, and a mail of neither runs its first
// line, to be refused with its reason.
func TestMeant(t *testing.T) {
	st := nimGame(t)
	nimOf := &projections.Game{State: st}
	parsed := &projections.Game{State: parseOnly{st}}
	for _, c := range []struct {
		name         string
		g            *projections.Game
		seat         rules.Seat
		lines        []string
		run, ignored []string
	}{
		{"no lines", nil, 0, nil, []string{}, []string{}},
		{"commands only", nil, 0, []string{"GAMES", "HELP"}, []string{"GAMES", "HELP"}, []string{}},
		{"a greeting and a sign-off", nil, 0, []string{"Hello", "GAMES", "LANG zh", "Thanks", "HELP"}, []string{"GAMES", "LANG zh"}, []string{"Hello", "Thanks", "HELP"}},
		{"nothing to run", nil, 0, []string{"Hello", "Thanks"}, []string{"Hello"}, []string{"Thanks"}},
		{"a Chinese command", nil, 0, []string{"你好", "帮助", "谢谢"}, []string{"帮助"}, []string{"你好", "谢谢"}},
		{"a move and a command", nimOf, 1, []string{"Hi", "take 2", "SAY hi", "Ana"}, []string{"take 2", "SAY hi"}, []string{"Hi", "Ana"}},
		{"a move too big, as it is written", nimOf, 0, []string{"take 9", "Ana"}, []string{"take 9"}, []string{"Ana"}},
		{"a move too big, as Parse reads it", parsed, 0, []string{"take 9", "take 2", "Ana"}, []string{"take 2"}, []string{"take 9", "Ana"}},
		{"an observer's move", &projections.Game{State: st}, rules.Observer, []string{"take 2", "BOARD"}, []string{"BOARD"}, []string{"take 2"}},
		{"a move to no game", nil, 0, []string{"take 2", "BOARD"}, []string{"BOARD"}, []string{"take 2"}},
	} {
		run, ignored := commands.Meant(c.g, c.seat, c.lines)
		if !slices.Equal(run, c.run) || !slices.Equal(ignored, c.ignored) {
			t.Errorf("%s: Meant(%q) = %q, ignored %q; want %q, ignored %q", c.name, c.lines, run, ignored, c.run, c.ignored)
		}
	}
}

// TestSpan: where the commands start and end in a mail's lines.
func TestSpan(t *testing.T) {
	list := commands.New()
	for _, c := range []struct {
		lines      []string
		first, end int
	}{
		{nil, 0, 0},
		{[]string{"Hello"}, 0, 1},
		{[]string{"Hello", "Bye"}, 0, 1},
		{[]string{"Hello", "BOARD"}, 1, 2},
		{[]string{"Hello", "BOARD", "GAMES", "Bye", "HELP"}, 1, 3},
	} {
		if first, end := list.Span(nil, 0, c.lines); first != c.first || end != c.end {
			t.Errorf("Span(%q) = %d, %d; want %d, %d", c.lines, first, end, c.first, c.end)
		}
	}
}

// TestMoreMoves: a move follows line i when a later line of the run is
// not a command.
func TestMoreMoves(t *testing.T) {
	list := commands.New()
	run := []string{"take 1", "SAY hi", "take 2", "BOARD"}
	for i, want := range []bool{true, true, false, false} {
		if got := list.MoreMoves(run, i); got != want {
			t.Errorf("MoreMoves(%q, %d) = %v, want %v", run, i, got, want)
		}
	}
}

// TestWords: the small helpers of the command lines.
func TestWords(t *testing.T) {
	for _, c := range []struct{ s, want string }{
		{"", ""}, {"BOARD", "BOARD"}, {"SAY good luck", "SAY"}, {" lead", ""}, {"说 你好", "说"},
	} {
		if got := commands.FirstWord(c.s); got != c.want {
			t.Errorf("FirstWord(%q) = %q, want %q", c.s, got, c.want)
		}
	}
	for _, c := range []struct {
		s, sep, before, after string
		ok                    bool
	}{
		{"IF E5 then G7", " THEN ", "IF E5", "G7", true},
		{"IF E5 THEN G7", " then ", "IF E5", "G7", true},
		{"IF E5 G7", " THEN ", "IF E5 G7", "", false},
		{"THEN", "THEN", "", "", true},
	} {
		before, after, ok := commands.CutFold(c.s, c.sep)
		if before != c.before || after != c.after || ok != c.ok {
			t.Errorf("CutFold(%q, %q) = %q, %q, %v; want %q, %q, %v", c.s, c.sep, before, after, ok, c.before, c.after, c.ok)
		}
	}
	list := []string{"<game>", "Seat"}
	for _, c := range []struct {
		s    string
		want bool
	}{{"GAME", true}, {"game", true}, {"seat", true}, {"<game>", false}, {"zone", false}} {
		if got := commands.ContainsFold(list, c.s); got != c.want {
			t.Errorf("ContainsFold(%q, %q) = %v, want %v", list, c.s, got, c.want)
		}
	}
	if got := commands.FirstOf("a", "b"); got != "a" {
		t.Errorf("FirstOf = %q, want a", got)
	}
}
