package altiplano

import (
	"slices"

	"github.com/pbem-games/pbem/rules"
)

// phase is the part of the game being played.
type phase int8

const (
	phaseChoose phase = iota // the choose variant: professions are chosen one by one
	phasePlan                // phases 1 and 2: each seat draws, then plans
	phaseAct                 // phase 3: turns of one action or a pass
	phaseOver
)

// stage is where one seat is in the draw and planning phases, which the
// seats go through at their own pace.
type stage int8

const (
	stageDraw stage = iota // may pull goods back from action spaces before drawing
	stagePlan              // places goods
	stageDone              // has declared the plan complete
)

// state is one position. It is never changed after it is returned: Apply
// works on a copy, and copies every slice it changes.
type state struct {
	seats     int
	missions  bool
	choose    bool
	shortage  bool         // the variant: any empty supply triggers the end
	circle    [numLocs]Loc // the locations clockwise
	supply    Goods        // goods at the locations; food in the centre
	carts     int          // carts in the Village
	houses    []Good       // houses left, by the good they favour
	boats     []Good       // boats left, by the good they give
	contracts []int        // contracts left at the Market, ascending
	display   [5]int       // extension cards by display space, lowest first; -1 empty
	pile      []int        // extension cards face down; the top is the last
	players   []player
	round     int
	start     int // the starting player
	phase     phase
	turn      int    // phaseAct: the seat to act; phaseChoose: the seat choosing
	final     int    // the last round once the end is triggered, else 0
	endBy     string // what triggered the end, as the view says it
	bought    bool   // an extension was bought this round
	last      *LastMove
	cache     *viewCache // the views' table, once built; new for every state
}

// player is one seat's material.
type player struct {
	prof       int        // profession, -1 until chosen
	bag        []Good     // the fabric bag, drawn from the end
	rng        rules.Rand // shuffles this seat's bag
	crate      Goods      // used goods, back into the bag when it is empty
	planning   Goods      // goods on planning spaces
	loc        [numLocs]Goods
	locNew     [numLocs]Goods // placed at each location this round
	move       int8           // food on the movement action spaces
	moveNew    int8
	cards      []holder // the profession first, then extensions in order bought
	coins      int
	road       int // road steps built
	carts      int // carts owned, the first included
	cartsUsed  int // bought carts used this round
	freeUsed   bool
	boughtCart bool
	boughtExt  bool
	pawn       Loc // -1 before the first placement
	rows       []rowFill
	houses     []Good
	boats      []Good
	contract   int   // the open contract, -1 none
	delivered  Goods // goods on the open contract
	done       []int // completed contracts
	overflow   Goods // corn that found no room in the warehouse
	missions   []int
	stage      stage
	passed     bool
	shown      *shownBoard // the action board as everyone last saw it
}

// holder is a profession or extension with the goods and coins on its
// action spaces.
type holder struct {
	design int
	goods  Goods
	fresh  Goods // placed this round
	coins  int
}

// rowFill is a warehouse row: the kind it holds and how many.
type rowFill struct {
	kind Good
	n    int
}

// shownBoard is a seat's action board as the others saw it when the last
// action phase ended; they see it until the next plans are revealed.
type shownBoard struct {
	loc   [numLocs]Goods
	move  int8
	cards []Goods
}

// clone copies s and its players; the caller copies any other slice it
// changes.
func (s *state) clone() *state {
	c := *s
	c.players = slices.Clone(s.players)
	c.cache = &viewCache{}
	return &c
}

// snapshot records what everyone sees of p's action board.
func (p *player) snapshot() {
	sb := &shownBoard{loc: p.loc, move: p.move}
	for _, h := range p.cards {
		sb.cards = append(sb.cards, h.goods)
	}
	p.shown = sb
}

// drawSize is the number of p's planning spaces.
func (p *player) drawSize() int { return drawsAfter(p.road) }

// drawsAfter is the number of planning spaces after road steps built.
func drawsAfter(road int) int {
	n := baseDraw
	for _, st := range roadTrack[:min(road, len(roadTrack))] {
		if st.space {
			n++
		}
	}
	return n
}

// onSpaces is every good on p's action spaces.
func (p *player) onSpaces() Goods {
	var g Goods
	for _, l := range p.loc {
		g = g.Plus(l)
	}
	g[Food] += p.move
	for _, h := range p.cards {
		g = g.Plus(h.goods)
	}
	return g
}

// stored is every good in p's warehouse.
func (p *player) stored() Goods {
	var g Goods
	for _, r := range p.rows {
		if r.n > 0 {
			g[r.kind] += int8(r.n)
		}
	}
	return g
}

// held is every good p has: all but those on contracts.
func (p *player) held() Goods {
	g := p.crate.Plus(p.planning).Plus(p.onSpaces()).Plus(p.stored()).Plus(p.overflow)
	for _, x := range p.bag {
		g[x]++
	}
	return g
}

// owns reports whether p has a profession or extension of design d.
func (p *player) owns(d int) bool {
	return slices.ContainsFunc(p.cards, func(h holder) bool { return h.design == d })
}

// card returns the index in p.cards of design d, or -1.
func (p *player) card(d int) int {
	return slices.IndexFunc(p.cards, func(h holder) bool { return h.design == d })
}

// where is the position of location l in the circle.
func (s *state) where(l Loc) int { return slices.Index(s.circle[:], l) }

// distance is the fewest steps between two locations around the circle.
func (s *state) distance(a, b Loc) int {
	d := s.where(a) - s.where(b)
	if d < 0 {
		d = -d
	}
	return min(d, int(numLocs)-d)
}

// ToAct returns the seats that may move now.
func (s *state) ToAct() []rules.Seat {
	switch s.phase {
	case phaseChoose, phaseAct:
		return []rules.Seat{rules.Seat(s.turn)}
	case phasePlan:
		var out []rules.Seat
		for i, p := range s.players {
			if p.stage != stageDone {
				out = append(out, rules.Seat(i))
			}
		}
		return out
	}
	return nil
}

// acting reports whether seat p may move now.
func (s *state) acting(p rules.Seat) bool {
	return slices.Contains(s.ToAct(), p)
}

// Result returns the points so far, missions only once the game is over,
// and whether it is over. Tied points are reported tied; the view ranks
// them by coins (see ranking).
func (s *state) Result() ([]int, bool) {
	scores := make([]int, s.seats)
	for i := range s.players {
		scores[i] = s.score(i).Total
	}
	return scores, s.phase == phaseOver
}

// Stage is the stretch of play a programmed list sent now is for: the
// choice of professions, or a round, whose action phase the list plays.
// A list sent while planning is for that round's actions; pbem drops what
// is left of it when the round ends.
func (s *state) Stage() string { return s.StagePhrase().String() }

// StagePhrase names the stage as a phrase.
func (s *state) StagePhrase() rules.Phrase {
	if s.phase == phaseChoose {
		return rules.Say("the choice of professions")
	}
	return rules.Say("round %d", s.round)
}
