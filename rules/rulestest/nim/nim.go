// Package nim is a small game that exercises the conformance suite in
// package rulestest: Nim on one pile whose size comes from the seed, with a
// hidden reserve nobody sees until the end, and rounds in which every seat
// chooses in secret at once.
//
// Each round every seat chooses how many stones to take, "take 2" (or just
// "2"), from 1 to 3 (1 to 80 with the variant "big"). When all have chosen,
// the choices are carried out in seat order: a seat takes what it chose, or
// what is left. Once the pile is empty, stones come from the reserve, whose
// size nobody knows. The seat that takes the last stone wins; with "misere"
// it loses. With "turns" the seats take turns instead, starting with a seat
// drawn from the seed. Moves are case-insensitive.
package nim

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/pbem-games/pbem/rules"
)

// Game is the game of nim.
type Game struct{}

// Info describes nim.
func (Game) Info() rules.Info {
	return rules.Info{
		Name:     "nim",
		Title:    "Nim",
		MinSeats: 2,
		MaxSeats: 4,
		Variants: []rules.Variant{
			{Name: "big", Help: "A pile of over a thousand stones; take up to 80 at once."},
			{Name: "misere", Help: "Whoever takes the last stone loses."},
			{Name: "turns", Help: "Seats take turns instead of choosing at the same time."},
		},
		Hidden: true,
		Chance: true,
	}
}

// Start deals the pile and the reserve from the seed.
func (g Game) Start(setup rules.Setup) (rules.State, error) {
	info := g.Info()
	if setup.Seats < info.MinSeats || setup.Seats > info.MaxSeats {
		return nil, fmt.Errorf("nim is for %d to %d players, not %d", info.MinSeats, info.MaxSeats, setup.Seats)
	}
	for _, v := range setup.Variants {
		if !slices.ContainsFunc(info.Variants, func(k rules.Variant) bool { return k.Name == v }) {
			return nil, fmt.Errorf("nim has no variant %q", v)
		}
	}
	st := &state{
		seats:  setup.Seats,
		max:    3,
		misere: setup.Has("misere"),
		turns:  setup.Has("turns"),
		taken:  make([]int, setup.Seats),
		choice: make([]int, setup.Seats),
		last:   -1,
	}
	pile := rules.NewRand(setup.Seed, "pile")
	reserve := rules.NewRand(setup.Seed, "reserve")
	if setup.Has("big") {
		st.max = 80
		st.pile = 1100 + pile.IntN(201)
		st.reserve = reserve.IntN(80)
	} else {
		st.pile = 10 + pile.IntN(11)
		st.reserve = reserve.IntN(4)
	}
	st.pile0, st.reserve0 = st.pile, st.reserve
	if st.turns {
		order := rules.NewRand(setup.Seed, "order")
		st.turn = order.IntN(setup.Seats)
	}
	return st, nil
}

// Move takes N stones.
type Move struct{ N int }

// String returns the canonical text, e.g. "take 2".
func (m Move) String() string { return "take " + strconv.Itoa(m.N) }

type state struct {
	seats           int
	max             int
	misere, turns   bool
	pile, reserve   int
	pile0, reserve0 int
	taken           []int // stones taken by each seat
	choice          []int // secret choices of this round, 0 for none yet
	turn            int   // the seat to move with "turns"
	last            int   // the seat that took the last stone, or -1
	moves           int
	over            bool
}

func (st *state) clone() *state {
	c := *st
	c.taken = slices.Clone(st.taken)
	c.choice = slices.Clone(st.choice)
	return &c
}

func (st *state) ToAct() []rules.Seat {
	if st.over {
		return nil
	}
	if st.turns {
		return []rules.Seat{rules.Seat(st.turn)}
	}
	var seats []rules.Seat
	for s, c := range st.choice {
		if c == 0 {
			seats = append(seats, rules.Seat(s))
		}
	}
	return seats
}

func (st *state) mayAct(s rules.Seat) bool {
	return slices.Contains(st.ToAct(), s)
}

func (st *state) Legal(s rules.Seat) []rules.Move {
	if !st.mayAct(s) {
		return nil
	}
	return slices.Clone(sortedMoves[st.max])
}

// sortedMoves holds, for each largest take, the moves sorted by text.
var sortedMoves = map[int][]rules.Move{3: sortMoves(3), 80: sortMoves(80)}

func sortMoves(most int) []rules.Move {
	moves := make([]rules.Move, most)
	for i := range moves {
		moves[i] = Move{N: i + 1}
	}
	slices.SortFunc(moves, func(a, b rules.Move) int { return strings.Compare(a.String(), b.String()) })
	return moves
}

