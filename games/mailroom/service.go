// Package mailroom is pbem's mail side: it reads the commands of the
// mail that comes in (the command language, sender checks, stale replies,
// limits) and runs them on the command side (package games); it decides
// which mail the events cause (the notice policy) and writes it (the
// wording). The command side never sends mail nor knows its words.
package mailroom

import (
	"errors"
	"fmt"
	"sync"

	"github.com/pbem-games/pbem/catalog"
	"github.com/pbem-games/pbem/games/commands"

	"github.com/pbem-games/pbem/mail"
	"github.com/pbem-games/pbem/pictures"
	"github.com/pbem-games/pbem/rules"

	"github.com/pbem-games/pbem/games"
)

// Service is the mail side of a games.Service: the mail its events
// cause, and the words of every mail.
type Service struct {
	*games.Service
	games *catalog.Catalog // what the mail says and draws of each game
	cmds  commands.List    // the mail command language
	cache mailCache
	// Pictures keeps the boards' pictures written lately, for every mail
	// and page that shows the same one; nil draws each mail's anew.
	Pictures *pictures.Cache

	prefsMu sync.Mutex
	prefs   *mail.Prefs // each address's language and zone, once opened
}

// New returns the mail side of svc, for the games of c: the words and
// pictures of each game come from c, its rules from svc.Catalog.
func New(svc *games.Service, c *catalog.Catalog) *Service {
	return &Service{Service: svc, games: c, cmds: commands.New(), Pictures: pictures.NewCache(pictures.DefaultCacheBytes)}
}

// refuse is a refusal written for the person who asked.
func refuse(kind error, format string, args ...any) error {
	e := &games.Error{Kind: kind, Msg: fmt.Sprintf(format, args...)}
	var phrased rules.Phrased
	if format == "%v" && len(args) == 1 {
		if err, ok := args[0].(error); ok && errors.As(err, &phrased) && phrased.Phrase().String() == e.Msg {
			p := phrased.Phrase() // the rules' own reason
			e.Phrase = &p
		}
	}
	return e
}
