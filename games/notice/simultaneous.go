package notice

import (
	"slices"

	"github.com/pbem-games/pbem/events"
	"github.com/pbem-games/pbem/games"
	"github.com/pbem-games/pbem/games/commands"
	"github.com/pbem-games/pbem/mail"
	"github.com/pbem-games/pbem/projections"
	"github.com/pbem-games/pbem/rules"
)

// Simultaneous phases by mail: every planning seat answers the same
// prompt with a mail that holds its whole plan or bid. Nobody hears of
// another's single placements, which they cannot see anyway, nor of a
// seat finishing its part, until the phase ends; a player hears once per
// mail; and a plan mailed again replaces the last where the game allows.

// unnoticed reports whether seat need not hear now of the move mover made
// from before to after: its legal moves are the same, and either it cannot
// tell the move from another the mover might have made (a hidden
// placement, a sealed bid), or the mover finished its part of a
// simultaneous phase that goes on without changing what anyone else may
// do. It hears of them with the next mail that changes something for it,
// such as the reveal when the phase ends. A public move with no other
// legal move to tell it from is always told.
func unnoticed(before, after rules.State, mover rules.Seat, move string, seat rules.Seat) bool {
	if seat == mover || !games.SameLegal(before, after, seat) {
		return false
	}
	return finishedPart(before, after, mover) || hidden(before, after, mover, move, seat)
}

// finishedPart reports whether mover, one of several seats to act in
// before, is no longer to act in after while the others still are, and
// no other seat's legal moves changed.
func finishedPart(before, after rules.State, mover rules.Seat) bool {
	was, now := before.ToAct(), after.ToAct()
	if len(was) < 2 || !slices.Contains(was, mover) || slices.Contains(now, mover) || len(now) == 0 {
		return false
	}
	for _, s := range now {
		if !slices.Contains(was, s) {
			return false
		}
	}
	for _, s := range was {
		if s != mover && !games.SameLegal(before, after, s) {
			return false
		}
	}
	return true
}

// maxAlternatives bounds the other moves hidden tries.
const maxAlternatives = 6

// hidden reports whether seat sees the same after mover's move as after
// another legal move of mover, so that it cannot tell what mover did. It
// tries moves of the same kind (the same first word) first, such as
// another placement or another bid, and others only when there is none,
// such as for the last good a seat takes back.
func hidden(before, after rules.State, mover rules.Seat, move string, seat rules.Seat) bool {
	kind := commands.FirstWord(move)
	legal := before.Legal(mover)
	same := func(m rules.Move) bool { return commands.FirstWord(m.String()) == kind }
	alts := slices.DeleteFunc(slices.Clone(legal), func(m rules.Move) bool { return !same(m) || m.String() == move })
	if len(alts) == 0 {
		alts = slices.DeleteFunc(slices.Clone(legal), same)
	}
	view := after.View(seat).Text()
	for _, alt := range alts[:min(len(alts), maxAlternatives)] {
		if other, err := before.Apply(mover, alt); err == nil && other.View(seat).Text() == view {
			return true
		}
	}
	return false
}

// Quiet drops from ns, the notices of the events sealed, those that
// tell a seat of another player's move it need not hear of now (see
// unnoticed), and, when more moves of the same mail follow, those that
// tell the mover of its own move or ask it to move after its own command:
// it hears once, after the mail's last move. Observers, who chose to follow every move, and moves pbem played
// at a time out, news of the table, are told as always. before[i] is the
// state before sealed[i]; g is the game after them all.
func Quiet(g *projections.Game, sealed []events.Event, before []rules.State, more bool, ns []mail.Notice) []mail.Notice {
	if len(sealed) == 0 {
		return ns
	}
	first := sealed[0].Seq
	after := func(i int) rules.State {
		if i+1 < len(before) {
			return before[i+1]
		}
		return g.State
	}
	drop := func(n mail.Notice) bool {
		if n.Seq < first || n.Seq-first >= uint64(len(sealed)) || n.Kind == KindGameOver {
			return false
		}
		i := int(n.Seq - first)
		e := sealed[i]
		var mp events.MovePlayed
		if e.Type != events.TypeMovePlayed || e.Unmarshal(&mp) != nil {
			// The mover's own command (DEADLINE, say) with a move of
			// the same mail after it: a prompt now asks for the move
			// that mail makes, whose mail tells the command too.
			return more && e.Actor == n.Seat && n.Kind == KindYourTurn
		}
		switch {
		case mp.Seat == n.Seat:
			return more && i == 0 && e.Actor == n.Seat
		case n.Seat < 0:
			return false // observers chose to follow every move
		case e.Actor != mp.Seat:
			return false // pbem played it at a time out: the table's news, for everyone
		}
		return unnoticed(before[i], after(i), rules.Seat(mp.Seat), mp.Move, rules.Seat(n.Seat))
	}
	return slices.DeleteFunc(ns, drop)
}
