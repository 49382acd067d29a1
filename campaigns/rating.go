package campaigns

import "math"

// Ratings are computed, never stored: folded from the results in the
// order they were recorded, in float64 with every product converted
// explicitly (float64(x*y)) before it is added, so that no compiler fuses
// a multiply and an add (arm64 does, amd64 does not) and every machine
// computes the same digits.

// EloStart and EloK are the Elo ratings' start and K-factor.
const (
	EloStart = 1500.0
	EloK     = 32.0
)

// EloExpected is the score a player rated r expects against one rated o:
// 1 / (1 + 10^((o - r)/400)).
func EloExpected(r, o float64) float64 {
	return 1 / (1 + math.Pow(10, (o-r)/400))
}

// EloUpdate returns rating r after games against opponents rated opp
// with scores score (1, ½, 0), all in one rating period, with K-factor k:
// r + k·Σ(score − expected).
func EloUpdate(r, k float64, opp, score []float64) float64 {
	var d float64
	for i, o := range opp {
		d += score[i] - EloExpected(r, o)
	}
	return r + float64(k*d)
}

// PairwiseElo returns the ratings of a table of any size after one game
// with places (by seat): each pair of seats counts as a game between the
// two, scored 1, ½ or 0, against the ratings before the game, and the
// K-factor is shared among the n−1 pairs a seat is in, so a table of two
// is plain Elo and a player's rating moves by at most K a game.
func PairwiseElo(ratings []float64, places []int, k float64) []float64 {
	n := len(ratings)
	out := make([]float64, n)
	for i := range ratings {
		var d float64
		for j := range ratings {
			if j != i {
				d += pairPoints(places, i, j).Float() - EloExpected(ratings[i], ratings[j])
			}
		}
		out[i] = ratings[i] + float64(k*d)/float64(n-1)
	}
	return out
}

// Glicko2 is a player's Glicko-2 rating on the Glicko scale (rating R,
// deviation RD) with its volatility.
type Glicko2 struct {
	R   float64 `json:"r"`
	RD  float64 `json:"rd"`
	Vol float64 `json:"vol"`
}

// Glicko-2's constants: the start (1500, 350, 0.06), the system constant
// τ and the scale factor between the Glicko and Glicko-2 scales.
const (
	GlickoTau   = 0.5
	glickoScale = 173.7178
)

// GlickoStart is a new player's rating.
var GlickoStart = Glicko2{R: 1500, RD: 350, Vol: 0.06}

// GlickoGame is one game of a rating period: the opponent's rating before
// it and the score (1, ½, 0).
type GlickoGame struct {
	Opp   Glicko2
	Score float64
}

// Update returns p's rating after a rating period with games, by the
// steps of Glickman, "Example of the Glicko-2 system" (2013): a period
// without games widens only the deviation.
func (p Glicko2) Update(games []GlickoGame, tau float64) Glicko2 {
	mu, phi := (p.R-1500)/glickoScale, p.RD/glickoScale
	if len(games) == 0 {
		phi = math.Sqrt(float64(phi*phi) + float64(p.Vol*p.Vol))
		return Glicko2{R: p.R, RD: float64(phi * glickoScale), Vol: p.Vol}
	}
	var vInv, delta float64 // 1/v, and Σ g(φj)(sj − E)
	for _, gm := range games {
		muJ, phiJ := (gm.Opp.R-1500)/glickoScale, gm.Opp.RD/glickoScale
		g := glickoG(phiJ)
		e := 1 / (1 + math.Exp(-float64(g*(mu-muJ))))
		vInv += float64(float64(g*g) * float64(e*(1-e)))
		delta += float64(g * (gm.Score - e))
	}
	v := 1 / vInv
	delta = float64(v * delta)
	sigma := glickoVolatility(phi, v, delta, p.Vol, tau)
	phiStar := math.Sqrt(float64(phi*phi) + float64(sigma*sigma))
	phiNew := 1 / math.Sqrt(1/float64(phiStar*phiStar)+1/v)
	muNew := mu + float64(float64(phiNew*phiNew)*delta/v)
	return Glicko2{R: float64(glickoScale*muNew) + 1500, RD: float64(glickoScale * phiNew), Vol: sigma}
}

func glickoG(phi float64) float64 {
	return 1 / math.Sqrt(1+float64(3*float64(phi*phi))/float64(math.Pi*math.Pi))
}

