package words

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"
)

// TestComplete fails when a language lacks a text another has, or gives
// one its printer cannot print.
func TestComplete(t *testing.T) {
	all := map[string]bool{}
	for _, lang := range Languages() {
		for _, id := range IDs(lang) {
			all[id] = true
		}
	}
	for _, lang := range Languages() {
		for id := range all {
			if !Has(lang, id) {
				t.Errorf("%s has no text for %q", lang, id)
				continue
			}
			text, ok := dicts[lang][id].(string)
			if !ok {
				continue // a plural: TestPlurals prints those
			}
			// Every argument English prints, of the same kind, so that no
			// reader misses what another is told.
			if missing := lacks(verbs(text), verbs(en[id].(string))); missing != "" && !(id == "time.when" && lang != "en") {
				t.Errorf("%s %q does not print %s", lang, id, missing)
			}
		}
	}
}

// verbs lists the arguments a text prints, by index and verb, sorted: an
// argument without an index is the one after the argument before it.
func verbs(text string) string {
	seen := map[string]bool{}
	n := 0
	for _, m := range verb.FindAllStringSubmatch(text, -1) {
		if m[1] != "" {
			n, _ = strconv.Atoi(m[1])
		} else {
			n++
		}
		seen[fmt.Sprintf("%%[%d]%s", n, m[2])] = true
	}
	var out []string
	for m := range seen {
		out = append(out, m)
	}
	slices.Sort(out)
	return strings.Join(out, " ")
}

// lacks returns the verbs of want that got lacks.
func lacks(got, want string) string {
	var out []string
	for _, v := range strings.Fields(want) {
		if !slices.Contains(strings.Fields(got), v) {
			out = append(out, v)
		}
	}
	return strings.Join(out, " ")
}

var verb = regexp.MustCompile(`%(?:\[(\d+)\])?([a-zA-Z])`)

// TestWhen checks a time as each language writes it, in a reader's zone.
func TestWhen(t *testing.T) {
	at := time.Date(2026, 12, 3, 18, 0, 0, 0, time.UTC)
	shanghai, err := time.LoadLocation("Asia/Shanghai")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		lang string
		loc  *time.Location
		want string
	}{
		{"en", nil, "Thu 3 Dec 18:00 UTC"},
		{"en", shanghai, "Fri 4 Dec 02:00 UTC+08:00"},
		{"en", time.FixedZone("", -(5*3600 + 1800)), "Thu 3 Dec 12:30 UTC-05:30"},
		{"zh", shanghai, "12月4日（周五）02:00 UTC+08:00"},
		{"zh-Hant-TW", time.UTC, "12月3日（周四）18:00 UTC"},
		{"fr", time.UTC, "Thu 3 Dec 18:00 UTC"},
	} {
		if got := For(c.lang).When(at, c.loc); got != c.want {
			t.Errorf("For(%q).When(%v) = %q, want %q", c.lang, c.loc, got, c.want)
		}
	}
}

// TestPlurals prints every text whose words change with a number, for
// the numbers each language tells apart.
func TestPlurals(t *testing.T) {
	for _, c := range []struct {
		lang, id string
		n        int
		want     string
	}{
		{"en", "note.open", 1, "1 seat is open."},
		{"en", "note.open", 2, "2 seats are open."},
		{"zh", "note.open", 1, "有 1 个空座位。"},
		{"zh", "note.open", 3, "有 3 个空座位。"},
	} {
		if got := For(c.lang).S(c.id, c.n); got != c.want {
			t.Errorf("For(%q).S(%q, %d) = %q, want %q", c.lang, c.id, c.n, got, c.want)
		}
	}
}
