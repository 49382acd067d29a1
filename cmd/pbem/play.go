package main

import (
	"context"
	"flag"
	"fmt"
	"strconv"
	"strings"

	"github.com/pbem-games/pbem/games"
	"github.com/pbem-games/pbem/games/letters"
	"github.com/pbem-games/pbem/internal/cmdline"
	"github.com/pbem-games/pbem/internal/postoffice"
	"github.com/pbem-games/pbem/rules"
	"github.com/pbem-games/pbem/templates/words"
)

func runNew(ctx context.Context, e *env, args []string) error {
	fs := flag.NewFlagSet("new", flag.ContinueOnError)
	players := fs.String("players", "", "comma-separated player names or addresses, in seat order")
	variants := fs.String("variant", "", "comma-separated variants")
	seed := fs.String("seed", "", "a number, for a repeatable game (default: a secret random seed)")
	lang := fs.String("lang", "", "the language pbem writes to the players in, for all their games: en or zh (a player written ADDRESS:LANG has their own)")
	host := fs.String("host", "", "the game's host, told of mail that cannot be delivered (default: the configuration's operator; none without one)")
	e.configFlag(fs)
	pos, err := e.parse(fs, args, 1)
	if err != nil {
		return err
	}
	if *host == "" && e.configFile != "" {
		c, err := e.config(e.configFile)
		if err != nil {
			return err
		}
		*host = c.Operator
	}
	if *host != "" {
		if *host, err = games.ParseAddress(*host, ""); err != nil {
			return usageError{Msg: fmt.Sprintf("new: --host: %v", err)}
		}
	}
	req := games.NewGame{Game: pos[0], Variants: cmdline.List(*variants), Host: *host}
	seated, langs, err := postoffice.ReadPlayers(cmdline.List(*players), *lang)
	if err != nil {
		return usageError{Msg: "new: " + err.Error()}
	}
	req.Players = seated
	if len(req.Players) == 0 {
		return usageError{Msg: "new: --players is required, e.g. --players ana@example.org,bea@example.net"}
	}
	if req.Seed, err = seedArg("new", *seed); err != nil {
		return err
	}
	svc, err := e.service(ctx)
	if err != nil {
		return err
	}
	id, err := postoffice.CreateGame(ctx, svc, req, langs)
	if err != nil {
		return err
	}
	fmt.Fprintln(e.stdout, id)
	return nil
}

// seedArg reads the --seed of the command called name: a number, or ""
// for none (nil).
func seedArg(name, s string) (*rules.Seed, error) {
	if s == "" {
		return nil, nil
	}
	n, err := strconv.ParseUint(s, 10, 64)
	if err != nil {
		return nil, usageError{Msg: fmt.Sprintf("%s: --seed must be a number, not %q", name, s)}
	}
	seed := rules.SeedFromInt(n)
	return &seed, nil
}

// seatFlag adds --seat; its value is noSeat when the flag is absent.
func seatFlag(fs *flag.FlagSet) *int {
	return fs.Int("seat", noSeat, "seat number, counted from 0")
}

const noSeat = -1000

func runLegal(ctx context.Context, e *env, args []string) error {
	fs := flag.NewFlagSet("legal", flag.ContinueOnError)
	seat := seatFlag(fs)
	lang := fs.String("lang", "en", "the language each move is written in, as a player of that language writes it: en or zh")
	pos, err := e.parse(fs, args, 1)
	if err != nil {
		return err
	}
	if *seat == noSeat {
		return usageError{Msg: "legal: --seat is required"}
	}
	if _, ok := words.Match(*lang); !ok {
		return usageError{Msg: fmt.Sprintf("legal: pbem writes %s, not %q", strings.Join(words.Languages(), " and "), *lang)}
	}
	svc, err := e.service(ctx)
	if err != nil {
		return err
	}
	g, _, err := svc.Load(ctx, argID(pos[0]))
	if err != nil {
		return err
	}
	legal, err := letters.Legal(g, rules.Seat(*seat), *lang)
	for _, m := range legal {
		fmt.Fprintln(e.stdout, m)
	}
	return err
}

func runMove(ctx context.Context, e *env, args []string) error {
	fs := flag.NewFlagSet("move", flag.ContinueOnError)
	seat := seatFlag(fs)
	pos, err := e.parse(fs, args, -1)
	if err != nil {
		return err
	}
	if len(pos) < 2 || *seat == noSeat {
		return usageOf("move")
	}
	svc, err := e.service(ctx)
	if err != nil {
		return err
	}
	p, err := svc.Move(ctx, argID(pos[0]), rules.Seat(*seat), strings.Join(pos[1:], " "), games.Cause{})
	return e.done(p, err, "seat %d played %s (event %d)", *seat, p.Move, p.Seq)
}

// argID is the id of a game or a campaign as an argument gives it:
// neither case nor the space around it counts.
func argID(s string) string { return strings.ToLower(strings.TrimSpace(s)) }