// glickoVolatility is step 5 of Glickman's example: the new volatility by
// the Illinois algorithm, to within 0.000001.
func glickoVolatility(phi, v, delta, sigma, tau float64) float64 {
	a := math.Log(float64(sigma * sigma))
	d2, p2 := float64(delta*delta), float64(phi*phi)
	f := func(x float64) float64 {
		ex := math.Exp(x)
		den := p2 + v + ex
		return float64(ex*(d2-p2-v-ex))/float64(2*float64(den*den)) - (x-a)/float64(tau*tau)
	}
	A := a
	var B float64
	if d2 > p2+v {
		B = math.Log(d2 - p2 - v)
	} else {
		k := 1.0
		for f(a-float64(k*tau)) < 0 {
			k++
		}
		B = a - float64(k*tau)
	}
	fA, fB := f(A), f(B)
	for i := 0; math.Abs(B-A) > 0.000001 && i < 100; i++ {
		C := A + float64((A-B)*fA)/(fB-fA)
		fC := f(C)
		if float64(fC*fB) <= 0 {
			A, fA = B, fB
		} else {
			fA /= 2
		}
		B, fB = C, fC
	}
	return math.Exp(A / 2)
}

// Rating is a player's ratings in a campaign.
type Rating struct {
	Player string  `json:"player"`
	Elo    float64 `json:"elo"` // plain Elo at tables of two, pairwise Elo at larger tables
	// Glicko is the Glicko-2 rating, each round a rating period; at
	// tables of two only.
	Glicko *Glicko2 `json:"glicko,omitempty"`
	Games  int      `json:"games"`
}

// Ratings folds every player's ratings from the results, in the order
// they were recorded: Elo (pairwise at tables of three or more) game by
// game, and at tables of two Glicko-2 round by round. Everyone starts
// at 1500; byes and adjudicated games rate nothing.
func (c *Campaign) Ratings() []Rating {
	elo := map[string]float64{}
	games := map[string]int{}
	for _, p := range c.Players {
		elo[p] = EloStart
	}
	for _, g := range c.resultsInOrder() {
		rs := make([]float64, len(g.Seats))
		for s, p := range g.Seats {
			rs[s] = elo[p]
		}
		for s, r := range PairwiseElo(rs, g.Result.Places, EloK) {
			elo[g.Seats[s]] = r
			games[g.Seats[s]]++
		}
	}
	out := make([]Rating, len(c.Players))
	glicko := c.glicko()
	for i, p := range c.Players {
		out[i] = Rating{Player: p, Elo: elo[p], Games: games[p]}
		if g, ok := glicko[p]; ok {
			out[i].Glicko = &g
		}
	}
	return out
}

// resultsInOrder lists the games with a result that rates, in the order
// the results were recorded.
func (c *Campaign) resultsInOrder() []Game {
	var out []Game
	for _, id := range c.resultOrder() {
		if g := c.game(id); g != nil && !g.Adjudicated {
			out = append(out, *g)
		}
	}
	return out
}

// glicko folds Glicko-2 ratings, one rating period a round, at tables of
// two; nil at larger tables.
func (c *Campaign) glicko() map[string]Glicko2 {
	if c.Created.Options.table() != 2 {
		return nil
	}
	rt := map[string]Glicko2{}
	for _, p := range c.Players {
		rt[p] = GlickoStart
	}
	for r := range c.Rounds {
		period := map[string][]GlickoGame{}
		for _, g := range c.Games {
			if g.Round != r+1 || g.Result == nil || g.Adjudicated || len(g.Seats) != 2 {
				continue
			}
			a, b := g.Seats[0], g.Seats[1]
			period[a] = append(period[a], GlickoGame{Opp: rt[b], Score: pairPoints(g.Result.Places, 0, 1).Float()})
			period[b] = append(period[b], GlickoGame{Opp: rt[a], Score: pairPoints(g.Result.Places, 1, 0).Float()})
		}
		next := map[string]Glicko2{}
		for _, p := range c.Players {
			if _, gone := c.Withdrawn[p]; gone && len(period[p]) == 0 {
				next[p] = rt[p]
				continue
			}
			next[p] = rt[p].Update(period[p], GlickoTau)
		}
		rt = next
	}
	return rt
}
