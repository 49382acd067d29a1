package altiplano

import (
	"fmt"
	"strings"

	"github.com/pbem-games/pbem/rules"
)

// MoveSyntax says how seat i writes a move now.
func (s *state) MoveSyntax(i rules.Seat) string {
	switch s.phase {
	case phaseChoose:
		return "Choose a profession by name, e.g. CHOOSE MINER."
	case phasePlan:
		if i >= 0 && int(i) < s.seats && s.players[i].stage == stageDraw {
			return "Pull goods back from action spaces to planning spaces, one per move, e.g. BACK FARM ALPACA; then DRAW."
		}
		return "Place one good per move on a location, MOVE, your profession or an extension, e.g. PUT FARM ALPACA or PUT MOVE FOOD; TAKE FARM ALPACA undoes; DONE ends your plan. Several lines in one mail are played in order."
	case phaseAct:
		return "One action or PASS, after an optional movement: e.g. MINE SILVER, GO MINE / MINE SILVER, GO PORT BY CART / PORT BOAT ORE, GO FARM BY FOOD / PASS."
	}
	return ""
}

// Default is the move pbem plays for a seat whose time ran out or which it
// plays for good, and the example a prompt gives: once the seat has
// placed something this round, DONE (a mail with a PUT replaces the whole
// plan, so a player who answers each prompt with its example declares
// the one good placed, where PUT would take it back and place it again);
// else the middle one of its legal moves that takes back nothing placed
// (TAKE), so that moves chosen this way go forward and end the game.
func (s *state) Default(i rules.Seat) rules.Move {
	var forward []rules.Move
	for _, m := range s.Legal(i) {
		switch m.(Move).Kind {
		case KindDone:
			if len(s.placed(int(i))) > 0 {
				return m
			}
		case KindTake:
			continue
		}
		forward = append(forward, m)
	}
	if len(forward) == 0 {
		return nil
	}
	return forward[len(forward)/2]
}

// Describe says what a recorded move did. Planning moves are described
// without what was placed, since mails tell them to every player.
func (s *state) Describe(i rules.Seat, move string) string {
	words := strings.Fields(strings.ToUpper(move))
	if len(words) == 0 {
		return ""
	}
	switch words[0] {
	case "CHOOSE":
		if len(words) == 2 {
			return "chose the " + strings.ToLower(words[1])
		}
	case "PUT", "TAKE", "":
		return "planned"
	case "BACK":
		return "pulled a good back from the action spaces"
	case "DRAW":
		return "drew goods"
	case "DONE":
		return "finished planning"
	case "PASS":
		return "passed"
	}
	return describeTurn(move)
}

// describeTurn phrases a turn's canonical text.
func describeTurn(move string) string {
	goPart, act, found := strings.Cut(move, " / ")
	if !found {
		act, goPart = move, ""
	}
	var out []string
	if w := strings.Fields(goPart); len(w) >= 2 {
		x := "moved to the " + title(strings.ToLower(w[1]))
		switch {
		case len(w) == 4 && w[3] == "CART":
			x += " with a bought cart and 1 food"
		case len(w) == 4 && w[3] == "FOOD":
			x += " paying food"
		}
		out = append(out, x)
	}
	w := strings.Fields(act)
	switch {
	case len(w) == 0:
	case w[0] == "PASS":
		out = append(out, "passed")
	case len(w) == 1:
		out = append(out, "played "+act)
	default:
		out = append(out, actionWords(w))
	}
	return strings.Join(out, " and ")
}

// actionWords phrases an action such as ["FOREST", "TRADE", "FOOD+GLASS"].
func actionWords(w []string) string {
	loc := "the " + title(strings.ToLower(w[0]))
	arg := ""
	if len(w) > 2 {
		arg = strings.ToLower(strings.ReplaceAll(w[2], "+", ", "))
	}
	switch w[1] {
	case "TRADE":
		return "traded cocoa for " + arg + " at " + loc
	case "BOAT":
		return "built a boat giving " + arg
	case "HOUSE":
		return "built a house for " + arg
	case "STORE":
		return "stored " + arg + " in the warehouse"
	case "CART":
		return "bought a cart"
	case "SELL":
		return "sold " + arg
	case "BUY":
		return "bought the " + arg + " extension"
	case "CONTRACT":
		return "took contract " + arg
	case "DELIVER":
		return "delivered " + arg + " for the contract"
	case "BUILD":
		return "built a road"
	}
	if strings.Contains(w[1], "+") || w[1] == "FOOD" && w[0] == "FARM" {
		return fmt.Sprintf("made %s at %s", strings.ToLower(strings.ReplaceAll(w[1], "+", ", ")), loc)
	}
	for _, g := range goodData {
		if upper(g.name) == w[1] {
			return "made " + g.name + " at " + loc
		}
	}
	return "used the " + strings.ToLower(w[1]) + " at " + loc
}
