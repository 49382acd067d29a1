package main

import (
	"context"
	"flag"
	"fmt"
	"strings"

	"github.com/pbem-games/pbem/campaigns/organiser"
	"github.com/pbem-games/pbem/mail"
	"github.com/pbem-games/pbem/rules"
	"github.com/pbem-games/pbem/web"
)

// runLinks prints the addresses of a game's pages: each seat's, then the
// public page's, under the configuration's web_url; for a campaign, its
// page's, then each of its games' public page.
func runLinks(ctx context.Context, e *env, args []string) error {
	fs := flag.NewFlagSet("links", flag.ContinueOnError)
	file := fs.String("config", envOr("PBEM_CONFIG", ""), "TOML configuration file")
	rotate := fs.Bool("rotate", false, "give the game a new public link first: the old one stops working (410)")
	pos, err := e.parse(fs, args, 1)
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
	if id := campaignID(pos[0]); strings.HasPrefix(id, organiser.IDPrefix) && len(id) == len(organiser.IDPrefix)+6 {
		return campaignLinks(ctx, e, &organiser.Service{Games: svc}, c.WebURL, tokens, id)
	}
	g, _, err := svc.Load(ctx, gameID(pos[0]))
	if err != nil {
		return err
	}
	gen, err := mail.PublicGen(ctx, e.store, g.ID)
	if err != nil {
		return err
	}
	if *rotate {
		if gen, err = mail.RotatePublic(ctx, e.store, g.ID); err != nil {
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

// campaignLinks prints the address of campaign id's page, then of the
// public page of each of its games, by round and table.
func campaignLinks(ctx context.Context, e *env, org *organiser.Service, base string, tokens mail.Tokens, id string) error {
	c, _, _, err := org.Load(ctx, id)
	if err != nil {
		return err
	}
	fmt.Fprintf(e.stdout, "%-20s %s\n", "campaign", tokens.CampaignLink(base, id))
	for _, g := range c.Games {
		who := fmt.Sprintf("round %d table %d", g.Round, g.Table)
		gen, err := mail.PublicGen(ctx, e.store, g.Game) // the game's public link as it is now
		if err != nil {
			return err
		}
		fmt.Fprintf(e.stdout, "%-20s %s\n", who, strings.TrimRight(base, "/")+mail.PagePath(g.Game, tokens.PublicPageAt(g.Game, gen), true))
	}
	return nil
}
