package mailroom

import (
	"context"
	"fmt"

	"github.com/pbem-games/pbem/games"
	"github.com/pbem-games/pbem/games/locale"
	"github.com/pbem-games/pbem/rules"
)

// Simultaneous phases by mail: every planning seat answers the same
// prompt with a mail that holds its whole plan or bid. Nobody hears of
// another's single placements, which they cannot see anyway, nor of a
// seat finishing its part, until the phase ends; a player hears once per
// mail; and a plan mailed again replaces the last where the game allows.

// replacer is implemented by the states of games in which a player's
// mail holds their whole plan for a simultaneous phase, so that a mail
// sent again replaces what they placed: Replace returns the moves that
// take back what seat placed so far when first, the first move line of a
// new mail, starts a plan; an error written for the player when what it
// placed can no longer be taken back; nothing otherwise.
type replacer interface {
	Replace(seat rules.Seat, first string) ([]rules.Move, error)
}

// replace takes back what the letter's seat placed in the phase before
// the mail's first move, where the game lets a plan be replaced; it
// refuses the mail where the game says the plan can no longer change.
func (m *Mailroom) replace(ctx context.Context, l *letter, line string, c games.Cause) error {
	if l.replaced {
		return nil
	}
	l.replaced = true
	r, ok := l.game.State.(replacer)
	if !ok {
		return nil
	}
	take, err := r.Replace(l.seat, line)
	if err == nil && len(take) == 0 {
		return nil
	}
	// A mail that answers one the game has moved on from is answered as
	// stale before anything else, refusal or not (pbem may have declared
	// the plan for a seat out of time).
	if _, stale, serr := m.stale(ctx, l); serr != nil || stale {
		return serr // the line itself is answered as stale
	}
	if err != nil {
		return locale.Refuse(rules.ErrIllegal, "%v", err)
	}
	j := 0
	for _, mv := range take {
		// A mail read again after a crash between its TAKEs goes on with
		// sources not used yet.
		tc := games.Cause{ReplyTo: c.ReplyTo, More: true}
		for ; ; j++ {
			tc.Source = fmt.Sprintf("%s.take%d", c.Source, j)
			if _, done := l.game.Applied(tc.Source); !done {
				break
			}
		}
		j++
		p, err := m.Service.Move(ctx, l.game.ID, l.seat, mv.String(), tc)
		if err != nil {
			return err
		}
		l.game = p.Game
	}
	return nil
}
