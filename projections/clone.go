package projections

import (
	"maps"
	"slices"
)

// Clone returns a copy of g that folding more events into leaves g as it
// was, so a folded game can be kept and each command given its own copy.
// The rules' state is shared: states never change.
func (g *Game) Clone() *Game {
	c := *g
	c.Moves = slices.Clone(g.Moves)
	c.Said = slices.Clone(g.Said)
	c.Resigned = slices.Clone(g.Resigned)
	c.sources = maps.Clone(g.sources)
	c.Table = g.Table.clone()
	return &c
}

func (t Table) clone() Table {
	c := t
	c.Since = maps.Clone(t.Since)
	c.Reminded = maps.Clone(t.Reminded)
	c.Late = maps.Clone(t.Late)
	c.Timeouts = maps.Clone(t.Timeouts)
	c.Abandoned = maps.Clone(t.Abandoned)
	c.Vacations = slices.Clone(t.Vacations)
	if t.Undo != nil {
		u := *t.Undo
		u.Answers = maps.Clone(t.Undo.Answers)
		c.Undo = &u
	}
	c.EndVotes = maps.Clone(t.EndVotes)
	c.Observers = slices.Clone(t.Observers)
	c.Asked = maps.Clone(t.Asked)
	c.Digest = maps.Clone(t.Digest)
	c.Quiet = maps.Clone(t.Quiet)
	c.Manual = maps.Clone(t.Manual)
	c.DigestUpTo = maps.Clone(t.DigestUpTo)
	c.DigestSince = maps.Clone(t.DigestSince)
	c.Conditionals = cloneLists(t.Conditionals)
	c.Undone = maps.Clone(t.Undone)
	c.Queues = cloneLists(t.Queues)
	c.QueueStages = maps.Clone(t.QueueStages)
	c.Says = maps.Clone(t.Says)
	c.QueuePhrases = maps.Clone(t.QueuePhrases)
	return c
}

// cloneLists copies a map of slices, the slices too.
func cloneLists[K comparable, V any](m map[K][]V) map[K][]V {
	if m == nil {
		return nil
	}
	c := make(map[K][]V, len(m))
	for k, v := range m {
		c[k] = slices.Clone(v)
	}
	return c
}
