package campaigns

// Reliability is how a player kept to their games' clocks, from the
// results: moves they made, moves pbem made for them when their time ran
// out, and seats pbem played for good.
type Reliability struct {
	Player    string  `json:"player"`
	Games     int     `json:"games"`
	Moves     int     `json:"moves"`
	Timeouts  int     `json:"timeouts"`
	Abandoned int     `json:"abandoned"`
	OnTime    float64 `json:"onTime"` // Moves / (Moves + Timeouts); 1 before any move
}

// Reliability folds each player's reliability, in order of entry.
func (c *Campaign) Reliability() []Reliability {
	by := map[string]*Reliability{}
	out := make([]Reliability, len(c.Players))
	for i, p := range c.Players {
		out[i] = Reliability{Player: p}
		by[p] = &out[i]
	}
	for _, g := range c.Games {
		if g.Result == nil || g.Adjudicated {
			continue
		}
		for s, p := range g.Seats {
			r := by[p]
			r.Games++
			r.Moves += g.Result.Moves[s]
			r.Timeouts += g.Result.Timeouts[s]
			if g.Result.Abandoned[s] {
				r.Abandoned++
			}
		}
	}
	for i := range out {
		out[i].OnTime = 1
		if n := out[i].Moves + out[i].Timeouts; n > 0 {
			out[i].OnTime = float64(out[i].Moves) / float64(n)
		}
	}
	return out
}
