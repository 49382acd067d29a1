package main

import (
	"context"
	"flag"
	"strings"

	"github.com/pbem-games/pbem/internal/cmdline"
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
	svc, err := e.service(ctx)
	if err != nil {
		return err
	}
	p := postoffice.Selfplay{Game: *game, Players: *players, Variants: cmdline.List(*variants), Seed: *seed, Quiet: *quiet, Out: e.stdout}
	_, err = p.Play(ctx, svc)
	return err
}
