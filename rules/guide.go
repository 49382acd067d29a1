package rules

// Guide is implemented by states that can tell players in words how to
// write their moves and what a move did; mails use it, and fall back to
// the bare move text without it.
type Guide interface {
	// MoveSyntax says in one or two short sentences how seat s writes a
	// move now, e.g. "Name a free field: its column letter, then its row."
	MoveSyntax(s Seat) string
	// Describe says what the move recorded as text (a Move's String) did
	// when seat s played it, as a phrase that follows the player's name,
	// e.g. "placed a rig on D6". It is asked of any later state, so it must
	// not depend on whose turn it is.
	Describe(s Seat, move string) string
}

// Defaulter is implemented by games with their own rule for the move pbem
// plays for a seat whose time ran out; without it, pbem draws a legal move
// from the game's seed.
type Defaulter interface {
	// Default returns a legal move of seat s, the same every time for the
	// same state.
	Default(s Seat) Move
}
