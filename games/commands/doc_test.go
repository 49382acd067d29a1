package commands_test

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/pbem-games/pbem/games/commands"
	"github.com/pbem-games/pbem/games/locale"
	"github.com/pbem-games/pbem/internal/golden"
	"github.com/pbem-games/pbem/templates/words"
)

// The table of mail commands in docs/commands.md lies between these
// lines, written from the command table.
const (
	docBegin = "<!-- commands: generated from games/commands/table.go by go test ./games/commands -run TestCommandsDoc -update -->"
	docEnd   = "<!-- commands: end -->"
)

// commandsDoc is the table of every mail command, as docs/commands.md
// gives it.
func commandsDoc() string {
	var b strings.Builder
	b.WriteString("| command | example | who | where | does | on the command line |\n|---|---|---|---|---|---|\n")
	b.WriteString("| a move | `E5` | player | a game's reply address | plays it, if it is legal and your turn | `pbem move` |\n")
	for _, c := range commands.New() {
		syntax := "`" + c.Syntax + "`"
		for _, a := range c.Aliases {
			syntax += " or `" + a + "`"
		}
		where := "a game's reply address"
		if !c.Game {
			where = "any: the game mailbox or a reply"
		}
		does := c.HelpIn("en")
		if c.Detail != "" {
			does += " " + c.Detail
		}
		console := ""
		if c.Console != "" {
			console = "`" + c.Console + "`"
		}
		fmt.Fprintf(&b, "| %s | `%s` | %s | %s | %s | %s |\n", strings.ReplaceAll(syntax, "|", `\|`), c.Example, c.Who, where, strings.ReplaceAll(does, "|", `\|`), console)
	}
	return b.String()
}

// commandsDocZh is the same table in Chinese, as docs/zh/commands.md gives
// it: each command by its Chinese word first, and what it does in the
// words HELP gives a reader of Chinese.
func commandsDocZh() string {
	var b strings.Builder
	b.WriteString("| 写法 | 英文写法 | 谁可以发 | 发到哪里 | 作用 |\n|---|---|---|---|---|\n")
	b.WriteString("| 着法 | `E5` | 玩家 | 对局的回复地址 | 合法且轮到你时，走这一步 |\n")
	zhLoc := locale.Locale{Printer: words.For("zh")}
	who := map[commands.Who]string{commands.Anyone: "任何人", commands.AnyPlayer: "玩家", commands.PlayerOrHost: "玩家或主持人", commands.HostOnly: "主持人"}
	for _, c := range commands.New() {
		syntax := c.SyntaxIn(zhLoc)
		zh := []string{"`" + strings.ReplaceAll(syntax, "|", `\|`) + "`"}
		for _, a := range c.Aliases { // its other Chinese words
			if a != strings.Fields(syntax)[0] && strings.ContainsFunc(a, func(r rune) bool { return r > 0x2E80 }) {
				zh = append(zh, "`"+a+"`")
			}
		}
		where := "对局的回复地址"
		if !c.Game {
			where = "任意：对局信箱或回复"
		}
		fmt.Fprintf(&b, "| %s | `%s` | %s | %s | %s |\n", strings.Join(zh, " 或 "), strings.ReplaceAll(c.Syntax, "|", `\|`), who[c.Who], where, c.HelpIn("zh"))
	}
	return b.String()
}

// TestCommandsDoc fails when docs/commands.md's table of mail commands,
// or docs/zh/commands.md's, is not the one the command table gives;
// -update writes them.
func TestCommandsDoc(t *testing.T) {
	checkDocTable(t, "../../docs/commands.md", commandsDoc())
	checkDocTable(t, "../../docs/zh/commands.md", commandsDocZh())
}

func checkDocTable(t *testing.T, path, want string) {
	t.Helper()
	doc, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	before, rest, ok1 := strings.Cut(string(doc), docBegin+"\n")
	table, after, ok2 := strings.Cut(rest, docEnd)
	if !ok1 || !ok2 {
		t.Fatalf("%s has no generated table between %q and %q", path, docBegin, docEnd)
	}
	if table == want {
		return
	}
	if golden.Update() {
		if err := os.WriteFile(path, []byte(before+docBegin+"\n"+want+docEnd+after), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	t.Errorf("%s's table of mail commands differs from the command table; run go test ./games/commands -run TestCommandsDoc -update and review the diff", path)
}
