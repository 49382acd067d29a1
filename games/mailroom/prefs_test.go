package mailroom

import (
	"context"
	"testing"

	"github.com/pbem-games/pbem/games/notice"
)

// TestDetectPrefs: a newcomer's language and zone are read from their
// first mail that holds a command, and its answers say pbem chose them;
// mail to the plain mailbox without a command records nothing, and a
// setting made later is the sender's own.
func TestDetectPrefs(t *testing.T) {
	ctx := context.Background()
	r := newRoom(t)
	prefs, err := r.m.Service.Prefs(ctx)
	if err != nil {
		t.Fatal(err)
	}
	zh := "Content-Type: text/plain; charset=utf-8\r\n"
	r.send("dov@example.com", r.m.Mailbox, zh, "你好，我想下棋，谢谢你的邀请\r\n")
	if p, err := prefs.At(ctx, "dov@example.com", r.m.Service.Time()); err != nil || p.Lang != "" {
		t.Errorf("a mail without a command recorded %+v, %v; want nothing", p, err)
	}
	out := answers(r.send("dov@example.com", r.m.Mailbox, zh, "帮助\r\n你好，我想下棋，谢谢你的邀请\r\n"), "dov@example.com")
	if len(out) != 1 || out[0].Fields["lang"] != "zh" || out[0].Fields["detected"] != "1" {
		t.Errorf("a Chinese HELP answered %+v, want in Chinese, saying pbem chose it", out)
	}
	out = answers(r.plain("dov@example.com", "LANG en\r\nHELP\r\n"), "dov@example.com")
	if len(out) != 2 || out[1].Kind != notice.KindHelp || out[1].Fields["lang"] != "en" || out[1].Fields["detected"] != "" || out[0].Fields["set"] != "lang" {
		t.Errorf("LANG en and HELP answered %+v, want both in English, set by the sender", out)
	}
	out = answers(r.plain("dov@example.com", "HELP\r\n"), "dov@example.com")
	if len(out) != 1 || out[0].Fields["lang"] != "en" || out[0].Fields["detected"] != "" {
		t.Errorf("a later HELP answered %+v, want English and nothing detected", out)
	}
}
