package atacama

import (
	"sync"

	"github.com/pbem-games/pbem/rules"
)

// View is what a seat sees. Atacama has no private information: every seat
// gets the same view apart from Seat. Face-down tiles of the enhanced game
// are left out entirely.
type View struct {
	Seat        int         `json:"seat"` // the viewer; -1 for an observer
	Players     int         `json:"players"`
	Board       string      `json:"board"` // "square" or "hexagonal"
	Variants    []string    `json:"variants"`
	Stage       int         `json:"stage"` // enhanced game: 1 to 3; otherwise 0
	Turn        int         `json:"turn"`  // moves made so far
	Tiles       []TileView  `json:"tiles"` // square side: the tiles face up
	Cells       []CellView  `json:"cells"` // the fields one can see
	Concessions []Holding   `json:"concessions"`
	Rigs        []Supply    `json:"rigs"`
	ToAct       []int       `json:"to_act"`
	Scores      []int       `json:"scores"`
	Lines       []LineScore `json:"lines"` // the lines that count now
	Over        bool        `json:"over"`
	Winners     []int       `json:"winners"` // once over: the seats with the highest score
	Last        *LastMove   `json:"last"`
	Axes        []string    `json:"axes"`      // the board's line directions
	Claimable   []ClaimView `json:"claimable"` // enhanced game before the claim
}

// TileView is a face-up tile of the square side; positions count 0 to 8
// from the top left, row by row.
type TileView struct {
	Position int    `json:"position"`
	Tile     string `json:"tile"`
}

// CellView is one visible field. Square side: row and column count from 0
// at the top left. Hexagonal side: row 0 to 10 from the top and col is the
// place in the row from 0 at the left. Metal is "gold", "silver", "copper"
// or "desert".
type CellView struct {
	Row   int      `json:"row"`
	Col   int      `json:"col"`
	Field string   `json:"field"`
	Metal string   `json:"metal"`
	Value int      `json:"value"`
	Rig   *RigView `json:"rig"`
}

// RigView is a rig on a field.
type RigView struct {
	Seat   int  `json:"seat"`
	Double bool `json:"double"`
}

// Holding is a seat's concession: the direction it scores and which fields
// count against it.
type Holding struct {
	Seat     int    `json:"seat"`
	Name     string `json:"name"`
	Axis     string `json:"axis"`
	Positive string `json:"positive"`
	Negative string `json:"negative"`
}

// Supply is how many rigs a seat has left.
type Supply struct {
	Seat   int `json:"seat"`
	Basic  int `json:"basic"`
	Double int `json:"double"`
}

// LineScore is a line of at least 4 rigs and what it brings one seat.
type LineScore struct {
	Seat   int    `json:"seat"`
	Line   string `json:"line"`
	Rigs   int    `json:"rigs"`
	Points int    `json:"points"`
}

// LastMove is the move that led to this position.
type LastMove struct {
	Seat int    `json:"seat"`
	Move string `json:"move"`
}

// ClaimView is a concession that may still be claimed, with what its
// holder scores.
type ClaimView struct {
	Name     string `json:"name"`
	Positive string `json:"positive"`
	Negative string `json:"negative"`
}

// View returns the view of seat p: the state's public view with Seat set.
// The slices are shared between the seats' views and must not be changed.
func (s *state) View(p rules.Seat) rules.View {
	s.public.once.Do(func() { s.public.view = s.publicView() })
	v := *s.public.view
	v.Seat = int(p)
	return &v
}

// viewCache holds a state's public view, built on first use. Each state has
// its own; it is the only thing built after a state is returned, and
// sync.Once makes that safe for states shared between goroutines.
type viewCache struct {
	once sync.Once
	view *View
}

// publicView builds the view every seat shares.
func (s *state) publicView() *View {
	v := &View{
		Seat:    int(rules.Observer),
		Players: s.seats,
		Board:   "square",
		Stage:   s.stage(),
		Turn:    s.turn,
		Over:    s.over,
		Last:    s.last,
		Axes:    s.geo.axes,
		Lines:   s.lineScores(),
	}
	if s.geo.hex {
		v.Board = "hexagonal"
	}
	for _, name := range []string{Enhanced, Tactical} {
		if name == Enhanced && s.enhanced || name == Tactical && s.tactical {
			v.Variants = append(v.Variants, name)
		}
	}
	if !s.geo.hex {
		for pos := range 9 {
			if s.laid(pos/3*27 + pos%3*3) {
				v.Tiles = append(v.Tiles, TileView{Position: pos, Tile: string(rune('A' + s.tileAt[pos]))})
			}
		}
	}
	v.Cells = make([]CellView, 0, len(s.geo.cells))
	for i, c := range s.geo.cells {
		if !s.laid(i) {
			continue
		}
		cv := CellView{Row: c.row, Col: c.col, Field: c.name, Metal: s.fields[i].metal.String(), Value: s.fields[i].value}
		if r := s.rigs[i]; r.owner >= 0 {
			cv.Rig = &RigView{Seat: int(r.owner), Double: r.double}
		}
		v.Cells = append(v.Cells, cv)
	}
	for seat, h := range s.holds {
		if h.kind >= 0 {
			k := concessions[h.kind]
			v.Concessions = append(v.Concessions, Holding{Seat: seat, Name: k.name, Axis: s.geo.axes[h.axis], Positive: k.positive, Negative: k.negative})
		}
	}
	if s.enhanced && !s.claimed {
		for _, k := range []int{turquoise, orange} {
			c := concessions[k]
			v.Claimable = append(v.Claimable, ClaimView{Name: c.name, Positive: c.positive, Negative: c.negative})
		}
	}
	for seat := range s.seats {
		v.Rigs = append(v.Rigs, Supply{Seat: seat, Basic: s.basic[seat], Double: s.double[seat]})
	}
	for _, t := range s.ToAct() {
		v.ToAct = append(v.ToAct, int(t))
	}
	v.Scores = make([]int, s.seats)
	for _, l := range v.Lines {
		v.Scores[l.Seat] += l.Points
	}
	if s.over {
		best := v.Scores[0]
		for _, x := range v.Scores {
			best = max(best, x)
		}
		for seat, x := range v.Scores {
			if x == best {
				v.Winners = append(v.Winners, seat)
			}
		}
	}
	return v
}
