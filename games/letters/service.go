// Package letters is the mail pbem writes: who is told what when a
// game's events are appended (the notice policy, Service.Notices, and the
// registry of event types), the Message-IDs of every mail and their
// threads (ParseMessageID), and the wording (Service.Render, a notice
// written as a mail with the board's picture; Describe). It reads no mail
// and runs no command: package mailroom does, and writes its answers as
// notices that the outbox renders here.
package letters

import (
	"sync"

	"github.com/pbem-games/pbem/catalog"
	"github.com/pbem-games/pbem/games/commands"

	"github.com/pbem-games/pbem/mail"
	"github.com/pbem-games/pbem/pictures"

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

// Commands is the mail command language the letters' help lists and the
// mailroom reads.
func (s *Service) Commands() commands.List { return s.cmds }
