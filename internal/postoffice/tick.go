package postoffice

import (
	"context"
	"fmt"
	"io"
	"time"

	"github.com/pbem-games/pbem/games"
	"github.com/pbem-games/pbem/projections"
)

// Tick records what the clock says is due at now, as the serving
// process's clock does every tick, on a copy of svc whose clock says now,
// and writes to w what it recorded, game by game; dry records nothing
// and writes what is due.
func Tick(ctx context.Context, svc *games.Service, now time.Time, dry bool, w io.Writer) error {
	svc = copyService(svc)
	svc.Now = func() time.Time { return now }
	index, err := projections.NewProjector(ctx, svc.Store, svc.Catalog)
	if err != nil {
		return err
	}
	if err := index.CatchUp(ctx); err != nil {
		return err
	}
	due, err := dueGames(ctx, svc, index, now)
	if err != nil {
		return err
	}
	if len(due) == 0 {
		fmt.Fprintf(w, "nothing is due at %s\n", now.UTC().Format(time.RFC3339))
		return nil
	}
	if dry {
		fmt.Fprintf(w, "due at %s, not recorded (--dry-run):\n", now.UTC().Format(time.RFC3339))
		for _, d := range due {
			for _, step := range d.due {
				fmt.Fprintf(w, "%s  %s\n", d.id, dueText(d.game, step))
			}
		}
		return nil
	}
	// The same steps the service's clock takes: an operator trying a time
	// out is told exactly what is now in the histories, for good.
	tickErr := (&games.Timekeeper{Service: svc, Index: index}).Tick(ctx)
	for _, d := range due {
		g, _, err := svc.Load(ctx, d.id)
		if err != nil {
			return err
		}
		if g.Seq > d.game.Seq {
			fmt.Fprintf(w, "%s  recorded as events %d to %d (pbem log %s shows them)\n", d.id, d.game.Seq+1, g.Seq, d.id)
		}
	}
	return tickErr
}

// dueGame is a game whose clock has something to do.
type dueGame struct {
	id   string
	game *projections.Game
	due  []projections.Due
}

// dueGames returns what the clock has to do at now, game by game, as the
// timekeeper finds it: the read model says which games, their histories
// what.
func dueGames(ctx context.Context, svc *games.Service, index *projections.Projector, now time.Time) ([]dueGame, error) {
	ids, err := (&games.Timekeeper{Service: svc, Index: index}).Due(ctx, now)
	if err != nil {
		return nil, err
	}
	var due []dueGame
	for _, id := range ids {
		g, _, err := svc.Load(ctx, id)
		if err != nil {
			return nil, err
		}
		if steps, _ := g.DueAt(now); len(steps) > 0 {
			due = append(due, dueGame{id, g, steps})
		}
	}
	return due, nil
}

// dueText says what the clock would do for one step; what the step then
// causes (the next seat's deadline, the end of the game) is not foreseen.
func dueText(g *projections.Game, d projections.Due) string {
	seat := fmt.Sprintf("seat %d", d.Seat)
	for _, p := range g.Created.Players {
		if p.Seat == d.Seat && p.Name != "" {
			seat += " (" + p.Name + ")"
		}
	}
	switch d.Kind {
	case projections.DueRemind:
		return seat + ": reminded of the deadline " + d.Deadline.UTC().Format(time.RFC3339)
	case projections.DuePassed:
		return seat + ": everyone told the deadline " + d.Deadline.UTC().Format(time.RFC3339) + " passed"
	case projections.DueTimeout:
		return seat + ": the grace is over, pbem plays the default move as a timeout"
	case projections.DueAbandoned:
		return seat + ": pbem plays the seat's move, the seat being pbem's for good"
	case projections.DueDigest:
		return seat + ": the daily digest is sent"
	}
	return seat + ": " + d.Kind
}
