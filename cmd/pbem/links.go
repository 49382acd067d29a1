package main

import (
	"context"
	"flag"
	"fmt"

	"github.com/pbem-games/pbem/rules"
	"github.com/pbem-games/pbem/web"
)

// runLinks prints the addresses of a game's pages: each seat's, then the
// public page's, under the configuration's web_url.
func runLinks(ctx context.Context, e *env, args []string) error {
	fs := flag.NewFlagSet("links", flag.ContinueOnError)
	file := fs.String("config", envOr("PBEM_CONFIG", ""), "TOML configuration file")
	rotate := fs.Bool("rotate", false, "give the game a new public link first: the old one stops working (410)")
	pos, err := e.parse(fs, args, 1, "ID [--config FILE] [--rotate]")
	if err != nil {
		return err
	}
	c, err := e.config(*file)
	if err != nil {
		return err
	}
	tokens, err := c.Tokens()
	if err != nil {
		return err
	}
	svc, err := e.service(ctx)
	if err != nil {
		return err
	}
	g, _, err := svc.Load(ctx, gameID(pos[0]))
	if err != nil {
		return err
	}
	gen, err := web.PublicGen(ctx, e.store, g.ID)
	if err != nil {
		return err
	}
	if *rotate {
		if gen, err = web.RotatePublic(ctx, e.store, g.ID); err != nil {
			return err
		}
	}
	for _, r := range web.Links(c.WebURL, tokens, g, gen) {
		who := "public"
		if r.Seat != rules.Observer {
			who = fmt.Sprintf("seat %d (%s)", r.Seat, r.Name)
		}
		link := r.Link
		if link == "" {
			link = "(an open seat has no page)"
		}
		fmt.Fprintf(e.stdout, "%-20s %s\n", who, link)
	}
	return nil
}
