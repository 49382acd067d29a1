package atacama

import (
	"bytes"
	"fmt"
	"slices"
	"strings"
)

// Text draws the board for a monospace mail: every field as its metal letter
// and ore value (g3 = gold 3), a rig in brackets followed by its owner's seat
// ([g3]0), a second-colour rig in braces ({g3}0), ".." for a field on a tile
// not laid yet and "##" for the desert; then the concessions, the rigs left
// and the scores so far.
func (v *View) Text() string {
	var b strings.Builder
	b.Grow(4096)
	rowLen := squareGeo.rowLen
	if v.Board == "hexagonal" {
		rowLen = hexGeo.rowLen
	}
	grid := make([][]*CellView, len(rowLen))
	for r, n := range rowLen {
		grid[r] = make([]*CellView, n)
	}
	for i := range v.Cells {
		c := &v.Cells[i]
		if c.Row >= 0 && c.Row < len(grid) && c.Col >= 0 && c.Col < len(grid[c.Row]) {
			grid[c.Row][c.Col] = c
		}
	}
	if v.Board == "hexagonal" {
		v.hexBoard(&b, grid)
	} else {
		v.squareBoard(&b, grid)
	}
	v.legend(&b)
	v.status(&b)
	return b.String()
}

// tokens holds every field's 5-character picture: by metal, value, and
// rig (0 none, 1 to 4 a rig of seat 0 to 3, 5 to 8 a second-colour rig).
var tokens = func() (t [4][6][9]string) {
	for m := gold; m <= copper; m++ {
		for v := 1; v <= 5; v++ {
			f := fmt.Sprintf("%c%d", m.String()[0], v)
			t[m][v][0] = " " + f + "  "
			for seat := range 4 {
				t[m][v][1+seat] = fmt.Sprintf("[%s]%d", f, seat)
				t[m][v][5+seat] = fmt.Sprintf("{%s}%d", f, seat)
			}
		}
	}
	return t
}()

var metalByName = map[string]metal{"gold": gold, "silver": silver, "copper": copper}

// token is a field's 5-character picture; c is nil for a field on a tile
// not laid yet.
func token(c *CellView) string {
	if c == nil {
		return " ..  "
	}
	m, ok := metalByName[c.Metal]
	if !ok || c.Value < 1 || c.Value > 5 {
		return " ##  "
	}
	k := 0
	if c.Rig != nil && c.Rig.Seat >= 0 && c.Rig.Seat < 4 {
		k = 1 + c.Rig.Seat
		if c.Rig.Double {
			k += 4
		}
	}
	return tokens[m][c.Value][k]
}

func (v *View) squareBoard(b *strings.Builder, grid [][]*CellView) {
	head := make([]string, 3)
	for t := range 3 {
		var ls []string
		for c := t * 3; c < t*3+3; c++ {
			ls = append(ls, fmt.Sprintf(" %c   ", 'A'+c))
		}
		head[t] = strings.Join(ls, " ")
	}
	fmt.Fprintf(b, "      %s\n", strings.TrimRight(strings.Join(head, "   "), " "))
	rule := "      " + strings.Repeat("-", 17) + "-+-" + strings.Repeat("-", 17) + "-+-" + strings.Repeat("-", 17)
	for r := range squareSize {
		if r == 3 || r == 6 {
			b.WriteString(rule + "\n")
		}
		line := make([]byte, 0, 80)
		line = append(line, "   "...)
		line = append(line, byte('1'+r))
		line = append(line, "  "...)
		for col := range squareSize {
			switch {
			case col == 3 || col == 6:
				line = append(line, " | "...)
			case col > 0:
				line = append(line, ' ')
			}
			line = append(line, token(grid[r][col])...)
		}
		b.Write(bytes.TrimRight(line, " "))
		b.WriteByte('\n')
	}
}

func (v *View) hexBoard(b *strings.Builder, grid [][]*CellView) {
	for r, n := range hexGeo.rowLen {
		b.WriteString(hexNumbers[r])
		line := make([]byte, 0, 80)
		line = append(line, ' ', ' ', byte('A'+r), ' ', ' ')
		line = append(line, hexIndent[r]...)
		for col := range n {
			if col > 0 {
				line = append(line, ' ')
			}
			line = append(line, token(grid[r][col])...)
		}
		b.Write(bytes.TrimRight(line, " "))
		b.WriteByte('\n')
	}
}

// hexIndent and hexNumbers are the hexagonal side's row indents and the
// lines of field numbers above each row.
var hexIndent, hexNumbers = func() (ind, nums []string) {
	for _, n := range hexGeo.rowLen {
		in := strings.Repeat(" ", (hexRows-n)*3)
		var ns []string
		for col := range n {
			ns = append(ns, fmt.Sprintf(" %-4d", col+1))
		}
		ind = append(ind, in)
		nums = append(nums, "     "+in+strings.TrimRight(strings.Join(ns, " "), " ")+"\n")
	}
	return ind, nums
}()

