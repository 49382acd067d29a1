package commands

import (
	"regexp"
	"strings"

	"github.com/pbem-games/pbem/games/locale"
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
		h := templates.CommandHelp{Name: c.Word, Syntax: syntaxIn(c.Syntax, loc), Help: loc.S("cmd." + c.Word), Example: c.Example}
		if loc.Has("example." + c.Word) {
			h.Example = loc.S("example." + c.Word)
		}
		if c.Who == HostOnly {
			h.Who = loc.S("host.only")
		}
		out = append(out, h)
	}
	return out
}

// placeholder is a part of a command's syntax to write in its place.
var placeholder = regexp.MustCompile(`<[^<>]+>|variant…`)

// syntaxIn writes a command's syntax with its placeholders in the
// reader's language: "SAY <text>", "SAY <话>".
func syntaxIn(syntax string, loc locale.Locale) string {
	return placeholder.ReplaceAllStringFunc(syntax, func(ph string) string {
		inner := strings.Trim(ph, "<>…")
		if !loc.Has("ph." + inner) {
			return ph
		}
		if strings.HasPrefix(ph, "<") {
			return "<" + loc.S("ph."+inner) + ">"
		}
		return loc.S("ph."+inner) + "…"
	})
}
