package docs

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// statuses are what the status column of a rules document's sentence
// tables may say, in the order of the audit table's columns.
var statuses = []string{"implemented", "documented", "undocumented", "missing"}

// auditedSection says whether a section of a rules document lists the
// rulebook's sentences or the published facts, each with a status.
func auditedSection(title string) bool {
	return strings.HasSuffix(title, "sentence by sentence") || strings.HasSuffix(title, "fact by fact")
}

// tableRows returns the cells of each row of the tables of each section,
// by the section's title, header and separator rows left out.
func tableRows(doc string) map[string][][]string {
	out := map[string][][]string{}
	var title string
	header := false
	for _, line := range strings.Split(doc, "\n") {
		if t, ok := strings.CutPrefix(line, "## "); ok {
			title = t
			continue
		}
		if !strings.HasPrefix(line, "|") {
			header = true // the next table starts with its header
			continue
		}
		if header || strings.HasPrefix(line, "|-") {
			header = false
			continue
		}
		var cells []string
		for _, c := range strings.Split(strings.Trim(line, "|"), " | ") {
			cells = append(cells, strings.TrimSpace(c))
		}
		out[title] = append(out[title], cells)
	}
	return out
}

// TestAudit: each game's rules document gives every rulebook sentence and
// published fact of its sentence tables a status, and its audit table
// counts them as they are, in the Chinese document too.
func TestAudit(t *testing.T) {
	for _, game := range []string{"atacama", "altiplano", "archipelago"} {
		doc, _ := RulesIn("en", game)
		rows := tableRows(string(doc))
		counted := map[string][]int{}
		for title, rs := range rows {
			if !auditedSection(title) {
				continue
			}
			n := make([]int, len(statuses)+1)
			for _, r := range rs {
				i := slices.Index(statuses, r[min(1, len(r)-1)])
				if len(r) != 3 || i < 0 {
					t.Errorf("%s, %s: row %q has no status, one of %v, in its second column", game, title, r, statuses)
					continue
				}
				n[0]++
				n[i+1]++
			}
			counted[title] = n
		}
		if len(counted) == 0 {
			t.Errorf("%s: no sentence by sentence table", game)
		}
		audit := rows["Audit"]
		if len(audit) == 0 {
			t.Errorf("%s: no audit table", game)
		}
		for _, r := range audit {
			want, ok := counted[r[0]]
			if !ok {
				t.Errorf("%s: the audit counts %q, which is no sentence table", game, r[0])
				continue
			}
			delete(counted, r[0])
			var got []int
			for _, c := range r[1:] {
				n, err := strconv.Atoi(c)
				if err != nil {
					t.Errorf("%s: audit row %q: %q is not a count", game, r, c)
				}
				got = append(got, n)
			}
			if !slices.Equal(got, want) {
				t.Errorf("%s: the audit says %s: %v (rows, %s); the table holds %v", game, r[0], got, strings.Join(statuses, ", "), want)
			}
		}
		for title, n := range counted {
			t.Errorf("%s: the audit table lacks %s, %v", game, title, fmt.Sprint(n))
		}
		// The Chinese document gives the same counts, table by table.
		zh, _ := RulesIn("zh", game)
		zhAudit := tableRows(string(zh))["与规则书的核对"]
		if len(zhAudit) != len(audit) {
			t.Errorf("%s: the Chinese document's audit has %d rows, the English %d", game, len(zhAudit), len(audit))
		}
		for i := range min(len(zhAudit), len(audit)) {
			if !slices.Equal(zhAudit[i][1:], audit[i][1:]) {
				t.Errorf("%s: the Chinese audit's row %d is %q, the English %q", game, i+1, zhAudit[i], audit[i])
			}
		}
	}
}
