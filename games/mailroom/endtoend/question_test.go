package endtoend_test

import (
	"strings"
	"testing"

	"github.com/pbem-games/pbem/games/commands"
	"github.com/pbem-games/pbem/mail"
	"github.com/pbem-games/pbem/rules/atacama"
)

// questionForms are how people write a destructive command they do not
// mean yet: asking about it, or inside a sentence. {w} is the command's
// word or one of its aliases.
var questionForms = []string{"{w}?", "{w}？", "{w} ?", "{w} ？", "{w}? 真的吗", "{w} 吧", "{w} please", "{w} now, or wait?"}

// TestQuestionsAreNotCommands: every destructive command of the table,
// by its word and every alias, in either case, followed by a question
// mark (full-width or not) or inside a sentence, changes nothing: the
// game is as it was, nobody is stopped, and the answer says how to write
// the command if it was meant. A question without a command word first
// ("should I resign?") is no command either.
func TestQuestionsAreNotCommands(t *testing.T) {
	mt := newMailTable(t, atacama.Game)
	id := mt.create("atacama", 2)
	stops, err := mail.OpenStopList(t.Context(), mt.svc.Store)
	if err != nil {
		t.Fatal(err)
	}
	destructive := 0
	for _, c := range commands.New() {
		if !c.Destructive {
			continue
		}
		destructive++
		for _, w := range append([]string{c.Word, strings.ToLower(c.Word)}, c.Aliases...) {
			for _, form := range questionForms {
				line := strings.ReplaceAll(form, "{w}", w)
				before := mt.game(id).Seq
				out := mt.mail(id, 0, tableAddrs[0], utf8Header, line+"\r\n")
				if g := mt.game(id); g.Seq != before {
					t.Errorf("%q changed the game: seq %d → %d", line, before, g.Seq)
				}
				if stopped, err := stops.Stopped(t.Context(), tableAddrs[0]); err != nil || stopped {
					t.Fatalf("%q stopped the sender's mail (%v)", line, err)
				}
				switch {
				case strings.ContainsAny(form, "?？") || takesNothing(c):
					if !says(out, "alone on a line", c.Word) && !says(out, "单独写成一行", c.Word) {
						t.Errorf("%q: the answer does not say to write %s alone on a line if meant: %q", line, c.Word, refusals(out))
					}
				case len(refusals(out)) != 1: // EXPEL 吧: refused with the command's usage
					t.Errorf("%q: answered with refusals %q, want one", line, refusals(out))
				}
			}
		}
	}
	if destructive < 10 {
		t.Errorf("the command table marks %d commands destructive, want RESIGN, STOP, AGREE, DECLINE, END, EXPEL, REPLACE, UNDO, JOIN, PAUSE and UNWATCH at least", destructive)
	}
	for _, line := range []string{"should I resign?", "我应该认输吗？", "Shall we agree to end?"} {
		before := mt.game(id).Seq
		mt.mail(id, 1, tableAddrs[1], utf8Header, line+"\r\n")
		if g := mt.game(id); g.Seq != before || g.Ended != nil {
			t.Errorf("%q changed the game: seq %d → %d", line, before, g.Seq)
		}
	}
	// Meant, it still runs: the bare word, and its closing mark.
	mt.mail(id, 1, tableAddrs[1], utf8Header, "认输。\r\n")
	if g := mt.game(id); g.Ended == nil {
		t.Errorf("认输。 alone did not resign")
	}
}

// takesNothing reports whether c's syntax takes no words after it, or
// GAME alone (END).
func takesNothing(c commands.Command) bool {
	return c.Syntax == c.Word || c.Word == "END"
}
