package postoffice

import (
	"context"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"github.com/pbem-games/pbem/campaigns/organiser"
	"github.com/pbem-games/pbem/games"
	"github.com/pbem-games/pbem/mail"
	"github.com/pbem-games/pbem/projections"
	"github.com/pbem-games/pbem/rules"
	"github.com/pbem-games/pbem/web"
)

// ListGames writes the table of every game ("pbem games") to w, from the
// games list caught up with every history; with no game yet, how to
// create one of the game first.
func ListGames(ctx context.Context, svc *games.Service, first string, w io.Writer) error {
	p, err := projections.NewProjector(ctx, svc.Store, svc.Catalog)
	if err != nil {
		return err
	}
	if err := p.CatchUp(ctx); err != nil {
		return err
	}
	list, err := p.Games(ctx)
	if err != nil {
		return err
	}
	if len(list) == 0 {
		fmt.Fprintf(w, "no games yet; create one with: pbem new %s --players ana@example.org,bea@example.net\n", first)
		return nil
	}
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "ID\tGAME\tPLAYERS\tEVENTS\tSTATE")
	for _, s := range list {
		game := s.Game
		if len(s.Variants) > 0 {
			game += " (" + strings.Join(s.Variants, ", ") + ")"
		}
		var names []string
		for _, pl := range s.Players {
			names = append(names, pl.Name)
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%d\t%s\n", s.ID, game, strings.Join(names, ", "), s.Seq, summaryState(s))
	}
	return tw.Flush()
}

// summaryState is a listed game's state: who acts, or its scores and who
// won.
func summaryState(s projections.Summary) string {
	if !s.Over {
		var acting []string
		for _, t := range s.ToAct {
			if int(t) >= 0 && int(t) < len(s.Players) {
				acting = append(acting, s.Players[t].Name)
			}
		}
		return "to act: " + strings.Join(acting, ", ")
	}
	state := "over, scores " + projections.JoinInts(s.Scores)
	var won []string
	for seat, place := range s.Places {
		if place == 1 {
			won = append(won, s.Players[seat].Name)
		}
	}
	if len(won) > 0 {
		state += ", won by " + strings.Join(won, " and ")
	}
	return state
}

// WriteLinks writes the addresses of the pages of id, a game's or a
// campaign's (organiser.IsID), under the web_url of c, to w: a game's
// seats' and public page's, rotate giving the game a new public link
// first, the old one no longer working; a campaign's page's, then its
// games' public pages'.
func WriteLinks(ctx context.Context, svc *games.Service, c Config, id string, rotate bool, w io.Writer) error {
	tokens, err := c.Tokens()
	if err != nil {
		return err
	}
	if organiser.IsID(id) {
		return writeCampaignLinks(ctx, &organiser.Service{Games: svc}, c.WebURL, tokens, id, w)
	}
	return writeGameLinks(ctx, svc, c.WebURL, tokens, id, rotate, w)
}

// CampaignPage is the address of campaign id's page under the web_url of
// c.
func (c Config) CampaignPage(id string) (string, error) {
	tokens, err := c.Tokens()
	return tokens.CampaignLink(c.WebURL, id), err
}

// writeGameLinks writes the addresses of game id's pages to w: each
// seat's, then the public page's, under base.
func writeGameLinks(ctx context.Context, svc *games.Service, base string, tokens mail.Tokens, id string, rotate bool, w io.Writer) error {
	g, _, err := svc.Load(ctx, id)
	if err != nil {
		return err
	}
	gen, err := mail.PublicGen(ctx, svc.Store, g.ID)
	if err != nil {
		return err
	}
	if rotate {
		if gen, err = mail.RotatePublic(ctx, svc.Store, g.ID); err != nil {
			return err
		}
	}
	for _, r := range web.Links(base, tokens, g, gen) {
		who := "public"
		if r.Seat != rules.Observer {
			who = fmt.Sprintf("seat %d (%s)", r.Seat, r.Name)
		}
		link := r.Link
		if link == "" {
			link = "(an open seat has no page)"
		}
		fmt.Fprintf(w, "%-20s %s\n", who, link)
	}
	return nil
}

// writeCampaignLinks writes the address of campaign id's page to w, then
// of the public page of each of its games, by round and table.
func writeCampaignLinks(ctx context.Context, org *organiser.Service, base string, tokens mail.Tokens, id string, w io.Writer) error {
	c, _, _, err := org.Load(ctx, id)
	if err != nil {
		return err
	}
	fmt.Fprintf(w, "%-20s %s\n", "campaign", tokens.CampaignLink(base, id))
	for _, g := range c.Games {
		who := fmt.Sprintf("round %d table %d", g.Round, g.Table)
		gen, err := mail.PublicGen(ctx, org.Games.Store, g.Game) // the game's public link as it is now
		if err != nil {
			return err
		}
		fmt.Fprintf(w, "%-20s %s\n", who, strings.TrimRight(base, "/")+mail.PagePath(g.Game, tokens.PublicPageAt(g.Game, gen), true))
	}
	return nil
}
