package organiser

import (
	"strings"
	"testing"

	"github.com/pbem-games/pbem/campaigns"
)

// TestWriteTableWide: a column holding Chinese lines up as one in
// English does, a wide character taking two columns of a terminal.
func TestWriteTableWide(t *testing.T) {
	var b strings.Builder
	writeTable(&b, [][]string{{"名次", "玩家", "x"}, {"1", "ana", "y"}, {"22", "李雷", "z"}})
	want := "名次  玩家  x  \n1     ana   y  \n22    李雷  z  \n"
	if b.String() != want {
		t.Errorf("writeTable wrote\n%q, want\n%q", b.String(), want)
	}
}

// TestVerdict: the campaign's verdict line, clause by clause, "ok" only
// when its origin was checked.
func TestVerdict(t *testing.T) {
	c := &campaigns.Campaign{ID: "c-k7q2mx"}
	for _, tt := range []struct {
		name    string
		rep     Report
		checked bool
		origin  string
		want    string
	}{
		{"Stored", Report{Campaign: c, Events: 6, Results: 2, Pairings: true}, true, "",
			"ok: campaign c-k7q2mx, 6 events, hash chain intact; 2 results match their games' own histories; every round paired again from the seed as recorded"},
		{"File", Report{Campaign: c, Events: 6, Results: 2, FromFile: 1}, false, "the history carries no signature",
			"chain intact; origin not checked: campaign c-k7q2mx, 6 events; 2 results match their games' own histories (1 of them in the file, each verified); the seed stays secret until the campaign is over, so the pairings can be drawn again only then; the history carries no signature"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if got := Verdict(tt.rep, tt.checked, tt.origin); got != tt.want {
				t.Errorf("Verdict = %q\nwant      %q", got, tt.want)
			}
		})
	}
}
