package main

import (
	"context"
	"flag"
	"fmt"
	"strings"
	"text/tabwriter"

	"github.com/pbem-games/pbem/projections"
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
		fmt.Fprintf(e.stdout, "no games yet; create one with: pbem new %s --players ana@example.org,bea@example.net\n", e.offered.First())
		return nil
	}
	w := tabwriter.NewWriter(e.stdout, 0, 4, 2, ' ', 0)
	fmt.Fprintln(w, "ID\tGAME\tPLAYERS\tEVENTS\tSTATE")
	for _, s := range list {
		game := s.Game
		if len(s.Variants) > 0 {
			game += " (" + strings.Join(s.Variants, ", ") + ")"
		}
		var names []string
		for _, pl := range s.Players {
			names = append(names, pl.Name)
		}
		state := "over, scores " + joinInts(s.Scores)
		var won []string
		for seat, place := range s.Places {
			if place == 1 {
				won = append(won, s.Players[seat].Name)
			}
		}
		if len(won) > 0 {
			state += ", won by " + strings.Join(won, " and ")
		}
		if !s.Over {
			var acting []string
			for _, t := range s.ToAct {
				if int(t) >= 0 && int(t) < len(s.Players) {
					acting = append(acting, s.Players[t].Name)
				}
			}
			state = "to act: " + strings.Join(acting, ", ")
		}
		fmt.Fprintf(w, "%s\t%s\t%s\t%d\t%s\n", s.ID, game, strings.Join(names, ", "), s.Seq, state)
	}
	return w.Flush()
}
