package rules

import "strings"

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

// Notation is implemented by states that can tell a line written as one
// of the game's moves from other words, whether or not the move is legal
// now, or for this seat now. The mailroom reads the lines of a mail as
// commands until one is neither a command nor a move, so that a greeting
// or a sign-off is not refused as a move; a move mistyped or not legal now
// still counts, to be refused with its reason. Without Notation, a line
// counts as a move only when Parse accepts it.
type Notation interface {
	// LooksLikeMove reports whether text starts as seat s would write a
	// move of the game: its first word is one the game's moves begin
	// with. It reads nothing else, so "E55" in a game of fields A1 to I9
	// looks like a move and "Thanks!" does not.
	LooksLikeMove(s Seat, text string) bool
}

// Translator is implemented by states whose moves a player may write in
// another language than the canonical notation. MoveIn writes move m as a
// player of language lang writes it, in the terms of that language's
// rulebook, so that Parse reads it back as m (the history still records
// m's String); it is "" for a language the game has no writing in.
type Translator interface {
	MoveIn(lang string, m Move) string
}

// MoveIn writes move m of state st in language lang where the game has
// words of that language for it (Translator), and as the game's notation
// writes it otherwise; either reads back as m.
func MoveIn(st State, lang string, m Move) string {
	if t, ok := st.(Translator); ok && lang != "en" {
		if s := t.MoveIn(lang, m); s != "" {
			return s
		}
	}
	return m.String()
}

// MapWords writes each word of text (as strings.Fields cuts them) as f
// writes it, joined by single spaces: a move's canonical text in another
// language's words of the notation, word by word (MoveIn).
func MapWords(text string, f func(word string) string) string {
	words := strings.Fields(text)
	for i, w := range words {
		words[i] = f(w)
	}
	return strings.Join(words, " ")
}
