package commands_test

import (
	"slices"
	"testing"

	"github.com/pbem-games/pbem/games/commands"
	"github.com/pbem-games/pbem/games/locale"
	"github.com/pbem-games/pbem/lang/all"
	"github.com/pbem-games/pbem/mail"
	"github.com/pbem-games/pbem/templates"
)

// TestSplit: a command line's first word and the rest, a colon, comma or
// space after the word only separating it, full-width or not; a Chinese
// word needs no space before a move or a number, but one followed by
// more Chinese is a sentence.
func TestSplit(t *testing.T) {
	list := commands.New()
	for _, c := range []struct{ line, word, rest string }{
		{"", "", ""},
		{"BOARD", "BOARD", ""},
		{"SAY good luck", "SAY", "good luck"},
		{"SAY: good luck", "SAY:", "good luck"},
		{"UNDO  2", "UNDO", "2"},
		{"RESIGN?", "RESIGN", "?"},
		{"RESIGN? really", "RESIGN", "? really"},
		{"?", "?", ""},
		{"说", "说", ""},
		{"说：你好", "说", "你好"},
		{"说 你好", "说", "你好"},
		{"说，你好", "说", "你好"},
		{"说、你好", "说", "你好"},
		{"说；你好", "说", "你好"},
		{"说　你好", "说", "你好"},
		{"悔棋2", "悔棋", "2"},
		{"悔棋\u007f", "悔棋", "\u007f"},
		{"悔棋\u0080", "悔棋\u0080", ""},
		{"同意。", "同意", ""},
		{"同意!", "同意", "!"},
		{"同意！", "同意", ""},
		{"同意你的看法", "同意你的看法", ""},
		{"继续加油 吧", "继续加油", "吧"},
		{"认输？", "认输？", ""},
	} {
		word, rest := list.Split(c.line)
		if word != c.word || rest != c.rest {
			t.Errorf("Split(%q) = %q, %q; want %q, %q", c.line, word, rest, c.word, c.rest)
		}
	}
}

// TestLookup: a command is found by its word or any alias, in any case;
// any other word starts no command.
func TestLookup(t *testing.T) {
	list := commands.New()
	for _, c := range []struct{ word, want string }{
		{"BOARD", "BOARD"}, {"board", "BOARD"}, {"棋盘", "BOARD"}, {"开局", "NEW"}, {"新游戏", "NEW"},
		{"take", ""}, {"", ""}, {"BOARDS", ""},
	} {
		cmd, ok := list.Lookup(c.word)
		if got := ""; ok {
			got = cmd.Word
			if got != c.want {
				t.Errorf("Lookup(%q) = %s, want %q", c.word, got, c.want)
			}
		} else if c.want != "" {
			t.Errorf("Lookup(%q) found nothing, want %s", c.word, c.want)
		}
		if list.IsCommandWord(c.word) != (c.want != "") {
			t.Errorf("IsCommandWord(%q) = %v", c.word, !(c.want != ""))
		}
	}
	cmd, _ := list.Lookup("SAY")
	cmd.Example = "changed"
	if again, _ := list.Lookup("SAY"); again.Example != "changed" {
		t.Errorf("Lookup returned a copy, not the list's command")
	}
}

// TestIn: each command has its words in every language of the registry,
// and each keyword its forms.
func TestIn(t *testing.T) {
	langs, err := all.Registry()
	if err != nil {
		t.Fatal(err)
	}
	list := commands.In(langs)
	if len(list) != len(commands.New()) {
		t.Errorf("In has %d commands, New %d", len(list), len(commands.New()))
	}
	newCmd, _ := list.Lookup("NEW")
	if !slices.Contains(newCmd.Aliases, "开局") || !slices.Contains(newCmd.Forms["WITH"], "和") || !slices.Contains(newCmd.Forms["OPEN"], "空位") {
		t.Errorf("NEW's aliases %q, forms %q; want 开局, 和 and 空位 among them", newCmd.Aliases, newCmd.Forms)
	}
	board, _ := list.Lookup("BOARD")
	if len(board.Forms) != 0 {
		t.Errorf("BOARD has forms %q, but no keywords", board.Forms)
	}
}

