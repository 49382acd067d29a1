package postoffice

import (
	"context"
	"errors"
	"fmt"
	"io"

	"github.com/pbem-games/pbem/catalog"
	"github.com/pbem-games/pbem/events"
	"github.com/pbem-games/pbem/games"
	"github.com/pbem-games/pbem/games/letters"
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
// returns how many; the mail side of svc for the games offered derives
// the notices of the games' events.
func RetryMail(ctx context.Context, svc *games.Service, offered *catalog.Catalog, state, id string) (int, error) {
	if id != "" {
		s, err := mail.FindNotice(ctx, svc.Store, letters.New(svc, offered).Notices, id)
		if err != nil {
			return 0, err
		}
		if s.Held == nil {
			return 0, fmt.Errorf("mail retry: <%s> is %s, not held", s.Notice.ID, s.State)
		}
		state, id = s.Held.State, s.Notice.ID
		n, err := mail.Retry(ctx, svc.Store, state, id)
		if errors.Is(err, mail.ErrStillMarked) {
			return 0, fmt.Errorf("mail retry: <%s> was set aside for %s, which is still marked as bouncing: once it reads its mail again, run pbem mail unmark %s", id, s.Notice.To, s.Notice.To)
		}
		return n, err
	}
	return mail.Retry(ctx, svc.Store, state, id)
}

// Unmark forgets the bounces of addr and lifts its mark, as a mail from
// the address itself does, for an operator who learns it reads its mail
// again, and says so on w with how many of its notices are set aside as
// marked (pbem mail retry --marked sends them); an address with no
// bounces recorded is an error.
func Unmark(ctx context.Context, store events.Follower, addr string, w io.Writer) error {
	cleared, aside, err := mail.Unmark(ctx, store, addr)
	if err != nil {
		return err
	}
	if !cleared {
		return fmt.Errorf("mail unmark: no bounces are recorded for %s", addr)
	}
	fmt.Fprintf(w, "%s: its bounces are forgotten, and pbem mails it again\n", addr)
	if aside > 0 {
		fmt.Fprintf(w, "%d of its notices were set aside while it was marked: pbem mail retry --marked sends them\n", aside)
	}
	return nil
}
