package main

import (
	"context"
	"flag"

	"github.com/pbem-games/pbem/internal/cmdline"
	"github.com/pbem-games/pbem/internal/postoffice"
)

// runLinks prints the addresses of a game's pages: each seat's, then the
// public page's, under the configuration's web_url; for a campaign, its
// page's, then each of its games' public page.
func runLinks(ctx context.Context, e *env, args []string) error {
	fs := flag.NewFlagSet("links", flag.ContinueOnError)
	file := fs.String("config", cmdline.EnvOr("PBEM_CONFIG", ""), "TOML configuration file")
	rotate := fs.Bool("rotate", false, "give the game a new public link first: the old one stops working (410)")
	pos, err := e.parse(fs, args, 1)
	if err != nil {
		return err
	}
	c, err := e.config(*file)
	if err != nil {
		return err
	}
	svc, err := e.service(ctx)
	if err != nil {
		return err
	}
	return postoffice.WriteLinks(ctx, svc, c, argID(pos[0]), *rotate, e.stdout)
}
