package altiplano_test

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pbem-games/pbem/catalog/altiplano"
	altiplanorules "github.com/pbem-games/pbem/rules/altiplano"
	"github.com/pbem-games/pbem/templates/words"
)

// envRulebooks names the folder of the rulebooks' texts
// (altiplano.zh.txt among them). Unset, the tests look for
// shared/rulebooks in the checkout's folder and each folder above it.
const envRulebooks = "PBEM_RULEBOOKS"

// chineseRulebook returns the text of Altiplano's Chinese rulebook. It
// skips the test when the rulebooks are not beside the checkout and
// PBEM_RULEBOOKS is unset, and fails when PBEM_RULEBOOKS names a folder
// without it.
func chineseRulebook(t *testing.T) string {
	t.Helper()
	book, ok := findRulebook(t)
	if !ok {
		t.Skipf("no shared/rulebooks/altiplano.zh.txt above the checkout; set %s to its folder", envRulebooks)
	}
	return book
}

// findRulebook returns the text of Altiplano's Chinese rulebook, and false
// when it is not beside the checkout and PBEM_RULEBOOKS is unset.
func findRulebook(t *testing.T) (string, bool) {
	t.Helper()
	const name = "altiplano.zh.txt"
	if dir := os.Getenv(envRulebooks); dir != "" {
		b, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatalf("%s=%s: %v", envRulebooks, dir, err)
		}
		return string(b), true
	}
	dir, err := filepath.Abs(".")
	if err != nil {
		t.Fatal(err)
	}
	for {
		b, err := os.ReadFile(filepath.Join(dir, "shared", "rulebooks", name))
		if err == nil {
			return string(b), true
		}
		if !errors.Is(err, fs.ErrNotExist) {
			t.Fatal(err)
		}
		up := filepath.Dir(dir)
		if up == dir {
			return "", false
		}
		dir = up
	}
}

// rulebookTerms are the words of the Chinese rulebook where pbem once
// wrote its own: the term a Chinese reader sees, the old word a player
// may still write in a move, and texts that must use the term.
var rulebookTerms = []struct {
	term, old string
	ids       []string
}{
	{"白银", "银", []string{"silver", "%s silver", "silver %s"}},
	{"公共供应区", "中央", []string{"Centre", "the centre has only %s %s left", "centre: food %s"}},
	{"额外费用", "附加费", []string{"Extensions on display (cost = price + surcharge):"}},
	{"角色", "职业", []string{"Choose a profession by name, e.g. CHOOSE MINER.", "Altiplano, %s players%s, choosing professions", "professions left: %s", "the choice of professions"}},
	// The player's own material, as the rulebook names it.
	{"布袋", "袋子", []string{"bag: %s", "Your bag: %s (%s). Your crate: %s."}},
	{"容器", "货箱", []string{"crate:", "Only you see this: your bag, crate, planning spaces and hidden plan"}},
	{"规划位置", "规划格", []string{"planning spaces:", "Your planning spaces: %s."}},
	{"行动位置", "行动格", []string{"on the action spaces: %s", "  action spaces: %s"}},
}

// ownNames are names pbem gave cards the rulebook does not name (an
// extension and a mission), which hold an old word inside them.
var ownNames = []string{"银锭", "银库"}

// withoutTerm removes the term and pbem's own names from text, so that
// what is left holds the old word only where it stands alone.
func withoutTerm(text, term string) string {
	text = strings.ReplaceAll(text, term, "")
	for _, n := range ownNames {
		text = strings.ReplaceAll(text, n, "")
	}
	return text
}

// TestRulebookTerms: where pbem's Chinese words for Altiplano differ from
// the Chinese rulebook's, the rulebook's are used, everywhere a Chinese
// reader sees them (the game's words, pbem's own words, the Chinese rules
// document), and the old words are still read in a move. Without the
// rulebook's text at hand, the terms are checked as listed here.
func TestRulebookTerms(t *testing.T) {
	book, withBook := findRulebook(t)
	if !withBook {
		t.Logf("no rulebook text beside the checkout (%s unset): the terms are checked as listed, not against the rulebook", envRulebooks)
	}
	g := altiplano.Game()
	all, err := words.NewBook(g.Words)
	if err != nil {
		t.Fatal(err)
	}
	doc := string(g.Docs["zh"])
	for _, c := range rulebookTerms {
		if withBook && !strings.Contains(book, c.term) {
			t.Errorf("the Chinese rulebook does not write %s", c.term)
		}
		if withBook && strings.Contains(withoutTerm(book, c.term), c.old) {
			t.Errorf("the Chinese rulebook writes %s, which this test takes for pbem's old word", c.old)
		}
		for _, id := range c.ids {
			if text := all.Text("zh", words.ID(id)); !strings.Contains(text, c.term) {
				t.Errorf("Text(zh, %q) = %q, want the rulebook's %s", id, text, c.term)
			}
		}
		for _, id := range all.IDs("zh") {
			if text := all.Text("zh", id); strings.Contains(withoutTerm(text, c.term), c.old) {
				t.Errorf("Text(zh, %q) = %q: %s, where the rulebook writes %s", id, text, c.old, c.term)
			}
		}
		if !strings.Contains(doc, c.term) {
			t.Errorf("the Chinese rules document does not write %s", c.term)
		}
		// The document may name the old word only beside the term, as a
		// word a player may still write.
		for i, line := range strings.Split(doc, "\n") {
			if strings.Contains(withoutTerm(line, c.term), c.old) && !strings.Contains(line, c.term) {
				t.Errorf("the Chinese rules document, line %d, writes %s without the rulebook's %s: %s", i+1, c.old, c.term, line)
			}
		}
	}
}

// TestRulebookNames: every good and location Altiplano's Chinese mails
// name is the rulebook's name of it.
func TestRulebookNames(t *testing.T) {
	book := chineseRulebook(t)
	all, err := words.NewBook(altiplano.Game().Words)
	if err != nil {
		t.Fatal(err)
	}
	names := altiplanorules.Names()
	for _, id := range []string{
		"food", "corn", "wood", "stone", "ore", "fabric", "silver", "wool", "fish", "glass", "alpaca", "cocoa", "coin",
		"Farm", "Forest", "Mine", "Port", "Village", "Market", "Road",
	} {
		if _, ok := names[id]; !ok {
			t.Errorf("Names() has no %q", id)
		}
		if text := all.Text("zh", words.ID(id)); text == "" || !strings.Contains(book, text) {
			t.Errorf("Text(zh, %q) = %q, which the Chinese rulebook does not write", id, text)
		}
	}
}

// TestOldWordsRead: a move a player writes with pbem's old words is read
// as the same move written with the rulebook's.
func TestOldWordsRead(t *testing.T) {
	for _, c := range []struct{ old, term string }{
		{"前往矿山 / 生产银", "前往矿山 / 生产白银"},
		{"放 职业 食物", "放 角色 食物"},
	} {
		got, err := altiplanorules.ReadWords(c.old)
		want, werr := altiplanorules.ReadWords(c.term)
		if err != nil || werr != nil || strings.Join(got, " ") != strings.Join(want, " ") {
			t.Errorf("ReadWords(%q) = %q, %v; want ReadWords(%q) = %q, %v", c.old, got, err, c.term, want, werr)
		}
	}
}
