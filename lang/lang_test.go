package lang_test

import (
	"errors"
	"testing"

	"github.com/pbem-games/pbem/lang"
	"github.com/pbem-games/pbem/lang/all"
	"github.com/pbem-games/pbem/lang/pseudo"
)

// TestNew refuses what cannot be one registry of languages.
func TestNew(t *testing.T) {
	en := lang.Pack{Tag: "en", Texts: lang.Texts{"a": "A"}}
	for _, c := range []struct {
		name  string
		packs []lang.Pack
	}{
		{"no English", []lang.Pack{{Tag: "fr", Texts: lang.Texts{"a": "A"}}}},
		{"two of a tag", []lang.Pack{en, en}},
		{"no texts", []lang.Pack{en, {Tag: "fr"}}},
		{"a region", []lang.Pack{en, {Tag: "fr-CA", Texts: lang.Texts{"a": "A"}}}},
		{"one name for two", []lang.Pack{{Tag: "en", Texts: lang.Texts{"a": "A"}, Names: map[string]string{"x": "en"}}, {Tag: "fr", Texts: lang.Texts{"a": "A"}, Names: map[string]string{"x": "fr"}}}},
	} {
		if _, err := lang.New(c.packs...); !errors.Is(err, lang.ErrPack) {
			t.Errorf("%s: New = %v, want ErrPack", c.name, err)
		}
	}
}

// TestRegistry reads what a reader writes through the packs: LANG's
// names, the language of a mail, DEADLINE's words and days, a command's
// words in every language.
func TestRegistry(t *testing.T) {
	r, err := lang.New(append(all.Packs(), pseudo.Pack())...)
	if err != nil {
		t.Fatal(err)
	}
	for in, want := range map[string]string{"zh": "zh", "ZH-cn": "zh", "中文": "zh", "English": "en", "英文": "en", "pseudo": "qps", "qps": "qps", "fr": "en"} {
		if got, _ := r.ParseLang(in); got != want {
			t.Errorf("ParseLang(%q) = %q, want %q", in, got, want)
		}
	}
	for in, want := range map[string]string{"你好，我想下棋": "zh", "hello there": "en", "こんにちは世界": "en", "⟦BOARD⟧": "qps", "": "en",
		// A command in Chinese names ids, games and addresses in Latin
		// letters: they are no English.
		"报名 cxkbqmz": "zh", "新游戏 atacama 和 bea@example.net，cai@example.com": "zh", "加入 k7q2mx ABCD-1234": "zh",
		"JOIN g1": "en", "Thanks, 李雷 here. Please start the game.": "en",
		// Greetings and sign-offs around a command say whose language it is.
		"JOIN\nThanks!": "en", "加入\n谢谢！": "zh", "JOIN\n好的，谢谢": "zh", "认输？": "zh", "resign?": "en"} {
		if got := r.Detect(in); got != want {
			t.Errorf("Detect(%q) = %q, want %q", in, got, want)
		}
	}
	for in, want := range map[string]string{"宽限": "grace", "grace": "grace", "⟦reminder⟧": "reminder"} {
		if got := r.DeadlineWord(in); got != want {
			t.Errorf("DeadlineWord(%q) = %q, want %q", in, got, want)
		}
	}
	for in, want := range map[string]string{"周一-周五": "mon-fri", "星期六、星期日": "sat,sun", "⟦sat⟧,⟦sun⟧": "sat,sun", "mon-fri": "mon-fri"} {
		if got := r.Days(in); got != want {
			t.Errorf("Days(%q) = %q, want %q", in, got, want)
		}
	}
	if got := r.Aliases("BOARD"); len(got) != 3 || got[0] != "STATUS" || got[1] != "棋盘" || got[2] != "⟦BOARD⟧" {
		t.Errorf("Aliases(BOARD) = %q, want English's, Chinese's and the pseudo-language's", got)
	}
	if got := r.Tidy("zh", "替 Bea 走棋 。", true); got != "替 Bea 走棋。" {
		t.Errorf("Tidy(zh) = %q", got)
	}
}
