package mailroom

// Tracked is how many budgets m remembers, for the test of their bound.
func Tracked(m *Mailroom) int {
	return m.budgets.Len()
}
