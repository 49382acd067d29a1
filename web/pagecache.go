package web

import (
	"sync"
)

// Draw once, show many: a page (its board drawn, its history told, its
// verification replayed) is kept per game, the game's last event, the
// reader (their token), the position shown and the language, and shown
// again until the game changes. A long game's page costs milliseconds of
// drawing; a reader who reloads it, or a hundred observers of the public
// page, cost it once. Each answer still gets a nonce of its own: what is
// kept is the page before it is written.

// maxCachedPages is how many pages the cache keeps; past it, it starts
// again empty (pages are made again on demand, and a game's change makes
// its old pages useless anyway).
const maxCachedPages = 512

// pageKey is what a page depends on.
type pageKey struct {
	game        string
	seq         uint64 // the game's last event: any change makes a new page
	gen         int    // the public link's generation, which a player's page of a game over shares
	token       string // the reader
	at          int
	lang, asked string
	zone        string
}

// pageCache is the pages kept; its zero value is empty and ready.
type pageCache struct {
	mu    sync.Mutex
	pages map[pageKey]*page
}

func (c *pageCache) get(k pageKey) (*page, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	pg, ok := c.pages[k]
	return pg, ok
}

func (c *pageCache) put(k pageKey, pg *page) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.pages == nil || len(c.pages) >= maxCachedPages {
		c.pages = map[pageKey]*page{}
	}
	c.pages[k] = pg
}
