package projections

import "github.com/pbem-games/pbem/rules"

// Shown is a game as seat Seat (or an observer) sees it, in the JSON form
// "pbem show --json" prints.
type Shown struct {
	Game   string       `json:"game"`
	Rules  string       `json:"rules"`
	Seq    uint64       `json:"seq"`
	ToAct  []rules.Seat `json:"toAct"`
	Over   bool         `json:"over"`
	Scores []int        `json:"scores"`
	Places []int        `json:"places,omitempty"` // by seat, 1 for the winners, once the game has ended
	Seat   rules.Seat   `json:"seat"`
	View   rules.View   `json:"view"`
}

// ShownTo is g as seat s (or rules.Observer) sees it: nobody is to act in
// a game that has ended, whether or not its rules would go on.
func (g *Game) ShownTo(s rules.Seat) Shown {
	scores, over := g.State.Result()
	toAct := g.State.ToAct()
	if toAct == nil || g.Ended != nil {
		toAct = []rules.Seat{} // a resignation or an agreement ends a game the rules would go on with
	}
	return Shown{Game: g.ID, Rules: g.Created.Game, Seq: g.Seq, ToAct: toAct,
		Over: over || g.Ended != nil, Scores: scores, Places: g.Places(), Seat: s, View: g.State.View(s)}
}
