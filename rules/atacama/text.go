package atacama

import (
	"bytes"
	"fmt"
	"slices"
	"strings"

	"github.com/pbem-games/pbem/rules"
)

// Text draws the board for a monospace mail: every field as its metal letter
// and ore value (g3 = gold 3), a rig in brackets followed by its owner's seat
// ([g3]0), a second-colour rig in braces ({g3}0), ".." for a field on a tile
// not laid yet and "##" for the desert; then the concessions, the rigs left
// and the scores so far.
func (v *View) Text() string { return v.TextLines().String() }

// TextLines is Text as a drawing of the board and the lines under it in
// phrases, for the mail side to write in a reader's language.
func (v *View) TextLines() rules.Lines {
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
	return rules.Lines{Drawing: b.String(), Lines: append(v.legend(), v.status()...)}
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

func (v *View) legend() []rules.Phrase {
	ls := []rules.Phrase{{}, rules.Say("  g = gold  s = silver  c = copper  number = ore value  [g3]0 = rig of seat 0 on gold 3")}
	if strings.Contains(strings.Join(v.Variants, " "), Tactical) {
		ls = append(ls, rules.Say("  {g3}0 = second-colour rig (counts double)"))
	}
	if v.Stage > 0 && v.Stage < 3 {
		ls = append(ls, rules.Say("  .. = tile not laid yet"))
	}
	if v.Board == "hexagonal" {
		ls = append(ls, rules.Say("  ## = desert (no rig; lines run through it)"),
			rules.Say("  fields are named by row letter and number from the left, e.g. F4"))
	}
	return append(ls, rules.Phrase{})
}

// who names a seat, as "you" for the viewer.
func (v *View) who(seat int) rules.Phrase {
	if seat == v.Seat {
		return rules.Say("seat %d (you)", seat)
	}
	return rules.Say("seat %d", seat)
}

// whoFirst is who at the start of a sentence.
func (v *View) whoFirst(seat int) rules.Phrase {
	if seat == v.Seat {
		return rules.Say("Seat %d (you)", seat)
	}
	return rules.Say("Seat %d", seat)
}

// list joins phrases with ", " as one phrase.
func list(ps []rules.Phrase) rules.Phrase {
	if len(ps) == 0 {
		return rules.Phrase{}
	}
	args := make([]any, len(ps))
	for i, p := range ps {
		args[i] = p
	}
	return rules.Say(strings.TrimSuffix(strings.Repeat("%s, ", len(ps)), ", "), args...)
}

func (v *View) status() []rules.Phrase {
	var ls []rules.Phrase
	if v.Stage > 0 {
		var laid []rules.Phrase
		for _, t := range v.Tiles {
			laid = append(laid, rules.Say("tile %s at %s", t.Tile, rules.Say(positionNames[t.Position])))
		}
		if v.Stage < 3 {
			ls = append(ls, rules.Say("Stage %d of 3. Tiles laid: %s. The next three tiles are laid after %d more turns.", v.Stage, list(laid), v.Stage*6-v.Turn))
		} else {
			ls = append(ls, rules.Say("Stage %d of 3. Tiles laid: %s.", v.Stage, list(laid)))
		}
	}
	geo := squareGeo
	if v.Board == "hexagonal" {
		geo = hexGeo
	}
	for _, h := range v.Concessions {
		ls = append(ls, rules.Say("%s scores the %s (%s: %s +, %s -).", v.whoFirst(h.Seat), rules.Say(strings.ToUpper(h.Axis)), rules.Say(h.Name), rules.Say(h.Positive), rules.Say(h.Negative)))
	}
	for _, h := range v.Concessions {
		if a := slices.Index(geo.axes, h.Axis); h.Seat == v.Seat && a >= 0 {
			ls = append(ls, rules.Say("You score the %s: %s; each with at least 4 rigs (anyone's) scores the ore values of its fields with rigs, %s plus and %s minus.",
				rules.Say(h.Axis), geo.along[a], rules.Say(h.Positive), rules.Say(h.Negative)))
		}
	}
	if len(v.Claimable) > 0 {
		var cs []any
		for _, c := range v.Claimable {
			cs = append(cs, rules.Say("%s (%s +, %s -)", rules.Say(c.Name), rules.Say(c.Positive), rules.Say(c.Negative)))
		}
		ls = append(ls, rules.Say("No concession is claimed yet: %s. Instead of placing, a player may claim one with a direction, e.g. CLAIM TURQUOISE COLUMNS; it costs one rig and the other player gets the other concession, the other direction and one rig more.",
			rules.Say(strings.TrimSuffix(strings.Repeat("%s and ", len(cs)), " and "), cs...)))
	}
	var rigs, scores []rules.Phrase
	for _, r := range v.Rigs {
		if strings.Contains(strings.Join(v.Variants, " "), Tactical) {
			rigs = append(rigs, rules.Say("%s %d + %d double", v.who(r.Seat), r.Basic, r.Double))
		} else {
			rigs = append(rigs, rules.Say("%s %d", v.who(r.Seat), r.Basic))
		}
	}
	for seat, pts := range v.Scores {
		var lines []rules.Phrase
		for _, l := range v.Lines {
			if l.Seat == seat {
				lines = append(lines, rules.Say("%s %+d", lineName(l.Line), l.Points))
			}
		}
		if len(lines) > 0 {
			scores = append(scores, rules.Say("%s %+d (%s)", v.who(seat), pts, list(lines)))
		} else {
			scores = append(scores, rules.Say("%s %+d", v.who(seat), pts))
		}
	}
	ls = append(ls, rules.Say("Rigs left: %s.", list(rigs)))
	if v.Over {
		ls = append(ls, rules.Say("Final scores: %s.", list(scores)))
	} else {
		ls = append(ls, rules.Say("Scores so far (lines with at least 4 rigs): %s.", list(scores)))
	}
	if v.Last != nil {
		ls = append(ls, rules.Say("Last move: %s played %s.", v.who(v.Last.Seat), v.Last.Notated()))
	}
	switch {
	case v.Over && len(v.Winners) == 1:
		ls = append(ls, rules.Say("Game over: %s wins.", v.who(v.Winners[0])))
	case v.Over:
		var ws []any
		for _, w := range v.Winners {
			ws = append(ws, v.who(w))
		}
		ls = append(ls, rules.Say("Game over: %s tie for the win.", rules.Say(strings.TrimSuffix(strings.Repeat("%s and ", len(ws)), " and "), ws...)))
	case len(v.ToAct) > 0:
		ls = append(ls, rules.Say("%s moves now.", v.whoFirst(v.ToAct[0])))
	}
	return ls
}

// lineName is a line's name as a phrase: "column A" is "column %s" of A.
func lineName(name string) rules.Phrase {
	kind, which, ok := strings.Cut(name, " ")
	if !ok {
		return rules.Say(name)
	}
	return rules.Say(kind+" %s", which)
}
