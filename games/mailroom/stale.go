package mailroom

import (
	"context"
)

// A reply is stale when it answers a mail of pbem after which something
// happened that its writer could see and that changes what they may do.
// Which event a mail was sent at is read from the mail itself: a notice of
// an event names its event in its Message-ID, whatever the domain (a
// game made on a command line has another); an answer to a mail is read
// from its own record in the outbox. What changed is asked of the rules, seat by seat: in a
// simultaneous phase another seat's hidden placement or sealed bid leaves
// the replier's legal moves as they were, so a plan mailed at the same
// moment as another's is played, not bounced.

// answered returns the event after which pbem sent the mail of the
// letter's game that the letter answers, 0 when it answers none (a fresh
// mail to the reply address answers the game as it is). A move of the
// letter carries it (games.Cause.Answers), and the service refuses the move as
// stale when something changed for the seat since.
func (m *Mailroom) answered(ctx context.Context, l *letter) (uint64, error) {
	answered, ok, err := m.Service.SentAt(ctx, l.game.ID, l.game.Seq, l.p.InReplyTo)
	if err != nil || !ok {
		return 0, err
	}
	return answered, nil
}

// stale reports whether the letter answers a mail of pbem about its game
// after which something changed for its seat, and the event it answers.
func (m *Mailroom) stale(ctx context.Context, l *letter) (uint64, bool, error) {
	answered, err := m.answered(ctx, l)
	if err != nil || answered == 0 {
		return 0, false, err
	}
	changed, err := m.Service.ChangedSince(ctx, l.game.ID, l.seat, answered)
	return answered, changed, err
}
