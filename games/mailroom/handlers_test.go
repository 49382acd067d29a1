package mailroom

import (
	"slices"
	"testing"

	"github.com/pbem-games/pbem/games/commands"
)

// TestEveryCommandHasAHandler fails when a command is half added: a word
// of the command language (package commands) that no handler runs, or a
// handler keyed by a word the language does not declare.
func TestEveryCommandHasAHandler(t *testing.T) {
	handlers := newHandlers()
	var declared []string
	for _, c := range commands.New() {
		declared = append(declared, c.Word)
		if handlers[c.Word] == nil {
			t.Errorf("the command %s has no handler in newHandlers", c.Word)
		}
	}
	for word := range handlers {
		if !slices.Contains(declared, word) {
			t.Errorf("newHandlers has a handler for %s, which the command table does not declare", word)
		}
	}
}
