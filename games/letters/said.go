package letters

import (
	"strings"
	"time"
	_ "time/tzdata" // zones by name, whatever the host has installed

	"github.com/pbem-games/pbem/games/locale"
	"github.com/pbem-games/pbem/mail"
	"github.com/pbem-games/pbem/templates"
)

// What a notice says by message id (refusals, notes), stored so and
// written in its reader's language when the mail is rendered.

// localize writes in the reader's words what a notice names by message
// id: a refusal, and the notes on the reader's language and zone.
func localize(m *templates.Mail, loc locale.Locale, n mail.Notice, date time.Time) {
	if s, ok := locale.Said(loc, n.Fields, "reason"); ok {
		m.Reason = s
	}
	if s, ok := locale.Said(loc, n.Fields, "notice"); ok {
		m.Notice = s
	}
	var notes []string
	for _, what := range strings.Fields(n.Fields["set"]) {
		switch what {
		case "lang":
			notes = append(notes, loc.S("note.lang"))
		case "zone":
			notes = append(notes, loc.S("note.zone", loc.ZoneLabel(date), loc.When(date)))
		}
	}
	if n.Fields["detected"] != "" {
		notes = append(notes, loc.S("note.detected", loc.S("lang.name"), loc.ZoneLabel(date)))
	}
	if len(notes) > 0 {
		m.Notice = strings.TrimSpace(m.Notice + " " + strings.Join(notes, " "))
	}
}
