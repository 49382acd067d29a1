// Package letters writes pbem's mail: Service.Notices derives the
// notices each Append causes by the policy of package notices, folding
// the game on from the last Append; Service.Render writes a notice as a
// mail in its reader's language and zone, with the board's picture;
// Service.Undelivered and Service.Stopped tell a host of an address that
// fails or stopped; and it keeps what the mailroom asks of the mail sent
// (Service.SentAt: which event a reply answers) and of each reader's
// settings (Service.Prefs). It reads no mail and runs no command: package
// mailroom does, and its answers are notices written here.
package letters

import (
	"github.com/pbem-games/pbem/lang"
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
	// NoPictures leaves the board's picture out of every mail
	// (no_pictures): its text and HTML boards say it all.
	NoPictures bool

	prefsMu sync.Mutex
	prefs   *mail.Prefs // each address's language and zone, once opened
}

// New returns the mail side of svc, for the games of c: the words and
// pictures of each game come from c, its rules from svc.Catalog.
func New(svc *games.Service, c *catalog.Catalog) *Service {
	return &Service{Service: svc, games: c, cmds: commands.In(c.Langs()), Pictures: pictures.NewCache(pictures.DefaultCacheBytes)}
}

// Langs is the languages the mail side reads and writes, each from its
// pack.
func (s *Service) Langs() *lang.Registry { return s.games.Langs() }

// Commands is the mail command language the letters' help lists and the
// mailroom reads.
func (s *Service) Commands() commands.List { return s.cmds }
