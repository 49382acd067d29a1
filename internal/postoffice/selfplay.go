package postoffice

import (
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"strings"

	"github.com/pbem-games/pbem/events"
	"github.com/pbem-games/pbem/games"
	"github.com/pbem-games/pbem/games/letters"
	"github.com/pbem-games/pbem/projections"
	"github.com/pbem-games/pbem/rules"
	"github.com/pbem-games/pbem/templates/words"
)

// SelfplayNames seat a selfplay's random players, in order.
func SelfplayNames() []string { return []string{"Ana", "Bea", "Cai", "Dov", "Eli"} }

// Selfplay is a whole game between seeded random players, without mail
// ("pbem selfplay").
type Selfplay struct {
	Game     string
	Players  int // 1 to len(SelfplayNames())
	Variants []string
	Seed     uint64 // of the game and of the players' choices
	Quiet    bool   // print only the final board and result
	Out      io.Writer
}

// Play creates the game, plays it to its end, printing each board and
// move to p.Out, then verifies its history (VerifyGame) and prints the
// verdict; it returns the game's id.
func (p Selfplay) Play(ctx context.Context, svc *games.Service) (string, error) {
	if names := SelfplayNames(); p.Players < 1 || p.Players > len(names) {
		return "", fmt.Errorf("selfplay: a game of 1 to %d players, not %d", len(names), p.Players)
	}
	gameSeed := rules.SeedFromInt(p.Seed)
	req := games.NewGame{Game: p.Game, Variants: p.Variants, Seed: &gameSeed, Host: "demo"}
	for _, n := range SelfplayNames()[:p.Players] {
		req.Players = append(req.Players, events.Player{Name: n})
	}
	id, err := svc.Create(ctx, req)
	if err != nil {
		return "", err
	}
	fmt.Fprintf(p.Out, "created game %s\n", id)
	pick := rand.New(rand.NewPCG(p.Seed, 0x5eed))
	en := words.For(words.Fallback)
	var g *projections.Game
	for {
		if g, _, err = svc.Load(ctx, id); err != nil {
			return id, err
		}
		toAct := g.State.ToAct()
		if g.Ended != nil || len(toAct) == 0 {
			break
		}
		if !p.Quiet {
			fmt.Fprintf(p.Out, "\n%s\n\n%s", letters.Heading(g, rules.Observer, en), g.State.View(rules.Observer).Text())
		}
		seat := toAct[pick.IntN(len(toAct))]
		legal := g.State.Legal(seat)
		move := legal[pick.IntN(len(legal))].String()
		played, err := svc.Move(ctx, id, seat, move, games.Cause{})
		if err != nil {
			return id, fmt.Errorf("selfplay: seat %d playing %s: %w", seat, move, err)
		}
		fmt.Fprintf(p.Out, "\n%s (seat %d) plays %s\n", g.Created.Players[seat].Name, seat, played.Move)
	}
	fmt.Fprintf(p.Out, "\n%s\n\n%s\n", letters.Heading(g, rules.Observer, en), strings.TrimRight(g.State.View(rules.Observer).Text(), "\n"))
	fmt.Fprintf(p.Out, "\nresult: %s\n", result(g))
	line, err := VerifyGame(ctx, svc, id)
	if err != nil {
		return id, err
	}
	fmt.Fprintln(p.Out, line)
	return id, nil
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
	switch {
	case g.Ended == nil:
		return fmt.Sprintf("the game did not end (%s)", strings.Join(parts, ", "))
	case len(winners) == 0:
		return fmt.Sprintf("nobody wins (%s)", strings.Join(parts, ", "))
	case len(winners) == 1:
		return fmt.Sprintf("%s wins (%s)", winners[0], strings.Join(parts, ", "))
	}
	return fmt.Sprintf("%s share the win (%s)", strings.Join(winners, " and "), strings.Join(parts, ", "))
}
