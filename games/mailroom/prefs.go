package mailroom

import (
	"cmp"
	"context"
	"maps"
	"slices"
	"time"

	"github.com/pbem-games/pbem/games"
	"github.com/pbem-games/pbem/games/locale"
	"github.com/pbem-games/pbem/games/notice"
	"github.com/pbem-games/pbem/mail"
	"github.com/pbem-games/pbem/templates/words"
)

// Each address's language and zone: the LANG and TZ commands, what pbem
// reads from a newcomer's first mail, and which a mail is written in.

// at is when a setting the letter makes takes effect: when the mail came,
// or the service's time if that is earlier, so that what the mail's
// commands cause is written as it says.
func (l *letter) at(now time.Time) time.Time {
	if l.rec.Received.IsZero() || now.Before(l.rec.Received) {
		return now
	}
	return l.rec.Received
}

// detectPrefs records the language and zone of a sender pbem has none
// for, read from this mail, before its commands run, so that every mail
// they cause is written so. Mail to the plain mailbox counts only when it
// holds a command, so that no stranger's spam fills the bucket.
func (m *Mailroom) detectPrefs(ctx context.Context, l *letter) error {
	if l.game == nil && !slices.ContainsFunc(l.p.Commands, func(line string) bool {
		w, _ := m.Service.Commands().Split(line)
		return m.Service.Commands().IsCommandWord(w)
	}) {
		return nil
	}
	prefs, err := m.Service.Prefs(ctx)
	if err != nil {
		return err
	}
	pref := locale.Detect(m.Service.Langs(), l.p)
	pref.At = l.at(m.Service.Time())
	l.detected, err = prefs.Set(ctx, l.p.From, pref, true)
	return err
}

// setPref records a setting the sender made (LANG, TZ) from now on, and
// tells them so in the answer to their mail.
func (m *Mailroom) setPref(ctx context.Context, l *letter, pref mail.Pref, what string) error {
	prefs, err := m.Service.Prefs(ctx)
	if err != nil {
		return err
	}
	pref.At = m.Service.Time()
	if _, err := prefs.Set(ctx, l.p.From, pref, false); err != nil {
		return err
	}
	for _, n := range l.queued {
		if n.Kind == notice.KindHelp && n.Fields["set"] != "" {
			n.Fields["set"] += " " + what
			return nil
		}
	}
	l.answer(notice.KindHelp, map[string]string{"set": what})
	return nil
}

func setLang(m *Mailroom, ctx context.Context, l *letter, rest string, _ games.Cause) error {
	lang, ok := locale.ParseLang(m.Service.Langs(), rest)
	if !ok {
		return locale.RefuseIn(games.ErrSetup, "refuse.lang", rest)
	}
	return m.setPref(ctx, l, mail.Pref{Lang: lang}, "lang")
}

func setZone(m *Mailroom, ctx context.Context, l *letter, rest string, _ games.Cause) error {
	name, _, err := locale.ParseZone(rest)
	if err != nil {
		return locale.RefuseIn(games.ErrSetup, "refuse.zone", rest)
	}
	return m.setPref(ctx, l, mail.Pref{Zone: name}, "zone")
}

// stamp writes into each answer of the letter the language and zone its
// sender reads as the mail's commands left them, so that an answer is
// written as they asked in the same mail, and the same way whenever it is
// rendered; and, for a sender whose settings this mail set, that pbem
// chose them, so they may change them.
func (m *Mailroom) stamp(ctx context.Context, l *letter) error {
	prefs, err := m.Service.Prefs(ctx)
	if err != nil {
		return err
	}
	p, err := prefs.At(ctx, l.p.From, m.Service.Time())
	if err != nil {
		return err
	}
	for i, n := range l.queued {
		f := maps.Clone(n.Fields)
		if f == nil {
			f = map[string]string{}
		}
		f["lang"], f["zone"] = cmp.Or(p.Lang, words.Fallback), p.Zone
		if l.detected && f["set"] == "" {
			f["detected"] = "1"
		}
		l.queued[i].Fields = f
	}
	return nil
}
