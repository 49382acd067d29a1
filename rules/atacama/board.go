package atacama

import (
	"fmt"
	"strings"

	"github.com/pbem-games/pbem/rules"
)

// metal is the commodity of a field.
type metal int8

const (
	desert metal = iota // the hexagonal side's middle: no rig, no points
	gold
	silver
	copper
)

var metalNames = [...]string{"desert", "gold", "silver", "copper"}

func (m metal) String() string { return metalNames[m] }

// field is what a field of the board shows: a commodity and its ore value.
type field struct {
	metal metal
	value int
}

// parseField reads a field written as in tiles.go, e.g. "g3" or "##".
func parseField(tok string) field {
	if tok == "##" {
		return field{metal: desert}
	}
	m := map[byte]metal{'g': gold, 's': silver, 'c': copper}[tok[0]]
	if m == desert || len(tok) != 2 || tok[1] < '1' || tok[1] > '5' {
		panic("atacama: bad field in data: " + tok)
	}
	return field{metal: m, value: int(tok[1] - '0')}
}

// geometry is one side of the board: its fields, their names, neighbours and
// the lines that are scored. It never changes after init.
type geometry struct {
	hex    bool
	cells  []cell
	byName map[string]int
	axes   []string       // names of the line directions
	along  []rules.Phrase // per axis, how its lines run, for people
	lines  [][]line       // per axis, the lines in order
	rowLen []int          // number of fields in each row
}

// cell is the place of one field.
type cell struct {
	row, col int    // square: row and column from 0; hexagonal: row from 0 and place in the row from 0
	name     string // canonical field name, e.g. "E5"
	nbrs     []int  // adjacent cells (sharing an edge)
}

// line is a column, a row or a diagonal.
type line struct {
	name  string
	cells []int
}

const (
	squareSize = 9
	hexSide    = 6
	hexRows    = 2*hexSide - 1
)

// The two sides of the board, built once.
var (
	squareGeo = newSquare()
	hexGeo    = newHex()
)

func newSquare() *geometry {
	g := &geometry{byName: map[string]int{}, axes: []string{"columns", "rows"}, along: []rules.Phrase{
		rules.Say("a column is one letter, A to I, from top to bottom, e.g. column A is A1 to A9"),
		rules.Say("a row is one number, 1 to 9, from left to right, e.g. row 1 is A1 to I1"),
	}}
	for r := 0; r < squareSize; r++ {
		g.rowLen = append(g.rowLen, squareSize)
		for c := 0; c < squareSize; c++ {
			name := fmt.Sprintf("%c%d", 'A'+c, r+1)
			g.byName[name] = len(g.cells)
			g.cells = append(g.cells, cell{row: r, col: c, name: name})
		}
	}
	at := func(r, c int) int { return r*squareSize + c }
	for i := range g.cells {
		r, c := g.cells[i].row, g.cells[i].col
		for _, d := range [][2]int{{-1, 0}, {0, -1}, {0, 1}, {1, 0}} {
			if rr, cc := r+d[0], c+d[1]; rr >= 0 && rr < squareSize && cc >= 0 && cc < squareSize {
				g.cells[i].nbrs = append(g.cells[i].nbrs, at(rr, cc))
			}
		}
	}
	g.lines = make([][]line, 2)
	for k := 0; k < squareSize; k++ {
		col := line{name: fmt.Sprintf("column %c", 'A'+k)}
		row := line{name: fmt.Sprintf("row %d", k+1)}
		for j := 0; j < squareSize; j++ {
			col.cells = append(col.cells, at(j, k))
			row.cells = append(row.cells, at(k, j))
		}
		g.lines[0] = append(g.lines[0], col)
		g.lines[1] = append(g.lines[1], row)
	}
	return g
}

