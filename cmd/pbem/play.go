package main

import (
	"context"
	"flag"
	"fmt"
	"github.com/pbem-games/pbem/projections"
	"strconv"
	"strings"

	"github.com/pbem-games/pbem/events"
	"github.com/pbem-games/pbem/games"
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
	req := games.NewGame{Game: pos[0], Variants: splitList(*variants), Host: *host}
	seated, langs, err := postoffice.ReadPlayers(splitList(*players), *lang)
	if err != nil {
		return usageError{Msg: "new: " + err.Error()}
	}
	req.Players = seated
	if len(req.Players) == 0 {
		return usageError{Msg: "new: --players is required, e.g. --players ana@example.org,bea@example.net"}
	}
	if *seed != "" {
		n, err := strconv.ParseUint(*seed, 10, 64)
		if err != nil {
			return usageError{Msg: fmt.Sprintf("new: --seed must be a number, not %q", *seed)}
		}
		s := rules.SeedFromInt(n)
		req.Seed = &s
	}
	svc, err := e.service(ctx)
	if err != nil {
		return err
	}
	// Set before the game is created, so its first mails are written so.
	if err := postoffice.SetLangs(ctx, svc, langs); err != nil {
		return err
	}
	id, err := svc.Create(ctx, req)
	if err != nil {
		return err
	}
	fmt.Fprintln(e.stdout, id)
	return nil
}

func splitList(s string) []string {
	var out []string
	for _, f := range strings.Split(s, ",") {
		if f = strings.TrimSpace(f); f != "" {
			out = append(out, f)
		}
	}
	return out
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
	g, _, err := svc.Load(ctx, gameID(pos[0]))
	if err != nil {
		return err
	}
	if err := checkSeat(g.Created.Players, *seat); err != nil {
		return err
	}
	for _, m := range g.State.Legal(rules.Seat(*seat)) {
		fmt.Fprintln(e.stdout, rules.MoveIn(g.State, *lang, m))
	}
	return nil
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
	p, err := svc.Move(ctx, gameID(pos[0]), rules.Seat(*seat), strings.Join(pos[1:], " "), games.Cause{})
	if err != nil {
		return err
	}
	fmt.Fprintf(e.stdout, "seat %d played %s (event %d)\n", *seat, p.Move, p.Seq)
	if p.Game.Ended != nil {
		fmt.Fprintf(e.stdout, "the game is over: scores %s\n", projections.JoinInts(p.Game.Ended.Scores))
	}
	return nil
}

func checkSeat(players []events.Player, seat int) error {
	if seat < 0 || seat >= len(players) {
		return &games.Error{Kind: games.ErrBadSeat,
			Msg: fmt.Sprintf("seat %d does not exist: this game has seats 0 to %d", seat, len(players)-1)}
	}
	return nil
}

func gameID(s string) string { return strings.ToLower(strings.TrimSpace(s)) }
