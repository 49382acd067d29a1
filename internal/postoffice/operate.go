package postoffice

import (
	"context"
	"fmt"

	"github.com/pbem-games/pbem/events"
	"github.com/pbem-games/pbem/games"
	"github.com/pbem-games/pbem/mail"
)

// Operation is one of the operator's commands on a running game, the same
// as the host's mail command without the need to be host.
type Operation struct {
	Name    string // pause, resume, undo, replace, expel, end or watch
	Game    string
	Seat    int           // replace's and expel's
	Moves   int           // undo's
	Player  events.Player // replace's new player
	Watcher string        // watch's address
	Stop    bool          // watch: stop watching
}

// Operate records op on its game as the operator.
func Operate(ctx context.Context, svc *games.Service, op Operation) (games.Played, error) {
	id, by, c := op.Game, games.Operator, games.Cause{}
	switch op.Name {
	case "pause", "resume":
		return svc.Pause(ctx, id, by, op.Name == "pause", c)
	case "undo":
		return svc.Undo(ctx, id, by, op.Moves, c)
	case "replace":
		return svc.Replace(ctx, id, by, op.Seat, op.Player, c)
	case "expel":
		return svc.Expel(ctx, id, by, op.Seat, c)
	case "end":
		return svc.ProposeEnd(ctx, id, by, c)
	case "watch":
		p, err := svc.Watch(ctx, id, by, op.Watcher, !op.Stop, c)
		if err == nil && op.Stop {
			// The observer stopped keeps the public link: it changes.
			_, err = mail.RotatePublic(ctx, svc.Store, id)
		}
		return p, err
	}
	return games.Played{}, fmt.Errorf("operate: no operator's command %q", op.Name)
}

// RetryMail lets the held notices be tried again: the notice whose
// Message-ID is id when id is not "", else every one held in state. It
// returns how many; notices derives the notices of the games' events.
func RetryMail(ctx context.Context, svc *games.Service, notices mail.NoticeSource, state, id string) (int, error) {
	if id != "" {
		s, err := mail.FindNotice(ctx, svc.Store, notices, id)
		if err != nil {
			return 0, err
		}
		if s.Held == nil {
			return 0, fmt.Errorf("mail retry: <%s> is %s, not held", s.Notice.ID, s.State)
		}
		state, id = s.Held.State, s.Notice.ID
	}
	return mail.Retry(ctx, svc.Store, state, id)
}
