package rules

import "sort"

// SortMoves returns moves sorted by their String, as Legal must return
// them; each String is computed once.
func SortMoves(ms []Move) []Move {
	keys := make([]string, len(ms))
	idx := make([]int, len(ms))
	for i, m := range ms {
		keys[i], idx[i] = m.String(), i
	}
	sort.Slice(idx, func(a, b int) bool { return keys[idx[a]] < keys[idx[b]] })
	out := make([]Move, len(ms))
	for i, k := range idx {
		out[i] = ms[k]
	}
	return out
}
