package archipelago

import (
	"strconv"
	"strings"
)

// The table is a grid of hexagons with pointed tops, 11 rows A to K of 11
// cells 1 to 11; odd rows (B, D, …) are shifted half a cell to the right.
// The open sea lies in the middle, on F6. A cell is numbered row*gridSize+col.
const (
	gridSize = 11
	nCells   = gridSize * gridSize
	center   = 5*gridSize + 5
	noCell   = -1
)

// Directions, clockwise from the east: the order of a side's edges.
const (
	dirE = iota
	dirSE
	dirSW
	dirW
	dirNW
	dirNE
)

var dirNames = [6]string{"E", "SE", "SW", "W", "NW", "NE"}

// neighbours[c][d] is the cell next to c in direction d, or noCell.
var neighbours = func() (nb [nCells][6]int) {
	for c := range nCells {
		r, col := c/gridSize, c%gridSize
		shift := 0 // odd rows lie half a cell to the right
		if r%2 == 1 {
			shift = 1
		}
		steps := [6][2]int{
			dirE:  {0, 1},
			dirSE: {1, shift},
			dirSW: {1, shift - 1},
			dirW:  {0, -1},
			dirNW: {-1, shift - 1},
			dirNE: {-1, shift},
		}
		for d, st := range steps {
			nr, nc := r+st[0], col+st[1]
			if nr < 0 || nr >= gridSize || nc < 0 || nc >= gridSize {
				nb[c][d] = noCell
			} else {
				nb[c][d] = nr*gridSize + nc
			}
		}
	}
	return nb
}()

// cellNames are the cells' names, e.g. "F6".
var cellNames = func() (names [nCells]string) {
	for c := range names {
		names[c] = string(rune('A'+c/gridSize)) + strconv.Itoa(c%gridSize+1)
	}
	return names
}()

// cellName is a cell's name, e.g. "F6".
func cellName(c int) string {
	if c < 0 || c >= nCells {
		return "?"
	}
	return cellNames[c]
}

// parseCell reads a cell name such as "F6" or "f 6".
func parseCell(text string) (int, bool) {
	t := strings.ToUpper(strings.ReplaceAll(text, " ", ""))
	if len(t) < 2 || t[0] < 'A' || t[0] >= 'A'+gridSize {
		return noCell, false
	}
	n, err := strconv.Atoi(t[1:])
	if err != nil || n < 1 || n > gridSize || t[1] == '+' || t[1] == '0' {
		return noCell, false
	}
	return int(t[0]-'A')*gridSize + n - 1, true
}

// opposite is the direction facing d.
func opposite(d int) int { return (d + 3) % 6 }

// edgeOf is the landscape a side laid with turn t shows in direction d: a
// turn is a sixth of a full turn clockwise.
func edgeOf(sd *side, t, d int) byte {
	return sd.edges[(d-t+6)%6]
}

// turnedEdges is the side's edges in directions E to NE after turn t.
func turnedEdges(sd *side, t int) string {
	if t == 0 {
		return sd.edges
	}
	var b [6]byte
	for d := range 6 {
		b[d] = edgeOf(sd, t, d)
	}
	return string(b[:])
}

// firstTurn is the smallest turn that gives the same edges as turn t, so
// that turns with the same result count as one.
func firstTurn(sd *side, t int) int {
	want := turnedEdges(sd, t)
	for u := range t {
		if turnedEdges(sd, u) == want {
			return u
		}
	}
	return t
}

// landName names a landscape for people.
func landName(l byte) string {
	switch l {
	case water:
		return "water"
	case field:
		return "field"
	}
	return "mountain"
}
