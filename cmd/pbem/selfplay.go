package main

import (
	"context"
	"flag"
	"fmt"
	"math/rand/v2"
	"strings"

	"github.com/pbem-games/pbem/games"
	"github.com/pbem-games/pbem/projections"
	"github.com/pbem-games/pbem/rules"
	"github.com/pbem-games/pbem/templates/words"
)

// demoNames seat the demo's random players.
var demoNames = []string{"Ana", "Bea", "Cai", "Dov", "Eli"}

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
	if *players < 1 || *players > len(demoNames) {
		return usageError{fmt.Sprintf("demo: --players must be 1 to %d", len(demoNames))}
	}
	svc, err := e.service(ctx)
	if err != nil {
		return err
	}
	gameSeed := rules.SeedFromInt(*seed)
	req := games.NewGame{Game: *game, Variants: splitList(*variants), Seed: &gameSeed, Host: "demo"}
	for _, n := range demoNames[:*players] {
		req.Players = append(req.Players, player(n))
	}
	id, err := svc.Create(ctx, req)
	if err != nil {
		return err
	}
	fmt.Fprintf(e.stdout, "created game %s\n", id)
	pick := rand.New(rand.NewPCG(*seed, 0x5eed))
	var g *projections.Game
	for {
		if g, _, err = svc.Load(ctx, id); err != nil {
			return err
		}
		toAct := g.State.ToAct()
		if g.Ended != nil || len(toAct) == 0 {
			break
		}
		if !*quiet {
			fmt.Fprintf(e.stdout, "\n%s\n\n%s", heading(g, rules.Observer, words.For(words.Fallback)), g.State.View(rules.Observer).Text())
		}
		seat := toAct[pick.IntN(len(toAct))]
		legal := g.State.Legal(seat)
		move := legal[pick.IntN(len(legal))].String()
		p, err := svc.Move(ctx, id, seat, move, games.Cause{})
		if err != nil {
			return fmt.Errorf("demo: seat %d playing %s: %w", seat, move, err)
		}
		fmt.Fprintf(e.stdout, "\n%s (seat %d) plays %s\n", g.Created.Players[seat].Name, seat, p.Move)
	}
	fmt.Fprintf(e.stdout, "\n%s\n\n%s\n", heading(g, rules.Observer, words.For(words.Fallback)), strings.TrimRight(g.State.View(rules.Observer).Text(), "\n"))
	fmt.Fprintf(e.stdout, "\nresult: %s\n", result(g))
	return runVerify(ctx, e, []string{id})
}

// result names the winners and every score. The winners are the
// game's (projections.Game.Winners): the rules' tie-break, where they
// have one, decides between equal scores, as the final board does.
func result(g *projections.Game) string {
	scores, _ := g.State.Result()
	parts := make([]string, len(scores))
	for i, s := range scores {
		parts[i] = fmt.Sprintf("%s %d", g.Created.Players[i].Name, s)
	}
	var winners []string
	for _, s := range g.Winners() {
		winners = append(winners, g.Created.Players[s].Name)
	}
	switch len(winners) {
	case 0:
		return fmt.Sprintf("the game did not end (%s)", strings.Join(parts, ", "))
	case 1:
		return fmt.Sprintf("%s wins (%s)", winners[0], strings.Join(parts, ", "))
	}
	return fmt.Sprintf("%s share the win (%s)", strings.Join(winners, " and "), strings.Join(parts, ", "))
}
