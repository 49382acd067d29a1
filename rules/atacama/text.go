package atacama

import (
	"fmt"
	"strings"
)

// Text draws the board for a monospace mail: every field as its metal letter
// and ore value (g3 = gold 3), a rig in brackets followed by its owner's seat
// ([g3]0), a second-colour rig in braces ({g3}0), ".." for a field on a tile
// not laid yet and "##" for the desert; then the concessions, the rigs left
// and the scores so far.
func (v *View) Text() string {
	var b strings.Builder
	cells := map[[2]int]CellView{}
	for _, c := range v.Cells {
		cells[[2]int{c.Row, c.Col}] = c
	}
	if v.Board == "hexagonal" {
		v.hexBoard(&b, cells)
	} else {
		v.squareBoard(&b, cells)
	}
	v.legend(&b)
	v.status(&b)
	return b.String()
}

// token is a field's 5-character picture.
func token(c CellView, ok bool) string {
	switch {
	case !ok:
		return " ..  "
	case c.Metal == "desert":
		return " ##  "
	}
	f := fmt.Sprintf("%c%d", c.Metal[0], c.Value)
	switch {
	case c.Rig == nil:
		return " " + f + "  "
	case c.Rig.Double:
		return fmt.Sprintf("{%s}%d", f, c.Rig.Seat)
	}
	return fmt.Sprintf("[%s]%d", f, c.Rig.Seat)
}

func (v *View) squareBoard(b *strings.Builder, cells map[[2]int]CellView) {
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
		parts := make([]string, 3)
		for t := range 3 {
			var ls []string
			for col := t * 3; col < t*3+3; col++ {
				c, ok := cells[[2]int{r, col}]
				ls = append(ls, token(c, ok))
			}
			parts[t] = strings.Join(ls, " ")
		}
		fmt.Fprintf(b, "%4d  %s\n", r+1, strings.TrimRight(strings.Join(parts, " | "), " "))
	}
}

func (v *View) hexBoard(b *strings.Builder, cells map[[2]int]CellView) {
	for r, n := range hexGeo.rowLen {
		indent := strings.Repeat(" ", (hexRows-n)*3)
		var nums, toks []string
		for col := range n {
			nums = append(nums, fmt.Sprintf(" %-4d", col+1))
			c, ok := cells[[2]int{r, col}]
			toks = append(toks, token(c, ok))
		}
		fmt.Fprintf(b, "     %s%s\n", indent, strings.TrimRight(strings.Join(nums, " "), " "))
		fmt.Fprintf(b, "  %c  %s%s\n", 'A'+r, indent, strings.TrimRight(strings.Join(toks, " "), " "))
	}
}

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
	if len(more) > 0 {
		b.WriteString("  " + strings.Join(more, "  ") + "\n")
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
	for _, h := range v.Concessions {
		fmt.Fprintf(b, "%s scores the %s (%s: %s +, %s -).\n", upperFirst(v.who(h.Seat)), strings.ToUpper(h.Axis), h.Name, h.Positive, h.Negative)
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
