package atacama

import (
	"fmt"
	"strings"

	"github.com/pbem-games/pbem/rules"
)

// state is one position. It is never changed after it is returned (apart
// from its view, built once on first use): Apply works on a copy whose
// slices are copied before they change.
type state struct {
	seats    int
	enhanced bool
	tactical bool
	geo      *geometry
	tileAt   [9]int  // square side: the tile (0 = A) at each position
	fields   []field // what each cell shows (shared, never changed)
	rigs     []rig   // per cell
	basic    []int   // rigs of the basic colour left, per seat
	double   []int   // rigs of the second colour left, per seat
	holds    []holding
	claimed  bool
	turn     int // moves made so far
	next     int // seat to move
	over     bool
	last     *LastMove
	rng      rules.Rand
	public   *viewCache // the view, once built; new for every state
}

// rig is what stands on a cell: owner -1 means nothing.
type rig struct {
	owner  int8
	double bool
}

// layFields computes what every cell shows from the tile arrangement.
func (s *state) layFields() []field {
	if s.geo.hex {
		return hexFields
	}
	fs := make([]field, len(s.geo.cells))
	for i, c := range s.geo.cells {
		tile := squareTiles[s.tileAt[c.row/3*3+c.col/3]]
		fs[i] = parseField(strings.Fields(tile[c.row%3])[c.col%3])
	}
	return fs
}

// stage is the enhanced game's stage (1 to 3), 0 in other games: stages 1
// and 2 last six turns each.
func (s *state) stage() int {
	if !s.enhanced {
		return 0
	}
	return min(3, s.turn/6+1)
}

// laidPositions is how many tile positions of stageOrder are face up.
func (s *state) laidPositions() int {
	if st := s.stage(); st > 0 {
		return 3 * st
	}
	return 9
}

// laid reports whether cell i lies on a tile that is face up.
func (s *state) laid(i int) bool {
	if s.geo.hex || !s.enhanced {
		return true
	}
	c := s.geo.cells[i]
	p := c.row/3*3 + c.col/3
	for k := 0; k < s.laidPositions(); k++ {
		if stageOrder[k] == p {
			return true
		}
	}
	return false
}

// blocker returns the cell whose rig forbids a rig on cell i, or -1. On the
// square side no rig may stand next to another; on the hexagonal side only
// next to one on the same commodity.
func (s *state) blocker(i int) int {
	for _, j := range s.geo.cells[i].nbrs {
		if s.rigs[j].owner >= 0 && (!s.geo.hex || s.fields[j].metal == s.fields[i].metal) {
			return j
		}
	}
	return -1
}

// open lists the cells that may take a rig now, in cell order.
func (s *state) open() []int {
	var cs []int
	for i := range s.geo.cells {
		if s.fields[i].metal != desert && s.rigs[i].owner < 0 && s.laid(i) && s.blocker(i) < 0 {
			cs = append(cs, i)
		}
	}
	return cs
}

// left is how many rigs seat p still holds.
func (s *state) left(p int) int { return s.basic[p] + s.double[p] }

// mustClaim reports whether seat p's only legal moves are the claims: in the
// enhanced game, while no concession is claimed, a player may not place the
// last rig of their supply, and may not pass once all tiles are laid.
func (s *state) mustClaim(p int) bool {
	if !s.enhanced || s.claimed {
		return false
	}
	return s.left(p) == 1 || s.stage() == 3 && len(s.open()) == 0
}

// ToAct returns the seat to move, or nothing when the game is over.
func (s *state) ToAct() []rules.Seat {
	if s.over {
		return nil
	}
	return []rules.Seat{rules.Seat(s.next)}
}

// Legal lists seat p's moves, sorted by their text.
func (s *state) Legal(p rules.Seat) []rules.Move {
	if s.over || int(p) != s.next {
		return nil
	}
	var ms []rules.Move
	if s.enhanced && !s.claimed {
		for _, k := range []int{turquoise, orange} {
			for a := range s.geo.axes {
				ms = append(ms, Move{Kind: Claim, Concession: concessions[k].name, Axis: s.geo.axes[a]})
			}
		}
		if s.mustClaim(int(p)) {
			return rules.SortMoves(ms)
		}
	}
	open := s.open()
	for _, i := range open {
		if s.basic[p] > 0 {
			ms = append(ms, Move{Kind: Place, Field: s.geo.cells[i].name})
		}
		if s.double[p] > 0 {
			ms = append(ms, Move{Kind: Place, Field: s.geo.cells[i].name, Double: true})
		}
	}
	if len(open) == 0 {
		ms = append(ms, Move{Kind: Pass})
	}
	return rules.SortMoves(ms)
}

// Result returns the scores so far and whether the game is over.
func (s *state) Result() ([]int, bool) {
	scores := make([]int, s.seats)
	for _, ls := range s.lineScores() {
		scores[ls.Seat] += ls.Points
	}
	return scores, s.over
}

// lineScores lists, for every seat holding a concession, each line of its
// axis that counts now (at least 4 rigs) with its points.
func (s *state) lineScores() []LineScore {
	var out []LineScore
	for p, h := range s.holds {
		if h.kind < 0 {
			continue
		}
		for _, l := range s.geo.lines[h.axis] {
			n, pts := 0, 0
			for _, i := range l.cells {
				if s.rigs[i].owner < 0 {
					continue
				}
				n++
				v := sign(h.kind, s.fields[i]) * s.fields[i].value
				if s.rigs[i].double {
					v *= 2
				}
				pts += v
			}
			if n >= 4 {
				out = append(out, LineScore{Seat: p, Line: l.name, Rigs: n, Points: pts})
			}
		}
	}
	return out
}

// Secrets returns, for Observer, the face-down tiles of the enhanced game,
// written as a view would show them once laid; no seat holds secrets.
func (s *state) Secrets(p rules.Seat) []string {
	if p != rules.Observer || !s.enhanced {
		return nil
	}
	var out []string
	for k := s.laidPositions(); k < 9; k++ {
		pos := stageOrder[k]
		letter := string(rune('A' + s.tileAt[pos]))
		out = append(out,
			fmt.Sprintf(`{"position":%d,"tile":%q}`, pos, letter),
			fmt.Sprintf("tile %s at %s", letter, positionNames[pos]))
		for i, c := range s.geo.cells {
			if c.row/3*3+c.col/3 == pos {
				f := s.fields[i]
				out = append(out, fmt.Sprintf(`"field":%q,"metal":%q,"value":%d`, c.name, f.metal, f.value))
			}
		}
	}
	return out
}

// clone copies s; the caller copies any slice it changes.
func (s *state) clone() *state {
	c := *s
	c.public = &viewCache{}
	return &c
}

// finish passes the turn on after a move and ends the game when every rig
// is placed or, with all tiles laid and the concessions issued, no field may
// take a rig.
func (s *state) finish() {
	s.turn++
	total := 0
	for p := range s.seats {
		total += s.left(p)
	}
	if total == 0 || s.stage() != 1 && s.stage() != 2 && (!s.enhanced || s.claimed) && len(s.open()) == 0 {
		s.over = true
		return
	}
	for k := 1; k <= s.seats; k++ {
		if p := (s.next + k) % s.seats; s.left(p) > 0 {
			s.next = p
			return
		}
	}
}
