package projections

import "sync"

// workers is how many games the projector's Run folds at once: each
// event's read model is a synced write, and writes made at once overlap.
const workers = 4

// foldCache is the games a projector keeps folded, shared by its workers;
// each game is folded by one worker at a time.
type foldCache struct {
	mu    sync.Mutex
	games map[string]*Game
}

func (c *foldCache) get(id string) *Game {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.games[id]
}

func (c *foldCache) put(id string, g *Game) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if len(c.games) >= cacheLimit {
		clear(c.games)
	}
	c.games[id] = g
}

func (c *foldCache) drop(id string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	delete(c.games, id)
}
