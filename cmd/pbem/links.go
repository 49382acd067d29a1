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
	pos, err := e.parse(fs, args, 1, "ID [--config FILE]")
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
	for _, r := range web.Links(c.WebURL, tokens, g) {
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
