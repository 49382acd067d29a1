package commands

import (
	"github.com/pbem-games/pbem/templates/words"

	"regexp"
	"slices"
	"strings"

	"github.com/pbem-games/pbem/games/locale"
	"github.com/pbem-games/pbem/lang"
	"github.com/pbem-games/pbem/templates"
)

// Help lists the commands of the mail language from the command
// table: every one for HELP, the brief list under any other mail, and
// under a mail to a game's observer, who plays no seat, only the commands
// anyone may send.
func (commands List) Help(kind templates.Kind, observer bool, loc locale.Locale) []templates.CommandHelp {
	var out []templates.CommandHelp
	for _, c := range commands {
		if kind != templates.Help && (!c.Brief || observer && c.Who != Anyone) {
			continue
		}
		h := templates.CommandHelp{Name: c.Word, Syntax: c.SyntaxIn(loc), Help: loc.S(words.ID("cmd." + c.Word)), Example: syntaxIn(c.WordsIn(loc.Pack(), c.Example), loc)}
		if loc.Has(words.ID("example." + c.Word)) {
			h.Example = loc.S(words.ID("example." + c.Word))
		}
		if c.Who == HostOnly {
			h.Who = loc.S("host.only")
		}
		out = append(out, h)
	}
	return out
}

// SyntaxIn is how to write the command in loc's language, as its HELP
// gives it: its words and placeholders in that language where it has
// its own ("说 <话>").
func (c Command) SyntaxIn(loc locale.Locale) string {
	return syntaxIn(c.WordsIn(loc.Pack(), c.Syntax), loc)
}

// syntaxToken is a word of a command's syntax or example.
var syntaxToken = regexp.MustCompile(`[^\s\[\]|]+`)

// WordsIn writes the command's words in s (its word, its keywords, the
// words of DEADLINE) as the language of pack writes them, where it has
// its own; its first word for each.
func (c Command) WordsIn(pack lang.Pack, s string) string {
	return syntaxToken.ReplaceAllStringFunc(s, func(t string) string {
		var ws []string
		switch {
		case t == c.Word && pack.Tag != lang.Fallback:
			// English's other words (STATUS for BOARD) are aliases, not its words.
			ws = pack.Commands[c.Word]
		case slices.Contains(c.Keywords, t):
			ws = pack.Keywords[t]
		case c.Word == "DEADLINE":
			if w := deadlineWord(pack, t); w != "" {
				ws = []string{w}
			}
		}
		if len(ws) == 0 {
			return t
		}
		return ws[0]
	})
}

// deadlineWord is pack's word for a word of DEADLINE ("GRACE", "mon-fri"),
// the shortest where it has two; "" where it has none.
func deadlineWord(pack lang.Pack, en string) string {
	if a, b, ok := strings.Cut(en, "-"); ok {
		wa, wb := deadlineWord(pack, a), deadlineWord(pack, b)
		if wa == "" || wb == "" {
			return ""
		}
		return wa + "-" + wb
	}
	best := ""
	for w, e := range pack.Deadline {
		if e == strings.ToLower(en) && (best == "" || len(w) < len(best) || len(w) == len(best) && w < best) {
			best = w
		}
	}
	return best
}

// placeholder is a part of a command's syntax to write in its place.
var placeholder = regexp.MustCompile(`<[^<>]+>|variant…`)

// syntaxIn writes a command's syntax with its placeholders in the
// reader's language: "SAY <text>", "SAY <话>".
func syntaxIn(syntax string, loc locale.Locale) string {
	return placeholder.ReplaceAllStringFunc(syntax, func(ph string) string {
		inner := strings.Trim(ph, "<>…")
		if !loc.Has(words.ID("ph." + inner)) {
			return ph
		}
		if strings.HasPrefix(ph, "<") {
			return "<" + loc.S(words.ID("ph."+inner)) + ">"
		}
		return loc.S(words.ID("ph."+inner)) + "…"
	})
}
