package altiplano

import (
	"strings"

	"github.com/pbem-games/pbem/rules"
)

// MoveSyntax says how seat i writes a move now.
func (s *state) MoveSyntax(i rules.Seat) string { return s.MoveSyntaxPhrase(i).String() }

// MoveSyntaxPhrase says how seat i writes a move now, as a phrase.
func (s *state) MoveSyntaxPhrase(i rules.Seat) rules.Phrase {
	switch s.phase {
	case phaseChoose:
		return rules.Say("Choose a profession by name, e.g. CHOOSE MINER.")
	case phasePlan:
		if i >= 0 && int(i) < s.seats && s.players[i].stage == stageDraw {
			return rules.Say("Pull goods back from action spaces to planning spaces, one per move, e.g. BACK FARM ALPACA; then DRAW.")
		}
		return rules.Say("Place one good per move on a location, MOVE, your profession or an extension, e.g. PUT FARM ALPACA or PUT MOVE FOOD; TAKE FARM ALPACA undoes; DONE ends your plan. Several lines in one mail are played in order.")
	case phaseAct:
		return rules.Say("One action or PASS, after an optional movement: e.g. MINE SILVER, GO MINE / MINE SILVER, GO PORT BY CART / PORT BOAT ORE, GO FARM BY FOOD / PASS.")
	}
	return rules.Phrase{}
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

// Describe says what a recorded move did.
func (s *state) Describe(i rules.Seat, move string) string {
	return s.DescribePhrase(i, move).String()
}

// DescribePhrase says what a recorded move did, as a phrase.
func (s *state) DescribePhrase(i rules.Seat, move string) rules.Phrase {
	words := strings.Fields(strings.ToUpper(move))
	if len(words) == 0 {
		return rules.Phrase{}
	}
	switch words[0] {
	case "CHOOSE":
		if len(words) == 2 {
			return rules.Say("chose the %s", rules.Say(strings.ToLower(words[1])))
		}
	case "PUT", "TAKE", "":
		return rules.Say("planned")
	case "BACK":
		return rules.Say("pulled a good back from the action spaces")
	case "DRAW":
		return rules.Say("drew goods")
	case "DONE":
		return rules.Say("finished planning")
	case "PASS":
		return rules.Say("passed")
	}
	return describeTurn(move)
}

// describeTurn phrases a turn's canonical text.
func describeTurn(move string) rules.Phrase {
	goPart, act, found := strings.Cut(move, " / ")
	if !found {
		act, goPart = move, ""
	}
	var out []rules.Phrase
	if w := strings.Fields(goPart); len(w) >= 2 {
		to := rules.Say(title(strings.ToLower(w[1])))
		switch {
		case len(w) == 4 && w[3] == "CART":
			out = append(out, rules.Say("moved to the %s with a bought cart and 1 food", to))
		case len(w) == 4 && w[3] == "FOOD":
			out = append(out, rules.Say("moved to the %s paying food", to))
		default:
			out = append(out, rules.Say("moved to the %s", to))
		}
	}
	w := strings.Fields(act)
	switch {
	case len(w) == 0:
	case w[0] == "PASS":
		out = append(out, rules.Say("passed"))
	case len(w) == 1:
		out = append(out, rules.Say("played %s", act))
	default:
		out = append(out, actionWords(w))
	}
	switch len(out) {
	case 0:
		return rules.Phrase{}
	case 1:
		return out[0]
	}
	return rules.Say("%s and %s", out[0], out[1])
}

// goods phrases goods written as in a move, "FOOD+GLASS": "food, glass".
func goods(s string) rules.Phrase {
	var args []any
	for _, g := range strings.Split(strings.ToLower(s), "+") {
		args = append(args, rules.Say(g))
	}
	return rules.Say(strings.TrimSuffix(strings.Repeat("%s, ", len(args)), ", "), args...)
}

// actionWords phrases an action such as ["FOREST", "TRADE", "FOOD+GLASS"].
func actionWords(w []string) rules.Phrase {
	loc := rules.Say(title(strings.ToLower(w[0])))
	arg := rules.Phrase{}
	if len(w) > 2 {
		arg = goods(w[2])
	}
	switch w[1] {
	case "TRADE":
		return rules.Say("traded cocoa for %s at the %s", arg, loc)
	case "BOAT":
		return rules.Say("built a boat giving %s", arg)
	case "HOUSE":
		return rules.Say("built a house for %s", arg)
	case "STORE":
		return rules.Say("stored %s in the warehouse", arg)
	case "CART":
		return rules.Say("bought a cart")
	case "SELL":
		return rules.Say("sold %s", arg)
	case "BUY":
		return rules.Say("bought the %s extension", arg)
	case "CONTRACT":
		return rules.Say("took contract %s", arg)
	case "DELIVER":
		return rules.Say("delivered %s for the contract", arg)
	case "BUILD":
		return rules.Say("built a road")
	}
	if strings.Contains(w[1], "+") || w[1] == "FOOD" && w[0] == "FARM" {
		return rules.Say("made %s at the %s", goods(w[1]), loc)
	}
	for _, g := range goodData {
		if upper(g.name) == w[1] {
			return rules.Say("made %s at the %s", rules.Say(g.name), loc)
		}
	}
	return rules.Say("used the %s at the %s", rules.Say(strings.ToLower(w[1])), loc)
}
