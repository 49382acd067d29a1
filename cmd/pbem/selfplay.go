package main

import (
	"context"
	"flag"
	"fmt"
	"strings"

	"github.com/pbem-games/pbem/internal/postoffice"
)

func runSelfplay(ctx context.Context, e *env, args []string) error {
	offered, err := e.games()
	if err != nil {
		return err
	}
	fs := flag.NewFlagSet("selfplay", flag.ContinueOnError)
	game := fs.String("game", offered.First(), "which game to play, of "+strings.Join(offered.Names(), ", "))
	players := fs.Int("players", 2, "number of players")
	variants := fs.String("variant", "", "comma-separated variants")
	seed := fs.Uint64("seed", 1, "seed of the game and of the players' choices")
	quiet := fs.Bool("quiet", false, "print only the final board and result")
	if _, err := e.parse(fs, args, 0); err != nil {
		return err
	}
	if *players < 1 || *players > len(postoffice.SelfplayNames()) {
		return usageError{Msg: fmt.Sprintf("demo: --players must be 1 to %d", len(postoffice.SelfplayNames()))}
	}
	svc, err := e.service(ctx)
	if err != nil {
		return err
	}
	p := postoffice.Selfplay{Game: *game, Players: *players, Variants: splitList(*variants), Seed: *seed, Quiet: *quiet, Out: e.stdout}
	id, err := p.Play(ctx, svc)
	if err != nil {
		return err
	}
	return runVerify(ctx, e, []string{id})
}
