package docs

import (
	"strings"
	"testing"
)

// TestRulesInEveryLanguage: every game's rules document exists in English
// and in Chinese, and each links to the other.
func TestRulesInEveryLanguage(t *testing.T) {
	for _, game := range []string{"atacama", "altiplano", "archipelago"} {
		en, ok := RulesIn("en", game)
		if !ok {
			t.Fatalf("no English rules for %s", game)
		}
		zh, ok := RulesIn("zh", game)
		if !ok {
			t.Fatalf("no Chinese rules for %s", game)
		}
		if !strings.Contains(string(en), "(../zh/rules/"+game+".md)") {
			t.Errorf("the English rules of %s do not link to the Chinese ones", game)
		}
		if !strings.Contains(string(zh), "(../../rules/"+game+".md)") {
			t.Errorf("the Chinese rules of %s do not link to the English ones", game)
		}
		if b, _ := Rules(game); string(b) != string(en) {
			t.Errorf("Rules(%s) is not the English document", game)
		}
	}
	for _, c := range []struct{ lang, game string }{{"fr", "atacama"}, {"zh", "../rules/atacama"}, {"zh", "nim"}} {
		if _, ok := RulesIn(c.lang, c.game); ok {
			t.Errorf("RulesIn(%q, %q) found a document", c.lang, c.game)
		}
	}
}
