package mailroom

// Tracked is how many budgets m remembers, for the test of their bound.
func Tracked(m *Mailroom) int {
	m.mu.Lock()
	defer m.mu.Unlock()
	return len(m.answers)
}