func (v *View) legend(b *strings.Builder) {
	b.WriteString("\n  g = gold  s = silver  c = copper  number = ore value  [g3]0 = rig of seat 0 on gold 3\n")
	var more []string
	if strings.Contains(strings.Join(v.Variants, " "), Tactical) {
		more = append(more, "{g3}0 = second-colour rig (counts double)")
	}
	if v.Stage > 0 && v.Stage < 3 {
		more = append(more, ".. = tile not laid yet")
	}
	if v.Board == "hexagonal" {
		more = append(more, "## = desert (no rig; lines run through it)")
		more = append(more, "fields are named by row letter and number from the left, e.g. F4")
	}
	for _, m := range more {
		b.WriteString("  " + m + "\n")
	}
	b.WriteString("\n")
}

// who names a seat, as "you" for the viewer.
func (v *View) who(seat int) string {
	if seat == v.Seat {
		return fmt.Sprintf("seat %d (you)", seat)
	}
	return fmt.Sprintf("seat %d", seat)
}

func upperFirst(s string) string { return strings.ToUpper(s[:1]) + s[1:] }

func (v *View) status(b *strings.Builder) {
	if v.Stage > 0 {
		var laid []string
		for _, t := range v.Tiles {
			laid = append(laid, fmt.Sprintf("tile %s at %s", t.Tile, positionNames[t.Position]))
		}
		fmt.Fprintf(b, "Stage %d of 3. Tiles laid: %s.", v.Stage, strings.Join(laid, ", "))
		if v.Stage < 3 {
			fmt.Fprintf(b, " The next three tiles are laid after %d more turns.", v.Stage*6-v.Turn)
		}
		b.WriteString("\n")
	}
	geo := squareGeo
	if v.Board == "hexagonal" {
		geo = hexGeo
	}
	for _, h := range v.Concessions {
		fmt.Fprintf(b, "%s scores the %s (%s: %s +, %s -).\n", upperFirst(v.who(h.Seat)), strings.ToUpper(h.Axis), h.Name, h.Positive, h.Negative)
	}
	for _, h := range v.Concessions {
		if a := slices.Index(geo.axes, h.Axis); h.Seat == v.Seat && a >= 0 {
			fmt.Fprintf(b, "You score the %s: %s; each with at least 4 rigs (anyone's) scores the ore values of its fields with rigs, %s plus and %s minus.\n", h.Axis, geo.along[a], h.Positive, h.Negative)
		}
	}
	if len(v.Claimable) > 0 {
		var cs []string
		for _, c := range v.Claimable {
			cs = append(cs, fmt.Sprintf("%s (%s +, %s -)", c.Name, c.Positive, c.Negative))
		}
		fmt.Fprintf(b, "No concession is claimed yet: %s. Instead of placing, a player may claim one with a direction, e.g. CLAIM TURQUOISE COLUMNS; it costs one rig and the other player gets the other concession, the other direction and one rig more.\n", strings.Join(cs, " and "))
	}
	var rigs, scores []string
	for _, r := range v.Rigs {
		x := fmt.Sprintf("%s %d", v.who(r.Seat), r.Basic)
		if strings.Contains(strings.Join(v.Variants, " "), Tactical) {
			x += fmt.Sprintf(" + %d double", r.Double)
		}
		rigs = append(rigs, x)
	}
	for seat, pts := range v.Scores {
		var ls []string
		for _, l := range v.Lines {
			if l.Seat == seat {
				ls = append(ls, fmt.Sprintf("%s %+d", l.Line, l.Points))
			}
		}
		x := fmt.Sprintf("%s %+d", v.who(seat), pts)
		if len(ls) > 0 {
			x += " (" + strings.Join(ls, ", ") + ")"
		}
		scores = append(scores, x)
	}
	fmt.Fprintf(b, "Rigs left: %s.\n", strings.Join(rigs, ", "))
	if v.Over {
		fmt.Fprintf(b, "Final scores: %s.\n", strings.Join(scores, ", "))
	} else {
		fmt.Fprintf(b, "Scores so far (lines with at least 4 rigs): %s.\n", strings.Join(scores, ", "))
	}
	if v.Last != nil {
		fmt.Fprintf(b, "Last move: %s played %s.\n", v.who(v.Last.Seat), v.Last.Move)
	}
	switch {
	case v.Over && len(v.Winners) == 1:
		fmt.Fprintf(b, "Game over: %s wins.\n", v.who(v.Winners[0]))
	case v.Over:
		var ws []string
		for _, w := range v.Winners {
			ws = append(ws, v.who(w))
		}
		fmt.Fprintf(b, "Game over: %s tie for the win.\n", strings.Join(ws, " and "))
	case len(v.ToAct) > 0:
		fmt.Fprintf(b, "%s moves now.\n", upperFirst(v.who(v.ToAct[0])))
	}
}
