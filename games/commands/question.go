package commands

import (
	"slices"
	"strings"
)

// Questions are not commands. A destructive command (Command.Destructive)
// is run only when its line is written as its syntax: "认输？" under a
// move asks about resigning, "停止 吧" muses about stopping, and neither
// is the command. The mail's text is folded to narrow forms before it is
// read (mail.Parse), so a full-width question mark reads as "?".

// NotMeant returns the message id of the refusal of a destructive
// command c whose words after it are rest, when the line asks about the
// command or says it inside a sentence; "" when it is meant.
func NotMeant(c *Command, rest string) string {
	switch {
	case strings.ContainsAny(rest, "?？"):
		return "refuse.question"
	case strings.Trim(rest, "。！!.") == "":
		return ""
	case takesNothing(c, rest):
		return "refuse.sentence"
	}
	return ""
}

// takesNothing reports whether c takes no words after it, or none such
// as rest: END takes GAME alone; a command whose syntax is its word alone
// takes nothing. Commands that take words (EXPEL <seat>) refuse words
// that are not theirs with their own usage.
func takesNothing(c *Command, rest string) bool {
	if c.Word == "END" {
		w := strings.Trim(rest, "。！!.")
		return !strings.EqualFold(w, "GAME") && !slices.Contains(c.Forms["GAME"], w)
	}
	return c.Syntax == c.Word
}
