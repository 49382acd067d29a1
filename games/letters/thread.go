package letters

import (
	"slices"
	"strings"
	"time"

	"github.com/pbem-games/pbem/events"
	"github.com/pbem-games/pbem/games/locale"
	"github.com/pbem-games/pbem/projections"
	"github.com/pbem-games/pbem/templates"
)

// threadSubject is the subject of every mail of a game to a reader:
// written in the language they read as the game began for them (start,
// see joined), so that a reader who changes LANG mid-game, or a game
// whose players change, keeps one thread in their mail client. m is the
// mail as rendered in the reader's language now, title the game's title
// as its rules give it (in English), which the subject names in start's
// words too.
func threadSubject(m templates.Mail, evs []events.Event, start, now locale.Locale, title string) (string, error) {
	if start.Lang() == now.Lang() {
		return "", nil
	}
	th := templates.Mail{Kind: m.Kind, Lang: start.Lang(), Service: m.Service, Game: m.Game}
	th.Game.Names, th.Game.Title = names(evs[0], start), start.Text(title)
	return templates.Subject(th)
}

// joined is when addr's part in the game of history evs began: the game's
// creation for its first players, else the first event that gave addr a
// seat or made them an observer.
func joined(evs []events.Event, addr string) time.Time {
	for _, e := range evs {
		switch e.Type {
		case events.TypeGameCreated:
			var gc events.GameCreated
			if e.Unmarshal(&gc) == nil {
				for _, p := range gc.Players {
					if strings.EqualFold(p.Address, addr) {
						return e.Time
					}
				}
			}
		case events.TypePlayerReplaced:
			var r events.PlayerReplaced
			if e.Unmarshal(&r) == nil && strings.EqualFold(r.Address, addr) {
				return e.Time
			}
		case events.TypeObserverChanged:
			var o events.ObserverChanged
			if e.Unmarshal(&o) == nil && o.Watch && strings.EqualFold(o.Address, addr) {
				return e.Time
			}
		}
	}
	return evs[0].Time
}

// replaced returns the moves that took back seat's plan mailed before,
// when the mail whose last move is g's last event replaced it (the
// mailroom plays them first, with sources <mail>.take<n>); none
// otherwise. The mail says what went, which the board alone does not.
func replaced(g *projections.Game, evs []events.Event, seat int) []string {
	if seat < 0 || g.Seq < 1 {
		return nil
	}
	last := evs[g.Seq-1]
	mailKey, _, ok := strings.Cut(last.Source, "#")
	if !ok || last.Actor != seat || last.Type != events.TypeMovePlayed {
		return nil
	}
	var taken []string
	for i := int(g.Seq) - 1; i >= 0; i-- {
		e := evs[i]
		key, line, _ := strings.Cut(e.Source, "#")
		if key != mailKey || e.Actor != seat {
			break
		}
		var mp events.MovePlayed
		if strings.Contains(line, ".take") && e.Type == events.TypeMovePlayed && e.Unmarshal(&mp) == nil {
			taken = append(taken, mp.Move)
		}
	}
	slices.Reverse(taken)
	return taken
}
