package endtoend_test

import (
	"strings"
	"testing"

	"github.com/pbem-games/pbem/rules"
	"github.com/pbem-games/pbem/rules/altiplano"
)

// TestPlanMailedAgainSaysWhatItReplaced: Bea mails two placements of her
// Altiplano plan, then, before declaring it, a mail with another
// placement and DONE. People who mail a plan again mail the plan they
// now want (a mail holds a whole plan, as pbem's rules say), so the
// second replaces the first; but the answer says so and names what pbem
// took back, rather than only "You finished planning." while her two
// placements silently went. Cai, who reads Chinese, is told in Chinese.
func TestPlanMailedAgainSaysWhatItReplaced(t *testing.T) {
	mt := newMailTable(t, altiplano.Game)
	id := mt.create("altiplano", 3)
	mt.fresh(id, 2, "语言 中文\r\n")
	for seat, marker := range map[int]string{1: "replaces the plan you mailed before, which pbem took back:", 2: "取代了你之前寄来的规划，pbem 已撤回："} {
		var puts []string
		for _, m := range mt.game(id).State.Legal(rules.Seat(seat)) {
			if strings.HasPrefix(m.String(), "PUT ") && !strings.HasPrefix(m.String(), "PUT MOVE") {
				puts = append(puts, m.String())
			}
		}
		if r := refusals(mt.fresh(id, seat, puts[0]+"\r\n"+puts[len(puts)-1]+"\r\n")); len(r) > 0 {
			t.Fatalf("seat %d's first plan refused: %v", seat, r)
		}
		out := mt.fresh(id, seat, puts[len(puts)/2]+"\r\nDONE\r\n")
		if len(out) != 1 {
			t.Fatalf("seat %d's second plan answered with %d mails, want 1:\n%s", seat, len(out), texts(out))
		}
		_, said, ok := strings.Cut(flat(out[0]), marker)
		said, _, _ = strings.Cut(said, "。")
		said, _, _ = strings.Cut(said, ". ")
		for _, put := range []string{puts[0], puts[len(puts)-1]} {
			if take := "TAKE " + strings.TrimPrefix(put, "PUT "); !ok || !strings.Contains(said, take) {
				t.Errorf("the answer to seat %d's second plan does not say %q and %s:\n%s", seat, marker, take, out[0].Text)
			}
		}
	}
}
