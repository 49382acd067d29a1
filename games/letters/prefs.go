package letters

import (
	"context"
	"time"

	"github.com/pbem-games/pbem/events"

	"github.com/pbem-games/pbem/games/locale"
	"github.com/pbem-games/pbem/mail"
)

// Prefs is the bucket of each address's language and zone the mail is
// written with, for the web pages to be written alike.
func (s *Service) Prefs(ctx context.Context) (*mail.Prefs, error) { return s.prefsStore(ctx) }

// prefsStore opens the bucket of each address's settings once.
func (s *Service) prefsStore(ctx context.Context) (*mail.Prefs, error) {
	s.prefsMu.Lock()
	defer s.prefsMu.Unlock()
	if s.prefs == nil {
		p, err := mail.OpenPrefs(ctx, s.Store)
		if err != nil {
			return nil, err
		}
		s.prefs = p
	}
	return s.prefs, nil
}

// LocaleAt is how addr reads a mail dated at: its settings as they stood
// then, so that the same notice always gives the same mail.
func (s *Service) LocaleAt(ctx context.Context, addr string, at time.Time) (locale.Locale, mail.Pref, error) {
	prefs, err := s.prefsStore(ctx)
	if err != nil {
		return locale.Locale{}, mail.Pref{}, err
	}
	p, err := prefs.At(ctx, addr, at)
	if err != nil {
		return locale.Locale{}, p, err
	}
	return locale.Of(s.games.Words(), p), p, nil
}

// readerLocales is how a notice's recipient reads it: as the answer was
// stamped when it was written (see the mailroom's stamp), or, for the mail
// of a game's events, as their settings stood at the mail's date. For the
// mail of a game, evs its history, start is how they read the game's first
// mail to them, whose subject their every mail of it keeps (threadSubject).
// The settings are read once for both.
func (s *Service) readerLocales(ctx context.Context, n mail.Notice, date time.Time, evs []events.Event) (now, start locale.Locale, err error) {
	lang := n.Fields["lang"]
	var ts []time.Time
	if lang == "" {
		ts = append(ts, date)
	}
	if len(evs) > 0 {
		ts = append(ts, joined(evs, n.To))
	}
	var ps []mail.Pref
	if len(ts) > 0 {
		prefs, err := s.prefsStore(ctx)
		if err != nil {
			return now, start, err
		}
		if ps, err = prefs.AtEach(ctx, n.To, ts...); err != nil {
			return now, start, err
		}
	}
	if lang != "" {
		now = locale.Of(s.games.Words(), mail.Pref{Lang: lang, Zone: n.Fields["zone"]})
	} else {
		now, ps = locale.Of(s.games.Words(), ps[0]), ps[1:]
	}
	if len(evs) > 0 {
		start = locale.Of(s.games.Words(), ps[0])
	}
	return now, start, nil
}
