package rules

// Forced returns seat s's only move when it has one choice only: exactly
// one of its legal moves, leaving aside the moves OutOfTurn reports (an
// offer of a deal is not a choice the game waits for, so an open chance
// to offer one is no reason to ask). pbem plays such a move for the seat
// rather than asking for it.
func Forced(st State, s Seat) (Move, bool) {
	oot, _ := st.(OutOfTurn)
	var only Move
	n := 0
	for _, m := range st.Legal(s) {
		if oot != nil && oot.OutOfTurn(m) {
			continue
		}
		if n++; n > 1 {
			return nil, false
		}
		only = m
	}
	return only, n == 1
}
