package projections

import (
	"fmt"
	"testing"
)

// TestBloom: every player added is "maybe" (a miss would lose their
// earlier games), and few that were not are.
func TestBloom(t *testing.T) {
	b := newBloom(1 << 16)
	for i := range 3000 {
		b.add(PlayerKey(fmt.Sprintf("p%d@example.org", i)))
	}
	b.add(PlayerKey("张伟@例子.中国"))
	for i := range 3000 {
		if k := PlayerKey(fmt.Sprintf("p%d@example.org", i)); !b.maybe(k) {
			t.Fatalf("maybe(%s) = false for a player added", k)
		}
	}
	if !b.maybe(PlayerKey("张伟@例子.中国")) {
		t.Errorf("maybe(张伟) = false for a player added")
	}
	false_ := 0
	for i := range 3000 {
		if b.maybe(PlayerKey(fmt.Sprintf("q%d@example.org", i))) {
			false_++
		}
	}
	if false_ > 60 {
		t.Errorf("%d of 3000 players never added are maybe, want under 2%%", false_)
	}
}
