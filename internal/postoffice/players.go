package postoffice

import (
	"context"
	"fmt"
	"strings"

	"github.com/pbem-games/pbem/campaigns/organiser"
	"github.com/pbem-games/pbem/events"
	"github.com/pbem-games/pbem/games"
	"github.com/pbem-games/pbem/mail"
	"github.com/pbem-games/pbem/templates/words"
)

// ReadPlayers reads the players of "pbem new" in seat order: each "Name
// <address>", an address or a name, with a language of their own after a
// colon ("ana@example.org:zh"); def is the language of the others, ""
// for none. It returns the players and the language of each address
// given one, or an error naming a language pbem does not write.
func ReadPlayers(list []string, def string) ([]events.Player, map[string]string, error) {
	var players []events.Player
	langs := map[string]string{} // by address
	for _, p := range list {
		p, l := playerLang(p, def)
		pl := organiser.Player(p)
		if l != "" && pl.Address != "" {
			if _, ok := words.Match(l); !ok {
				return nil, nil, fmt.Errorf("pbem writes %s, not %q", strings.Join(words.Languages(), " and "), l)
			}
			langs[pl.Address] = l
		}
		players = append(players, pl)
	}
	return players, langs, nil
}

// playerLang splits a player's own language off "ana@example.org:zh"; a
// player without one has def. What follows the address's last colon is
// a language, one pbem writes or not (ReadPlayers refuses the others):
// an address has no colon of its own.
func playerLang(p, def string) (string, string) {
	if i := strings.LastIndex(p, ":"); i > 0 {
		if l, ok := words.Match(p[i+1:]); ok {
			return p[:i], l
		}
		if strings.Contains(p[:i], "@") && !strings.ContainsAny(p[i+1:], "@<> ") {
			return p[:i], p[i+1:]
		}
	}
	return p, def
}

// CreateGame creates the game req asks for and returns its id; langs
// (ReadPlayers) are recorded first, so that its first mails are written
// in each player's language.
func CreateGame(ctx context.Context, svc *games.Service, req games.NewGame, langs map[string]string) (string, error) {
	if err := setLangs(ctx, svc, langs); err != nil {
		return "", err
	}
	return svc.Create(ctx, req)
}

// setLangs records each address's language, as its LANG by mail would.
func setLangs(ctx context.Context, svc *games.Service, langs map[string]string) error {
	if len(langs) == 0 {
		return nil
	}
	prefs, err := mail.OpenPrefs(ctx, svc.Store)
	if err != nil {
		return err
	}
	for addr, l := range langs {
		lang, _ := words.Match(l)
		if _, err := prefs.Set(ctx, addr, mail.Pref{Lang: lang, At: svc.Time()}, false); err != nil {
			return err
		}
	}
	return nil
}
