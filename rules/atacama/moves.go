package atacama

import (
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/pbem-games/pbem/rules"
)

// Kind is what a move does.
type Kind int

// The kinds of move.
const (
	Place Kind = iota // put a rig on a field
	Claim             // enhanced game: take a concession instead of placing
	Pass              // no field can take a rig before the next tiles are laid
)

// Move is one player's turn. Its String is the canonical text: "E5" for a
// rig, "E5*" for a second-colour rig, "CLAIM TURQUOISE COLUMNS" for a claim
// and "PASS".
type Move struct {
	Kind       Kind
	Field      string // Place: the field's canonical name, e.g. "E5"
	Double     bool   // Place: a second-colour rig
	Concession string // Claim: "turquoise" or "orange"
	Axis       string // Claim: "columns" or "rows"
}

// String returns the canonical text of the move.
func (m Move) String() string {
	switch m.Kind {
	case Claim:
		return "CLAIM " + strings.ToUpper(m.Concession+" "+m.Axis)
	case Pass:
		return "PASS"
	}
	if m.Double {
		return m.Field + "*"
	}
	return m.Field
}

// Words a claim may use, upper case.
var (
	claimColours = map[string]string{"TURQUOISE": "turquoise", "ORANGE": "orange"}
	claimAxes    = map[string]string{"COLUMNS": "columns", "COLUMN": "columns", "COLS": "columns", "COL": "columns",
		"ROWS": "rows", "ROW": "rows"}
	doubleWords = []string{"*", "DOUBLE", "X2", "2X"}
)

// Parse reads seat p's move. Case and extra spaces do not matter. Besides
// the canonical texts it accepts "E5 *", "*E5", "E5 double" and "E5 x2" for
// a second-colour rig, and a claim with or without the word CLAIM, with the
// colour and the direction in either order, and COLUMN, COLS or COL for
// COLUMNS and ROW for ROWS; and the notation's Chinese words (zhWords):
// 认领 青绿 列, 跳过.
func (s *state) Parse(p rules.Seat, text string) (rules.Move, error) {
	if s.over {
		return nil, illegal("the game is over")
	}
	if p < 0 || int(p) >= s.seats {
		return nil, illegal("seat %d is not playing in this game", p)
	}
	if int(p) != s.next {
		return nil, illegal("it is not your turn: seat %d places now", s.next)
	}
	words := strings.Fields(strings.ToUpper(fromChinese(text)))
	if len(words) == 0 {
		return nil, illegal("the move is empty: %s", s.hint())
	}
	joined := strings.Join(words, " ")
	if joined == "PASS" {
		return s.checkPass(int(p))
	}
	if m, ok := s.readClaim(words); ok {
		return s.checkClaim(int(p), m)
	}
	if words[0] == "CLAIM" {
		return nil, illegal("%q is not a claim: write CLAIM TURQUOISE COLUMNS, CLAIM TURQUOISE ROWS, CLAIM ORANGE COLUMNS or CLAIM ORANGE ROWS", short(text))
	}
	name, double := readPlacement(joined)
	if !looksLikeField(name) {
		return nil, illegal("%q is not a move: %s", short(text), s.hint())
	}
	return s.checkPlace(int(p), name, double)
}

// short is the player's text trimmed and cut to at most 24 characters, for
// quoting in an error.
func short(text string) string {
	text = strings.TrimSpace(text)
	if utf8.RuneCountInString(text) <= 24 {
		return text
	}
	return string([]rune(text)[:24]) + "..."
}

// readPlacement splits a placement into its field name and the double mark.
func readPlacement(text string) (string, bool) {
	t := strings.ReplaceAll(text, " ", "")
	for _, w := range doubleWords {
		if rest, ok := strings.CutSuffix(t, w); ok && rest != "" {
			return rest, true
		}
	}
	if rest, ok := strings.CutPrefix(t, "*"); ok {
		return rest, true
	}
	return t, false
}

// readClaim recognises a claim: an optional CLAIM, a colour and an axis.
func (s *state) readClaim(words []string) (Move, bool) {
	if words[0] == "CLAIM" {
		words = words[1:]
	}
	if len(words) != 2 {
		return Move{}, false
	}
	for _, ws := range [][]string{words, {words[1], words[0]}} {
		c, okc := claimColours[ws[0]]
		a, oka := claimAxes[ws[1]]
		if okc && oka {
			return Move{Kind: Claim, Concession: c, Axis: a}, true
		}
	}
	return Move{}, false
}

