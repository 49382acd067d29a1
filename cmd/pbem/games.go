package main

import (
	"context"
	"flag"

	"github.com/pbem-games/pbem/internal/postoffice"
)

func runGames(ctx context.Context, e *env, args []string) error {
	fs := flag.NewFlagSet("games", flag.ContinueOnError)
	if _, err := e.parse(fs, args, 0); err != nil {
		return err
	}
	svc, err := e.service(ctx)
	if err != nil {
		return err
	}
	return postoffice.ListGames(ctx, svc, e.offered.First(), e.stdout)
}