// newHex builds the hexagon of side 6: rows A to K from the top with 6, 7,
// ..., 11, ..., 6 fields, numbered from the left. Inside, a field is the cube
// coordinate (x, y, z) with x+y+z = 0; z is the row and x grows to the right.
// Rows keep z, falling diagonals (top left to bottom right) keep x, rising
// diagonals (bottom left to top right) keep y.
func newHex() *geometry {
	g := &geometry{hex: true, byName: map[string]int{},
		axes: []string{"rows", "falling diagonals", "rising diagonals"}}
	const n = hexSide - 1
	type cube struct{ x, y, z int }
	var pos []cube
	at := map[cube]int{}
	for r := 0; r < hexRows; r++ {
		z := r - n
		lo, hi := max(-n, -n-z), min(n, n-z)
		g.rowLen = append(g.rowLen, hi-lo+1)
		for x := lo; x <= hi; x++ {
			name := fmt.Sprintf("%c%d", 'A'+r, x-lo+1)
			at[cube{x, -x - z, z}] = len(g.cells)
			g.byName[name] = len(g.cells)
			g.cells = append(g.cells, cell{row: r, col: x - lo, name: name})
			pos = append(pos, cube{x, -x - z, z})
		}
	}
	dirs := []cube{{1, -1, 0}, {-1, 1, 0}, {1, 0, -1}, {-1, 0, 1}, {0, 1, -1}, {0, -1, 1}}
	for i, p := range pos {
		for _, d := range dirs {
			if j, ok := at[cube{p.x + d.x, p.y + d.y, p.z + d.z}]; ok {
				g.cells[i].nbrs = append(g.cells[i].nbrs, j)
			}
		}
	}
	g.lines = make([][]line, 3)
	for k := -n; k <= n; k++ {
		var row, fall, rise line
		for i, p := range pos { // pos runs from top to bottom, left to right
			if p.z == k {
				row.cells = append(row.cells, i)
			}
			if p.x == k {
				fall.cells = append(fall.cells, i)
			}
			if p.y == -k {
				rise.cells = append(rise.cells, i)
			}
		}
		row.name = "row " + g.cells[row.cells[0]].name[:1]
		fall.name = "falling " + g.cells[fall.cells[0]].name
		rise.name = "rising " + g.cells[rise.cells[0]].name
		g.lines[0] = append(g.lines[0], row)
		g.lines[1] = append(g.lines[1], fall)
		g.lines[2] = append(g.lines[2], rise)
	}
	g.along = []rules.Phrase{
		rules.Say("a row is one letter, A to K, from left to right, e.g. row F is F1 to F11 across the desert"),
		rules.Say("a falling diagonal runs from top left to bottom right (\\), its number growing by one a row down to row F and then staying, e.g. %s", g.example(1, "falling A1")),
		rules.Say("a rising diagonal runs from bottom left to top right (/), its number staying down to row F and then falling by one a row, e.g. %s", g.example(2, "rising A6")),
	}
	return g
}

// example writes out the line called name on axis a: "falling A1 is A1
// B2 …".
func (g *geometry) example(a int, name string) rules.Phrase {
	for _, l := range g.lines[a] {
		if l.name == name {
			var fs []string
			for _, i := range l.cells {
				fs = append(fs, g.cells[i].name)
			}
			return rules.Say("%s is %s", lineName(name), strings.Join(fs, " "))
		}
	}
	panic("atacama: no line " + name)
}

// fieldName parses a field name such as "e5" (already upper-cased and
// trimmed) and returns the cell or a reason for the player.
func (g *geometry) fieldName(text string) (int, error) {
	if i, ok := g.byName[text]; ok {
		return i, nil
	}
	if len(text) > 4 {
		return 0, illegal("%q is not a field: %s", short(text), map[bool]string{false: "columns are A to I and rows 1 to 9", true: "rows are A to K and numbers at most 11"}[g.hex])
	}
	if !g.hex {
		return 0, illegal("%s is not a field: columns are A to I and rows 1 to 9", text)
	}
	if text == "" || text[0] < 'A' || text[0] > 'A'+hexRows-1 {
		return 0, illegal("%s is not a field: rows are A to K", text)
	}
	r := int(text[0] - 'A')
	return 0, illegal("%s is not a field: row %c has fields %c1 to %c%d", text, text[0], text[0], text[0], g.rowLen[r])
}

// looksLikeField reports whether text is a letter followed by digits, so
// that a wrong field gets a field error instead of a general one.
func looksLikeField(text string) bool {
	if len(text) < 2 || text[0] < 'A' || text[0] > 'Z' {
		return false
	}
	return strings.Trim(text[1:], "0123456789") == ""
}