// TestKeywords: a keyword in English in any case or in another language's
// form; CutKeyword cuts around it with spaces, a Chinese form also
// without.
func TestKeywords(t *testing.T) {
	list := commands.New()
	for _, c := range []struct {
		w, kw string
		want  bool
	}{
		{"WITH", "WITH", true}, {"with", "WITH", true}, {"和", "WITH", true}, {"与", "WITH", true},
		{"那么", "THEN", true}, {"和", "THEN", false}, {"WITHOUT", "WITH", false}, {"x", "NONE", false},
	} {
		if got := list.IsKeyword(c.w, c.kw); got != c.want {
			t.Errorf("IsKeyword(%q, %q) = %v, want %v", c.w, c.kw, got, c.want)
		}
	}
	for _, c := range []struct {
		s, kw, before, after string
		ok                   bool
	}{
		{"atacama with bea@example.net", "WITH", "atacama", "bea@example.net", true},
		{"atacama 和bea@example.net", "WITH", "atacama", "bea@example.net", true},
		{"E5 那么 G7", "THEN", "E5", "G7", true},
		{"atacama bea@example.net", "WITH", "atacama bea@example.net", "", false},
		{"withdrawn", "WITH", "withdrawn", "", false},
		{"x", "NONE", "x", "", false},
	} {
		before, after, ok := list.CutKeyword(c.s, c.kw)
		if before != c.before || after != c.after || ok != c.ok {
			t.Errorf("CutKeyword(%q, %q) = %q, %q, %v; want %q, %q, %v", c.s, c.kw, before, after, ok, c.before, c.after, c.ok)
		}
	}
}

// TestNotMeant: a destructive command asked about or said inside a
// sentence is refused so, and one written as its syntax is meant.
func TestNotMeant(t *testing.T) {
	list := commands.New()
	for _, c := range []struct{ word, rest, want string }{
		{"RESIGN", "", ""},
		{"RESIGN", "!", ""},
		{"RESIGN", "。", ""},
		{"RESIGN", "?", "refuse.question"},
		{"RESIGN", "？", "refuse.question"},
		{"RESIGN", "now, really", "refuse.sentence"},
		{"STOP", "吧", "refuse.sentence"},
		{"END", "GAME", ""},
		{"END", "game.", ""},
		{"END", "对局", ""},
		{"END", "对局。", ""},
		{"END", "it all", "refuse.sentence"},
		{"END", "GAME?", "refuse.question"},
		{"EXPEL", "1", ""},
		{"EXPEL", "the cheat", ""},
		{"UNDO", "2", ""},
	} {
		cmd, ok := list.Lookup(c.word)
		if !ok {
			t.Fatalf("no command %s", c.word)
		}
		if got := commands.NotMeant(cmd, c.rest); got != c.want {
			t.Errorf("NotMeant(%s, %q) = %q, want %q", c.word, c.rest, got, c.want)
		}
	}
}

