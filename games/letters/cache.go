package letters

import (
	"slices"
	"sync"
	"time"

	"github.com/pbem-games/pbem/games/locale"
	"github.com/pbem-games/pbem/projections"
	"github.com/pbem-games/pbem/templates"
)

// mailCache is what the mail side keeps of games between mails: the
// game as folded through the last Append whose notices were derived, and
// what it read of the mails sent about them.
type mailCache struct {
	mu   sync.Mutex
	sent map[string]*sentMails
	// told is, by game, the game as folded through the last Append whose
	// notices were derived here: the outbox asks for each game's Appends
	// in order, so the next one folds on from it instead of replaying the
	// history. A game is taken out while in use.
	told map[string]*projections.Game
	// help is the list of commands under a mail, by what it depends on.
	help map[helpKey][]templates.CommandHelp
}

// helpKey is what the list of commands under a mail depends on: whether
// the mail answers HELP (every command) or not (the brief list), whether
// its reader only watches, and the reader's language.
type helpKey struct {
	all, observer bool
	lang          string
}

// help is the list of commands under a mail of kind to a reader of loc:
// the same for every such mail, so made once (commands.List.Help).
func (s *Service) help(kind templates.Kind, observer bool, loc locale.Locale) []templates.CommandHelp {
	k := helpKey{kind == templates.Help, observer, loc.Lang()}
	c := &s.cache
	c.mu.Lock()
	h, ok := c.help[k]
	c.mu.Unlock()
	if !ok {
		h = s.cmds.Help(kind, observer, loc)
		c.mu.Lock()
		if c.help == nil {
			c.help = map[helpKey][]templates.CommandHelp{}
		}
		c.help[k] = h
		c.mu.Unlock()
	}
	return slices.Clone(h)
}

// takeTold returns, and takes out, game id as folded through event seq
// for deriving notices, if it is kept so.
func (c *mailCache) takeTold(id string, seq uint64) *projections.Game {
	c.mu.Lock()
	defer c.mu.Unlock()
	g := c.told[id]
	if g == nil || g.Seq != seq {
		return nil
	}
	delete(c.told, id)
	return g
}

// keepTold keeps g, folded through the Append whose notices were just
// derived, for the next, within limit games.
func (c *mailCache) keepTold(g *projections.Game, limit int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.told == nil {
		c.told = map[string]*projections.Game{}
	}
	if _, ok := c.told[g.ID]; !ok && len(c.told) >= limit {
		for other := range c.told { // any one: the map's order is random
			delete(c.told, other)
			break
		}
	}
	c.told[g.ID] = g
}

// sentMails is what the outbox holds of the answers sent about one game
// (the notices of its events name their event in their Message-IDs): the
// event each was sent at, by Message-ID. A reply names the mail it
// answers; reading the game's whole outbox for each reply would cost a
// consumer and every notice of the game, so the index is kept and only
// what was written since is read when a reply names a mail it lacks.
type sentMails struct {
	seq     map[string]uint64
	through time.Time // read up to here
}

// maxSentGames bounds the games whose sent mails are kept.
const maxSentGames = 256

// sentSeq returns the latest event at which one of the mails ids was sent
// about game, as far as the index knows.
func (c *mailCache) sentSeq(game string, ids []string) (uint64, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	sm := c.sent[game]
	if sm == nil {
		return 0, false
	}
	var seq uint64
	found := false
	for _, id := range ids {
		if n, ok := sm.seq[id]; ok {
			seq, found = max(seq, n), true
		}
	}
	return seq, found
}

// sentThrough returns the time up to which game's outbox was read.
func (c *mailCache) sentThrough(game string) time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	if sm := c.sent[game]; sm != nil {
		return sm.through
	}
	return time.Time{}
}

// addSent adds mails read from game's outbox up to through.
func (c *mailCache) addSent(game string, seqs map[string]uint64, through time.Time) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.sent == nil {
		c.sent = map[string]*sentMails{}
	}
	sm := c.sent[game]
	if sm == nil {
		if len(c.sent) >= maxSentGames {
			for other := range c.sent { // any one: the map's order is random
				delete(c.sent, other)
				break
			}
		}
		sm = &sentMails{seq: map[string]uint64{}}
		c.sent[game] = sm
	}
	for id, n := range seqs {
		sm.seq[id] = n
	}
	if through.After(sm.through) {
		sm.through = through
	}
}
