package letters

import (
	"context"
	"time"

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

// readerLocale is how a notice's recipient reads it: as the answer was
// stamped when it was written (see the mailroom's stamp), or, for the mail of a game's
// events, as their settings stood at the mail's date.
func (s *Service) readerLocale(ctx context.Context, n mail.Notice, date time.Time) (locale.Locale, error) {
	if lang := n.Fields["lang"]; lang != "" {
		return locale.Of(s.games.Words(), mail.Pref{Lang: lang, Zone: n.Fields["zone"]}), nil
	}
	loc, _, err := s.LocaleAt(ctx, n.To, date)
	return loc, err
}
