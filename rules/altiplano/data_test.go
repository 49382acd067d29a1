package altiplano

import "testing"

// TestContractPoints checks the contracts against the rule data.go gives
// for them: worth the values of the goods they need, plus 3.
func TestContractPoints(t *testing.T) {
	for k, c := range contracts {
		want := 3
		for g, n := range c.need {
			want += int(n) * goodData[g].value
		}
		if c.points != want {
			t.Errorf("contract %d (%s) is worth %d, want %d: its goods' values plus 3", k+1, c.need.Phrase(), c.points, want)
		}
	}
}
