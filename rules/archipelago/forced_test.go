package archipelago

import (
	"flag"
	"fmt"
	"maps"
	"slices"
	"strings"
	"testing"

	"github.com/pbem-games/pbem/rules"
)

// The run whose figures docs/rules/archipelago.md gives under Forced moves:
//
//	go test ./rules/archipelago -run 'TestForcedShares$' -v -forced 20
var forcedGames = flag.Int("forced", 4, "random three-player medium games in TestForcedShares")

// TestForcedShares plays random three-player medium games as pbem runs
// them by mail: a seat whose one choice is a single move (rules.Forced,
// deals aside) has it played for it; the others pick a random legal
// move. It reports how the forced moves share out by kind, and how many
// of them a seat could have answered with an offer of a deal instead (the
// seats pbem asked before deals were set aside).
func TestForcedShares(t *testing.T) {
	byKind := map[string]int{}
	withOffers := 0
	total := 0
	for g := range *forcedGames {
		setup := rules.Setup{Seats: 3, Variants: []string{Medium}, Seed: rules.SeedFromInt(uint64(1000 + g))}
		st, err := Game.Start(setup)
		if err != nil {
			t.Fatal(err)
		}
		r := rules.NewRand(rules.SeedFromInt(uint64(g)), "forced")
		for len(st.ToAct()) > 0 {
			var seat rules.Seat
			var m rules.Move
			forced := false
			for _, s := range st.ToAct() {
				if only, one := rules.Forced(st, s); one {
					seat, m, forced = s, only, true
					break
				}
			}
			if !forced {
				to := st.ToAct()
				seat = to[r.IntN(len(to))]
				legal := st.Legal(seat)
				m = legal[r.IntN(len(legal))]
			} else {
				kind := strings.Fields(m.String())[0]
				if kind == "BID" || kind == "FEED" || kind == "EXPORT" {
					kind = m.String()
				}
				byKind[kind]++
				total++
				if len(st.Legal(seat)) > 1 {
					withOffers++ // asked before deals were set aside
				}
			}
			if st, err = st.Apply(seat, m); err != nil {
				t.Fatalf("Apply(%d, %s) = %v", seat, m, err)
			}
		}
	}
	if total == 0 {
		t.Fatalf("no forced move in %d games: the test proves nothing", *forcedGames)
	}
	var parts []string
	for _, k := range slices.Sorted(maps.Keys(byKind)) {
		parts = append(parts, fmt.Sprintf("%s %d (%.0f%%)", k, byKind[k], 100*float64(byKind[k])/float64(total)))
	}
	t.Logf("%d games of three, medium: %d forced moves, %d of them with deals open that the seat might offer: %s",
		*forcedGames, total, withOffers, strings.Join(parts, ", "))
}