// hint says what a move looks like in this game.
func (s *state) hint() rules.Phrase {
	field := map[bool]string{false: "E5", true: "F4"}[s.geo.hex]
	switch {
	case s.tactical && s.enhanced && !s.claimed:
		return rules.Say("write a field such as %s, the field with * for a second-colour rig, or a claim such as CLAIM TURQUOISE COLUMNS", field)
	case s.tactical:
		return rules.Say("write a field such as %s, the field with * for a second-colour rig", field)
	case s.enhanced && !s.claimed:
		return rules.Say("write a field such as %s, or a claim such as CLAIM TURQUOISE COLUMNS", field)
	}
	return rules.Say("write a field such as %s", field)
}

func (s *state) checkPass(p int) (rules.Move, error) {
	if s.mustClaim(p) {
		return nil, s.claimNeeded(p)
	}
	if len(s.open()) > 0 {
		return nil, illegal("you may not pass while a field can take your rig")
	}
	return Move{Kind: Pass}, nil
}

func (s *state) claimNeeded(p int) error {
	if s.left(p) == 1 {
		return illegal("you must claim a concession now: nobody has claimed one and you have only one rig left (e.g. CLAIM TURQUOISE COLUMNS)")
	}
	return illegal("you must claim a concession now: no field can take a rig and nobody has claimed one (e.g. CLAIM TURQUOISE COLUMNS)")
}

func (s *state) checkClaim(p int, m Move) (rules.Move, error) {
	switch {
	case !s.enhanced:
		return nil, illegal("concessions are only claimed in the enhanced game; here they were issued at the start")
	case s.claimed:
		return nil, illegal("the concessions are already claimed")
	}
	return m, nil
}

func (s *state) checkPlace(p int, name string, double bool) (rules.Move, error) {
	i, err := s.geo.fieldName(name)
	if err != nil {
		return nil, err
	}
	switch {
	case s.fields[i].metal == desert:
		return nil, illegal("%s is the desert, where no rig may stand", name)
	case s.mustClaim(p):
		return nil, s.claimNeeded(p)
	case !s.laid(i):
		return nil, illegal("%s is on a tile that is not laid yet", name)
	case s.rigs[i].owner >= 0:
		return nil, illegal("%s already has a rig", name)
	}
	if j := s.blocker(i); j >= 0 {
		whose := rules.Say("your rig")
		if o := int(s.rigs[j].owner); o != p {
			whose = rules.Say("the rig of seat %d", o)
		}
		if s.geo.hex {
			return nil, illegal("%s is next to %s on %s, which is %s too", name, whose, s.geo.cells[j].name, rules.Say(s.fields[j].metal.String()))
		}
		return nil, illegal("%s is next to %s on %s", name, whose, s.geo.cells[j].name)
	}
	switch {
	case double && !s.tactical:
		return nil, illegal("there are no second-colour rigs in this game: write %s", name)
	case double && s.double[p] == 0:
		return nil, illegal("you have no second-colour rigs left: write %s", name)
	case !double && s.basic[p] == 0:
		return nil, illegal("you have no rigs of the basic colour left: write %s* for a second-colour rig", name)
	}
	return Move{Kind: Place, Field: name, Double: double}, nil
}

// Apply returns the state after seat p plays m.
func (s *state) Apply(p rules.Seat, m rules.Move) (rules.State, error) {
	mv, ok := m.(Move)
	if !ok {
		return nil, illegal("that is not an Atacama move")
	}
	checked, err := s.Parse(p, mv.String())
	if err != nil {
		return nil, err
	}
	mv = checked.(Move)
	n := s.clone()
	seat := int(p)
	switch mv.Kind {
	case Place:
		i := s.geo.byName[mv.Field]
		n.rigs = slices.Clone(s.rigs)
		n.rigs[i] = rig{owner: int8(seat), double: mv.Double}
		if mv.Double {
			n.double = slices.Clone(s.double)
			n.double[seat]--
		} else {
			n.basic = slices.Clone(s.basic)
			n.basic[seat]--
		}
	case Claim:
		n.claimed = true
		n.basic, n.double = slices.Clone(s.basic), slices.Clone(s.double)
		if n.basic[seat] > 0 { // the claim is paid with a basic rig while there is one
			n.basic[seat]--
		} else {
			n.double[seat]--
		}
		other := 1 - seat
		n.basic[other]++
		k, a := turquoise, columns
		if mv.Concession == "orange" {
			k = orange
		}
		if mv.Axis == "rows" {
			a = rows
		}
		n.holds = []holding{{}, {}}
		n.holds[seat] = holding{k, a}
		n.holds[other] = holding{1 - k, 1 - a}
	}
	n.last = &LastMove{Seat: seat, Move: mv.String()}
	n.finish()
	return n, nil
}