func (st *state) Parse(s rules.Seat, text string) (rules.Move, error) {
	f := strings.Fields(strings.ToLower(text))
	if len(f) == 2 && f[0] == "take" {
		f = f[1:]
	}
	if len(f) != 1 {
		return nil, rules.Illegal("%s is not a move: write take and a number, e.g. \"take 2\"", quote(text))
	}
	n, err := strconv.Atoi(f[0])
	if err != nil {
		return nil, rules.Illegal("%s is not a move: write take and a number, e.g. \"take 2\"", quote(text))
	}
	if n < 1 || n > st.max {
		return nil, rules.Illegal("you may take 1 to %d stones, not %s", st.max, quote(f[0]))
	}
	return Move{N: n}, nil
}

// quote returns text quoted for an error message, cut short.
func quote(text string) string {
	if r := []rune(text); len(r) > 20 {
		text = string(r[:20]) + "…"
	}
	return strconv.Quote(text)
}

func (st *state) Apply(s rules.Seat, m rules.Move) (rules.State, error) {
	mv, ok := m.(Move)
	if !ok {
		return nil, rules.Illegal("%s is not a move of nim", quote(fmt.Sprint(m)))
	}
	if !st.mayAct(s) {
		return nil, rules.Illegal("it is not your turn")
	}
	if mv.N < 1 || mv.N > st.max {
		return nil, rules.Illegal("you may take 1 to %d stones, not %d", st.max, mv.N)
	}
	next := st.clone()
	if st.turns {
		next.take(int(s), mv.N)
		next.turn = (st.turn + 1) % st.seats
		return next, nil
	}
	next.choice[s] = mv.N
	if !slices.Contains(next.choice, 0) {
		for seat, n := range next.choice {
			if !next.over {
				next.take(seat, n)
			}
			next.choice[seat] = 0
		}
	}
	return next, nil
}

// take removes up to n stones for seat, from the pile and then the reserve.
func (st *state) take(seat, n int) {
	from := min(n, st.pile)
	st.pile -= from
	n -= from
	more := min(n, st.reserve)
	st.reserve -= more
	st.taken[seat] += from + more
	if st.pile == 0 && st.reserve == 0 {
		st.over = true
		st.last = seat
	}
}

func (st *state) Result() ([]int, bool) {
	scores := make([]int, st.seats)
	if !st.over {
		return scores, false
	}
	for s := range scores {
		if (s == st.last) != st.misere {
			scores[s] = 1
		}
	}
	return scores, true
}

// Secrets returns the pending choice of seat s, written as the views would
// show it, and for Observer the reserve until the game ends.
func (st *state) Secrets(s rules.Seat) []string {
	if st.over {
		return nil
	}
	if s == rules.Observer {
		return []string{fmt.Sprintf("reserve: %d", st.reserve0)}
	}
	if s >= 0 && int(s) < st.seats && st.choice[s] != 0 {
		return []string{choiceLine(int(s), st.choice[s])}
	}
	return nil
}

func choiceLine(seat, n int) string { return fmt.Sprintf("seat %d: %s", seat, Move{N: n}) }

// View is what one seat sees.
type View struct {
	Seat    int      `json:"seat"` // -1 for an observer
	Pile    int      `json:"pile"`
	Reserve string   `json:"reserve"` // "?" until the end
	Taken   []int    `json:"taken"`
	Choices []string `json:"choices,omitempty"` // one line a seat, while choosing
	ToAct   []int    `json:"to_act"`
	Scores  []int    `json:"scores,omitempty"` // once over
}

func (st *state) View(s rules.Seat) rules.View {
	if s < 0 || int(s) >= st.seats {
		s = rules.Observer
	}
	v := View{Seat: int(s), Pile: st.pile, Reserve: "?", Taken: slices.Clone(st.taken)}
	if st.over {
		v.Reserve = strconv.Itoa(st.reserve0)
		v.Scores, _ = st.Result()
	}
	for _, a := range st.ToAct() {
		v.ToAct = append(v.ToAct, int(a))
	}
	if !st.turns && !st.over {
		for seat, n := range st.choice {
			switch {
			case n == 0:
				v.Choices = append(v.Choices, fmt.Sprintf("seat %d: choosing", seat))
			case seat == int(s):
				v.Choices = append(v.Choices, choiceLine(seat, n))
			default:
				v.Choices = append(v.Choices, fmt.Sprintf("seat %d: ready", seat))
			}
		}
	}
	return v
}

// Text renders the view for a mail.
func (v View) Text() string { return v.TextLines().String() }

// TextLines is Text as phrases, for a reader of another language; a
// seat's choice is written as the game writes it.
func (v View) TextLines() rules.Lines {
	lines := []rules.Phrase{rules.Say("pile: %d", v.Pile), rules.Say("reserve: %s", v.Reserve)}
	for s, n := range v.Taken {
		lines = append(lines, rules.Say("seat %d took %d", s, n))
	}
	for _, c := range v.Choices {
		lines = append(lines, rules.Phrase{Text: c})
	}
	if v.Scores != nil {
		lines = append(lines, rules.Say("scores: %v", v.Scores))
	}
	return rules.Lines{Lines: lines}
}
