package locale

import (
	"strings"
	"time"

	"github.com/pbem-games/pbem/lang"
	"github.com/pbem-games/pbem/mail"
	"github.com/pbem-games/pbem/projections"
	"github.com/pbem-games/pbem/templates/words"
)

// A reader's language and zone as they set them (LANG, TZ) or as pbem
// reads them from a newcomer's first mail.

// ParseLang reads the language of a LANG command: a tag ("zh", "zh-CN")
// or a name in any language of langs ("中文", "English").
func ParseLang(langs *lang.Registry, s string) (string, bool) {
	return langs.ParseLang(s)
}

// ParseZone reads the zone of a TZ command: "UTC", an offset from UTC, or
// an IANA name ("Asia/Shanghai", in any case); name is how pbem keeps it.
func ParseZone(s string) (name string, loc *time.Location, err error) {
	return projections.ParseZone(s)
}

// Detect reads a newcomer's language and zone from their mail: the
// language its Content-Language names, where pbem writes it, else the
// language whose pack claims its text (lang.Pack.Detect: Chinese for a
// mail written mostly in Chinese characters), else English; the zone
// from the offset of its Date, where it has one.
func Detect(langs *lang.Registry, p *mail.Parsed) mail.Pref {
	pref := mail.Pref{Lang: lang.Fallback, Detected: true}
	if tag, ok := langs.Match(p.Language); ok && p.Language != "" {
		pref.Lang = tag
	} else {
		pref.Lang = langs.Detect(p.Text + "\n" + ownSubject(p.Subject))
	}
	if !p.Date.IsZero() {
		if _, off := p.Date.Zone(); off != 0 {
			pref.Zone = strings.TrimPrefix(words.Offset(p.Date), "UTC")
		}
	}
	return pref
}

// ownSubject is what the writer of a mail wrote of its subject: a reply
// to pbem's mail keeps pbem's subject, from its tag "[pbem" on, in the
// language pbem wrote in, which says nothing of the writer's; what their
// client put before it ("Re:", "回复：") and a subject of their own stay.
func ownSubject(s string) string {
	before, _, _ := strings.Cut(s, "[pbem")
	return before
}
