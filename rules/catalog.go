package rules

import (
	"fmt"
	"sort"
	"strings"
)

// Catalog is the set of games a service offers, by Info().Name.
type Catalog map[string]Game

// NewCatalog returns a catalog of games.
func NewCatalog(games ...Game) Catalog {
	c := make(Catalog, len(games))
	for _, g := range games {
		c[g.Info().Name] = g
	}
	return c
}

// Lookup returns the game called name (any case), or an error that lists
// the games there are.
func (c Catalog) Lookup(name string) (Game, error) {
	if g, ok := c[strings.ToLower(strings.TrimSpace(name))]; ok {
		return g, nil
	}
	return nil, fmt.Errorf("there is no game called %q; the games are %s", name, strings.Join(c.Names(), ", "))
}

// Names returns the games' names, sorted.
func (c Catalog) Names() []string {
	names := make([]string, 0, len(c))
	for n := range c {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}
