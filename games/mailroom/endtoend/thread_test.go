package endtoend_test

import (
	"strings"
	"testing"

	"github.com/pbem-games/pbem/mail"
	"github.com/pbem-games/pbem/rules/atacama"
)

// TestSubjectFixedAtStart: a reader's subject is the thread's as the game
// began for them: Bea, who reads English when the game starts, turns to
// Chinese mid-game and gets Chinese mail, but under the same subject, so
// her mail client keeps the game one conversation; a player replaced
// does not change it either.
func TestSubjectFixedAtStart(t *testing.T) {
	mt := newMailTable(t, atacama.Game)
	id := mt.create("atacama", 3)
	mt.playTurns(id, 1)
	first := mt.latestTo(tableAddrs[1]).Subject
	if !strings.Contains(first, "Ana, Bea and Cai") {
		t.Fatalf("Bea's first subject = %q, want the players in English", first)
	}
	if out := mt.fresh(id, 1, "语言 中文\r\n"); len(out) != 1 || out[0].Subject != first {
		t.Errorf("the answer to LANG zh has subject %q, want the thread's %q", subjects(out), first)
	}
	mt.playTurns(id, 2)
	o := mt.latestTo(tableAddrs[1])
	if !strings.Contains(o.Text, "轮到你") {
		t.Fatalf("Bea's prompt after LANG zh is not in Chinese:\n%s", o.Text)
	}
	if o.Subject != first {
		t.Errorf("Bea's subject after LANG zh = %q, want the thread's %q", o.Subject, first)
	}
	// Ana set Chinese before her next game began: that game's thread is
	// Chinese for her, and stays so when she turns back to English.
	mt.fresh(id, 0, "LANG zh\r\n")
	id2 := mt.create("atacama", 3)
	mt.playTurns(id2, 1)
	zh := mt.latestTo(tableAddrs[0]).Subject
	if !strings.Contains(zh, "Ana、Bea 和 Cai") {
		t.Fatalf("Ana's subject in a game begun in Chinese = %q", zh)
	}
	mt.fresh(id2, 0, "LANG en\r\n")
	mt.playTurns(id2, 2)
	if got := mt.latestTo(tableAddrs[0]).Subject; got != zh {
		t.Errorf("Ana's subject after LANG en = %q, want the thread's %q", got, zh)
	}
}

func subjects(out []mail.Outgoing) []string {
	var s []string
	for _, o := range out {
		s = append(s, o.Subject)
	}
	return s
}

// playTurns plays n turns by mail, each the first legal move of the seat
// to act.
func (mt *mailTable) playTurns(id string, n int) {
	mt.t.Helper()
	for range n {
		mt.playFirst(id, int(mt.game(id).State.ToAct()[0]))
	}
}
