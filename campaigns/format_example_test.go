package campaigns_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pbem-games/pbem/campaigns"
	"github.com/pbem-games/pbem/rules"
)

// TestDrawExample keeps the worked example of "Drawing the rounds" in
// docs/history-format.md what Pair draws: with the seed 000102…1e1f,
// round 1 of a round robin and of a Swiss of a, b, c, d.
func TestDrawExample(t *testing.T) {
	doc, err := os.ReadFile(filepath.Join("..", "docs", "history-format.md"))
	if err != nil {
		t.Fatal(err)
	}
	var seed rules.Seed
	for i := range seed {
		seed[i] = byte(i)
	}
	for _, kind := range []string{campaigns.RoundRobin, campaigns.Swiss} {
		c, err := campaigns.Fold("c7k2mxq", []campaigns.Fact{
			campaigns.Created{Kind: kind, Game: "atacama", Entries: []string{"a", "b", "c", "d"}, Organiser: "o"},
			campaigns.SeedCommitted{Commitment: campaigns.SeedCommitment(seed, "c7k2mxq")},
		})
		if err != nil {
			t.Fatal(err)
		}
		r, err := c.Pair(seed)
		if err != nil {
			t.Fatal(err)
		}
		var tables []string
		for _, tb := range r.Tables {
			tables = append(tables, strings.Join(tb, "–"))
		}
		want := "of a " + map[string]string{campaigns.RoundRobin: "round robin", campaigns.Swiss: "Swiss"}[kind] + " " + strings.Join(tables, " and ")
		if !strings.Contains(strings.Join(strings.Fields(string(doc)), " "), want) {
			t.Errorf("docs/history-format.md does not say %q, round 1 as Pair draws it", want)
		}
	}
}
