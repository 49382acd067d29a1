package main

import (
	"context"
	"flag"
	"fmt"
	"strings"
	"time"

	"github.com/pbem-games/pbem/games"
	"github.com/pbem-games/pbem/projections"
)

// tableCommands are the operator's commands for long-running games; each
// is the same as the host's mail command, without the need to be host.
func tableCommands() []command {
	return []command{
		{"deadline", "ID 48h [mon-fri] [REMINDER 12h] [GRACE 6h] [TIMEOUTS 3] | ID off", "set a game's clock", runDeadline},
		{"pause", "ID", "pause a game: no moves, no deadlines", operatorCommand("pause")},
		{"resume", "ID", "resume a paused game", operatorCommand("resume")},
		{"undo", "ID [--moves N]", "take back the last moves (refused once something hidden was revealed)", operatorCommand("undo")},
		{"replace", "ID --seat N --player ADDRESS", "give a seat to a new player", operatorCommand("replace")},
		{"expel", "ID --seat N", "let pbem play a seat for good", operatorCommand("expel")},
		{"end", "ID", "end a game as it stands", operatorCommand("end")},
		{"watch", "ID ADDRESS [--stop]", "add (or remove) an observer who gets the public view by mail", operatorCommand("watch")},
		{"tick", "[--at TIME]", "do what the clock says is due now (serve does it every tick)", runTick},
	}
}

func runDeadline(ctx context.Context, e *env, args []string) error {
	fs := flag.NewFlagSet("deadline", flag.ContinueOnError)
	pos, err := e.parse(fs, args, -1, "ID 48h [mon-fri] [REMINDER 12h] [GRACE 6h] [TIMEOUTS 3]")
	if err != nil {
		return err
	}
	if len(pos) < 2 {
		return usageError{"usage: pbem deadline ID 48h [mon-fri] [REMINDER 12h] [GRACE 6h] [TIMEOUTS 3] | ID off"}
	}
	set, err := games.ParseDeadline(strings.Join(pos[1:], " "))
	if err != nil {
		return err
	}
	svc, err := e.service(ctx)
	if err != nil {
		return err
	}
	p, err := svc.SetSettings(ctx, gameID(pos[0]), games.Operator, set, games.Cause{})
	return e.done(p, err)
}

// operatorCommand runs one of the table commands that take a game id and
// flags.
func operatorCommand(name string) func(context.Context, *env, []string) error {
	return func(ctx context.Context, e *env, args []string) error {
		fs := flag.NewFlagSet(name, flag.ContinueOnError)
		seat := seatFlag(fs)
		moves := fs.Int("moves", 1, "how many moves to take back")
		newPlayer := fs.String("player", "", "the new player's address, or Name <address>")
		stop := fs.Bool("stop", false, "stop watching")
		pos, err := e.parse(fs, args, -1, "ID")
		if err != nil {
			return err
		}
		if len(pos) < 1 || (name == "watch") != (len(pos) == 2) || len(pos) > 2 {
			return usageError{fmt.Sprintf("usage: pbem %s ID%s", name, map[bool]string{true: " ADDRESS", false: ""}[name == "watch"])}
		}
		if (name == "replace" || name == "expel") && *seat == noSeat {
			return usageError{name + ": --seat is required"}
		}
		svc, err := e.service(ctx)
		if err != nil {
			return err
		}
		id, op, c := gameID(pos[0]), games.Operator, games.Cause{}
		var p games.Played
		switch name {
		case "pause", "resume":
			p, err = svc.Pause(ctx, id, op, name == "pause", c)
		case "undo":
			p, err = svc.Undo(ctx, id, op, *moves, c)
		case "replace":
			p, err = svc.Replace(ctx, id, op, *seat, player(*newPlayer), c)
		case "expel":
			p, err = svc.Expel(ctx, id, op, *seat, c)
		case "end":
			p, err = svc.ProposeEnd(ctx, id, op, c)
		case "watch":
			p, err = svc.Watch(ctx, id, op, pos[1], !*stop, c)
		}
		return e.done(p, err)
	}
}

// done reports a table command's outcome.
func (e *env) done(p games.Played, err error) error {
	if err != nil {
		return err
	}
	fmt.Fprintf(e.stdout, "recorded as event %d\n", p.Seq)
	if p.Game != nil && p.Game.Ended != nil {
		fmt.Fprintf(e.stdout, "the game is over: scores %s\n", joinInts(p.Game.Ended.Scores))
	}
	return nil
}

func runTick(ctx context.Context, e *env, args []string) error {
	fs := flag.NewFlagSet("tick", flag.ContinueOnError)
	at := fs.String("at", "", "act as if it were this time (RFC 3339), to try a deadline out")
	if _, err := e.parse(fs, args, 0, "[--at TIME]"); err != nil {
		return err
	}
	svc, err := e.service(ctx)
	if err != nil {
		return err
	}
	if *at != "" {
		t, err := time.Parse(time.RFC3339, *at)
		if err != nil {
			return usageError{fmt.Sprintf("tick: --at %q is not a time such as 2026-12-03T18:00:00Z", *at)}
		}
		svc.Now = func() time.Time { return t }
	}
	index, err := projections.NewProjector(ctx, svc.Store, svc.Catalog)
	if err != nil {
		return err
	}
	if err := index.CatchUp(ctx); err != nil {
		return err
	}
	return (&games.Timekeeper{Service: svc, Index: index}).Tick(ctx)
}
