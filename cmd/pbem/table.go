package main

import (
	"context"
	"flag"
	"fmt"
	"strings"
	"time"

	"github.com/pbem-games/pbem/campaigns/organiser"
	"github.com/pbem-games/pbem/games"
	"github.com/pbem-games/pbem/games/locale"
	"github.com/pbem-games/pbem/internal/postoffice"
	"github.com/pbem-games/pbem/projections"
)

// tableCommands are the operator's commands for long-running games; each
// is the same as the host's mail command, without the need to be host.
func tableCommands() []command {
	return []command{
		{Name: "deadline", Args: "ID 48h [mon-fri] [REMINDER 12h] [GRACE 6h] [TIMEOUTS 3] [--tz ZONE] | ID off", Help: "set a game's clock; the weekdays are days in ZONE (UTC by default)", Run: runDeadline},
		{Name: "pause", Args: "ID", Help: "pause a game: no moves, no deadlines", Run: operatorCommand("pause")},
		{Name: "resume", Args: "ID", Help: "resume a paused game", Run: operatorCommand("resume")},
		{Name: "undo", Args: "ID [--moves N]", Help: "take back the last moves (refused once something hidden was revealed)", Run: operatorCommand("undo")},
		{Name: "replace", Args: "ID --seat N --player ADDRESS", Help: "give a seat to a new player", Run: operatorCommand("replace")},
		{Name: "expel", Args: "ID --seat N", Help: "let pbem play a seat for good", Run: operatorCommand("expel")},
		{Name: "end", Args: "ID", Help: "end a game as it stands", Run: operatorCommand("end")},
		{Name: "watch", Args: "ID ADDRESS [--stop]", Help: "add (or remove) an observer who gets the public view by mail", Run: operatorCommand("watch")},
		{Name: "tick", Args: "[--at TIME] [--dry-run]", Help: "record what the clock says is due now, or at TIME (serve does it every 30 s); --dry-run only prints it", Run: runTick},
	}
}

func runDeadline(ctx context.Context, e *env, args []string) error {
	fs := flag.NewFlagSet("deadline", flag.ContinueOnError)
	zone := fs.String("tz", "", "the time zone whose days the weekdays are, such as Asia/Shanghai or +08:00 (UTC when not given)")
	pos, err := e.parse(fs, args, -1)
	if err != nil {
		return err
	}
	if len(pos) < 2 {
		return usageOf("deadline")
	}
	set, err := locale.ParseDeadline(strings.Join(pos[1:], " "))
	if err != nil {
		return err
	}
	set.Zone = *zone
	svc, err := e.service(ctx)
	if err != nil {
		return err
	}
	p, err := svc.SetSettings(ctx, argID(pos[0]), games.Operator, set, games.Cause{})
	return e.done(p, err, "recorded as event %d", p.Seq)
}

// operatorCommand runs one of the table commands that take a game id and
// flags.
func operatorCommand(name string) func(context.Context, *env, []string) error {
	return func(ctx context.Context, e *env, args []string) error {
		// Each command takes only its own flags.
		fs := flag.NewFlagSet(name, flag.ContinueOnError)
		seat, moves, newPlayer, stop := new(int), new(int), new(string), new(bool)
		switch name {
		case "replace", "expel":
			seat = seatFlag(fs)
		}
		switch name {
		case "undo":
			moves = fs.Int("moves", 1, "how many moves to take back")
		case "replace":
			newPlayer = fs.String("player", "", "the new player's address, or Name <address>")
		case "watch":
			stop = fs.Bool("stop", false, "stop watching")
		}
		e.configFlag(fs)
		pos, err := e.parse(fs, args, -1)
		if err != nil {
			return err
		}
		if len(pos) < 1 || (name == "watch") != (len(pos) == 2) || len(pos) > 2 {
			return usageOf(name)
		}
		if (name == "replace" || name == "expel") && *seat == noSeat {
			return usageError{Msg: name + ": --seat is required"}
		}
		svc, err := e.service(ctx)
		if err != nil {
			return err
		}
		op := postoffice.Operation{Name: name, Game: argID(pos[0]), Seat: *seat, Moves: *moves, Player: organiser.Player(*newPlayer), Stop: *stop}
		if name == "watch" {
			op.Watcher = pos[1]
		}
		p, err := postoffice.Operate(ctx, svc, op)
		return e.done(p, err, "recorded as event %d", p.Seq)
	}
}

// done reports a command's outcome on a game, said as format says, and
// the scores when it ended the game.
func (e *env) done(p games.Played, err error, format string, args ...any) error {
	if err != nil {
		return err
	}
	fmt.Fprintf(e.stdout, format+"\n", args...)
	if p.Game != nil && p.Game.Ended != nil {
		fmt.Fprintf(e.stdout, "the game is over: scores %s\n", projections.JoinInts(p.Game.Ended.Scores))
	}
	return nil
}

func runTick(ctx context.Context, e *env, args []string) error {
	fs := flag.NewFlagSet("tick", flag.ContinueOnError)
	at := fs.String("at", "", "act as if it were this time (RFC 3339): what is due then is recorded for real, timeouts included")
	dry := fs.Bool("dry-run", false, "record nothing: print what is due and would be recorded")
	if _, err := e.parse(fs, args, 0); err != nil {
		return err
	}
	svc, err := e.service(ctx)
	if err != nil {
		return err
	}
	now := time.Now()
	if *at != "" {
		now, err = time.Parse(time.RFC3339, *at)
		if err != nil {
			return usageError{Msg: fmt.Sprintf("tick: --at %q is not a time such as 2026-12-03T18:00:00Z", *at)}
		}
	}
	return postoffice.Tick(ctx, svc, now, *dry, e.stdout)
}
