package words

import (
	"strings"
	"testing"
	"time"
)

// TestComplete fails when a language lacks a text another has, or gives
// one its printer cannot print.
func TestComplete(t *testing.T) {
	texts := map[string]Texts{}
	for _, p := range defaults().Packs() {
		texts[p.Tag] = p.Texts
	}
	if err := Complete(texts); err != nil {
		t.Error(err)
	}
}

// TestCompleteFails: Complete names a missing text, a missing verb and a
// language pbem does not speak.
func TestCompleteFails(t *testing.T) {
	for _, c := range []struct {
		name  string
		texts map[string]Texts
		want  string
	}{
		{"missing", map[string]Texts{"en": {"a": "A", "b": "B"}, "zh": {"a": "甲"}}, `zh has no text for "b"`},
		{"verb", map[string]Texts{"en": {"a": "%[1]s won %[2]d"}, "zh": {"a": "%[1]s 赢了"}}, `zh "a" does not print %[2]d`},
		{"language", map[string]Texts{"en": {"a": "A"}, "zh": {"a": "甲"}, "xx": {"a": "?"}}, `"xx", which pbem does not speak`},
		{"no language", map[string]Texts{"en": {"a": "A"}}, `no texts in zh`},
	} {
		err := Complete(c.texts)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: Complete = %v, want %s", c.name, err, c.want)
		}
	}
}

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
		if got := For(c.lang).S(ID(c.id), c.n); got != c.want {
			t.Errorf("For(%q).S(%q, %d) = %q, want %q", c.lang, c.id, c.n, got, c.want)
		}
	}
}
