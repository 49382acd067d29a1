package commands

import (
	"slices"
	"strings"

	"github.com/pbem-games/pbem/projections"
	"github.com/pbem-games/pbem/rules"
)

// Meant returns the lines of a mail that the mailroom runs as commands,
// in order, and those it ignores, for a mail to game g from seat (g nil
// for mail to the plain mailbox). The commands start at the first line
// that is a command or a move of the game, and end before the first line
// after it that is neither: lines before are greetings, lines after are
// sign-offs, names or thanks, in whatever language. A mail none of whose
// lines is either runs its first line, to be refused with its reason.
//
// A line is a move of the game when the rules read it as a move of the
// seat (Parse accepts it) or say that it is written as one (it starts
// with a word the game's moves start with, see [rules.Notation]), legal
// now or not: a mistyped or illegal move is run, and refused with its
// reason, rather than ignored.
func Meant(g *projections.Game, seat rules.Seat, lines []string) (run, ignored []string) {
	first, end := New().Span(g, seat, lines)
	return lines[first:end], append(slices.Clone(lines[:first]), lines[end:]...)
}

// Span returns where in lines the commands Meant runs start and end.
func (commands List) Span(g *projections.Game, seat rules.Seat, lines []string) (first, end int) {
	first = slices.IndexFunc(lines, func(line string) bool { return commands.IsCommand(g, seat, line) })
	if first < 0 {
		return 0, min(len(lines), 1)
	}
	end = first + 1
	for end < len(lines) && commands.IsCommand(g, seat, lines[end]) {
		end++
	}
	return first, end
}

// IsCommand reports whether line is a command or a move of game g for
// seat, as Meant says.
func (commands List) IsCommand(g *projections.Game, seat rules.Seat, line string) bool {
	if word, _ := commands.Split(line); commands.IsCommandWord(word) {
		return true
	}
	if g == nil || seat == rules.Observer {
		return false
	}
	if _, err := g.State.Parse(seat, line); err == nil {
		return true
	}
	n, ok := g.State.(rules.Notation)
	return ok && n.LooksLikeMove(seat, line)
}

// MoreMoves reports whether a move follows run[i] in the mail, so the
// mover need not be asked to move by what line i did: the move's answer,
// or its refusal, shows the game after both.
func (commands List) MoreMoves(run []string, i int) bool {
	return slices.ContainsFunc(run[i+1:], func(line string) bool { return !commands.IsCommandWord(FirstWord(line)) })
}

// FirstWord is s up to its first space.
func FirstWord(s string) string {
	for i, r := range s {
		if r == ' ' {
			return s[:i]
		}
	}
	return s
}

// CutFold cuts s around sep, in any case.
func CutFold(s, sep string) (before, after string, ok bool) {
	i := strings.Index(strings.ToUpper(s), strings.ToUpper(sep))
	if i < 0 {
		return s, "", false
	}
	return s[:i], s[i+len(sep):], true
}

// ContainsFold reports whether list holds s, in any case and with or
// without angle brackets.
func ContainsFold(list []string, s string) bool {
	for _, x := range list {
		if strings.EqualFold(strings.Trim(x, "<>"), s) {
			return true
		}
	}
	return false
}