// TestHelp: HELP lists every command; any other mail the brief ones, and
// a mail to an observer only those anyone may send. Each is written in
// the reader's language: its words, its placeholders, its example, and
// who may send it.
func TestHelp(t *testing.T) {
	list := commands.New()
	en, zh := locale.Of(nil, mail.Pref{}), locale.Of(nil, mail.Pref{Lang: "zh"})
	names := func(hs []templates.CommandHelp) []string {
		var out []string
		for _, h := range hs {
			out = append(out, h.Name)
		}
		return out
	}
	var all, brief, anyone []string
	for _, c := range list {
		all = append(all, c.Word)
		if c.Brief {
			brief = append(brief, c.Word)
			if c.Who == commands.Anyone {
				anyone = append(anyone, c.Word)
			}
		}
	}
	if len(brief) == len(all) || len(anyone) == len(brief) || len(anyone) == 0 {
		t.Fatalf("the table has %d commands, %d brief, %d of them for anyone: the test cannot tell them apart", len(all), len(brief), len(anyone))
	}
	for _, c := range []struct {
		kind     templates.Kind
		observer bool
		want     []string
	}{
		{templates.Help, false, all},
		{templates.Help, true, all},
		{templates.Error, false, brief},
		{templates.Error, true, anyone},
	} {
		if got := names(list.Help(c.kind, c.observer, en)); !slices.Equal(got, c.want) {
			t.Errorf("Help(%s, observer %v) = %q, want %q", c.kind, c.observer, got, c.want)
		}
	}
	byName := func(hs []templates.CommandHelp, name string) templates.CommandHelp {
		for _, h := range hs {
			if h.Name == name {
				return h
			}
		}
		t.Fatalf("no help of %s", name)
		return templates.CommandHelp{}
	}
	for _, c := range []struct {
		loc  locale.Locale
		name string
		want templates.CommandHelp
	}{
		{en, "SAY", templates.CommandHelp{Name: "SAY", Syntax: "SAY <text>", Help: en.S("cmd.SAY"), Example: en.S("example.SAY")}},
		{zh, "SAY", templates.CommandHelp{Name: "SAY", Syntax: "说 <话>", Help: zh.S("cmd.SAY"), Example: "说 祝你好运！"}},
		{en, "PAUSE", templates.CommandHelp{Name: "PAUSE", Syntax: "PAUSE", Help: en.S("cmd.PAUSE"), Example: "PAUSE", Who: "host only"}},
		{zh, "PAUSE", templates.CommandHelp{Name: "PAUSE", Syntax: "暂停", Help: zh.S("cmd.PAUSE"), Example: "暂停", Who: "仅限主持人"}},
		{zh, "NEW", templates.CommandHelp{Name: "NEW", Syntax: "新游戏 <游戏> [变体…] 和 <地址>, …", Help: zh.S("cmd.NEW"), Example: "新游戏 <游戏> 和 bea@example.net"}},
		{zh, "DEADLINE", templates.CommandHelp{Name: "DEADLINE", Syntax: "截止 <时间> [周一-周五] [提醒 <时间>] [宽限 <时间>] [超时 <n>] [假期 <天数>] | 截止 关",
			Help: zh.S("cmd.DEADLINE"), Example: "截止 48h 周一-周五 提醒 12h 宽限 6h", Who: "仅限主持人"}},
	} {
		if got := byName(list.Help(templates.Help, false, c.loc), c.name); got != c.want {
			t.Errorf("help of %s in %s = %+v, want %+v", c.name, c.loc.Lang(), got, c.want)
		}
	}
	if en.S("host.only") != "host only" {
		t.Errorf("host.only is %q in English", en.S("host.only"))
	}
}

// TestWordsIn: a command's words as another language writes them, its
// first form of each, the shortest of a weekday's (then the first in
// order); English and words it has none for stay as they are.
func TestWordsIn(t *testing.T) {
	langs, err := all.Registry()
	if err != nil {
		t.Fatal(err)
	}
	zh, _ := langs.Pack("zh")
	en, _ := langs.Pack("en")
	list := commands.New()
	for _, c := range []struct {
		word string
		s    string
		zh   string
	}{
		{"DEADLINE", "DEADLINE 48h mon-fri REMINDER 12h", "截止 48h 周一-周五 提醒 12h"},
		{"DEADLINE", "DEADLINE 48h Sat", "截止 48h 周六"},
		{"DEADLINE", "DEADLINE 48h sun", "截止 48h 周天"},
		{"DEADLINE", "DEADLINE 48h mon-xyz xyz-fri", "截止 48h mon-xyz xyz-fri"},
		{"DEADLINE", "DEADLINE OFF", "截止 关"},
		{"AUTO", "AUTO ON|OFF", "自动 开|关"},
		{"SAY", "SAY [REMINDER] mon", "说 [REMINDER] mon"},
		{"BOARD", "SAY BOARD", "SAY 棋盘"},
	} {
		cmd, _ := list.Lookup(c.word)
		// The same every time, whatever order the pack's map gives its
		// words in: 周日 and 周天 are both Sunday, and as short.
		for range 20 {
			if got := cmd.WordsIn(zh, c.s); got != c.zh {
				t.Fatalf("%s.WordsIn(zh, %q) = %q, want %q", c.word, c.s, got, c.zh)
			}
		}
		if got := cmd.WordsIn(en, c.s); got != c.s {
			t.Errorf("%s.WordsIn(en, %q) = %q, want it as it is", c.word, c.s, got)
		}
	}
}
